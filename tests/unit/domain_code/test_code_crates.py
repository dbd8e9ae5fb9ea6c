"""crates.io signatures from the crate's own source: the surveyed version's ``.crate`` (named by the registry's
``dl_path``, fetched through crates.io's redirect, its SHA-256 checked against the registry's ``checksum``) read in
memory and parsed with tree-sitter's Rust grammar; public items of public modules and ``pub use`` re-exports are
API, private ones are not; failures are problem lines, never invented signatures."""

from __future__ import annotations

import hashlib
import json

from contracts.domain_code import ApiSignature
from services.domain_code.crates import crate_items, crate_signatures
from services.domain_code.registries import PackageFacts
from tests.code_standins import FETCHRS_SOURCE, analysed, crate_json, crate_tarball, registries, registry_client
from tests.loopback import Reply, serve

JSON = {"Content-Type": "application/json"}


def test_signatures_come_from_the_crates_own_source() -> None:
    with registries() as server:
        client = registry_client(server.base)
        facts = client.survey("crates", "fetchrs")
        got = crate_signatures(client, facts, ["with_retries"], limit=20)
        asked = [seen.path for seen in server.seen]
        client.close()
    assert got.problems == []
    by_name = {s.name: s for s in got.signatures}
    assert got.signatures[0].name == "fetchrs::with_retries"  # the question's name first
    assert by_name["fetchrs::with_retries"].signature == (
        "pub fn with_retries<F, T>(policy: &RetryPolicy, f: F) -> Result<T, crate::Error> "
        "where F: FnMut() -> Result<T, crate::Error>")
    assert by_name["fetchrs::get"].signature == "pub fn get(url: &str) -> Result<Response, Error>"
    assert by_name["fetchrs::get"].doc == "Fetch a URL once and return its response."
    assert by_name["fetchrs::Response"].signature == "pub struct Response { pub status: u16, .. }"
    assert by_name["fetchrs::Response::text"].signature == "pub fn text(&self) -> Result<String, Error>"
    assert by_name["fetchrs::Error"].signature == "pub enum Error { Timeout, Status(u16), }"
    assert by_name["fetchrs::client::Client::new"].signature == "pub fn new(base: impl Into<String>) -> Self"
    assert by_name["fetchrs::RetryPolicy"].module == "fetchrs-0.12.3/src/retry.rs"  # re-exported at the root
    for hidden in ("fetchrs::internal", "fetchrs::Response::raw", "fetchrs::client::Client::send",
                   "fetchrs::not_reexported", "fetchrs::retry::not_reexported"):
        assert hidden not in by_name, hidden  # pub(crate), private, or in a private module and not re-exported
    sig = by_name["fetchrs::get"]
    assert (sig.package, sig.version, sig.language, sig.kind) == ("fetchrs", "0.12.3", "rust", "function")
    assert sig.source == ("read from fetchrs 0.12.3's own source (src/lib.rs in the crates.io download "
                          f"{server.base}/api/v1/crates/fetchrs/0.12.3/download, sha256-checked; parsed, not "
                          "compiled)")
    assert "/crates/fetchrs/fetchrs-0.12.3.crate" in asked  # the registry's redirect was followed


def test_a_tampered_missing_or_binary_crate_gives_a_problem_not_signatures() -> None:
    good = crate_tarball("good", "1.0.0", FETCHRS_SOURCE)
    binary = crate_tarball("tool", "1.0.0", {"Cargo.toml": '[package]\nname = "tool"\nversion = "1.0.0"\n',
                                             "src/main.rs": "fn main() {}\n"})

    def doc(name: str, data: bytes | None) -> Reply:
        sums = {"1.0.0": hashlib.sha256(data).hexdigest()} if data is not None else {}
        return Reply(200, json.dumps(crate_json(name, "1.0.0", description="x", checksums=sums)).encode(), JSON)

    routes = {
        "/api/v1/crates/tampered": doc("tampered", good),
        "/api/v1/crates/tampered/1.0.0/download": Reply(200, binary),  # not the bytes the checksum names
        "/api/v1/crates/gone": doc("gone", good),
        "/api/v1/crates/gone/1.0.0/download": Reply(404, b'{"errors":[{"detail":"Not Found"}]}', JSON),
        "/api/v1/crates/tool": doc("tool", binary),
        "/api/v1/crates/tool/1.0.0/download": Reply(200, binary),
        "/api/v1/crates/busy": Reply(429, b'{"errors":[{"detail":"rate limited"}]}', JSON),
    }
    with serve(routes) as server:
        client = registry_client(server.base)
        got = {name: crate_signatures(client, PackageFacts("crates", name, f"{server.base}/api/v1/crates/{name}",
                                                           version="1.0.0"), [])
               for name in ("tampered", "gone", "tool", "busy")}
        client.close()
    assert all(g.signatures == [] and len(g.problems) == 1 for g in got.values()), got
    assert "does not match the registry's sha256 checksum" in got["tampered"].problems[0]
    assert got["gone"].problems[0].startswith("gone 1.0.0 (crates): no signatures (not_found:")
    assert "it has no library (no [lib] path, no src/lib.rs)" in got["tool"].problems[0]
    assert "rate_limited" in got["busy"].problems[0]


def test_pub_use_forms_and_a_lib_path() -> None:
    files = {"src/api.rs": "mod inner;\npub use self::inner::*;\npub use inner::Thing as Renamed;\n"
                           "pub use crate::util::helper;\n",
             "src/inner.rs": "pub struct Thing;\nimpl Thing { pub fn go(&self) {} }\npub fn deep() -> u8 { 1 }\n",
             "src/util.rs": "pub fn helper(x: u32) -> u32 { x }\n"}
    lib = "src/api.rs"  # Cargo.toml's [lib] path: its modules are next to it (src/inner.rs, src/util.rs)
    found = {rust: text for _, rust, _, text, _ in crate_items({**files, lib: "pub mod util;\n" + files[lib]}, lib,
                                                               "my-crate")}
    assert found["my_crate::Thing"] == "pub struct Thing"  # the glob re-export
    assert found["my_crate::Renamed"] == "pub struct Renamed" and found["my_crate::Renamed::go"] == "pub fn go(&self)"
    assert found["my_crate::deep"] == "pub fn deep() -> u8"
    assert found["my_crate::helper"] == found["my_crate::util::helper"] == "pub fn helper(x: u32) -> u32"


async def test_a_rust_question_gets_the_crates_signatures_in_its_report() -> None:
    out, events = await analysed("Which Rust crate should I use for HTTP requests with retries: `fetchrs`? I call "
                                 "with_retries().")
    extracted = events["ApiSignaturesExtracted"]
    assert extracted["problems"] == [], extracted["problems"]
    kinds = {ApiSignature.model_validate(s).kind for s in extracted["signatures"]}  # the event's contract
    assert {"function", "struct", "enum", "method"} <= kinds, kinds
    assert extracted["signatures"][0]["name"] == "fetchrs::with_retries"
    body = next(s["body"] for s in out.sections if s["heading"] == "API signatures")
    assert "```rust\n// fetchrs::with_retries: Call `f` until it succeeds or the policy gives up.\n" in body
    assert "read from fetchrs 0.12.3's own source" in body
