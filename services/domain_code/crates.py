"""Exact API signatures of a crates.io package from its own source (the ``.crate`` tarball), never from a model's
memory.

``crate_signatures(client, facts, wanted)`` reads the surveyed version's record from the registry's JSON API
(``GET {crates}/api/v1/crates/{name}``: ``versions[].dl_path`` and ``checksum``; else
``GET {crates}/api/v1/crates/{name}/{version}``), downloads ``{crates}{dl_path}`` through the registry client
(crates.io answers it with a redirect to its static host; size-limited, its SHA-256 checked against the registry's
``checksum``), and reads it in memory (nothing is extracted, built nor run): ``Cargo.toml``'s ``[lib] path`` (else
``src/lib.rs``) and the module files it declares (``mod x;`` -> ``x.rs`` or ``x/mod.rs``; inline ``mod x { }``).

The sources are parsed with tree-sitter's Rust grammar. The public items (``pub``, not ``pub(crate)``) of public
modules, and those a ``pub use`` re-exports from private ones, become :class:`Signature` records: functions
(``pub fn``: the declaration up to its body), structs (with their public fields; ``..`` when some are private),
enums (with their variants), traits (the trait, then each of its methods), the public methods of inherent
``impl`` blocks, constants and statics (kind "variable", without their value) and type aliases. A record's ``name`` is its Rust path (``fetchrs::get``,
``fetchrs::Client::new``), its ``module`` the source file (``fetchrs-0.12.3/src/lib.rs``), its ``doc`` the first
line of its ``///`` comment, and its ``source`` says the crate, version, file and download URL it was read from.
"""

from __future__ import annotations

import hashlib
import posixpath
import tomllib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

import tree_sitter_rust
from tree_sitter import Language, Node, Parser

from services.domain_code.registries import PackageFacts, RegistryClient, RegistryError
from services.domain_code.signatures import Extraction, Signature
from services.domain_code.tarballs import TarballError, read_text_files

#: the largest ``.crate`` downloaded, bytes; the largest source file read, bytes; how many module files are read
MAX_CRATE_BYTES = 25 * 1024 * 1024
MAX_RS_BYTES = 1024 * 1024
MAX_RS_FILES = 64
_PARSER = Parser(Language(tree_sitter_rust.language()))
#: the longest enum or tuple-struct text shown whole (longer ones are cut to their head and ``{ … }``)
_WHOLE = 240


class CrateError(Exception):
    """The crate's source could not be read; the message says why (no download path, checksum, no library)."""


@dataclass
class _Item:
    """One public item found in a module: its name (as declared), kind, signature text, doc line, file."""

    name: str
    kind: str
    text: str
    doc: str
    path: str  # the source file (inside the crate)
    owner: str = ""  # a method's type or trait ("Client"), "" for a module-level item


@dataclass
class _Module:
    """One module: its Rust path (``fetchrs::client``), whether it is reachable from outside (every module on its
    path ``pub``), its items, and its ``pub use`` re-exports (the used path's segments, alias; ``*``: a glob)."""

    path: str
    public: bool
    items: list[_Item] = field(default_factory=list)
    uses: list[tuple[list[str], str]] = field(default_factory=list)
    #: ``#[macro_export]`` macros defined here (exported at the crate root whatever the module)
    macros: list[_Item] = field(default_factory=list)
    #: names of the macros invoked where items are declared (``define_client!(…)``): what they make is not read
    invoked: list[str] = field(default_factory=list)


def _text(node: Node | None) -> str:
    return " ".join((node.text or b"").decode("utf-8", "replace").split()) if node is not None else ""


def _public(node: Node) -> bool:
    """Whether ``node`` is declared plain ``pub`` (``pub(crate)``, ``pub(super)``, ``pub(in …)`` are not public)."""
    vis = next((c for c in node.children if c.type == "visibility_modifier"), None)
    return vis is not None and _text(vis) == "pub"


def _doc(node: Node) -> str:
    """The first line of the ``///`` doc comment right before ``node`` (attributes in between are skipped)."""
    lines: list[str] = []
    prev = node.prev_sibling
    while prev is not None and prev.type in ("line_comment", "attribute_item", "block_comment"):
        raw = (prev.text or b"").decode("utf-8", "replace")
        if prev.type == "line_comment" and raw.startswith("///") and not raw.startswith("////"):
            lines.insert(0, raw[3:].strip())
        elif prev.type != "attribute_item":
            break
        prev = prev.prev_sibling
    return next((line for line in lines if line), "")[:200]


