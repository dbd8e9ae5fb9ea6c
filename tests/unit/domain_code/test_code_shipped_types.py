"""Issue 15 leftovers, item 5: a requirement for TypeScript types is met by the declarations a package's own
registry tarball ships (an ``index.d.ts`` its README never mentions), over loopback registries: the assessment
says the tarball, quotes the declaration file and cites the tarball's address in the registry document; a package
whose tarball ships none is still not shown to meet it."""

from __future__ import annotations

import json

from tests.code_standins import analysed, npm_json, npm_tarball, npm_with_tarball
from tests.loopback import Answer, Reply

QUESTION = "Which npm package should I use to read TSV files in Node.js with TypeScript types: `tsvrows` or `tsvplain`?"


def routes() -> dict[str, Answer]:
    typed = npm_tarball({"package.json": json.dumps({"name": "tsvrows", "version": "3.2.0", "main": "index.js"}),
                         "index.js": "module.exports = { readRows() {} };\n",
                         "index.d.ts": "/** Read the rows of a TSV file. */\n"
                                       "export declare function readRows(path: string): AsyncIterable<string[]>;\n"})
    plain = npm_tarball({"package.json": json.dumps({"name": "tsvplain", "version": "1.8.0", "main": "index.js"}),
                         "index.js": "module.exports = { read() {} };\n"})
    out: dict[str, Answer] = {}
    for name, version, tgz in (("tsvrows", "3.2.0", typed), ("tsvplain", "1.8.0", plain)):
        doc = npm_json(name, version, description="Read TSV files in Node.js",
                       times={"1.0.0": "2024-01-01T00:00:00.000Z", version: "2026-05-01T00:00:00.000Z"})
        doc["readme"] = f"# {name}\n\nRead TSV files in Node.js, row by row.\n"
        path = f"/{name}/-/{name}-{version}.tgz"
        out[f"/{name}"] = npm_with_tarball(doc, version, path, tgz)
        out[path] = Reply(200, tgz, {"Content-Type": "application/octet-stream"})
    return out


async def test_declarations_only_in_the_tarball_meet_a_typescript_types_requirement() -> None:
    outcome, events = await analysed(QUESTION, routes_added=routes())
    surveyed = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    verdicts = {name: {a["requirement"]: a for a in p["requirements"]} for name, p in surveyed.items()}
    typed = verdicts["tsvrows"]["TypeScript types"]
    assert typed["verdict"] == "met" and "index.d.ts" in typed["sentence"], typed
    assert verdicts["tsvplain"]["TypeScript types"]["verdict"] == "not shown"
    body = outcome.sections[0]["body"]
    assert "`tsvrows` meets it — its package tarball (read, not run): \"tsvrows@3.2.0 ships the TypeScript " \
           "declarations index.d.ts\"[@" in body, body
    assert body.startswith("**Recommended: `tsvrows`"), body  # meeting the requirement ranks it first
