"""npm signatures from TypeScript declarations: the surveyed version's registry tarball (served on loopback,
its sha512 checked) read in memory, its .d.ts entry and re-exports parsed; a package without declarations falls
back to its @types package; failures are problem lines, never invented signatures."""

from __future__ import annotations

import json

from services.domain_code.registries import PackageFacts
from services.domain_code.typings import npm_signatures, signatures_in, types_package
from tests.code_standins import analysed, npm_json, npm_tarball, npm_with_tarball, registries, registry_client
from tests.loopback import Reply, serve

JSON = {"Content-Type": "application/json"}


def test_signatures_come_from_the_packages_own_declarations() -> None:
    with registries() as server:
        client = registry_client(server.base)
        facts = client.survey("npm", "fetchit")
        got = npm_signatures(client, facts, ["get"], limit=12)
        client.close()
    assert got.problems == []
    by_name = {s.name: s for s in got.signatures}
    assert by_name["FetchClient.get"].signature == "FetchClient.get<T = unknown>(path: string, init?: RequestInit): Promise<T>"
    assert got.signatures[0].name == "FetchClient.get"  # the question's name first
    assert by_name["FetchClient.get"].doc == "GET a path below the base URL."
    assert by_name["FetchClient"].signature == "new FetchClient(baseUrl: string, options?: RetryOptions)"
    assert by_name["fetchWithRetry"].signature == ("fetchWithRetry(url: string, options?: RetryOptions): "
                                                   "Promise<Response>")
    assert by_name["fetchWithRetry"].module == "fetchit/dist/index.d.ts" and by_name["FetchClient"].kind == "class"
    assert "FetchClient.pool" not in by_name and "FetchClient.close" in by_name  # private members are not API
    sig = by_name["fetchWithRetry"]
    assert (sig.package, sig.version, sig.language) == ("fetchit", "5.1.0", "typescript")
    assert sig.source.startswith("read from fetchit@5.1.0's own TypeScript declarations (dist/index.d.ts in the "
                                 f"registry tarball {server.base}/fetchit/-/fetchit-5.1.0.tgz")


def test_a_package_without_declarations_uses_its_types_package_and_a_bad_tarball_is_refused() -> None:
    plain = npm_tarball({"package.json": json.dumps({"name": "padkit", "main": "index.js"}),
                         "index.js": "module.exports = function pad() {}\n"})
    stub = npm_tarball({"package.json": json.dumps({"name": "@types/padkit", "types": "index.d.ts"}),
                        "index.d.ts": "declare function padkit(s: string, n: number, ch?: string): string;\n"
                                      "declare namespace padkit { function right(s: string, n: number): string; }\n"
                                      "export = padkit;\n"})
    routes = {
        "/padkit": npm_with_tarball(npm_json("padkit", "2.0.0", description="pad"), "2.0.0", "/t/padkit.tgz", plain),
        "/t/padkit.tgz": Reply(200, plain),
        "/@types%2Fpadkit": npm_with_tarball(npm_json("@types/padkit", "2.0.3", description="types"), "2.0.3",
                                             "/t/types-padkit.tgz", stub),
        "/t/types-padkit.tgz": Reply(200, stub),
        "/lonely": npm_with_tarball(npm_json("lonely", "1.0.0", description="x"), "1.0.0", "/t/lonely.tgz", plain),
        "/t/lonely.tgz": Reply(200, plain),
        "/tampered": npm_with_tarball(npm_json("tampered", "1.0.0", description="x"), "1.0.0", "/t/bad.tgz", plain),
        "/t/bad.tgz": Reply(200, stub),  # not the bytes the registry's integrity names
    }
    with serve(routes) as server:
        client = registry_client(server.base)
        padkit = npm_signatures(client, PackageFacts("npm", "padkit", server.base + "/padkit", version="2.0.0"), [])
        lonely = npm_signatures(client, PackageFacts("npm", "lonely", server.base + "/lonely", version="1.0.0"), [])
        tampered = npm_signatures(client, PackageFacts("npm", "tampered", server.base + "/tampered",
                                                       version="1.0.0"), [])
        client.close()
    assert [s.signature for s in padkit.signatures] == ["padkit(s: string, n: number, ch?: string): string",
                                                        "padkit.right(s: string, n: number): string"]
    assert padkit.signatures[0].version == "2.0.0" and padkit.signatures[0].module == "@types/padkit/index.d.ts"
    assert "the DefinitelyTyped declarations @types/padkit@2.0.3 (the package ships none)" in padkit.signatures[0].source
    assert lonely.signatures == [] and lonely.problems == [
        "lonely@1.0.0: no signatures (lonely@1.0.0 ships no TypeScript declarations and @types/lonely does not exist)"]
    assert tampered.signatures == [] and "does not match the registry's sha512 integrity" in tampered.problems[0]
    assert types_package("@scope/x") == "@types/scope__x"


def test_exports_decide_what_is_api() -> None:
    files = {"index.d.ts": "export declare function shown(a: number): void;\n"
                           "declare function hidden(): void;\n"
                           "export { helper as aid } from './helpers.js';\n",
             "helpers.d.ts": "export declare function helper(x: string): string;\n"
                             "export declare function other(): void;\n"}
    found = [(name, text) for _, name, _, text, _ in signatures_in(files, "index.d.ts", [])]
    assert found == [("shown", "shown(a: number): void"), ("aid", "aid(x: string): string")]


async def test_an_npm_question_gets_the_declared_signatures_in_its_report() -> None:
    out, events = await analysed("Which npm package should I use in Node.js for HTTP requests with retries: "
                                 "`fetchit`? I call get().")
    extracted = events["ApiSignaturesExtracted"]
    assert extracted["problems"] == []
    assert "FetchClient.get<T = unknown>(path: string, init?: RequestInit): Promise<T>" in [
        s["signature"] for s in extracted["signatures"]]
    body = next(s["body"] for s in out.sections if s["heading"] == "API signatures")
    assert "```ts\nFetchClient.get<T = unknown>(path: string, init?: RequestInit): Promise<T>" in body
    assert "signatures are introspected for PyPI packages only" not in " ".join(out.notes)
