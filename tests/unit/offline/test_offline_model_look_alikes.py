"""A model and its look-alike with a model suffix are two things whose figures never disagree (issue 15, trial t53s:
Findings said "The sources disagree — Lumio Glide 7 Pro: 150 g; 182 g; 0.44 lb", the Glide 7's and the Mini's
weights set against the Pro's, because a name's model number was read as a figure and dropped). Invented kettles."""

from __future__ import annotations

from services.synthesizer.offline import another_model, find_disagreements, name_tokens
from tests.claim_pages import page_claim

TITLES = {"a": "Varro K4", "b": "Varro K4 Pro", "c": "Kettles tested", "d": "Varro K4 review"}


def test_a_names_model_number_is_part_of_it_and_a_figure_is_not() -> None:
    assert name_tokens("Varro Boil 4 Pro") == ["varro", "boil", "4", "pro"]
    assert name_tokens("Varro Boil 4") == ["varro", "boil", "4"]
    assert name_tokens("Orla Hall 310 seats") == ["orla", "hall"]
    assert name_tokens("Harbour Fair 2024") == ["harbour", "fair"]  # a year dates it


def test_a_longer_model_name_is_another_model() -> None:
    assert another_model(["varro", "boil", "4"], ["varro", "boil", "4", "pro"])
    assert another_model(["varro", "boil", "4"], ["model", "varro", "boil", "4", "pro"])
    assert another_model(["kestrel", "funicular"], ["kestrel", "funicular", "ii"])
    assert not another_model(["varro", "boil", "4"], ["varro", "boil", "4"])
    assert not another_model(["kestrel", "funicular"], ["kestrel", "funicular", "company"])


def test_look_alike_models_weights_never_disagree_while_one_models_do() -> None:
    claims = [page_claim("The Varro Boil 4: weight 1.1 kg.", "a"), page_claim("The Varro Boil 4 Pro: weight 3.1 lb.", "b"),
              page_claim("Model Varro Boil 4 Pro: score 8.1, measured weight 1.4 kg.", "c")]
    assert find_disagreements(claims, TITLES) == []
    claims.append(page_claim("The Varro Boil 4 weighs 1.6 kg.", "d"))
    found = find_disagreements(claims, TITLES)
    assert [sorted(v for _i, v in d.values) for d in found] == [["1.1 kg", "1.6 kg"]], found
