"""A page's topic title is no label (issue 15, trial t19 fault 13): the code answer read "Rate limiting in Python:
For async code with a Redis backend, use throttlex: pip install throttlex [2]." A label is only the name of the
page's subject; a sentence-case title with a lower-case content word and a linking function word is a topic."""

from __future__ import annotations

from services.synthesizer.offline import _labelled, synthesize
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim


def _claim(sid: str, text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain="web", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=f"c-{sid}-{len(text)}", source_id=sid, text=text, verdict="supported",
                         stability=1.0, spans=[span])


def _sources(titles: dict[str, str]) -> dict[str, SourceInfo]:
    return {sid: SourceInfo(source_id=sid, title=t, url_or_path=f"http://127.0.0.1:9/{sid}", domain="w.example")
            for sid, t in titles.items()}


def test_a_topic_title_is_no_label_but_a_name_is() -> None:
    sources = _sources({"b": "Rate limiting in Python", "h": "Caching layers for Node services",
                        "k": "Kingdom of Hungary", "a": "Acer pseudoplatanus", "w": "Battle of the Bulge"})
    assert _labelled(_claim("b", "For async code with a Redis backend, use throttlex."), sources) == ""
    assert _labelled(_claim("h", "Use keyv when several processes share the cache."), sources) == ""
    # names (capitalised content words, or no linking word) still label a sentence that does not name them
    assert _labelled(_claim("k", "Its capital was Buda until 1536."), sources) == "Kingdom of Hungary: "
    assert _labelled(_claim("a", "It is native to central Europe."), sources) == "Acer pseudoplatanus: "
    assert _labelled(_claim("w", "It lasted six weeks."), sources) == "Battle of the Bulge: "
    report = synthesize("Which Python library should I use for async rate limiting with Redis?",
                        [_claim("b", "For async code with a Redis backend, use throttlex: pip install throttlex.")],
                        sources).markdown
    assert "Rate limiting in Python:" not in report
