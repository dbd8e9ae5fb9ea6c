"""Exact API signatures of an npm package from its TypeScript declarations (``.d.ts``), never from a model's memory.

``npm_signatures(client, facts, wanted)`` reads the surveyed version's registry entry (``versions[v].dist``:
``tarball``, ``integrity`` / ``shasum``), downloads the tarball through the registry client (size-limited, its
checksum verified), and reads it in memory (nothing is extracted nor run): the declaration entry named by the
tarball's ``package.json`` (``types`` / ``typings``, ``exports["."].types``, else ``main`` with ``.d.ts``, else
``index.d.ts``) and the files it re-exports (``export * from './x'``). A package that ships no declarations is
looked up as ``@types/<name>`` (DefinitelyTyped) the same way.

Declarations are parsed with tree-sitter's TypeScript grammar; the exported functions, classes (constructor and
public methods), interfaces' methods, namespaces' members and declared variables become :class:`Signature`
records whose ``module`` is the declaration file (``fetchit/index.d.ts``) and whose ``source`` says the package,
version, file and tarball they were read from.
"""

from __future__ import annotations

import base64
import hashlib
import json
import posixpath
from dataclasses import dataclass, field
from typing import Any

import tree_sitter_typescript
from tree_sitter import Language, Node, Parser

from services.domain_code.registries import PackageFacts, RegistryClient, RegistryError
from services.domain_code.signatures import Extraction, Signature
from services.domain_code.tarballs import TarballError, read_text_files

#: the largest tarball downloaded, bytes
MAX_TARBALL_BYTES = 25 * 1024 * 1024
#: the largest declaration file read, bytes; and how many files one package's entry may pull in
MAX_DTS_BYTES = 2 * 1024 * 1024
MAX_DTS_FILES = 24
_PARSER = Parser(Language(tree_sitter_typescript.language_typescript()))
_FUNCTIONS = ("function_signature", "function_declaration")
_CLASSES = ("class_declaration", "abstract_class_declaration", "class")
_METHODS = ("method_signature", "method_definition", "abstract_method_signature")
_VARIABLES = ("lexical_declaration", "variable_declaration")


class TypingsError(Exception):
    """The declarations could not be read; the message says why (no tarball, checksum, no ``.d.ts``)."""


@dataclass
class _Decl:
    """One top-level declaration: its signatures (name, kind, text, doc) and, for a namespace, its members."""

    items: list[tuple[str, str, str, str]] = field(default_factory=list)


def _text(node: Node | None) -> str:
    return " ".join((node.text or b"").decode("utf-8", "replace").split()) if node is not None else ""


def _doc(node: Node) -> str:
    """The first line of the JSDoc comment right before ``node`` (or before its export statement)."""
    here: Node | None = node
    while here is not None and here.parent is not None and here.parent.type in ("export_statement",
                                                                                   "ambient_declaration"):
        here = here.parent
    prev = here.prev_named_sibling if here is not None else None
    if prev is None or prev.type != "comment":
        return ""
    raw = (prev.text or b"").decode("utf-8", "replace")
    if not raw.startswith("/**"):
        return ""
    lines = [line.strip().lstrip("*").strip() for line in raw.strip("/").strip("*").splitlines()]
    return next((line for line in lines if line and not line.startswith("@")), "")[:200]


def _callable(name: str, node: Node) -> str:
    """``name<T>(params): ret`` from a function or method node."""
    return (name + _text(node.child_by_field_name("type_parameters")) + _text(node.child_by_field_name("parameters"))
            + _text(node.child_by_field_name("return_type")))


def _hidden(node: Node) -> bool:
    modifiers = {_text(c) for c in node.children if c.type == "accessibility_modifier"}
    name = _text(node.child_by_field_name("name"))
    return bool(modifiers & {"private", "protected"}) or name.startswith(("#", "_"))


def _members(owner: str, body: Node | None) -> list[tuple[str, str, str, str]]:
    """The public methods (and constructor) of a class or interface body."""
    out: list[tuple[str, str, str, str]] = []
    if body is None:
        return out
    for child in body.named_children:
        if child.type in _METHODS and not _hidden(child):
            name = _text(child.child_by_field_name("name"))
            if name == "constructor":
                out.append((owner, "class", f"new {owner}" + _text(child.child_by_field_name("parameters")),
                            _doc(child)))
            else:
                out.append((f"{owner}.{name}", "method", _callable(f"{owner}.{name}", child), _doc(child)))
        elif child.type == "construct_signature":
            out.append((owner, "class", f"new {owner}" + _text(child.child_by_field_name("parameters")), _doc(child)))
    return out


