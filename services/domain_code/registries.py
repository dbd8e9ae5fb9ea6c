"""Package registries: PyPI, npm and crates.io through their public JSON APIs (base URLs are settings).

``RegistryClient.survey(ecosystem, name)`` gives a ``PackageFacts`` (latest version and its date, release
cadence, licence, downloads where the registry gives them, yanked or deprecated status, repository) or a
``PackageFacts`` with ``error`` set ("not_found: ...", "rate_limited: ...", "http_status: ...",
"unreachable: ...", "bad_payload: ...") so a registry that answers 404 or 429 is named with the reason and the
rest of the survey goes on. ``search(ecosystem, text)`` asks npm's and crates.io's search endpoints for
candidate names (PyPI has no search API: its candidates come from the question and the model).

The shapes read are the registries' documented ones:

- PyPI ``GET {pypi}/pypi/{name}/json``: ``info`` (name, version, license, license_expression, classifiers,
  project_urls, home_page, summary), ``releases`` ({version: [file{upload_time_iso_8601, yanked}]}).
- npm ``GET {npm}/{name}``: ``dist-tags.latest``, ``versions[v]`` (license, deprecated, repository), ``time``
  ({version: ISO date}); downloads from ``GET {npm_downloads}/downloads/point/last-week/{name}``; search
  ``GET {npm}/-/v1/search?text=&size=`` (``objects[].package.name``).
- crates.io ``GET {crates}/api/v1/crates/{name}``: ``crate`` (max_stable_version, max_version, downloads,
  recent_downloads, repository, updated_at), ``versions[]`` (num, created_at, yanked, license); search
  ``GET {crates}/api/v1/crates?q=&per_page=`` (``crates[].name``).
"""

from __future__ import annotations

import email.utils
import math
import re
import statistics
import time
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime
from typing import Any
from urllib.parse import quote

import httpx
from packaging.version import InvalidVersion, Version
from rapidfuzz.distance import DamerauLevenshtein

from shared.text.packages import INACTIVE_CLASSIFIER, Ecosystem, fold_name, lookalike, lookalike_elsewhere

#: the longest README kept per package (characters)
MAX_README_CHARS = 200_000



@dataclass(frozen=True)
class PackageFacts:
    """What a registry says about one package.

    ``latest_release`` is the latest version's upload date (ISO ``YYYY-MM-DD``); ``cadence_days`` the median
    days between the last (up to 10) releases; ``downloads`` the registry's own figure with ``downloads_period``
    saying over what ("all time", "last 90 days", "last week"), None where the registry gives none (PyPI).
    ``status`` is "active", "yanked" (the latest release is yanked), "deprecated" (npm's deprecation message or
    PyPI's "Inactive" classifier) or "unavailable" (``error`` says why). ``typosquat_of`` names the popular
    package the name imitates, when it is one or two edits from one and the package's own history does not clear
    it (:func:`typosquat_of`). ``first_release`` is the first release's date (ISO); ``newness`` says why the package
    has no track record yet ("first released 2 days ago (2026-11-30); 1 release"), None for an established one
    (:func:`newness_of`).
    """

    ecosystem: Ecosystem
    name: str
    url: str
    version: str | None = None
    latest_release: str | None = None
    releases: int = 0
    cadence_days: float | None = None
    license: str | None = None
    downloads: int | None = None
    downloads_period: str | None = None
    status: str = "active"
    status_detail: str = ""
    repository: str | None = None
    summary: str = ""
    typosquat_of: str | None = None
    error: str | None = None
    downloads_url: str | None = None  # the document the download count comes from, when not ``url``
    #: versions the registry marks yanked (npm: deprecated): ``status`` is the latest version's, these are per version
    yanked_versions: tuple[str, ...] = ()
    #: the newest release that is not yanked (npm: not deprecated); None when every release is, or none is known
    latest_good: str | None = None
    #: the package's README as the registry gives it (PyPI ``info.description``, npm ``readme``, crates.io the
    #: version's ``readme_path`` document), at most :data:`MAX_README_CHARS`; ``readme_url`` is the document it is in
    readme: str = ""
    readme_url: str | None = None
    first_release: str | None = None
    newness: str | None = None
    #: the date (ISO ``YYYY-MM-DD``) of ``latest_good``: the "last release" a reader can install
    latest_good_release: str | None = None
    #: the newest release (by version order, final releases before pre-releases) when the registry marks it yanked
    #: (npm: deprecated), and its date; None when the newest release is not
    newest_yanked: str | None = None
    newest_yanked_release: str | None = None
    #: the registry summary's or README opening's own sentence saying the package is no longer maintained
    #: ("Simple TOML parser (unmaintained)", "This project is no longer maintained."): :func:`unmaintained_said`
    unmaintained: str = ""
    #: (version, reason) for each release of ``yanked_versions`` whose registry gives a reason: PyPI's
    #: ``yanked_reason``, npm's ``deprecated`` message, crates.io's ``yank_message``
    yanked_reasons: tuple[tuple[str, str], ...] = ()

    def yank_reason(self, version: str | None) -> str:
        """Why the registry yanked (npm: deprecated) ``version``, as it says (``yanked_reasons``); "" when it gives
        no reason, or the release is not yanked."""
        return next((why for v, why in self.yanked_reasons if v == version), "")

    @property
    def installable(self) -> str | None:
        """The release to recommend, pin and install: ``version`` (the registry's latest), or ``latest_good`` when
        the registry marks the latest yanked (npm: deprecated) and an older release is not; None when no version
        is known. A package yanked in its latest release only stays usable at this older release."""
        if self.version is not None and self.version in self.yanked_versions and self.latest_good:
            return self.latest_good
        return self.version

    def as_dict(self) -> dict[str, Any]:
        """The JSON-able record stored in ``PackagesSurveyed`` (without the README text)."""
        out = {k: getattr(self, k) for k in self.__dataclass_fields__ if k != "readme"}
        out["yanked_versions"] = list(self.yanked_versions)
        out["yanked_reasons"] = dict(self.yanked_reasons)
        return out


