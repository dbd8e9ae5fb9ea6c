"""The structured-output pipeline on what small and reasoning models really emit (pure functions, no I/O)."""

from __future__ import annotations

from typing import Literal

import pytest
from pydantic import BaseModel, Field

from shared.llm.schemas import (
    ArbiterAnswer,
    ClaimCheckAnswer,
    ClaimsAnswer,
    JudgeAnswer,
    OutlineAnswer,
    PlanAnswer,
    PlannerAnswer,
)
from shared.llm.structured import extract_json, parse_structured, schema_instruction, strip_reasoning
from tests.llm_server import BAD_OUTPUTS, GOOD_PLAN

PLAN = ["Rush band Counterparts album", "Neil Peart Modern Drummer Hall of Fame"]


def test_a_clean_answer_is_ok() -> None:
    parsed = parse_structured(GOOD_PLAN, PlanAnswer)
    assert parsed.outcome == "ok" and parsed.value is not None
    assert parsed.value.sub_queries == PLAN


# Every bad-output kind ends in a valid value (repaired) or a clean "invalid" with a reason; never an exception.
@pytest.mark.parametrize("kind, outcome", [
    ("echo_placeholder", "invalid"),
    ("echo_schema", "invalid"),
    ("echo_angle", "invalid"),
    ("prose", "invalid"),
    ("prose_list", "repaired"),
    ("think", "ok"),
    ("think_unopened", "ok"),
    ("think_only", "invalid"),
    ("nested", "repaired"),
    ("empty", "invalid"),
    ("empty_list", "invalid"),
    ("truncated", "repaired"),
    ("fenced", "ok"),
    ("wrapped", "repaired"),
    ("single_quotes", "repaired"),
    ("never_stops", "invalid"),
    ("repeats_json", "repaired"),
])
def test_each_bad_output_kind(kind: str, outcome: str) -> None:
    reply = BAD_OUTPUTS[kind]
    parsed = parse_structured(reply.content, PlanAnswer, truncated=reply.finish_reason == "length")
    assert parsed.outcome == outcome, parsed.problem
    if outcome == "invalid":
        assert parsed.value is None and parsed.problem
    else:
        assert isinstance(parsed.value, PlanAnswer) and parsed.value.sub_queries
        assert all(q.strip() and q.lower() != "string" for q in parsed.value.sub_queries)


def test_reasoning_is_not_mistaken_for_the_answer() -> None:
    parsed = parse_structured(BAD_OUTPUTS["think"].content, PlanAnswer)
    assert parsed.value is not None and "draft" not in parsed.value.sub_queries
    assert "removed reasoning" in parsed.notes


def test_nested_lists_are_flattened_and_empty_strings_dropped() -> None:
    parsed = parse_structured('{"sub_queries": [["a query", ""], ["another query"], "", "a query"]}', PlanAnswer)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.sub_queries == ["a query", "another query"]


def test_truncated_json_is_closed_by_the_repairer() -> None:
    parsed = parse_structured('{"claims": [{"text": "Rush released Counterparts in 1993.", "quote": "Counterp',
                              ClaimsAnswer, truncated=True)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.claims[0].text == "Rush released Counterparts in 1993."
    assert "cut at the token limit" in parsed.notes


# Answers cut at the token limit: the whole (outermost) answer is repaired, not its longest complete inner object;
# the half-written last item is dropped, complete items are kept.
def test_cut_claims_keep_the_complete_claims_and_drop_the_half_one() -> None:
    text = ('{"claims": [{"text": "Rush recorded it in 1993.", "quote": "Rush recorded it in 1993."}, '
            '{"text": "Neil Peart wrote the lyr')
    parsed = parse_structured(text, ClaimsAnswer, truncated=True)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert [c.text for c in parsed.value.claims] == ["Rush recorded it in 1993."]
    assert any("dropped the unfinished last item of 'claims'" in n for n in parsed.notes)


def test_a_cut_claim_check_keeps_its_label_and_evidence() -> None:
    parsed = parse_structured('{"label": "supports", "evidence": [1], "rationale": "Passage 1 sta',
                              ClaimCheckAnswer, truncated=True)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert (parsed.value.label, parsed.value.evidence) == ("supports", [1])
    assert parsed.value.rationale.startswith("Passage 1")