def _declarations(node: Node, prefix: str = "") -> dict[str, _Decl]:
    """Every declaration directly in ``node`` (a program or a namespace body), by name."""
    found: dict[str, _Decl] = {}
    for child in node.named_children:
        for decl, name_node in _unwrapped(child):
            name = _text(name_node)
            if not name:
                continue
            full = f"{prefix}{name}"
            entry = found.setdefault(name, _Decl())
            if decl.type in _FUNCTIONS:
                entry.items.append((full, "function", _callable(full, decl), _doc(decl)))
            elif decl.type in _CLASSES:
                members = _members(full, decl.child_by_field_name("body"))
                if not any(kind == "class" for _, kind, _, _ in members):
                    members.insert(0, (full, "class", f"class {full}", _doc(decl)))
                entry.items.extend(members)
            elif decl.type == "interface_declaration":
                entry.items.extend(_members(full, decl.child_by_field_name("body")))
            elif decl.type in ("internal_module", "module"):
                body = decl.child_by_field_name("body")
                if body is not None:
                    for inner in _declarations(body, f"{full}.").values():
                        entry.items.extend(inner.items)
            elif decl.type == "variable_declarator":
                entry.items.append((full, "variable", f"{full}{_text(decl.child_by_field_name('type'))}",
                                    _doc(decl)))
    return found


def _unwrapped(node: Node) -> list[tuple[Node, Node | None]]:
    """(declaration, its name node) pairs inside ``node`` (through ``export`` and ``declare``)."""
    if node.type in ("export_statement", "ambient_declaration"):
        inner = node.child_by_field_name("declaration")
        kids = [inner] if inner is not None else [c for c in node.named_children if c.type != "comment"]
        return [pair for kid in kids for pair in _unwrapped(kid)]
    if node.type in _VARIABLES:
        return [(d, d.child_by_field_name("name")) for d in node.named_children if d.type == "variable_declarator"]
    if node.type in (*_FUNCTIONS, *_CLASSES, "interface_declaration", "internal_module", "module"):
        return [(node, node.child_by_field_name("name"))]
    if node.type == "expression_statement" and node.named_children:  # ``declare namespace X`` parses so
        return _unwrapped(node.named_children[0])
    return []


@dataclass
class _Exports:
    """What a declaration file exports: names (exported name -> local name), whether it exports at all, and the
    relative files it re-exports (``export * from``: every name; ``export {a} from``: those names)."""

    names: dict[str, str] = field(default_factory=dict)
    any_export: bool = False
    star_from: list[str] = field(default_factory=list)
    named_from: list[tuple[str, dict[str, str]]] = field(default_factory=list)


def _exports(root: Node) -> _Exports:
    out = _Exports()
    for child in root.named_children:
        if child.type != "export_statement":
            continue
        out.any_export = True
        source = child.child_by_field_name("source")
        clause = next((c for c in child.named_children if c.type == "export_clause"), None)
        pairs: dict[str, str] = {}
        if clause is not None:
            for spec in clause.named_children:
                if spec.type == "export_specifier":
                    local = _text(spec.child_by_field_name("name"))
                    pairs[_text(spec.child_by_field_name("alias")) or local] = local
        if source is not None:
            path = _text(source).strip("'\"")
            if clause is None:
                out.star_from.append(path)
            else:
                out.named_from.append((path, pairs))
            continue
        out.names.update(pairs)
        for _, name_node in _unwrapped(child):
            if name_node is not None:
                out.names.setdefault(_text(name_node), _text(name_node))
        raw = _text(child)
        if raw.startswith(("export =", "export default")):
            target = child.child_by_field_name("value") or next(
                (c for c in child.named_children if c.type == "identifier"), None)
            if target is not None and target.type == "identifier":
                out.names["default"] = _text(target)
    return out