@dataclass
class RegistryUrls:
    """Base URLs of the registries (settings; tests point them at 127.0.0.1)."""

    pypi: str = "https://pypi.org"
    npm: str = "https://registry.npmjs.org"
    npm_downloads: str = "https://api.npmjs.org"
    crates: str = "https://crates.io"
    extra_headers: dict[str, str] = field(default_factory=dict)


#: a package whose first release is fewer days ago than this is new (no track record)
NEW_DAYS = 90
#: a package is established when it has at least this many releases spread over at least ESTABLISHED_DAYS
ESTABLISHED_RELEASES = 3
ESTABLISHED_DAYS = 365
#: download figures below these (per the registry's period) are tiny: nobody but its author uses the package
TINY_DOWNLOADS: dict[str, int] = {"last week": 50, "last 90 days": 500, "all time": 1000}


@dataclass(frozen=True)
class History:
    """What a registry says of a package's track record: ``first`` and ``latest`` release dates (ISO
    ``YYYY-MM-DD``), ``releases`` (count), ``downloads`` over ``period`` (None when the registry gives none)."""

    first: str | None
    latest: str | None
    releases: int
    downloads: int | None = None
    period: str | None = None

    def age_days(self, today: date | None = None) -> int | None:
        """Days since the first release (None when unknown)."""
        if not self.first:
            return None
        return ((today or datetime.now(UTC).date()) - date.fromisoformat(self.first)).days

    def span_days(self) -> int:
        """Days from the first release to the latest (0 when either is unknown)."""
        if not self.first or not self.latest:
            return 0
        return (date.fromisoformat(self.latest) - date.fromisoformat(self.first)).days

    def tiny(self) -> bool:
        """Whether the registry's download figure is tiny for its period (False when there is none)."""
        return self.downloads is not None and self.downloads < TINY_DOWNLOADS.get(self.period or "", 50)

    def established(self) -> bool:
        """Several releases over more than a year and downloads that are not tiny: a track record."""
        return (self.releases >= ESTABLISHED_RELEASES and self.span_days() >= ESTABLISHED_DAYS
                and not self.tiny())

    def young(self, today: date | None = None) -> bool:
        """Young and thin: first released under :data:`NEW_DAYS` days ago, with at most two releases."""
        age = self.age_days(today)
        return age is not None and age < NEW_DAYS and self.releases <= 2

    def obscure(self, today: date | None = None) -> bool:
        """New (first release under :data:`NEW_DAYS` days ago), at most two releases, or tiny downloads."""
        age = self.age_days(today)
        return (age is not None and age < NEW_DAYS) or self.releases <= 2 or self.tiny()


def newness_of(history: History, today: date | None = None) -> str | None:
    """Why a package has no track record yet, or None: it is new (first released under :data:`NEW_DAYS` days
    ago) or its downloads are tiny; the text gives the age, the release count and the downloads ("first released
    2 days ago (2026-11-30); 1 release; downloads not given")."""
    age = history.age_days(today)
    if not ((age is not None and age < NEW_DAYS) or history.tiny()):
        return None
    bits = []
    if age is not None:
        bits.append(f"first released {_ago(age)} ({history.first})")
    bits.append(f"{history.releases} release" + ("" if history.releases == 1 else "s"))
    bits.append(f"{history.downloads:,} downloads ({history.period})" if history.downloads is not None
                else "downloads not given")
    return "; ".join(bits)


