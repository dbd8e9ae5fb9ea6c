"""The code domain's own events (``services/domain_code``), recorded on the run before its
``DomainAnalysisCompleted``: the package survey, the signatures introspected from the packages themselves, and
one ``SnippetChecked`` per check of a snippet the report proposes."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from contracts.base import Event
from contracts.registry import register_event


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RequirementCheck(_Part):
    """Whether a package's own documentation shows it meets a requirement the question states ("preserves
    comments"): ``verdict`` met, contradicted (its documentation says it does not) or "not shown"; ``sentence`` the
    README or registry-summary sentence that says so, ``url`` the registry document it is in."""

    requirement: str
    package: str
    verdict: Literal["met", "contradicted", "not shown"]
    sentence: str = ""
    url: str = ""


class SurveyedPackage(_Part):
    """A registry's facts about one candidate package (``url``: the registry JSON document they come from).

    ``latest_release`` is ISO ``YYYY-MM-DD``; ``cadence_days`` the median days between the last releases;
    ``downloads`` the registry's own figure over ``downloads_period`` (None where it gives none: PyPI);
    ``status``: active, yanked, deprecated or unavailable (``error``: "not_found: ...", "rate_limited: ...",
    "http_status: ...", "unreachable: ...", "bad_payload: ..."); ``typosquat_of``: the popular package the name
    is one or two edits from; ``licence_fit``: against the workspace's licence, when a workspace was scanned.
    """

    ecosystem: Literal["pypi", "npm", "crates"]
    name: str
    url: str
    version: str | None = None
    latest_release: str | None = None
    releases: int = Field(0, ge=0)
    cadence_days: float | None = None
    license: str | None = None
    downloads: int | None = None
    downloads_period: str | None = None
    status: Literal["active", "yanked", "deprecated", "unavailable"] = "active"
    status_detail: str = ""
    repository: str | None = None
    summary: str = ""
    typosquat_of: str | None = None
    error: str | None = None
    downloads_url: str | None = Field(None, description="The document the download count comes from, when not url")
    in_workspace: str | None = Field(None, description="The version (or spec) the workspace already uses")
    yanked_versions: list[str] = Field(default_factory=list, description="Versions the registry marks yanked "
                                       "(PyPI: every file yanked; crates.io) or deprecated (npm): status is per version")
    licence_fit: str | None = None
    latest_good: str | None = Field(None, description="The newest release that is not yanked (npm: not deprecated)")
    readme_url: str | None = Field(None, description="The registry document the package's README was read from")
    licence_clash: str | None = Field(None, description="Why the licence clashes with the workspace's (a strong "
                                      "copyleft licence in a project not under it), when it does")
    requirements: tuple[RequirementCheck, ...] = Field((), description="Whether its registry summary or README "
                                                       "shows it meets each requirement the question states")
    first_release: str | None = Field(None, description="The date of its first release (ISO YYYY-MM-DD)")
    newness: str | None = Field(None, description="Why it has no track record yet (first released under 90 days "
                                "ago, or tiny downloads): its age, release count and downloads; None when established")
    latest_good_release: str | None = Field(None, description="The date of latest_good (ISO YYYY-MM-DD)")
    newest_yanked: str | None = Field(None, description="The newest release when the registry marks it yanked (npm: "
                                      "deprecated); None when it is not")
    newest_yanked_release: str | None = Field(None, description="The date of newest_yanked (ISO YYYY-MM-DD)")
    named_by: tuple[str, ...] = Field((), description="The run's fetched pages (URLs) that name the package")
    unmaintained: str = Field("", description="The registry summary's or README opening's own sentence saying the "
                              "package is no longer maintained; empty when neither says so")
    yanked_reasons: dict[str, str] = Field(default_factory=dict, description="Why the registry yanked (npm: "
                                           "deprecated) a release, per version, as it says (PyPI yanked_reason, npm "
                                           "deprecated, crates.io yank_message); releases without a reason left out")


class SurveyedPage(_Part):
    """One fetched page of a code run as the survey read it: the language ecosystem it is about (None: no clear
    one), whether that is another one than the question's (``off_ecosystem``: such a page never leads the answer
    while a page of the question's ecosystem gives evidence) and the candidate packages it names."""

    source_id: str
    url: str
    ecosystem: Literal["pypi", "npm", "crates"] | None = None
    off_ecosystem: bool = False
    names: tuple[str, ...] = ()


class WorkspaceDependency(_Part):
    """One dependency of the scanned workspace: declared ``spec``, locked ``version``, the manifest it is in."""

    ecosystem: Literal["pypi", "npm", "crates"]
    name: str
    spec: str = ""
    version: str | None = None
    manifest: str


