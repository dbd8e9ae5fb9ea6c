"""A page's topic title is no label (issue 15, trial t19 fault 13): the code answer read "Rate limiting in Python:
For async code with a Redis backend, use throttlex: pip install throttlex [2]." A label is only the name of the
page's subject; a sentence-case title with a lower-case content word and a linking function word is a topic."""

from __future__ import annotations

from services.synthesizer.offline import _labelled, synthesize
from tests.claim_pages import web_claim, web_sources


def test_a_topic_title_is_no_label_but_a_name_is() -> None:
    sources = web_sources({"b": "Rate limiting in Python", "h": "Caching layers for Node services",
                        "k": "Kingdom of Hungary", "a": "Acer pseudoplatanus", "w": "Battle of the Bulge"})
    assert _labelled(web_claim("b", "For async code with a Redis backend, use throttlex."), sources) == ""
    assert _labelled(web_claim("h", "Use keyv when several processes share the cache."), sources) == ""
    # names (capitalised content words, or no linking word) still label a sentence that does not name them
    assert _labelled(web_claim("k", "Its capital was Buda until 1536."), sources) == "Kingdom of Hungary: "
    assert _labelled(web_claim("a", "It is native to central Europe."), sources) == "Acer pseudoplatanus: "
    assert _labelled(web_claim("w", "It lasted six weeks."), sources) == "Battle of the Bulge: "
    report = synthesize("Which Python library should I use for async rate limiting with Redis?",
                        [web_claim("b", "For async code with a Redis backend, use throttlex: pip install throttlex.")],
                        sources).markdown
    assert "Rate limiting in Python:" not in report
