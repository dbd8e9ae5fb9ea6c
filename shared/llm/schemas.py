"""Pydantic schemas of the structured answers each role asks for (pass one as ``schema=`` to the gateway).

Every schema derives from :class:`Answer`: extra keys are ignored (small models add some), strings are
stripped, and the constraints say what a usable answer is (an empty list is not, where the stage needs items).
The gateway's normalisers run before validation (see ``shared.llm.structured``).

The first block is the starting set (kept for the gateway's tests); the second block is what the stage engines
(``shared.engines``) ask for. Lists that the engines cap themselves (sub-queries, claims) accept more items than
the engines keep, so a model that gives one too many is trimmed rather than rejected.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = [
    "Answer", "ArbiterAnswer", "ClaimCheckAnswer", "ClaimsAnswer", "CoveAnswers", "CoveCheck", "CoveFactAnswer",
    "CovePlan", "CoveQuestions", "CoveVerdicts", "EntailmentAnswer", "ExtractedClaimAnswer", "JudgeAnswer",
    "OutlineAnswer", "OutlineSection", "PerspectiveQuery", "PerspectiveQueriesAnswer", "PerspectivesAnswer",
    "PlanAnswer", "PlannerAnswer", "ReportAnswer", "ReportSentence", "RubricAnswer", "StormPerspective",
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
    evidence: list[int] = Field(default_factory=list, max_length=12,
                                description="Numbers of the passages the verdict rests on")


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


# ---- the stage engines' answers (shared.engines) -----------------------------------------------------------
Short = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
Domain = Literal["general", "shopping", "code"]


class PlannerAnswer(Answer):
    """planner: sub-queries, the question's domain and the language the report must be written in."""

    sub_queries: list[Query] = Field(min_length=1, max_length=12,
                                     description="3 to 6 short web search queries that together answer the "
                                                 "question, most general first")
    domain: Domain = Field("general", description='"shopping" for buying advice, "code" for programming, '
                                                  'else "general"')
    language: str = Field("", max_length=16, description="ISO 639-1 code of the language the answer must be "
                                                         "written in: the question's own language unless the "
                                                         "question asks for another")


class StormPerspective(Answer):
    """One editor's point of view on the topic (STORM)."""

    name: Short = Field(description="Who looks at the topic, in two to five words")
    focus: Text = Field(description="What that person wants to find out, one sentence")


class PerspectivesAnswer(Answer):
    """planner (deep runs): distinct perspectives from which to research the question."""

    perspectives: list[StormPerspective] = Field(min_length=1, max_length=8)


class PerspectiveQuery(Answer):
    """One search query and the perspective it serves."""

    perspective: Short = Field(description="The perspective's name, as given")
    query: Query = Field(description="A short web search query")


class PerspectiveQueriesAnswer(Answer):
    """planner (deep runs): search queries per perspective."""

    queries: list[PerspectiveQuery] = Field(min_length=1, max_length=24)


class ClaimCheckAnswer(Answer):
    """verifier: one sample's judgement of a claim against numbered evidence passages."""

    label: Literal["supports", "contradicts", "neutral"] = Field(
        description='"supports" if the passages state the claim, "contradicts" if they state the opposite, '
                    'else "neutral"')
    evidence: list[int] = Field(default_factory=list, max_length=12,
                                description="Numbers of the passages the label rests on")
    rationale: str = Field("", max_length=1000)


class OutlineSection(Answer):
    """One section of a report's outline and the claims it will rest on."""

    heading: Short = Field(description="The section heading, in the report's language")
    claims: list[str] = Field(min_length=1, max_length=40, description='Ids of the claims it uses, e.g. "c3"')


class OutlineAnswer(Answer):
    """synthesizer: the report's title, sections (each with its claim ids) and two fixed headings, all in the
    report's language."""

    title: Short = Field(description="The report title, in the report's language")
    sections: list[OutlineSection] = Field(min_length=1, max_length=12)
    sources_heading: Short = Field("Sources", description='The word "Sources" in the report\'s language')
    missing_heading: Short = Field("What is missing",
                                   description='The phrase "What is missing" in the report\'s language')


class RubricAnswer(Answer):
    """judge: rubric scores of a report, the overall label and the reasons for both."""

    factual_accuracy: int = Field(ge=0, le=33, description="0-33: are the statements supported by the evidence")
    citation_density: int = Field(ge=0, le=33, description="0-33: share of statements carrying a citation")
    coverage: int = Field(ge=0, le=34, description="0-34: how much of the question the report answers")
    label: Literal["excellent", "good", "fair", "poor"] = Field(description="Overall quality of the report")
    rationale: Text = Field(description="Why these scores and this label, in two or three sentences")


class CoveCheck(Answer):
    """One verification question about one statement of a report (Chain-of-Verification)."""

    question: Query = Field(description="A question whose answer checks the statement")
    statement: Text = Field(description="The report's statement the question checks, quoted")


class CovePlan(Answer):
    """cove: verification questions, each about one statement of the report."""

    checks: list[CoveCheck] = Field(min_length=1, max_length=10)


class CoveFactAnswer(Answer):
    """cove (factored): one question answered from the evidence only, without seeing the report."""

    answer: Text = Field(description="The answer, from the evidence only")
    answerable: bool = Field(True, description="false if the evidence does not answer the question")


class CoveVerdicts(Answer):
    """cove: for each numbered (statement, independent answer) pair, whether they agree."""

    agrees: list[bool] = Field(min_length=1, max_length=10,
                               description="One true/false per pair, in order: true if the answer agrees")