def test_a_claim_check_cut_inside_its_label_is_invalid() -> None:
    parsed = parse_structured('{"label": "supp', ClaimCheckAnswer, truncated=True)
    assert parsed.outcome == "invalid" and "label" in parsed.problem


@pytest.mark.parametrize(("tail", "sections"), [
    ('{"heading": "Legacy", "clai', [["c1", "c2"]]),  # the last section has no claims yet: dropped
    ('{"heading": "Legacy", "claims": ["c3", "c', [["c1", "c2"], ["c3"]]),  # only the half claim id goes
])
def test_a_cut_outline_keeps_the_complete_sections(tail: str, sections: list[list[str]]) -> None:
    text = '{"title": "Rush", "sections": [{"heading": "History", "claims": ["c1", "c2"]}, ' + tail
    parsed = parse_structured(text, OutlineAnswer, truncated=True)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.title == "Rush" and [s.claims for s in parsed.value.sections] == sections
    assert parsed.value.sources_heading == "Sources"  # the defaults of the keys never written


def test_a_plan_cut_in_its_third_sub_query_keeps_the_first_two() -> None:
    text = ('{"sub_queries": ["Rush Counterparts album 1993", "Neil Peart lyrics Nobody\'s Hero", '
            '"Counterparts Billboard chart posi')
    parsed = parse_structured(text, PlannerAnswer, truncated=True)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.sub_queries == ["Rush Counterparts album 1993", "Neil Peart lyrics Nobody's Hero"]
    assert "dropped the unfinished last item of a list (cut at the token limit)" in parsed.notes


def test_a_plan_cut_in_its_only_sub_query_is_invalid_not_half_accepted() -> None:
    parsed = parse_structured('{"sub_queries": ["Rush Counterpar', PlannerAnswer, truncated=True)
    assert parsed.outcome == "invalid" and "sub_queries" in parsed.problem


def test_a_cut_bare_list_of_claims_drops_the_half_object() -> None:
    text = '[{"text": "Rush formed in 1968.", "quote": "Rush formed in 1968."}, {"text": "Rush formed in'
    parsed = parse_structured(text, ClaimsAnswer, truncated=True)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert [c.text for c in parsed.value.claims] == ["Rush formed in 1968."]


def test_an_unclosed_answer_after_a_bracketed_citation_is_read_whole() -> None:
    text = 'As source [1] says:\n{"sub_queries": ["Rush Counterparts 1993", "Neil Peart drummer", "Rush tou'
    parsed = parse_structured(text, PlanAnswer)  # truncated not set: the unclosed brace says it
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.sub_queries == ["Rush Counterparts 1993", "Neil Peart drummer"]


def test_a_complete_answer_followed_by_a_stray_bracket_is_still_found() -> None:
    text = '{"sub_queries": ["Rush Counterparts 1993", "Neil Peart drummer"]}\nMore to come {'
    parsed = parse_structured(text, PlanAnswer)
    assert parsed.outcome == "ok" and parsed.value is not None
    assert parsed.value.sub_queries == ["Rush Counterparts 1993", "Neil Peart drummer"]


def test_a_bare_list_fills_the_one_list_field() -> None:
    parsed = parse_structured('["first query here", "second query here"]', PlanAnswer)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.sub_queries == ["first query here", "second query here"]


def test_keys_and_literal_case_are_matched_loosely() -> None:
    parsed = parse_structured('{"Verdict": "Supported", "Rationale": "Evidence 1 states it."}', ArbiterAnswer)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.verdict == "supported"


def test_a_literal_value_that_looks_like_a_placeholder_is_kept() -> None:
    class Pick(BaseModel):
        choice: Literal["none", "some"]

    parsed = parse_structured('{"choice": "none"}', Pick)
    assert parsed.outcome == "ok"


def test_a_field_description_echoed_as_its_value_is_a_placeholder() -> None:
    class Q(BaseModel):
        topic: str = Field(description="The main topic")

    parsed = parse_structured('{"topic": "The main topic"}', Q)
    assert parsed.outcome == "invalid" and "placeholder" in parsed.problem


def test_out_of_range_numbers_are_invalid_not_clamped() -> None:
    parsed = parse_structured('{"factual_accuracy": 40, "citation_density": 10, "coverage": 10, '
                              '"rationale": "ok"}', JudgeAnswer)
    assert parsed.outcome == "invalid" and "factual_accuracy" in parsed.problem


