"""Assay message contracts: every command and event that crosses NATS, as versioned, frozen pydantic models.

Each class carries its NATS subject in ``SUBJECT``; a breaking change gets a new ``V2`` class and subject and
leaves V1 untouched. ``ALL_CONTRACTS`` maps subject -> class, and ``EVENT_TYPES`` maps the stored event name
(the aggregate event class name) -> contract class; both are live registries (``contracts.registry``): an event
class decorated with ``@register_event`` is in both as soon as it is defined.
"""

from contracts.base import Contract, Event, MalformedMessage, decode
from contracts.commands import (
    Budget,
    FetchSource,
    RunRequested,
    SearchSubQuery,
    VerifyClaim,
)

# ---- domain-code's events (services/domain_code) ----
from contracts.domain_code import (
    ApiSignature,
    ApiSignaturesExtracted,
    PackagesSurveyed,
    SnippetChecked,
    SurveyedPackage,
    SurveyedPage,
    UnreadPackage,
    WorkspaceDependency,
    WorkspaceScan,
)
from contracts.events import (
    Citation,
    CitationsAudited,
    Cited,
    CitedWork,
    ClaimRecord,
    ClaimsExtracted,
    ClaimsVerified,
    ClaimVerified,
    ConfidenceGated,
    DeadlineExpired,
    DomainAnalysisCompleted,
    DomainEvidence,
    DomainFigure,
    DomainFiguresProposed,
    DomainSection,
    DomainSource,
    EvalRunCompleted,
    EvidenceSpan,
    ExtractionCompleted,
    InstructionFlag,
    LlmCallRecorded,
    MessageRejected,
    OfferRecord,
    OffersCollected,
    PickBacking,
    PlanCreated,
    ProductCandidate,
    ProductsIdentified,
    ReportJudged,
    ReportSynthesized,
    ReviewRecord,
    ReviewsSummarized,
    RunCancelled,
    RunCompleted,
    RunFailed,
    RunStarted,
    ScholarlyNotice,
    ScholarlyRecord,
    SearchCompleted,
    SearchHit,
    SelectedSource,
    SelfVerificationCompleted,
    SourceFailed,
    SourceFetched,
    SourceProvenance,
    SourcesSelected,
    SpecCell,
    SpecMatrixBuilt,
    SponsoredSource,
    StageDegraded,
    SubQuery,
    UnitDeadLettered,
    VerificationCheck,
)

# ---- plan review (the gateway, assay run --review-plan) ----
from contracts.plan_review import PlanApproved, PlanRevised

# ---- re-checking an earlier report (the question cache) ----
from contracts.recheck import RecheckPlanned
from contracts.registry import EVENT_TYPES, ContractsBySubject, EventRegistry, register_event

COMMANDS: tuple[type[Contract], ...] = (RunRequested, SearchSubQuery, FetchSource, VerifyClaim)
#: the events that end a run: after one of them the run's aggregate refuses every event
TERMINAL_EVENTS: tuple[type[Event], ...] = (RunCompleted, RunFailed, RunCancelled)
ALL_CONTRACTS: ContractsBySubject = ContractsBySubject((*COMMANDS, MessageRejected), EVENT_TYPES)

__all__ = [
    "ALL_CONTRACTS", "COMMANDS", "TERMINAL_EVENTS", "EVENT_TYPES", "Budget", "Citation", "ClaimRecord", "ClaimVerified",
    "ClaimsExtracted", "ClaimsVerified", "CitationsAudited", "ConfidenceGated", "Contract", "ContractsBySubject", "DeadlineExpired",
    "DomainAnalysisCompleted", "DomainEvidence", "DomainFigure", "DomainFiguresProposed", "DomainSection", "DomainSource",
    "Cited", "OfferRecord", "OffersCollected", "PickBacking", "ProductCandidate", "ProductsIdentified", "ReviewRecord",
    "ReviewsSummarized", "SponsoredSource", "SpecCell", "SpecMatrixBuilt",
    "EvalRunCompleted",
    "Event", "EventRegistry", "EvidenceSpan", "ExtractionCompleted", "FetchSource", "LlmCallRecorded", "MalformedMessage",
    "MessageRejected",
    "PlanCreated", "ReportJudged", "ReportSynthesized", "RunCancelled", "RunCompleted", "RunFailed", "RunRequested",
    "InstructionFlag", "RunStarted", "CitedWork", "ScholarlyNotice", "ScholarlyRecord", "SourceProvenance", "SearchCompleted", "SearchHit", "SearchSubQuery", "SelectedSource", "SelfVerificationCompleted",
    "SourceFailed",
    "SourceFetched", "SourcesSelected", "StageDegraded", "SubQuery", "VerificationCheck", "VerifyClaim", "decode", "register_event",
    "UnitDeadLettered",
    # domain-code
    "ApiSignature", "ApiSignaturesExtracted", "PackagesSurveyed", "SnippetChecked", "SurveyedPackage", "SurveyedPage",
    "UnreadPackage", "WorkspaceDependency", "WorkspaceScan",
    # plan review
    "PlanApproved", "PlanRevised",
    # re-checking an earlier report
    "RecheckPlanned",
]
