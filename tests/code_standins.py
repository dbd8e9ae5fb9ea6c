"""Loopback stand-ins for the code domain: PyPI, npm and crates.io JSON APIs in their real shapes, and a PEP 503
simple index serving wheels the tests build themselves (nothing reaches the internet).

``wheel(name, version, files)`` builds a pure-Python wheel in memory; ``registries()`` serves, on one loopback
server, the registry documents of a few made-up and stand-in packages plus ``/simple/<name>/`` pages linking
their wheels; ``settings_kwargs(server)`` gives the ``DomainCodeSettings`` arguments pointing at it;
``registry_client(base)`` reads every registry at one base URL; ``analysed(question)`` runs the code domain's
analysis against the stand-ins and gives its outcome and the events it recorded.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import tarfile
import zipfile
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any
from uuid import uuid4

from services.domain_code.analysis import Outcome, Tools, analyse
from services.domain_code.pages import Page
from services.domain_code.registries import PackageFacts, RegistryClient, RegistryUrls
from services.domain_code.sandbox import Sandbox
from shared.llm.calls import ModelCalls
from shared.settings import DomainCodeSettings
from tests.loopback import Answer, PageServer, Reply, Seen, serve

JSON = {"Content-Type": "application/json"}


class FakeRegistry:
    """The registry boundary for unit tests of the survey: ``known`` invented packages by name, any other name
    answered not found (``error="not_found: 404"``), every name asked for recorded in ``asked`` in order."""

    def __init__(self, known: list[PackageFacts]) -> None:
        self.known = {p.name: p for p in known}
        self.asked: list[str] = []
        self.documents: dict[str, Any] = {}

    def survey(self, ecosystem: str, name: str) -> PackageFacts:
        """The facts of ``name``, or a not-found ``PackageFacts``; records the look-up."""
        self.asked.append(name)
        return self.known.get(name) or PackageFacts(ecosystem, name, "", error="not_found: 404")  # type: ignore[arg-type]

    def search(self, ecosystem: str, query: str) -> list[str]:
        """No registry search results (the survey reads names from pages and the question only)."""
        return []


def wheel(name: str, version: str, files: Mapping[str, str], *, summary: str = "") -> tuple[str, bytes]:
    """A pure-Python wheel ``(filename, bytes)`` holding ``files`` (path -> text) plus its dist-info."""
    dist = name.replace("-", "_")
    info = f"{dist}-{version}.dist-info"
    contents = dict(files)
    contents[f"{info}/METADATA"] = (f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                    f"Summary: {summary}\n")
    contents[f"{info}/WHEEL"] = "Wheel-Version: 1.0\nGenerator: assay-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    tops = sorted({p.split("/")[0].removesuffix(".py") for p in files})
    contents[f"{info}/top_level.txt"] = "\n".join(tops) + "\n"
    record = []
    for path, text in contents.items():
        data = text.encode()
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    contents[f"{info}/RECORD"] = "\n".join(record) + "\n"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for path, text in contents.items():
            zf.writestr(path, text)
    return f"{dist}-{version}-py3-none-any.whl", buffer.getvalue()


def pypi_json(name: str, version: str, *, summary: str, licence: str | None = "MIT",
              releases: Mapping[str, str] | None = None, yanked: bool = False, classifiers: tuple[str, ...] = (),
              repository: str | None = None, description: str = "") -> dict[str, Any]:
    """A ``/pypi/<name>/json`` document in PyPI's shape (``releases``: version -> upload date; ``description``:
    the README, as PyPI gives it in ``info.description``)."""
    releases = dict(releases or {version: "2026-05-04"})
    return {
        "info": {"name": name, "version": version, "summary": summary, "license": licence,
                 "description": description, "description_content_type": "text/markdown",
                 "license_expression": None, "classifiers": list(classifiers), "home_page": None,
                 "project_urls": {"Source": repository} if repository else {}, "requires_python": ">=3.9",
                 "yanked": yanked, "yanked_reason": "broken" if yanked else None},
        "releases": {v: [{"filename": f"{name}-{v}-py3-none-any.whl", "packagetype": "bdist_wheel",
                          "upload_time": f"{d}T10:00:00", "upload_time_iso_8601": f"{d}T10:00:00.000000Z",
                          "yanked": yanked and v == version,
                          "yanked_reason": "broken" if yanked and v == version else None}]
                     for v, d in releases.items()},
        "urls": [], "vulnerabilities": [],
    }


def npm_json(name: str, version: str, *, description: str, licence: str = "MIT", deprecated: str | None = None,
             times: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A ``/<name>`` packument in npm's shape."""
    times = dict(times or {version: "2026-03-01T12:00:00.000Z"})
    meta: dict[str, Any] = {"name": name, "version": version, "license": licence,
                            "repository": {"type": "git", "url": f"git+https://github.com/example/{name}.git"}}
    if deprecated:
        meta["deprecated"] = deprecated
    return {"_id": name, "name": name, "description": description, "dist-tags": {"latest": version},
            "versions": {v: {**meta, "version": v} for v in times}, "license": licence,
            "time": {"created": "2020-01-01T00:00:00.000Z", "modified": "2026-03-01T12:00:00.000Z", **times},
            "repository": meta["repository"]}