class WorkspaceScan(_Part):
    """The scanned workspace (``assay run --workspace PATH``): manifests read, dependencies, licence, problems."""

    root: str
    manifests: tuple[str, ...] = ()
    dependencies: tuple[WorkspaceDependency, ...] = ()
    licence: str | None = None
    problems: tuple[str, ...] = ()


class ApiSignature(_Part):
    """One exact signature, read by introspecting the installed package (PyPI), from its TypeScript
    declarations in the registry tarball (npm; ``module`` is then the ``.d.ts`` file) or from its Rust source in
    the ``.crate`` (crates.io; ``module`` is then the ``.rs`` file, ``name`` the Rust path), never from a model's
    memory. ``kind`` "variable" is a declared constant (``ky: KyInstance``, ``pub const MAX: u32``); "struct",
    "enum", "trait" and "type" (an alias) are Rust items."""

    package: str
    version: str
    module: str
    name: str
    kind: Literal["function", "class", "method", "variable", "struct", "enum", "trait", "type", "macro",
                  "re-export"]
    signature: str
    doc: str = ""
    source: str = Field(description="Where it was read: 'introspected from name==version (...)'")


class UnreadPackage(_Part):
    """A candidate a fetched page names whose registry record could not be read (no JSON, JSON of another shape, a
    timeout, 429: any failure but "not found"): looked up, not surveyed; ``error`` says why."""

    ecosystem: Literal["pypi", "npm", "crates"]
    name: str
    error: str


@register_event
class PackagesSurveyed(Event):
    """The code domain surveyed the candidate packages in the registries (ranked, best first)."""

    SUBJECT: ClassVar[str] = "assay.evt.packages-surveyed.v1"
    ecosystems: tuple[str, ...]
    packages: tuple[SurveyedPackage, ...]
    failures: tuple[str, ...] = ()
    workspace: WorkspaceScan | None = None
    pages: tuple[SurveyedPage, ...] | None = Field(None, description="The run's fetched pages: each one's "
                                                   "ecosystem and the candidates it names (None: recorded before "
                                                   "the survey read the pages)")
    unread: tuple[UnreadPackage, ...] = Field((), description="The candidates the pages name whose registry record "
                                              "could not be read (not 'not found'), with the reason; their pages "
                                              "stay sources of the report")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        names = ", ".join(f"{p.name} {p.version or p.status}" for p in self.packages[:6])
        failed = f"; {len(self.failures)} registry failure(s)" if self.failures else ""
        ws = f"; workspace: {len(self.workspace.dependencies)} dependencies" if self.workspace else ""
        read = (f"; {len(self.pages)} page(s) read, {sum(p.off_ecosystem for p in self.pages)} of another ecosystem"
                if self.pages else "")
        return f"{len(self.packages)} package(s) ({'/'.join(self.ecosystems)}): {names}{failed}{ws}{read}"[:240]


@register_event
class ApiSignaturesExtracted(Event):
    """Signatures of the surveyed packages: PyPI ones introspected after installing them into throwaway folders,
    npm ones read from their TypeScript declarations."""

    SUBJECT: ClassVar[str] = "assay.evt.api-signatures-extracted.v1"
    signatures: tuple[ApiSignature, ...]
    packages: tuple[str, ...] = Field((), description="name==version of each package introspected")
    problems: tuple[str, ...] = ()

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        problems = f"; {len(self.problems)} problem(s): {self.problems[0][:80]}" if self.problems else ""
        packages = self.packages or tuple(dict.fromkeys(f"{s.package}=={s.version}" for s in self.signatures))
        return f"{len(self.signatures)} signature(s) from {', '.join(packages) or 'no package'}{problems}"


@register_event
class SnippetChecked(Event):
    """One snippet of the code report was checked in the sandbox (time, memory, no network, temp folder).

    ``status``: passed, failed (``stage``: compile, types or run; ``reason``: syntax_error, type_error,
    runtime_error, timeout, memory or network; ``error``: the checker's lines) or unavailable (no checker here).
    ``attempt`` counts the model's repairs (1 = the first version); ``origin``: question, offline, model, repair.
    """

    SUBJECT: ClassVar[str] = "assay.evt.snippet-checked.v1"
    PER_UNIT: ClassVar[bool] = True
    snippet_id: str
    attempt: int = Field(1, ge=1)
    origin: str
    language: str
    code: str
    status: Literal["passed", "failed", "unavailable"]
    checker: str
    stage: str = ""
    reason: str = ""
    error: str = ""
    versions: dict[str, str] = Field(default_factory=dict)
    seconds: float = Field(0.0, ge=0)

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        why = f" at {self.stage} ({self.reason})" if self.status == "failed" else ""
        return (f"{self.snippet_id} #{self.attempt} ({self.language}): {self.status}{why} by {self.checker} "
                f"in {self.seconds:.2f} s")