def _head(node: Node, body_types: tuple[str, ...]) -> str:
    """The item's text up to its body (a function's block, a struct's fields…), whitespace folded."""
    body = next((c for c in node.children if c.type in body_types), None)
    raw = node.text or b""
    if body is not None:
        raw = raw[:body.start_byte - node.start_byte]
    return " ".join(raw.decode("utf-8", "replace").split()).rstrip(" ;,")


def _struct(node: Node) -> str:
    fields = next((c for c in node.children if c.type == "field_declaration_list"), None)
    if fields is None:  # a tuple or unit struct: shown whole (short) or cut
        whole = _text(node).rstrip(";")
        return whole if len(whole) <= _WHOLE else _head(node, ("ordered_field_declaration_list",)) + "(…)"
    declared = [f for f in fields.named_children if f.type == "field_declaration"]
    shown = [_text(f) for f in declared if _public(f)]
    if len(shown) < len(declared):
        shown.append("..")
    return _head(node, ("field_declaration_list",)) + (" { " + ", ".join(shown) + " }" if shown else " { }")


def _enum(node: Node) -> str:
    whole = _text(node)
    if len(whole) <= _WHOLE:
        return whole
    variants = next((c for c in node.children if c.type == "enum_variant_list"), None)
    names = [_text(v.child_by_field_name("name")) for v in variants.named_children
             if v.type == "enum_variant"] if variants is not None else []
    return _head(node, ("enum_variant_list",)) + " { " + ", ".join(names) + " }"


def _functions(body: Node | None, owner: str, path: str, *, all_public: bool) -> list[_Item]:
    """The (public, or every one for a trait) functions of an ``impl`` or ``trait`` body, as methods of ``owner``."""
    out: list[_Item] = []
    if body is None:
        return out
    for child in body.named_children:
        if child.type in ("function_item", "function_signature_item") and (all_public or _public(child)):
            name = _text(child.child_by_field_name("name"))
            out.append(_Item(name, "method", _head(child, ("block",)), _doc(child), path, owner))
    return out


def _read_module(node: Node, module: _Module, file: str, files: dict[str, str],
                 found: dict[str, _Module], budget: list[int], *, root: bool = False) -> None:
    """Collect ``node``'s items into ``module`` and visit its submodules (files found next to ``file``; ``root``:
    ``file`` is the crate root, whose submodules are next to it whatever its name)."""
    for child in node.named_children:
        kind = child.type
        name = _text(child.child_by_field_name("name"))
        if kind == "macro_definition":
            if _exported_macro(child) and name:
                module.macros.append(_Item(f"{name}!", "macro", _macro_text(child, name), _doc(child), file))
            continue
        if kind == "macro_invocation" or (kind == "expression_statement" and child.named_children
                                          and child.named_children[0].type == "macro_invocation"):
            call = child if kind == "macro_invocation" else child.named_children[0]
            macro = _text(call.child_by_field_name("macro"))
            if macro and macro not in module.invoked:
                module.invoked.append(macro)
            continue
        if kind == "mod_item":
            sub = _Module(f"{module.path}::{name}", module.public and _public(child))
            found[sub.path] = sub
            body = child.child_by_field_name("body")
            if body is not None:  # ``mod x { … }``
                _read_module(body, sub, file, files, found, budget)
                continue
            target = _submodule_file(files, file, name, root=root)
            if target is not None and budget[0] > 0:
                budget[0] -= 1
                _read_module(_PARSER.parse(files[target].encode("utf-8")).root_node, sub, target, files, found,
                             budget)
        elif kind == "use_declaration" and _public(child):
            module.uses.extend(_uses(child.child_by_field_name("argument"), []))
        elif kind == "impl_item" and child.child_by_field_name("trait") is None:
            owner = _text(child.child_by_field_name("type")).split("<")[0].strip()
            module.items.extend(_functions(child.child_by_field_name("body"), owner, file, all_public=False))
        elif not _public(child) or not name:
            continue
        elif kind == "function_item":
            module.items.append(_Item(name, "function", _head(child, ("block",)), _doc(child), file))
        elif kind == "function_signature_item":
            module.items.append(_Item(name, "function", _head(child, ()), _doc(child), file))
        elif kind in ("struct_item", "union_item"):
            module.items.append(_Item(name, "struct", _struct(child), _doc(child), file))
        elif kind == "enum_item":
            module.items.append(_Item(name, "enum", _enum(child), _doc(child), file))
        elif kind == "trait_item":
            module.items.append(_Item(name, "trait", _head(child, ("declaration_list",)), _doc(child), file))
            module.items.extend(_functions(child.child_by_field_name("body"), name, file, all_public=True))
        elif kind in ("const_item", "static_item"):
            module.items.append(_Item(name, "variable", _head(child, ()).split(" = ", 1)[0], _doc(child), file))
        elif kind == "type_item":
            module.items.append(_Item(name, "type", _text(child).rstrip(";"), _doc(child), file))