def gzip_tar(folder: str, files: Mapping[str, str]) -> bytes:
    """A gzip tar holding ``files`` (path -> text, written as UTF-8), every one under ``<folder>/``."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as archive:
        for path, text in files.items():
            data = text.encode()
            info = tarfile.TarInfo(f"{folder}/{path}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def npm_tarball(files: Mapping[str, str]) -> bytes:
    """An npm package tarball (gzip tar, every file under ``package/``) holding ``files`` (path -> text)."""
    return gzip_tar("package", files)


def npm_with_tarball(doc: dict[str, Any], version: str, path: str, tarball: bytes) -> Callable[[Seen], Reply]:
    """A route answering packument ``doc`` with ``versions[version].dist`` naming the tarball served at ``path``
    on the same server (its absolute URL from the request's Host) and its sha512 integrity, as npm does."""
    integrity = "sha512-" + base64.b64encode(hashlib.sha512(tarball).digest()).decode()

    def answer(seen: Seen) -> Reply:
        dist = {"tarball": f"http://{seen.headers['host']}{path}", "integrity": integrity,
                "shasum": hashlib.sha1(tarball).hexdigest()}  # noqa: S324 (npm's own checksum)
        versions = {**doc["versions"], version: {**doc["versions"][version], "dist": dist}}
        return Reply(200, json.dumps({**doc, "versions": versions}).encode(), JSON)
    return answer


#: fetchit 5.1.0's TypeScript declarations (its tarball: package.json "types" -> dist/index.d.ts, re-exporting)
FETCHIT_TYPES = {
    "package.json": json.dumps({"name": "fetchit", "version": "5.1.0", "main": "dist/index.js",
                                "types": "./dist/index.d.ts"}),
    "dist/index.js": "module.exports = require('./client');\n",
    "dist/index.d.ts": (
        "import { RetryOptions } from './options';\n"
        "/** Fetch a URL, retrying failed attempts. */\n"
        "export declare function fetchWithRetry(url: string, options?: RetryOptions): Promise<Response>;\n"
        "export * from './client';\n"
        "export type { RetryOptions } from './options';\n"),
    "dist/client.d.ts": (
        "import { RetryOptions } from './options';\n"
        "/** A client with a base URL and a connection pool. */\n"
        "export declare class FetchClient {\n"
        "    constructor(baseUrl: string, options?: RetryOptions);\n"
        "    /** GET a path below the base URL. */\n"
        "    get<T = unknown>(path: string, init?: RequestInit): Promise<T>;\n"
        "    close(): void;\n"
        "    private pool;\n"
        "}\n"),
    "dist/options.d.ts": "export interface RetryOptions { retries?: number; backoffMs?: number; }\n",
}


def crate_json(name: str, version: str, *, description: str, licence: str = "MIT OR Apache-2.0",
               downloads: int = 1_000_000, recent: int = 50_000, versions: Mapping[str, str] | None = None,
               yanked: bool = False, checksums: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A ``/api/v1/crates/<name>`` document in crates.io's shape: each version record names its download
    (``dl_path``: ``/api/v1/crates/<name>/<num>/download``) and, from ``checksums`` (num -> SHA-256 hex of the
    ``.crate``), its ``checksum``."""
    versions = dict(versions or {version: "2026-02-02T08:00:00.000000+00:00"})
    sums = dict(checksums or {})
    return {"crate": {"id": name, "name": name, "description": description, "max_version": version,
                      "max_stable_version": version, "newest_version": version, "downloads": downloads,
                      "recent_downloads": recent, "repository": f"https://github.com/example/{name}",
                      "updated_at": "2026-02-02T08:00:00.000000+00:00", "created_at": "2019-01-01T00:00:00+00:00"},
            "versions": [{"id": 1000 + i, "num": v, "created_at": d, "updated_at": d,
                          "yanked": yanked and v == version, "license": licence, "downloads": 1000, "crate": name,
                          "dl_path": f"/api/v1/crates/{name}/{v}/download",
                          "readme_path": f"/api/v1/crates/{name}/{v}/readme", "checksum": sums.get(v, ""),
                          "crate_size": 4096, "rust_version": "1.70", "edition": "2021", "has_lib": True,
                          "bin_names": [], "features": {}, "links": {"dependencies":
                                                                     f"/api/v1/crates/{name}/{v}/dependencies"}}
                         for i, (v, d) in enumerate(versions.items())]}


def crate_tarball(name: str, version: str, files: Mapping[str, str]) -> bytes:
    """A ``.crate`` file (gzip tar, every file under ``<name>-<version>/``) holding ``files`` (path -> text)."""
    return gzip_tar(f"{name}-{version}", files)


#: fetchrs 0.12.3's source: the crate root re-exports its private retry module; a public client module
FETCHRS_SOURCE = {
    "Cargo.toml": ('[package]\nname = "fetchrs"\nversion = "0.12.3"\nedition = "2021"\n'
                   'license = "MIT OR Apache-2.0"\n\n[dependencies]\n'),
    "src/lib.rs": (
        "//! fetchrs: an HTTP client with retries (a stand-in).\n"
        "pub mod client;\nmod retry;\n\n"
        "pub use retry::{with_retries, RetryPolicy};\n\n"
        "/// Fetch a URL once and return its response.\n"
        "///\n/// Follows redirects.\n"
        "#[inline]\n"
        "pub fn get(url: &str) -> Result<Response, Error> {\n    client::Client::new(url).send()\n}\n\n"
        "/// An HTTP response.\n"
        "pub struct Response {\n    pub status: u16,\n    body: Vec<u8>,\n}\n\n"
        "impl Response {\n    /// The body as UTF-8 text.\n"
        "    pub fn text(&self) -> Result<String, Error> {\n        todo!()\n    }\n"
        "    fn raw(&self) -> &[u8] {\n        &self.body\n    }\n}\n\n"
        "/// What can go wrong.\n"
        "pub enum Error {\n    Timeout,\n    Status(u16),\n}\n\n"
        "pub(crate) fn internal() {}\n"),
    "src/client.rs": (
        "use crate::{Error, Response};\n\n"
        "/// A client with a base URL and a connection pool.\n"
        "pub struct Client {\n    base: String,\n}\n\n"
        "impl Client {\n    /// A client for `base`.\n"
        "    pub fn new(base: impl Into<String>) -> Self {\n        Client { base: base.into() }\n    }\n"
        "    /// GET a path below the base URL.\n"
        "    pub fn get(&self, path: &str) -> Result<Response, Error> {\n        todo!()\n    }\n"
        "    pub(crate) fn send(&self) -> Result<Response, Error> {\n        todo!()\n    }\n}\n"),
    "src/retry.rs": (
        "/// How often and how long to retry.\n"
        "pub struct RetryPolicy(pub u32);\n\n"
        "/// Call `f` until it succeeds or the policy gives up.\n"
        "pub fn with_retries<F, T>(policy: &RetryPolicy, f: F) -> Result<T, crate::Error>\n"
        "where\n    F: FnMut() -> Result<T, crate::Error>,\n{\n    todo!()\n}\n\n"
        "pub fn not_reexported() {}\n"),
}


#: the stand-in Python packages: two HTTP clients with typed, introspectable APIs
FETCHKIT = {"fetchkit/__init__.py": '''"""fetchkit: a small HTTP client (a stand-in)."""
from fetchkit.client import Client, Response, get

__all__ = ["Client", "Response", "get"]
__version__ = "2.4.1"
''', "fetchkit/client.py": '''from __future__ import annotations


class Response:
    """An HTTP response."""

    def __init__(self, status: int, text: str) -> None:
        self.status = status
        self.text = text

    def json(self) -> object:
        """The body parsed as JSON."""
        import json
        return json.loads(self.text)


class Client:
    """A connection pool with retries."""

    def __init__(self, *, retries: int = 3, timeout: float = 5.0) -> None:
        self.retries = retries
        self.timeout = timeout

    def get(self, url: str, *, params: dict[str, str] | None = None) -> Response:
        """GET ``url``."""
        return Response(200, "{}")


def get(url: str, *, params: dict[str, str] | None = None, timeout: float = 5.0, retries: int = 0) -> Response:
    """GET ``url`` with ``retries`` retries."""
    return Response(200, "{}")
''', "fetchkit/py.typed": ""}

SLOWHTTP = {"slowhttp.py": '''"""slowhttp: an older HTTP client (a stand-in)."""


def fetch(url: str, timeout: int = 30) -> bytes:
    """Fetch ``url``."""
    return b""
'''}


def routes() -> dict[str, Answer]:
    """Every stand-in document and wheel (paths are the registries' own)."""
    fetch_whl, fetch_bytes = wheel("fetchkit", "2.4.1", FETCHKIT, summary="HTTP client with retries")
    slow_whl, slow_bytes = wheel("slowhttp", "0.9.0", SLOWHTTP, summary="Simple HTTP fetching")
    fetchit_tgz = npm_tarball(FETCHIT_TYPES)
    fetchrs_crate = crate_tarball("fetchrs", "0.12.3", FETCHRS_SOURCE)
    out: dict[str, Answer] = {
        "/pypi/fetchkit/json": Reply(200, json.dumps(pypi_json(
            "fetchkit", "2.4.1", summary="HTTP client with retries and connection pooling", licence="BSD-3-Clause",
            releases={"2.2.0": "2025-11-03", "2.3.0": "2026-01-12", "2.4.0": "2026-03-20", "2.4.1": "2026-05-04"},
            repository="https://github.com/example/fetchkit")).encode(), JSON),
        "/pypi/slowhttp/json": Reply(200, json.dumps(pypi_json(
            "slowhttp", "0.9.0", summary="Simple HTTP fetching", licence="GPL-3.0-only",
            releases={"0.8.0": "2019-02-01", "0.9.0": "2021-06-30"})).encode(), JSON),
        "/pypi/reqeusts/json": Reply(200, json.dumps(pypi_json(
            "reqeusts", "1.0.0", summary="HTTP requests", licence="MIT")).encode(), JSON),
        "/pypi/busyhttp/json": Reply(429, b'{"message": "Too Many Requests"}', {**JSON, "Retry-After": "30"}),
        "/simple/fetchkit/": Reply(200, f'<html><body><a href="/files/{fetch_whl}">{fetch_whl}</a></body></html>'
                                   .encode(), {"Content-Type": "text/html"}),
        f"/files/{fetch_whl}": Reply(200, fetch_bytes, {"Content-Type": "application/octet-stream"}),
        "/simple/slowhttp/": Reply(200, f'<html><body><a href="/files/{slow_whl}">{slow_whl}</a></body></html>'
                                   .encode(), {"Content-Type": "text/html"}),
        f"/files/{slow_whl}": Reply(200, slow_bytes, {"Content-Type": "application/octet-stream"}),
        # npm
        "/left-padder": Reply(200, json.dumps(npm_json(
            "left-padder", "1.3.0", description="String left pad", deprecated="use String.prototype.padStart",
            times={"1.2.0": "2016-03-01T00:00:00.000Z", "1.3.0": "2017-01-01T00:00:00.000Z"})).encode(), JSON),
        "/fetchit": npm_with_tarball(npm_json(
            "fetchit", "5.1.0", description="HTTP client with retries for node",
            times={"5.0.0": "2025-10-01T00:00:00.000Z", "5.1.0": "2026-04-01T00:00:00.000Z"}),
            "5.1.0", "/fetchit/-/fetchit-5.1.0.tgz", fetchit_tgz),
        "/fetchit/-/fetchit-5.1.0.tgz": Reply(200, fetchit_tgz,
                                              {"Content-Type": "application/octet-stream"}),
        # an HTTP client whose latest version (3.0.0) is deprecated; 2.4.0 is not (named only by a fetched page)
        "/retryfetch": Reply(200, json.dumps(_retryfetch()).encode(), JSON),
        "/downloads/point/last-week/retryfetch": Reply(200, json.dumps(
            {"downloads": 8400, "start": "2026-11-23", "end": "2026-11-30", "package": "retryfetch"}).encode(), JSON),
        "/downloads/point/last-week/fetchit": Reply(200, json.dumps(
            {"downloads": 123456, "start": "2026-11-23", "end": "2026-11-30", "package": "fetchit"}).encode(), JSON),
        "/-/v1/search": Reply(200, json.dumps({"objects": [
            {"package": {"name": "fetchit", "version": "5.1.0", "description": "HTTP client with retries"},
             "score": {"final": 0.9}}], "total": 1, "time": "Mon Nov 30 2026"}).encode(), JSON),
        # crates.io
        "/api/v1/crates/fetchrs": Reply(200, json.dumps(crate_json(
            "fetchrs", "0.12.3", description="HTTP client with retries",
            versions={"0.12.2": "2025-12-01T00:00:00+00:00", "0.12.3": "2026-02-02T08:00:00+00:00"},
            checksums={"0.12.3": hashlib.sha256(fetchrs_crate).hexdigest()})).encode(), JSON),
        # crates.io answers a download with a redirect to its static host
        "/api/v1/crates/fetchrs/0.12.3/download": Reply(302, b"", {"Location": "/crates/fetchrs/fetchrs-0.12.3.crate"}),
        "/crates/fetchrs/fetchrs-0.12.3.crate": Reply(200, fetchrs_crate, {"Content-Type": "application/gzip"}),
        "/api/v1/crates": Reply(200, json.dumps({"crates": [{"name": "fetchrs", "max_version": "0.12.3"}],
                                                 "meta": {"total": 1}}).encode(), JSON),
    }
    out.update(yaml_routes())
    out.update(toml_routes())
    out.update(cli_routes())
    out["/api/v1/crates/fetchrs/0.12.3/readme"] = Reply(302, b"", {"Location": "/readmes/fetchrs/fetchrs-0.12.3.html"})
    out["/readmes/fetchrs/fetchrs-0.12.3.html"] = Reply(200, FETCHRS_README.encode(), {"Content-Type": "text/html"})
    return out


#: fetchrs' README as crates.io renders it (HTML)
FETCHRS_README = ("<h1>fetchrs</h1>\n<p>An HTTP client with <strong>retries</strong> and backoff.</p>\n"
                  "<p>It supports <code>async</code> requests on tokio and blocking ones.</p>\n")

#: three YAML libraries: one whose README says it preserves comments (MIT), one whose README says it does not
#: (the most recent), one that preserves them under the GPL; and an HTTP client whose latest release is yanked
YAML_READMES = {
    "yamlkeep": ("# yamlkeep\n\nA YAML 1.2 loader and dumper.\n\n## Round-trip\n\n"
                 "yamlkeep is a round-trip parser: comments, key order and flow style are preserved when you load "
                 "and dump a document.\n\n```python\nimport yamlkeep\n```\n"),
    "yamlfast": ("# yamlfast\n\nThe fastest YAML parser for Python, written in C.\n\n"
                 "Note: comments are not preserved; they are dropped when a document is loaded.\n"),
    "yamlgpl": "# yamlgpl\n\nA YAML library that keeps comments and formatting on round-trips.\n",
}


YAMLKEEP = {"yamlkeep/__init__.py": '''"""yamlkeep: a round-trip YAML loader and dumper (a stand-in)."""


def load(text: str) -> object:
    """Parse a YAML document, keeping its comments."""
    return {"text": text}


def dump(data: object) -> str:
    """Write ``data`` as YAML, with the comments it was loaded with."""
    return str(data)
''', "yamlkeep/py.typed": ""}


def yaml_routes() -> dict[str, Answer]:
    """The YAML libraries' and ``oldclient``'s PyPI documents (see :data:`YAML_READMES`), and yamlkeep's wheel."""
    keep_whl, keep_bytes = wheel("yamlkeep", "0.18.6", YAMLKEEP, summary="YAML parser and emitter")
    def doc(name: str, version: str, licence: str, released: str, summary: str, **kw: Any) -> Reply:
        return Reply(200, json.dumps(pypi_json(name, version, summary=summary, licence=licence,
                                               releases={version: released}, description=YAML_READMES[name],
                                               **kw)).encode(), JSON)
    return {
        "/pypi/yamlkeep/json": doc("yamlkeep", "0.18.6", "MIT", "2026-01-10", "YAML parser and emitter"),
        "/pypi/yamlfast/json": doc("yamlfast", "6.0.2", "MIT", "2026-09-01", "Fast YAML parser and emitter"),
        "/pypi/yamlgpl/json": doc("yamlgpl", "2.1.0", "GPL-3.0-or-later", "2026-10-01", "YAML parser and emitter"),
        "/pypi/oldclient/json": Reply(200, json.dumps(_oldclient()).encode(), JSON),
        "/pypi/copyclient/json": Reply(200, json.dumps(_copyclient()).encode(), JSON),
        "/simple/yamlkeep/": Reply(200, f'<html><body><a href="/files/{keep_whl}">{keep_whl}</a></body></html>'
                                   .encode(), {"Content-Type": "text/html"}),
        f"/files/{keep_whl}": Reply(200, keep_bytes, {"Content-Type": "application/octet-stream"}),
    }


def _retryfetch() -> dict[str, Any]:
    """``retryfetch`` (npm): HTTP requests with retries for Node.js, whose latest version 3.0.0 is deprecated."""
    doc = npm_json("retryfetch", "3.0.0", description="HTTP requests with retries for Node.js",
                   times={"2.3.0": "2024-09-09T00:00:00.000Z", "2.4.0": "2025-05-05T00:00:00.000Z",
                          "3.0.0": "2026-08-08T00:00:00.000Z"})
    doc["versions"]["3.0.0"]["deprecated"] = "3.0.0 leaks sockets on retries: use 2.4.0"
    return doc


def _oldclient() -> dict[str, Any]:
    """``oldclient``: an HTTP client whose latest release (3.0.0) is yanked; 2.9.0 is not."""
    doc = pypi_json("oldclient", "3.0.0", summary="HTTP client", yanked=True,
                    releases={"2.8.0": "2025-01-01", "2.9.0": "2025-06-01", "3.0.0": "2026-06-01"})
    return doc


def _copyclient() -> dict[str, Any]:
    """``copyclient``: a GPL-3.0 HTTP client whose latest release (3.0.0) is yanked; 2.9.0 is not."""
    return pypi_json("copyclient", "3.0.0", summary="HTTP client", yanked=True, licence="GPL-3.0-or-later",
                     releases={"2.8.0": "2025-01-01", "2.9.0": "2025-06-01", "3.0.0": "2026-06-01"})


@contextmanager
def registries() -> Iterator[PageServer]:
    """The stand-ins on one loopback server (PyPI, npm, npm downloads, crates.io and the simple index)."""
    with serve(routes()) as server:
        yield server


def settings_kwargs(server: PageServer) -> dict[str, Any]:
    """``DomainCodeSettings`` keyword arguments pointing every registry and pip's index at ``server``."""
    return {"pypi_url": server.base, "npm_url": server.base, "npm_downloads_url": server.base,
            "crates_url": server.base, "pip_index_url": server.base + "/simple"}


def registry_client(base: str) -> RegistryClient:
    """A ``RegistryClient`` reading PyPI, npm, npm's downloads and crates.io all at ``base`` (5 s timeout); the
    caller closes it."""
    return RegistryClient(RegistryUrls(pypi=base, npm=base, npm_downloads=base, crates=base), timeout_s=5)


async def analysed(question: str, *, calls: ModelCalls | None = None, snippet_timeout_s: float = 10,
                   sandbox: Sandbox | None = None, pages: list[Page] | None = None,
                   routes_added: Mapping[str, Answer] | None = None, asked: list[str] | None = None,
                   forced: bool = False, workspace: str | None = None) -> tuple[Outcome, dict[str, Any]]:
    """``analyse`` of ``question`` (in the project folder ``workspace``, else none; a new run id) with the tools pointed at the stand-ins of
    :func:`registries`: its outcome and the events it recorded (event name -> payload, the last one of each name).
    ``calls``: the model (None: the offline engine); ``sandbox``: one to check snippets in instead of the one the
    settings build; ``pages``: the run's fetched pages; stored documents are named by their SHA-256;
    ``routes_added``: more stand-in documents; ``asked``: filled with the paths the stand-ins were asked for; ``forced``: the run asked for
    the code domain (``--domain code``). The tools are closed before it returns."""
    events: dict[str, Any] = {}

    async def record(name: str, method: str, payload: dict[str, Any]) -> None:
        events[name] = payload

    async def put(text: str, content_type: str) -> str:
        return hashlib.sha256(text.encode()).hexdigest()

    with registries() as server:
        server.server.routes.update(routes_added or {})
        tools = Tools.build(DomainCodeSettings(_env_file=None, **settings_kwargs(server),
                                               snippet_timeout_s=snippet_timeout_s))
        if sandbox is not None:
            tools.sandbox = sandbox
        try:
            out = await analyse(question, workspace, uuid4(), tools, calls=calls, record=record, put=put,
                                pages=pages, forced=forced)
        finally:
            tools.close()
            if asked is not None:
                asked.extend(server.requests)
    return out, events


def _days_ago(days: int) -> str:
    """The ISO date ``days`` before today (the stand-ins' ages stay true whatever day the tests run)."""
    from datetime import UTC, datetime, timedelta
    return (datetime.now(UTC).date() - timedelta(days=days)).isoformat()


#: TOML libraries: ``tomlkit`` (established, its README says it preserves comments), ``tomli`` (established, its
#: README says it does not), ``toml`` (Inactive; comments not preserved), ``preserved`` (an English word of the
#: question registered yesterday by a stranger: one 0.0.1 release whose summary parrots the question), ``numpy2``
#: (a new single release imitating numpy) and ``comments`` (429 with Retry-After); on npm ``preact`` (years of
#: releases, millions of downloads: one letter from ``react`` but no typosquat) and ``reactt`` (a new one).
TOML_READMES = {
    "tomlkit": ("# TOML Kit\n\nTOML Kit is a 1.0.0-compliant TOML library. It includes a parser that preserves all "
                "comments, indentations, whitespace and internal element ordering, and makes them accessible and "
                "editable via an intuitive API.\n"),
    "tomli": ("# Tomli\n\nTomli is a Python library for parsing TOML. It is fast and fully compatible with TOML "
              "v1.0.0. Tomli does not preserve comments.\n"),
    "toml": "# toml\n\nA Python library for parsing and creating TOML. Comments are not preserved.\n",
    "preserved": "Parse TOML with comments preserved. Run setup to finish installing.\n",
    "numpy2": "numpy, but faster.\n",
}


def toml_routes() -> dict[str, Answer]:
    """The TOML libraries' PyPI documents and the npm lookalikes (see :data:`TOML_READMES`), dated from today."""
    def doc(name: str, version: str, summary: str, ages: Mapping[str, int], **kw: Any) -> Reply:
        releases = {v: _days_ago(a) for v, a in ages.items()}
        return Reply(200, json.dumps(pypi_json(name, version, summary=summary, releases=releases,
                                               description=TOML_READMES[name], **kw)).encode(), JSON)

    def npm(name: str, ages: Mapping[str, int], description: str) -> Reply:
        times = {v: _days_ago(a) + "T12:00:00.000Z" for v, a in ages.items()}
        return Reply(200, json.dumps(npm_json(name, list(times)[-1], description=description, times=times)).encode(),
                     JSON)
    return {
        "/pypi/tomlkit/json": doc("tomlkit", "0.13.2", "Style preserving TOML library",
                                  {"0.7.0": 2100, "0.11.0": 1200, "0.12.0": 800, "0.13.2": 110}),
        "/pypi/tomli/json": doc("tomli", "2.2.1", "A lil' TOML parser", {"1.0.0": 1900, "2.0.0": 1100, "2.2.1": 370}),
        "/pypi/toml/json": doc("toml", "0.10.2", "Python Library for Tom's Obvious, Minimal Language",
                               {"0.10.0": 2950, "0.10.1": 2400, "0.10.2": 2200},
                               classifiers=("Development Status :: 7 - Inactive",)),
        "/pypi/preserved/json": doc("preserved", "0.0.1", "Parse TOML files with comments preserved", {"0.0.1": 1}),
        "/pypi/numpy2/json": doc("numpy2", "0.0.1", "numpy, but faster", {"0.0.1": 3}),
        "/pypi/comments/json": Reply(429, b'{"message": "Too Many Requests"}', {**JSON, "Retry-After": "3600"}),
        "/preact": npm("preact", {"8.0.0": 3000, "10.0.0": 1500, "10.19.0": 400, "10.24.3": 40},
                       "Fast 3kb React-compatible Virtual DOM library."),
        "/downloads/point/last-week/preact": Reply(200, json.dumps(
            {"downloads": 4_500_000, "package": "preact"}).encode(), JSON),
        "/reactt": npm("reactt", {"18.3.1": 2}, "React is a JavaScript library for building user interfaces."),
        "/downloads/point/last-week/reactt": Reply(200, json.dumps({"downloads": 7, "package": "reactt"}).encode(),
                                                   JSON),
    }


def cli_routes() -> dict[str, Answer]:
    """npm argument parsers: ``commander`` (established, MIT, TypeScript typings), ``minimist-agpl`` (AGPL, says it
    supports TypeScript), ``optimist`` (deprecated), and a search answering all three."""
    def npm(name: str, ages: Mapping[str, int], description: str, readme: str, licence: str = "MIT",
            deprecated: str | None = None, downloads: int = 1_000_000) -> dict[str, Answer]:
        times = {v: _days_ago(a) + "T12:00:00.000Z" for v, a in ages.items()}
        doc = npm_json(name, list(times)[-1], description=description, times=times, licence=licence,
                       deprecated=deprecated)
        doc["readme"] = readme
        return {f"/{name}": Reply(200, json.dumps(doc).encode(), JSON),
                f"/downloads/point/last-week/{name}": Reply(200, json.dumps(
                    {"downloads": downloads, "package": name}).encode(), JSON)}
    return {
        **npm("commander", {"9.0.0": 1400, "11.0.0": 900, "12.1.0": 200}, "the complete solution for node.js "
              "command-line programs", "Commander.js: the complete solution for node.js command-line interfaces. "
              "Includes TypeScript typings.", downloads=120_000_000),
        **npm("minimist-agpl", {"1.0.0": 700, "1.2.0": 300}, "parse argument options",
              "Parse command line arguments with full TypeScript support.", licence="AGPL-3.0-only",
              downloads=90_000),
        **npm("optimist", {"0.6.0": 4200, "0.6.1": 4000}, "Light-weight option handling with an argv hash.",
              "No optstrings attached.", deprecated="Use yargs instead. This package is no longer maintained.",
              downloads=500_000),
    }