def signatures_in(files: dict[str, str], entry: str, wanted: list[str], *, limit: int = 12
                  ) -> list[tuple[str, str, str, str, str]]:
    """The exported signatures reachable from declaration file ``entry`` of ``files`` (path -> text), following
    relative re-exports: (file, name, kind, signature, doc), the ``wanted`` names first, at most ``limit``."""
    found: list[tuple[str, str, str, str, str]] = []
    seen: set[str] = set()

    def visit(path: str, only: dict[str, str] | None) -> None:
        if path in seen or path not in files or len(seen) >= MAX_DTS_FILES:
            return
        seen.add(path)
        root = _PARSER.parse(files[path].encode("utf-8")).root_node
        decls = _declarations(root)
        exports = _exports(root)
        names = exports.names if exports.any_export else {n: n for n in decls}
        if only is not None:
            names = {alias: names.get(local, local) for alias, local in only.items()}
        for alias, local in names.items():
            decl = decls.get(local)
            if decl is None:
                continue
            for name, kind, text, doc in decl.items:
                if alias not in (local, "default"):  # ``export {helper as aid}``: it is imported as ``aid``
                    name, text = alias + name[len(local):], text.replace(local, alias, 1)
                found.append((path, name, kind, text, doc))
        for target in exports.star_from:
            visit(_resolve(files, path, target) or "", None if only is None else only)
        for target, pairs in exports.named_from:
            visit(_resolve(files, path, target) or "", pairs)

    visit(entry, None)
    unique = list({(f, n, t): (f, n, k, t, d) for f, n, k, t, d in found}.values())

    def rank(item: tuple[str, str, str, str, str]) -> tuple[int, int]:
        head = item[1].split(".")
        hit = next((i for i, w in enumerate(wanted) if w in head), len(wanted))
        return (hit, 0)

    return sorted(unique, key=rank)[:limit]


def _resolve(files: dict[str, str], here: str, target: str) -> str | None:
    """The declaration file a relative import of ``here`` names (``./x``, ``./x.js``, ``./x/``)."""
    if not target.startswith("."):
        return None
    base = posixpath.normpath(posixpath.join(posixpath.dirname(here), target))
    stem = base.removesuffix(".js").removesuffix(".mjs").removesuffix(".cjs")
    for candidate in (f"{stem}.d.ts", f"{stem}.d.mts", f"{stem}.d.cts", f"{base}/index.d.ts", base):
        if candidate in files and candidate.endswith((".d.ts", ".d.mts", ".d.cts")):
            return candidate
    return None


def read_tarball(data: bytes) -> tuple[dict[str, Any], dict[str, str]]:
    """The ``package.json`` (dict) and the declaration files (path without the top folder -> text) of an npm
    tarball, read in memory. Raises: TypingsError when it is not a gzip tar."""
    try:
        files = read_text_files(data, lambda path: path == "package.json"
                                or path.endswith((".d.ts", ".d.mts", ".d.cts")), max_member_bytes=MAX_DTS_BYTES)
    except TarballError as exc:
        raise TypingsError(str(exc)) from None
    manifest: dict[str, Any] = {}
    text = files.pop("package.json", None)
    if text is not None:
        try:
            loaded = json.loads(text)
        except json.JSONDecodeError:
            loaded = {}
        manifest = loaded if isinstance(loaded, dict) else {}
    return manifest, files


def declaration_entry(manifest: dict[str, Any], files: dict[str, str]) -> str | None:
    """The declaration file a package's types start from (see the module), or None when it ships none."""
    candidates: list[str] = []
    for key in ("types", "typings"):
        if isinstance(manifest.get(key), str):
            candidates.append(manifest[key])
    exports = manifest.get("exports")
    dot = exports.get(".") if isinstance(exports, dict) else None
    while isinstance(dot, dict):
        if isinstance(dot.get("types"), str):
            candidates.append(dot["types"])
            break
        dot = dot.get("import") or dot.get("require") or dot.get("default")
    if isinstance(manifest.get("main"), str):
        candidates.append(str(manifest["main"]).rsplit(".", 1)[0] + ".d.ts")
    candidates.append("index.d.ts")
    for raw in candidates:
        path = posixpath.normpath(raw.lstrip("./")) if raw.startswith("./") else posixpath.normpath(raw)
        for option in (path, f"{path}.d.ts", f"{path}/index.d.ts"):
            if option in files:
                return option
    return None