def _exported_macro(node: Node) -> bool:
    """Whether the ``macro_rules!`` definition ``node`` carries ``#[macro_export]`` (among the attributes and doc
    comments right before it)."""
    prev = node.prev_sibling
    while prev is not None and prev.type in ("line_comment", "attribute_item", "block_comment"):
        if prev.type == "attribute_item" and _text(prev).replace(" ", "").startswith("#[macro_export"):
            return True
        prev = prev.prev_sibling
    return False


def _macro_text(node: Node, name: str) -> str:
    """``name!(pattern)`` per rule of a ``macro_rules!`` definition (their right sides left out), joined by
    ``;``; cut to :data:`_WHOLE` characters."""
    rules = [c for c in node.named_children if c.type == "macro_rule"]
    shown = [f"{name}!{_text(r.child_by_field_name('left'))}" for r in rules if r.child_by_field_name("left")]
    text = "macro_rules! " + name + " { " + "; ".join(shown) + " }"
    return text if len(text) <= _WHOLE else text[:_WHOLE - 3] + "… }"


def _uses(node: Node | None, prefix: list[str]) -> list[tuple[list[str], str]]:
    """The (path segments, exported name) pairs of a ``use`` tree (``a::b::{C, D as E, f::*}``)."""
    if node is None:
        return []
    kind = node.type
    if kind in ("identifier", "self", "crate", "super", "metavariable"):
        return [([*prefix, _text(node)], _text(node))]
    if kind == "scoped_identifier":
        segments = [*prefix, *[s for s in _text(node).replace(" ", "").split("::") if s]]
        return [(segments, segments[-1])]
    if kind == "use_as_clause":
        path = node.child_by_field_name("path")
        alias = _text(node.child_by_field_name("alias"))
        return [([*prefix, *_text(path).replace(" ", "").split("::")], alias)]
    if kind == "use_wildcard":
        base = _text(node).replace(" ", "").removesuffix("*").rstrip(":")
        return [([*prefix, *[s for s in base.split("::") if s]], "*")]
    if kind == "scoped_use_list":
        path = node.child_by_field_name("path")
        head = [s for s in _text(path).replace(" ", "").split("::") if s] if path is not None else []
        return _uses(node.child_by_field_name("list"), [*prefix, *head])
    if kind == "use_list":
        return [pair for c in node.named_children for pair in _uses(c, prefix)]
    return []


def _submodule_file(files: dict[str, str], here: str, name: str, *, root: bool = False) -> str | None:
    """The file of ``mod name;`` declared in ``here`` (the crate root or a ``mod.rs``: next to it; ``foo.rs``: in
    ``foo/``)."""
    folder = posixpath.dirname(here)
    stem = posixpath.basename(here).removesuffix(".rs")
    if not root and stem != "mod":
        folder = posixpath.join(folder, stem)
    for candidate in (posixpath.join(folder, f"{name}.rs"), posixpath.join(folder, name, "mod.rs")):
        if candidate in files:
            return candidate
    return None


def crate_items(files: dict[str, str], lib: str, crate: str) -> list[tuple[str, str, str, str, str]]:
    """The public API of a crate (see :func:`crate_api`), without its notes."""
    return crate_api(files, lib, crate)[0]


