"""Pydantic schemas of the structured answers each role asks for (pass one as ``schema=`` to the gateway).

Every schema derives from :class:`Answer`: extra keys are ignored (small models add some), strings are
stripped, and the constraints say what a usable answer is (an empty list is not, where the stage needs items).
The gateway's normalisers run before validation (see ``shared.llm.structured``).

These are the starting set for the stage engines; an engine may define its own schema the same way.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = [
    "Answer", "ArbiterAnswer", "ClaimsAnswer", "CoveAnswers", "CoveQuestions", "EntailmentAnswer",
    "ExtractedClaimAnswer", "JudgeAnswer", "PlanAnswer", "ReportAnswer", "ReportSentence",
]

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=4000)]
Query = Annotated[str, StringConstraints(strip_whitespace=True, min_length=3, max_length=300)]


class Answer(BaseModel):
    """Base of every structured answer: frozen, extra keys ignored, strings stripped."""

    model_config = ConfigDict(frozen=True, extra="ignore", str_strip_whitespace=True)


class PlanAnswer(Answer):
    """planner: search sub-queries for the question, most general first."""

    sub_queries: list[Query] = Field(min_length=1, max_length=12,
                                     description="Web search queries that together answer the question")


class ExtractedClaimAnswer(Answer):
    """One atomic, self-contained factual claim and the sentence of the source that states it."""

    text: Text = Field(description="The claim, one sentence, understandable without the source")
    quote: Text = Field(description="The exact sentence of the source that states the claim")
    numeric: bool = False
    recent: bool = False
    named_event: bool = False


class ClaimsAnswer(Answer):
    """extractor: the claims of one source."""

    claims: list[ExtractedClaimAnswer] = Field(min_length=1, max_length=50)


class EntailmentAnswer(Answer):
    """verifier: does this evidence support the claim?"""

    label: Literal["supports", "contradicts", "neutral"]
    confidence: float = Field(0.5, ge=0, le=1)
    rationale: str = Field("", max_length=1000)


class ArbiterAnswer(Answer):
    """arbiter: the verdict on a claim whose evidence disagrees."""

    verdict: Literal["supported", "contradicted", "contested", "unverified"]
    rationale: Text = Field(description="Why, citing the evidence numbers")


class ReportSentence(Answer):
    """One sentence of a report and the numbers of the claims it rests on."""

    text: Text
    claims: list[int] = Field(min_length=1, description="Numbers of the supporting claims, as given")


class ReportAnswer(Answer):
    """synthesizer: the report as sentences, each resting on numbered verified claims."""

    summary: list[ReportSentence] = Field(min_length=1, max_length=60)


class JudgeAnswer(Answer):
    """judge: rubric scores of a report."""

    factual_accuracy: int = Field(ge=0, le=33)
    citation_density: int = Field(ge=0, le=33)
    coverage: int = Field(ge=0, le=34)
    rationale: Text


class CoveQuestions(Answer):
    """cove: verification questions about a report's statements."""

    questions: list[Query] = Field(min_length=1, max_length=20)


class CoveAnswers(Answer):
    """cove: an answer per verification question, with whether it agrees with the report."""

    class Item(Answer):
        question: Text
        answer: Text
        consistent: bool

    answers: list[Item] = Field(min_length=1, max_length=20)