def test_prose_around_json_with_bracketed_citations() -> None:
    text = 'As source [1] says, the answer is:\n{"sub_queries": ["Rush Counterparts 1993"]}\nThanks [2].'
    assert extract_json(text) == '{"sub_queries": ["Rush Counterparts 1993"]}'
    parsed = parse_structured(text, PlanAnswer)
    assert parsed.outcome == "ok"


def test_strip_reasoning() -> None:
    assert strip_reasoning("<think>hmm</think> answer") == ("answer", True)
    assert strip_reasoning("plain") == ("plain", False)
    assert strip_reasoning("<think>never closed") == ("", True)
    assert strip_reasoning("thought</think>answer") == ("answer", True)


@pytest.mark.parametrize("text", ["", "   ", "{", "[[[", '{"sub_queries": ', "null", "42", '"just a string"',
                                  "{}", "[]", '{"sub_queries": null}', "\x00\x01"])
def test_degenerate_inputs_never_raise(text: str) -> None:
    parsed = parse_structured(text, PlanAnswer)
    assert parsed.outcome == "invalid" and parsed.value is None


def test_instruction_names_the_schema() -> None:
    text = schema_instruction(PlanAnswer)
    assert "sub_queries" in text and "JSON" in text


def test_one_key_objects_in_a_list_of_strings_give_their_text() -> None:
    parsed = parse_structured('{"sub_queries": [{"query": "Rush Counterparts"}, {"q": "Neil Peart drummer"}]}',
                              PlanAnswer)
    assert parsed.outcome == "repaired" and parsed.value is not None
    assert parsed.value.sub_queries == ["Rush Counterparts", "Neil Peart drummer"]


def test_objects_where_strings_belong_are_invalid_not_a_crash() -> None:
    parsed = parse_structured('{"sub_queries": [{"a": "x", "b": "y"}, {"a": "z", "b": "w"}]}', PlanAnswer)
    assert parsed.outcome == "invalid"


SHAPES = ['{"sub_queries": %s}', '{"claims": %s}', '{"verdict": %s, "rationale": %s}', "[%s]", "%s",
          '{"answer": {"sub_queries": %s}}', '{"summary": [{"text": %s, "claims": %s}]}']
VALUES = ['[]', '[[]]', '[{}]', '[null]', '{"a": {"b": [1, {"c": []}]}}', '"string"', '123', 'true', 'null',
          '[["a", ["b", ["c"]]]]', '[{"text": 1, "quote": [2]}]', '"<x>"', '[1.5, "two", false]']


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("schema", [PlanAnswer, ClaimsAnswer, ArbiterAnswer, JudgeAnswer])
def test_odd_shapes_never_raise(shape: str, schema: type[BaseModel]) -> None:
    for value in VALUES:
        text = shape.replace("%s", value)
        parsed = parse_structured(text, schema)
        assert parsed.outcome in ("ok", "repaired", "invalid")
        assert (parsed.value is None) == (parsed.outcome == "invalid")


def test_over_long_lists_and_strings_are_trimmed_not_rejected() -> None:
    import json as _json

    plan = parse_structured(_json.dumps({"sub_queries": [f"query number {i}" for i in range(200)]}), PlanAnswer)
    assert plan.outcome == "repaired" and plan.value is not None
    assert [q for q in plan.value.sub_queries] == [f"query number {i}" for i in range(12)]
    assert "sub_queries trimmed from 200 to 12 items" in plan.notes
    check = parse_structured(_json.dumps({"label": "supports", "evidence": list(range(1, 5006)),
                                          "rationale": "r" * 25_000}), ClaimCheckAnswer)
    assert check.outcome == "repaired" and check.value is not None
    assert len(check.value.evidence) == 12 and len(check.value.rationale) == 1000
    sections = [{"heading": f"Part {i}", "claims": [f"c{j}" for j in range(60)]} for i in range(50)]
    outline = parse_structured(_json.dumps({"title": "T" * 500, "sections": sections}), OutlineAnswer)
    assert outline.outcome == "repaired" and outline.value is not None, outline.problem
    assert len(outline.value.sections) == 12 and all(len(s.claims) == 40 for s in outline.value.sections)
    # other problems still make the answer invalid
    assert parse_structured(_json.dumps({"label": "maybe", "evidence": list(range(50))}),
                            ClaimCheckAnswer).outcome == "invalid"