def _verify(data: bytes, dist: dict[str, Any], what: str) -> None:
    integrity = str(dist.get("integrity") or "")
    if integrity.startswith("sha512-"):
        digest = base64.b64encode(hashlib.sha512(data).digest()).decode()
        if digest != integrity.removeprefix("sha512-"):
            raise TypingsError(f"{what}: the tarball does not match the registry's sha512 integrity")
    elif dist.get("shasum") and hashlib.sha1(data).hexdigest() != str(dist["shasum"]):  # noqa: S324 (npm's checksum)
        raise TypingsError(f"{what}: the tarball does not match the registry's shasum")


def _package_types(client: RegistryClient, name: str, version: str | None
                   ) -> tuple[str, str, str, dict[str, str], str | None]:
    """(name, version, tarball URL, declaration files, entry) of ``name@version`` (latest when None)."""
    packument = client.get_json(client.page_url("npm", name), f"npm {name}")
    version = version or str(packument["dist-tags"]["latest"])
    meta = (packument.get("versions") or {}).get(version)
    if not isinstance(meta, dict):
        raise TypingsError(f"{name}@{version}: the registry lists no such version")
    dist = meta.get("dist") or {}
    tarball = dist.get("tarball")
    if not tarball:
        raise TypingsError(f"{name}@{version}: the registry names no tarball (dist.tarball)")
    data = client.get_bytes(str(tarball), f"{name}@{version} tarball", max_bytes=MAX_TARBALL_BYTES)
    _verify(data, dist, f"{name}@{version}")
    manifest, files = read_tarball(data)
    return name, version, str(tarball), files, declaration_entry(manifest, files)


def shipped_declarations(client: RegistryClient, facts: PackageFacts) -> tuple[str, str] | None:
    """(the declaration entry, the tarball URL) when the surveyed npm package's own registry tarball ships
    TypeScript declarations (:func:`declaration_entry`: ``package.json``'s ``types``, or an ``index.d.ts`` its
    README never mentions), else None; a ``@types`` package is not the package's own. Never raises."""
    try:
        _name, _version, tarball, _files, entry = _package_types(client, facts.name, facts.installable)
    except (RegistryError, TypingsError, KeyError, TypeError, ValueError):
        return None
    return (entry, tarball) if entry else None


def types_package(name: str) -> str:
    """The DefinitelyTyped package of ``name``: ``left-pad`` -> ``@types/left-pad``, ``@scope/x`` ->
    ``@types/scope__x``."""
    return "@types/" + (name[1:].replace("/", "__") if name.startswith("@") else name)


def npm_signatures(client: RegistryClient, facts: PackageFacts, wanted: list[str], *, limit: int = 12
                   ) -> Extraction:
    """Signatures of the surveyed npm package ``facts`` from its own declarations, else from its
    ``@types`` package (see the module). Never raises: what fails is a ``problems`` line."""
    result = Extraction()
    label = f"{facts.name}@{facts.installable}"
    try:
        name, version, tarball, files, entry = _package_types(client, facts.name, facts.installable)
        how = f"{name}@{version}'s own TypeScript declarations"
        if entry is None:
            stub = types_package(facts.name)
            try:
                name, version, tarball, files, entry = _package_types(client, stub, None)
            except RegistryError as exc:
                if exc.reason.startswith("not_found"):
                    raise TypingsError(f"{label} ships no TypeScript declarations and {stub} does not exist"
                                       ) from None
                raise
            how = f"the DefinitelyTyped declarations {name}@{version} (the package ships none)"
            if entry is None:
                raise TypingsError(f"{label} ships no TypeScript declarations, nor does {name}@{version}")
    except (RegistryError, TypingsError, KeyError, TypeError, ValueError) as exc:
        reason = exc.reason if isinstance(exc, RegistryError) else str(exc)
        result.problems.append(f"{label}: no signatures ({reason})"[:400])
        return result
    for path, sig_name, kind, text, doc in signatures_in(files, entry, wanted, limit=limit):
        result.signatures.append(Signature(
            facts.name, str(facts.installable), f"{name}/{path}", sig_name, kind, text, doc,
            f"read from {how} ({path} in the registry tarball {tarball}; parsed, not run)"))
    if not result.signatures:
        result.problems.append(f"{label}: its declarations ({name}/{entry}) export no function, class or method")
    return result