def _ago(days: int) -> str:
    return "today" if days <= 0 else "1 day ago" if days == 1 else f"{days} days ago"


def typosquat_of(ecosystem: Ecosystem, name: str, history: History | None = None,
                 today: date | None = None) -> str | None:
    """The popular package ``name`` may be squatting on (see :func:`lookalike`), or None. A typing-slip name is
    flagged unless its own ``history`` shows an established package (several releases over more than a year,
    downloads that are not tiny: ``tomlkit``, ``preact`` are not squats); a name that only adds a prefix or suffix
    (``numpy2``, ``flask2``) is flagged only when its history shows it new or obscure (so never from the name
    alone). A name near no widely used name of its own registry but one typing slip from another registry's
    (:func:`shared.text.packages.lookalike_elsewhere`: ``djnago`` on npm, ``django`` on PyPI) is flagged only when
    its history shows it young and thin (:meth:`History.young`): a known name's look-alike with no record of its own."""
    like = lookalike(ecosystem, name)
    if like is None:
        elsewhere = lookalike_elsewhere(ecosystem, name)
        return elsewhere if elsewhere is not None and history is not None and history.young(today) else None
    popular, kind = like
    if kind == "affix":
        return popular if history is not None and history.obscure(today) else None
    if adjacent_swap(fold_name(name), fold_name(popular)):
        return popular  # two neighbouring letters swapped ("reqeusts"): a slip no genuine project is named by
    return None if history is not None and history.established() else popular


def adjacent_swap(a: str, b: str, min_chars: int = 5) -> bool:
    """Whether ``a`` is ``b`` with two neighbouring characters swapped (``valdiator``/``validator``), for names of
    at least ``min_chars`` characters."""
    if len(a) != len(b) or len(a) < min_chars or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


#: a surveyed name one edit (or one swap of adjacent letters) from another candidate of the same survey is a
#: possible typosquat of it when that one has this many times its downloads (same period) or a track record it lacks
PEER_DOWNLOAD_RATIO = 100
#: names shorter than this (folded) are not compared with their peers: short names sit one edit from many others
PEER_MIN_CHARS = 5


def history_of(facts: PackageFacts) -> History:
    """The :class:`History` a registry's facts give."""
    return History(facts.first_release, facts.latest_release, facts.releases, facts.downloads,
                   facts.downloads_period)


def far_more_established(a: PackageFacts, b: PackageFacts, today: date | None = None) -> bool:
    """Whether ``a`` has a far longer track record than ``b``: ``a`` is established (:meth:`History.established`)
    and ``b`` is not; or ``b`` is young and thin (first released under :data:`NEW_DAYS` days ago, at most two
    releases) while ``a`` has :data:`ESTABLISHED_RELEASES` releases or more and a first release at least
    :data:`NEW_DAYS` days before ``b``'s (a registry giving dates of recent releases only, or no downloads,
    still shows that much); or both give downloads over the same period and ``a`` has at least
    :data:`PEER_DOWNLOAD_RATIO` times ``b``'s with more releases and an earlier first release. Never when ``b``
    was first released before ``a`` (both dates known): the older package is never the look-alike of a newer one
    (``geohashjs`` of 2014 is no typosquat of ``geohash-ts`` of 2023, however more used the newer one is)."""
    ha, hb = history_of(a), history_of(b)
    if ha.first is not None and hb.first is not None and hb.first < ha.first:
        return False
    if ha.established() and not hb.established():
        return True
    if (hb.young(today) and ha.releases >= ESTABLISHED_RELEASES
            and ha.first is not None and hb.first is not None
            and (date.fromisoformat(hb.first) - date.fromisoformat(ha.first)).days >= NEW_DAYS):
        return True
    if ha.downloads is None or hb.downloads is None or ha.period != hb.period:
        return False
    older = ha.first is not None and (hb.first is None or ha.first < hb.first)
    return ha.downloads >= PEER_DOWNLOAD_RATIO * max(hb.downloads, 1) and ha.releases > hb.releases and older