def crate_api(files: dict[str, str], lib: str, crate: str) -> tuple[list[tuple[str, str, str, str, str]], list[str]]:
    """The public API of a crate whose sources are ``files`` (path -> text) and whose library root is ``lib``:
    (file, Rust path, kind, signature, doc) per item, items of public modules under their own path and items a
    ``pub use`` re-exports under the re-exporting module's path (each path once); ``#[macro_export]`` macros at
    the crate root (kind "macro", ``crate::name!``); a ``pub use`` of another crate's item as kind "re-export"
    (its signature is in that crate). The notes say where the list may be incomplete: items made by macros
    invoked at item level (not expanded here) and re-exports whose target was not found (another crate's glob)."""
    root = _Module(crate.replace("-", "_"), True)
    found = {root.path: root}
    _read_module(_PARSER.parse(files[lib].encode("utf-8")).root_node, root, lib, files, found, [MAX_RS_FILES],
                 root=True)
    out: dict[str, tuple[str, str, str, str, str]] = {}
    notes: list[str] = []

    def add(at: str, item: _Item, alias: str = "") -> None:
        shown = alias or item.name
        rust = f"{at}::{item.owner}::{item.name}" if item.owner else f"{at}::{shown}"
        text = item.text
        if alias and alias != item.name:
            text = text.replace(item.name, alias, 1)
        out.setdefault(rust, (item.path, rust, item.kind, text, item.doc))

    for module in found.values():
        if module.public:
            for item in module.items:
                add(module.path, item)
        for macro in module.macros:  # ``#[macro_export]`` puts it at the crate root, whatever its module
            add(root.path, macro)
    unresolved: list[str] = []
    for module in found.values():
        if not module.public:
            continue
        for segments, alias in module.uses:
            glob = alias == "*"
            target = _resolve(found, module.path, segments if glob else segments[:-1])
            if target is None:
                used = "::".join(segments)
                if segments and segments[0] not in ("crate", "self", "super") and not glob:
                    external = segments[0]
                    add(module.path, _Item(alias, "re-export", f"pub use {used}"
                                           + (f" as {alias}" if alias != segments[-1] else ""),
                                           f"re-exported from the `{external}` crate: its signature is there",
                                           lib))
                else:
                    unresolved.append(f"pub use {used}" + ("::*" if glob else ""))
                continue
            for item in target.items:
                if glob:
                    add(module.path, item)
                elif not item.owner and item.name == segments[-1]:
                    add(module.path, item, alias)
                elif item.owner == segments[-1]:  # an inherent impl's or a trait's methods come with their type
                    add(module.path, _Item(item.name, item.kind, item.text, item.doc, item.path, alias))
    invoked = sorted({m for module in found.values() for m in module.invoked})
    if invoked:
        notes.append("items made by macros invoked at item level (" + ", ".join(f"`{m}!`" for m in invoked[:6])
                     + ") are not expanded: the signatures may be incomplete")
    if unresolved:
        notes.append("re-exports whose target was not read (" + ", ".join(f"`{u}`" for u in unresolved[:4])
                     + "): the signatures may be incomplete")
    return list(out.values()), notes


def _resolve(found: dict[str, _Module], here: str, segments: list[str]) -> _Module | None:
    """The module a ``use`` path's leading ``segments`` name from module ``here`` (``crate::``, ``self::``,
    ``super::``, or relative)."""
    parts = here.split("::")
    path = list(parts)
    rest = list(segments)
    if rest and rest[0] == "crate":
        path, rest = parts[:1], rest[1:]
    while rest and rest[0] in ("self", "super"):
        if rest[0] == "super" and len(path) > 1:
            path = path[:-1]
        rest = rest[1:]
    candidate = "::".join([*path, *rest])
    if candidate in found:
        return found[candidate]
    root = "::".join([parts[0], *rest])  # 2015-edition paths are relative to the crate root
    return found.get(root)


def manifest_text(data: bytes) -> str:
    """The raw ``Cargo.toml`` of a ``.crate`` tarball ("" when it has none or is not a tarball)."""
    try:
        return read_text_files(data, lambda path: path == "Cargo.toml", max_member_bytes=MAX_RS_BYTES
                               ).get("Cargo.toml", "")
    except TarballError:
        return ""


def read_crate(data: bytes) -> tuple[dict[str, Any], dict[str, str]]:
    """The ``Cargo.toml`` (dict) and the Rust sources (path without the top folder -> text) of a ``.crate``
    tarball, read in memory. Raises: CrateError when it is not a gzip tar or has no ``Cargo.toml``."""
    try:
        files = read_text_files(data, lambda path: path == "Cargo.toml" or path.endswith(".rs"),
                                max_member_bytes=MAX_RS_BYTES)
    except TarballError as exc:
        raise CrateError(str(exc)) from None
    text = files.pop("Cargo.toml", None)
    if text is None:
        raise CrateError("the tarball has no Cargo.toml")
    try:
        manifest = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CrateError(f"its Cargo.toml is not TOML ({exc})") from None
    return manifest, files


def library_root(manifest: dict[str, Any], files: dict[str, str]) -> str | None:
    """The library's root file: ``[lib] path`` of ``Cargo.toml``, else ``src/lib.rs``; None when the crate has no
    library (a binary crate)."""
    lib = manifest.get("lib")
    named = lib.get("path") if isinstance(lib, dict) else None
    for candidate in ([posixpath.normpath(str(named))] if named else []) + ["src/lib.rs"]:
        if candidate in files:
            return candidate
    return None


def _version_record(client: RegistryClient, name: str, version: str) -> dict[str, Any]:
    """``versions[]``'s record of ``name`` ``version`` (``dl_path``, ``checksum``...)."""
    data = client.get_json(client.page_url("crates", name), f"crates.io {name}")
    record = next((v for v in data.get("versions") or [] if isinstance(v, dict) and v.get("num") == version), None)
    if record is None or not record.get("dl_path"):
        one = client.get_json(f"{client.urls.crates}/api/v1/crates/{quote(name)}/{quote(version)}",
                              f"crates.io {name} {version}")
        record = one.get("version") if isinstance(one, dict) else None
    if not isinstance(record, dict):
        raise CrateError(f"{name} {version}: the registry lists no such version")
    return record


def crate_signatures(client: RegistryClient, facts: PackageFacts, wanted: list[str], *, limit: int = 12
                     ) -> Extraction:
    """Signatures of the surveyed crates.io package ``facts`` from its source (see the module), the ``wanted``
    names first, at most ``limit``. Never raises: what fails is a ``problems`` line."""
    result = Extraction()
    label = f"{facts.name} {facts.installable}"
    try:
        version = str(facts.installable or "")  # the newest release not yanked
        if not version:
            raise CrateError("the registry names no version")
        record = _version_record(client, facts.name, version)
        dl_path = str(record.get("dl_path") or f"/api/v1/crates/{quote(facts.name)}/{quote(version)}/download")
        url = dl_path if dl_path.startswith(("http://", "https://")) else f"{client.urls.crates}{dl_path}"
        data = client.get_bytes(url, f"{label} download", max_bytes=MAX_CRATE_BYTES)
        checksum = str(record.get("checksum") or "")
        if checksum and hashlib.sha256(data).hexdigest() != checksum:
            raise CrateError("the download does not match the registry's sha256 checksum")
        manifest, files = read_crate(data)
        lib = library_root(manifest, files)
        if lib is None:
            raise CrateError("it has no library (no [lib] path, no src/lib.rs): nothing to call")
    except (RegistryError, CrateError, KeyError, TypeError, ValueError) as exc:
        reason = exc.reason if isinstance(exc, RegistryError) else str(exc)
        result.problems.append(f"{label} (crates): no signatures ({reason})"[:400])
        return result
    items, notes = crate_api(files, lib, facts.name)
    result.problems.extend(f"{label} (crates): {note}" for note in notes)
    result.crates[facts.name] = (version, {"Cargo.toml": manifest_text(data), **files})

    def rank(item: tuple[str, str, str, str, str]) -> tuple[int, int]:
        segments = item[1].split("::")
        hit = next((i for i, w in enumerate(wanted) if w in segments), len(wanted))
        return (hit, len(segments))

    folder = f"{facts.name}-{version}"
    for path, rust, kind, text, doc in sorted(items, key=rank)[:limit]:
        result.signatures.append(Signature(
            facts.name, version, f"{folder}/{path}", rust, kind, text, doc,
            f"read from {facts.name} {version}'s own source ({path} in the crates.io download {url}, "
            "sha256-checked; parsed, not compiled)"))
    if not result.signatures:
        result.problems.append(f"{label} (crates): its library ({lib}) declares no public function, type or trait")
    return result