def peer_typosquat_of(facts: PackageFacts, peers: list[PackageFacts], today: date | None = None) -> str | None:
    """The candidate of the same survey (same ecosystem) that ``facts`` may be squatting on: one whose name is a
    typing slip away (:func:`name_slip`: one edit or one swap of adjacent letters, or two edits between long names
    of about the same length; case and ``-``/``_``/``.`` folded; names of :data:`PEER_MIN_CHARS` characters or
    more) and that is far more established
    (:func:`far_more_established`): ``email-valdiator`` next to ``email-validator``, ``pyton-stdnum`` next to
    ``python-stdnum``; ``today`` (default: now) dates the age. None when there is none, or when ``facts`` has a
    track record of its own (not :meth:`History.obscure`: first released :data:`NEW_DAYS` days ago or more, three
    releases or more, downloads not tiny): a name the registry knows with its own releases over time is a package
    of its own, a fork or a successor ("<name>2"), however more established the other is (a fork released years
    ago with releases since is no "probable typo")."""
    folded = fold_name(facts.name)
    if len(folded) < PEER_MIN_CHARS or not history_of(facts).obscure(today):
        return None
    for other in peers:
        if other.ecosystem != facts.ecosystem or other.error is not None:
            continue
        theirs = fold_name(other.name)
        if theirs == folded or len(theirs) < PEER_MIN_CHARS:
            continue
        if name_slip(facts.name, other.name) and far_more_established(other, facts, today):
            return other.name
    return None


def name_slip(name: str, other: str) -> bool:
    """Whether ``name`` is a typing slip of ``other`` (case and ``-``/``_``/``.`` folded): one edit or one swap of
    adjacent letters ("email_validators" of "email-validator"), or a typo :func:`shared.text.packages.lookalike`
    finds with ``other`` as the only name to compare with (two edits between long names of about the same length:
    "pyhton-barcode" of "python-barcodex")."""
    folded, theirs = fold_name(name), fold_name(other)
    if folded == theirs:
        return False
    if DamerauLevenshtein.distance(folded, theirs, score_cutoff=1) <= 1:
        return True
    like = lookalike("pypi", name, among=(other,))
    return like is not None and like[1] == "typo"


def _date(value: Any) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


#: words saying a package is no longer maintained ("unmaintained", "no longer maintained", "not actively maintained
#: anymore", "abandoned", "archived", "end of life", "no longer developed/supported")
_UNMAINTAINED_RE = re.compile(
    r"\b(?:un-?maintained|no\s+longer\s+(?:being\s+)?(?:actively\s+)?(?:maintained|developed|supported)|"
    r"not\s+(?:being\s+)?(?:actively\s+)?maintained(?:\s+any\s*more)?|(?:is|was|has\s+been)\s+(?:abandoned|archived)|"
    r"end[-\s]of[-\s]life)\b", re.IGNORECASE)
#: a README sentence about the package itself ("This project ...", "It is ...", "<name> is ..."), not about
#: another one it replaces ("a fork of foo, which is no longer maintained")
_SELF_RE = re.compile(r"^\W*(?:this|the)\s+(?:project|package|library|module|crate|repo(?:sitory)?)\b|^\W*it\b",
                      re.IGNORECASE)
#: how much of a README's opening is read for an unmaintained notice (notices stand at the top)
UNMAINTAINED_README_CHARS = 1500


def unmaintained_said(name: str, summary: str, readme: str) -> str:
    """The sentence of a package's registry ``summary`` (any sentence saying it) or of its ``readme``'s opening
    (:data:`UNMAINTAINED_README_CHARS`; a sentence about the package itself: opening with the notice ("Unmaintained:
    ..."), "This project/package", "It" or its ``name``, and not in a clause about another package) saying it is no longer maintained (:data:`_UNMAINTAINED_RE`), as written (whitespace
    collapsed); "" when neither says so."""
    said = " ".join(summary.split())
    if _UNMAINTAINED_RE.search(said):
        return said
    opening = re.sub(r"<[^>]+>", " ", readme[:UNMAINTAINED_README_CHARS])  # crates.io's README is HTML
    for sentence in re.split(r"(?<=[.!?])\s+|\n\s*\n", opening):
        sentence = " ".join(re.sub(r"[*_`]+", "", sentence).split()).lstrip("#> ")
        found = _UNMAINTAINED_RE.search(sentence)
        if found is None or re.search(r"\b(?:which|that|whose|who)\b", sentence[:found.start()], re.I):
            continue  # "a fork of foo, which is no longer maintained": another package's notice
        if found.start() == 0 or _SELF_RE.search(sentence) or sentence.lower().startswith(name.lower()):
            return sentence
    return ""


def project_inactive(p: PackageFacts) -> bool:
    """Whether ``p``'s "deprecated" status is its whole project's, not one release's: PyPI's
    :data:`INACTIVE_CLASSIFIER` is project metadata (every release of an inactive project is as inactive as the
    last), so there is no "newest release that is not" to point to, only its last release. npm's and crates.io's
    marks are per version (``yanked_versions``)."""
    return p.ecosystem == "pypi" and p.status == "deprecated" and p.status_detail == INACTIVE_CLASSIFIER


def _first(dates: list[datetime]) -> str | None:
    """The earliest of ``dates`` as ISO ``YYYY-MM-DD`` (None when empty)."""
    return min(dates).date().isoformat() if dates else None


def _cadence(dates: list[datetime]) -> float | None:
    """Median days between consecutive releases among the last 10 (None with fewer than 2)."""
    recent = sorted(dates)[-10:]
    if len(recent) < 2:
        return None
    gaps = [(b - a).total_seconds() / 86400 for a, b in zip(recent, recent[1:])]
    return round(statistics.median(gaps), 1)


def _newest(versions: dict[str, datetime | None]) -> str | None:
    """The newest of ``versions`` (name -> release date): by PEP 440 / semver order when every name parses (a
    final release before any pre-release, as installers choose), else by date; None when empty."""
    if not versions:
        return None
    try:
        parsed = {v: Version(v) for v in versions}
    except InvalidVersion:
        return max(versions, key=lambda v: versions[v] or datetime.min.replace(tzinfo=UTC))
    final = [v for v, p in parsed.items() if not p.is_prerelease and not p.is_devrelease]
    return max(final or list(parsed), key=lambda v: parsed[v])


def _newest_facts(released: dict[str, datetime | None], pulled: set[str], good: str | None) -> dict[str, Any]:
    """``PackageFacts``' ``latest_good_release`` (the date of ``good``, the newest release not ``pulled``) and,
    when the newest of ``released`` (version -> date) is one of ``pulled`` (yanked; npm: deprecated),
    ``newest_yanked`` and ``newest_yanked_release``."""
    newest = _newest(released)

    def day(version: str | None) -> str | None:
        when = released.get(version) if version is not None else None
        return when.date().isoformat() if when is not None else None
    pulled_newest = newest if newest is not None and newest in pulled else None
    return {"latest_good_release": day(good), "newest_yanked": pulled_newest,
            "newest_yanked_release": day(pulled_newest)}


def _repo_url(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("url")
    if not isinstance(value, str) or not value:
        return None
    url = value.removeprefix("git+").removesuffix(".git")
    if url.startswith("git://"):
        url = "https://" + url[len("git://"):]
    if url.startswith("github:"):
        url = "https://github.com/" + url[len("github:"):]
    return url


#: the longest Retry-After honoured (seconds): a registry asking for more is asked again after a day
MAX_RETRY_AFTER_S = 86_400


def retry_after_seconds(value: str | None, now: datetime | None = None) -> float | None:
    """The seconds a ``Retry-After`` header asks to wait (delay seconds or an HTTP date), at most
    :data:`MAX_RETRY_AFTER_S`; None when absent, unreadable or not in the future."""
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        seconds = float(value)
    else:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError):
            return None
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        seconds = (when - (now or datetime.now(UTC))).total_seconds()
    return min(seconds, MAX_RETRY_AFTER_S) if seconds > 0 else None


def _json_kind(value: Any) -> str:
    """What a JSON value is, in words: "a list", "a string", "a number", "a boolean", "an object", "null"."""
    kinds = {list: "a list", str: "a string", bool: "a boolean", int: "a number", float: "a number", dict: "an object"}
    return "null" if value is None else kinds.get(type(value), type(value).__name__)


class RegistryError(Exception):
    """A registry answered with an error or not at all; ``reason`` is "not_found: ...", "rate_limited: ...",
    "http_status: ...", "unreachable: ..." or "bad_payload: ..."."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class RegistryClient:
    """Reads the registries' JSON APIs. ``client`` is an ``httpx.Client`` (closed by ``close``)."""

    def __init__(self, urls: RegistryUrls, *, timeout_s: float = 10.0, user_agent: str = "assay-domain-code/0.1"):
        self.urls = urls
        #: the text of every registry JSON document read, by URL (the report cites spans of them)
        self.documents: dict[str, str] = {}
        #: documents a registry answered 429 for, with Retry-After: URL -> (monotonic time it may be asked again,
        #: when it answered); kept for the client's life (a service keeps one client across runs)
        self._limited: dict[str, tuple[float, str]] = {}
        self._client = httpx.Client(timeout=timeout_s, follow_redirects=True,
                                    headers={"User-Agent": user_agent, "Accept": "application/json",
                                             **urls.extra_headers})

    def close(self) -> None:
        """Release the HTTP connections."""
        self._client.close()

    def _get(self, url: str, what: str) -> Any:
        until = self._limited.get(url)
        if until is not None and time.monotonic() < until[0]:
            raise RegistryError(f"rate_limited: {what} answered 429 at {until[1]} (Retry-After): not asked again "
                                f"for {math.ceil(until[0] - time.monotonic())} s")
        try:
            response = self._client.get(url)
        except httpx.TimeoutException as exc:
            raise RegistryError(f"unreachable: {what} timed out ({exc.__class__.__name__})") from None
        except httpx.HTTPError as exc:
            raise RegistryError(f"unreachable: {what} ({exc.__class__.__name__}: {exc})") from None
        if response.status_code == 404:
            raise RegistryError(f"not_found: {what} answered 404 (no such package)")
        if response.status_code == 429:
            retry = response.headers.get("Retry-After")
            wait = retry_after_seconds(retry)
            if wait:  # remembered: the registry is not asked for this document again before then
                self._limited[url] = (time.monotonic() + wait, datetime.now(UTC).strftime("%H:%M:%S UTC"))
            raise RegistryError(f"rate_limited: {what} answered 429"
                                + (f" (Retry-After {retry} s)" if retry else ""))
        if response.status_code >= 400:
            raise RegistryError(f"http_status: {what} answered {response.status_code}")
        try:
            data = response.json()
        except ValueError:
            raise RegistryError(f"bad_payload: {what} did not answer JSON") from None
        if not isinstance(data, dict):  # every registry document read here is a JSON object
            raise RegistryError(f"bad_payload: {what} answered JSON that is no object ({_json_kind(data)})")
        self.documents[url] = response.text
        return data

    def get_json(self, url: str, what: str) -> Any:
        """The JSON document at ``url``, an object (kept in ``documents``). Raises: RegistryError naming ``what``
        ("bad_payload: ..." when the answer is no JSON, or JSON that is no object: a list, a string, null)."""
        return self._get(url, what)

    def get_bytes(self, url: str, what: str, *, max_bytes: int) -> bytes:
        """The body at ``url`` (e.g. a package tarball), read up to ``max_bytes``.

        Raises: RegistryError naming ``what`` (404, 429, other HTTP errors, unreachable, or "too_large: ..." when
        the body is longer than ``max_bytes``)."""
        try:
            with self._client.stream("GET", url, headers={"Accept": "*/*"}) as response:
                if response.status_code == 404:
                    raise RegistryError(f"not_found: {what} answered 404")
                if response.status_code == 429:
                    raise RegistryError(f"rate_limited: {what} answered 429")
                if response.status_code >= 400:
                    raise RegistryError(f"http_status: {what} answered {response.status_code}")
                body = bytearray()
                for chunk in response.iter_bytes():
                    body += chunk
                    if len(body) > max_bytes:
                        raise RegistryError(f"too_large: {what} is over {max_bytes} bytes")
                return bytes(body)
        except httpx.TimeoutException as exc:
            raise RegistryError(f"unreachable: {what} timed out ({exc.__class__.__name__})") from None
        except httpx.HTTPError as exc:
            raise RegistryError(f"unreachable: {what} ({exc.__class__.__name__}: {exc})") from None

    def get_text(self, url: str, what: str, *, max_bytes: int) -> str:
        """The text at ``url`` (a README page), read up to ``max_bytes`` and kept in ``documents``.

        Raises: RegistryError naming ``what`` (as :meth:`get_bytes`)."""
        text = self.get_bytes(url, what, max_bytes=max_bytes).decode("utf-8", "replace")
        self.documents[url] = text
        return text

    def survey(self, ecosystem: Ecosystem, name: str) -> PackageFacts:
        """The registry's facts about ``name`` (never raises: a failure is ``PackageFacts.error``, and a record that
        could not be read, no JSON or JSON of another shape than the registry's, is dropped from ``documents``: it
        is never cited)."""
        url = self.page_url(ecosystem, name)
        try:
            if ecosystem == "pypi":
                facts = self._pypi(name)
            elif ecosystem == "npm":
                facts = self._npm(name)
            else:
                facts = self._crates(name)
            history = History(facts.first_release, facts.latest_release, facts.releases, facts.downloads,
                              facts.downloads_period)
            facts = replace(facts, typosquat_of=typosquat_of(ecosystem, name, history), newness=newness_of(history),
                            unmaintained=unmaintained_said(facts.name, facts.summary, facts.readme))
        except RegistryError as exc:
            self.documents.pop(url, None)  # (a record read but not understood: "info": null)
            return PackageFacts(ecosystem, name, url, status="unavailable", error=exc.reason,
                                typosquat_of=typosquat_of(ecosystem, name))
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            self.documents.pop(url, None)  # a record that could not be read is no source of the report
            return PackageFacts(ecosystem, name, url, status="unavailable",
                                error=f"bad_payload: unexpected JSON shape ({exc.__class__.__name__}: {exc})",
                                typosquat_of=typosquat_of(ecosystem, name))
        return facts

    def search(self, ecosystem: Ecosystem, text: str, size: int = 5) -> list[str]:
        """Candidate package names for ``text`` from the registry's search (npm, crates.io); [] for PyPI
        (no search API) and on any failure (the caller still has the question's own names)."""
        try:
            if ecosystem == "npm":
                data = self._get(f"{self.urls.npm}/-/v1/search?text={quote(text)}&size={size}", "npm search")
                return [str(o["package"]["name"]) for o in data.get("objects", [])][:size]
            if ecosystem == "crates":
                data = self._get(f"{self.urls.crates}/api/v1/crates?q={quote(text)}&per_page={size}",
                                 "crates.io search")
                return [str(c["name"]) for c in data.get("crates", [])][:size]
        except (RegistryError, KeyError, TypeError, AttributeError):
            return []
        return []

    def page_url(self, ecosystem: Ecosystem, name: str) -> str:
        """The JSON document the facts come from (cited in the report)."""
        if ecosystem == "pypi":
            return f"{self.urls.pypi}/pypi/{quote(name)}/json"
        if ecosystem == "npm":
            return f"{self.urls.npm}/{quote(name, safe='@')}"
        return f"{self.urls.crates}/api/v1/crates/{quote(name)}"

    # ---- per registry ------------------------------------------------------------------------------
    def _pypi(self, name: str) -> PackageFacts:
        url = self.page_url("pypi", name)
        data = self._get(url, f"PyPI {name}")
        info = data.get("info")
        if not isinstance(info, dict):
            raise RegistryError(f"bad_payload: PyPI {name} answered no project record (\"info\" is {_json_kind(info)})")
        version = str(info["version"])
        releases: dict[str, list[dict[str, Any]]] = data.get("releases") or {}
        dates: list[datetime] = []
        latest_date: datetime | None = None
        for ver, files in releases.items():
            stamps = [d for d in (_date(f.get("upload_time_iso_8601") or f.get("upload_time")) for f in files) if d]
            if stamps:
                dates.append(min(stamps))
                if ver == version:
                    latest_date = min(stamps)
        latest_files = releases.get(version) or data.get("urls") or []
        yanked = tuple(v for v, files in releases.items() if files and all(f.get("yanked") for f in files))
        reasons = tuple((v, why) for v in yanked
                        if (why := next((str(f["yanked_reason"]).strip() for f in releases[v]
                                         if f.get("yanked_reason")), "")))
        released = {v: min((d for d in (_date(f.get("upload_time_iso_8601") or f.get("upload_time"))
                                        for f in files) if d), default=None)
                    for v, files in releases.items() if files}
        good = _newest({v: d for v, d in released.items() if v not in yanked})
        status, detail = "active", ""
        if latest_files and all(f.get("yanked") for f in latest_files):
            status, detail = "yanked", str(latest_files[0].get("yanked_reason") or "")
        classifiers = [str(c) for c in info.get("classifiers") or []]
        if any(c.startswith("Development Status :: 7") for c in classifiers):
            status, detail = "deprecated", INACTIVE_CLASSIFIER
        licence = info.get("license_expression") or info.get("license") or None
        if not licence or len(str(licence)) > 60:  # a whole licence text pasted into the field
            named = [c.split("::")[-1].strip() for c in classifiers if c.startswith("License ::")]
            licence = named[0] if named else (str(licence)[:60] + "…" if licence else None)
        urls = info.get("project_urls") or {}
        repository = next((str(v) for k, v in urls.items()
                           if k.lower() in ("source", "source code", "repository", "code", "github")), None)
        repository = repository or next((str(v) for v in urls.values() if "github.com" in str(v)), None)
        return PackageFacts(
            "pypi", str(info.get("name") or name), url, version=version,
            latest_release=latest_date.date().isoformat() if latest_date else None,
            releases=max(len(dates), len(releases)),  # a version whose files were removed is still a release
            cadence_days=_cadence(dates), license=str(licence) if licence else None, status=status,
            status_detail=detail, repository=repository or (info.get("home_page") or None), yanked_versions=yanked,
            summary=str(info.get("summary") or ""), latest_good=good, first_release=_first(dates),
            readme=str(info.get("description") or "")[:MAX_README_CHARS], readme_url=url, yanked_reasons=reasons,
            **_newest_facts(released, set(yanked), good))

    def _npm(self, name: str) -> PackageFacts:
        url = self.page_url("npm", name)
        data = self._get(url, f"npm {name}")
        version = str(data["dist-tags"]["latest"])
        meta = (data.get("versions") or {}).get(version) or {}
        times: dict[str, str] = {k: v for k, v in (data.get("time") or {}).items() if k not in ("created", "modified")}
        dates = [d for d in (_date(v) for v in times.values()) if d]
        latest = _date(times.get(version))
        licence = meta.get("license") or data.get("license")
        if isinstance(licence, dict):
            licence = licence.get("type")
        status, detail = "active", ""
        if meta.get("deprecated"):
            status, detail = "deprecated", str(meta["deprecated"])
        by_version = {str(v): m for v, m in (data.get("versions") or {}).items() if isinstance(m, dict)}
        released = {v: _date(times.get(v)) for v in by_version}
        dropped = {v for v, m in by_version.items() if m.get("deprecated")}
        good = _newest({v: d for v, d in released.items() if v not in dropped})
        downloads: int | None = None
        downloads_url = f"{self.urls.npm_downloads}/downloads/point/last-week/{quote(name, safe='@')}"
        try:
            point = self._get(downloads_url, f"npm downloads {name}")
            downloads = int(point["downloads"])
        except (RegistryError, KeyError, TypeError, ValueError):
            downloads = None
        return PackageFacts(
            "npm", str(data.get("name") or name), url, version=version,
            latest_release=latest.date().isoformat() if latest else None, releases=len(dates),
            cadence_days=_cadence(dates), license=str(licence) if licence else None, downloads=downloads,
            downloads_period="last week" if downloads is not None else None, status=status, status_detail=detail,
            downloads_url=downloads_url if downloads is not None else None,
            yanked_versions=tuple(v for v in by_version if v in dropped), latest_good=good,
            yanked_reasons=tuple((v, str(m["deprecated"]).strip()) for v, m in by_version.items()
                                 if v in dropped and isinstance(m.get("deprecated"), str) and m["deprecated"].strip()),
            readme=str(data.get("readme") or "")[:MAX_README_CHARS], readme_url=url,
            repository=_repo_url(meta.get("repository") or data.get("repository")),
            summary=str(data.get("description") or meta.get("description") or ""), first_release=_first(dates),
            **_newest_facts(released, dropped, good))

    def _crates(self, name: str) -> PackageFacts:
        url = self.page_url("crates", name)
        data = self._get(url, f"crates.io {name}")
        crate = data["crate"]
        version = str(crate.get("max_stable_version") or crate.get("newest_version") or crate["max_version"])
        versions: list[dict[str, Any]] = data.get("versions") or []
        current = next((v for v in versions if v.get("num") == version), {})
        dates = [d for d in (_date(v.get("created_at")) for v in versions) if d]
        latest = _date(current.get("created_at"))
        status, detail = "active", ""
        if current.get("yanked"):
            status, detail = "yanked", f"{version} is yanked"
        released = {str(v.get("num")): _date(v.get("created_at")) for v in versions if v.get("num")}
        pulled = {str(v.get("num")) for v in versions if v.get("num") and v.get("yanked")}
        good = _newest({v: d for v, d in released.items() if v not in pulled})
        readme, readme_url = self._crate_readme(name, current)
        downloads = crate.get("recent_downloads")
        period = "last 90 days"
        if downloads is None:
            downloads, period = crate.get("downloads"), "all time"
        return PackageFacts(
            "crates", str(crate.get("name") or name), url, version=version,
            latest_release=latest.date().isoformat() if latest else None, releases=len(dates),
            cadence_days=_cadence(dates), license=str(current.get("license") or "") or None,
            downloads=int(downloads) if downloads is not None else None,
            downloads_period=period if downloads is not None else None, status=status, status_detail=detail,
            repository=_repo_url(crate.get("repository")), summary=str(crate.get("description") or ""),
            yanked_versions=tuple(str(v.get("num")) for v in versions if v.get("yanked")), latest_good=good,
            yanked_reasons=tuple((str(v.get("num")), str(v["yank_message"]).strip()) for v in versions
                                 if v.get("yanked") and isinstance(v.get("yank_message"), str)
                                 and v["yank_message"].strip()),
            readme=readme, readme_url=readme_url, first_release=_first(dates), **_newest_facts(released, pulled, good))

    def _crate_readme(self, name: str, version: dict[str, Any]) -> tuple[str, str | None]:
        """The README of a crate version (``readme_path``: crates.io answers its rendered HTML, through a redirect
        to its static host), kept in ``documents``; ("", None) when there is none or it cannot be read."""
        path = version.get("readme_path")
        if not isinstance(path, str) or not path:
            return "", None
        url = path if path.startswith(("http://", "https://")) else f"{self.urls.crates}{path}"
        try:
            text = self.get_text(url, f"crates.io {name} readme", max_bytes=4 * MAX_README_CHARS)
        except RegistryError:
            return "", None
        return text[:MAX_README_CHARS], url
