"""Structured output that survives small and reasoning models: from raw model text to a validated pydantic object.

:func:`parse_structured` runs, in order:

1. **strip reasoning**: ``<think>…</think>`` (also ``<thinking>``, ``<reasoning>``; an unopened ``</think>``
   keeps what follows it; an unclosed ``<think>`` means no answer was given);
2. **find the JSON**: inside a code fence if there is one. An answer cut at the token limit leaves its
   outermost ``{``/``[`` unclosed: the text from the first bracket that is never closed to the end is tried
   first (outermost), because the longest span that already parses is then only a nested object. If that
   does not give a valid answer: the longest balanced ``{…}``/``[…]`` span that parses, else from the first
   bracket to the end;
3. **repair once** with ``json_repair`` when ``json.loads`` fails (truncated, single quotes, trailing commas).
   For unclosed (cut) JSON, the half-written last item is dropped rather than accepted (see
   :func:`parse_structured`): a list item string the cut fell inside (``["q1", "q2", "Neil Pe``), and the
   last object of the top-level list field the cut fell inside when that object is not a valid item on its
   own (``{"text": "Neil Peart wrote the lyr`` without its required ``quote``);
4. **reject echoes**: the JSON Schema itself sent back, or placeholder values (``"string"``, ``"<claim>"``,
   ``"..."``, a field's own name or description) anywhere in the answer;
5. **normalise where safe**: flatten nested lists (``[["q1", "q2"]]`` -> ``["q1", "q2"]``), drop empty strings
   and empty objects from lists, de-duplicate lists of strings, wrap a bare scalar where a list is expected,
   wrap a bare top-level list when the schema has exactly one list field, unwrap ``{"answer": {...}}``, match
   keys ignoring case and punctuation, fold the case of ``Literal`` values; with no JSON at all and exactly
   one list-of-strings field, take the bullet or numbered lines of the prose;
6. **validate** with the schema (its own constraints decide whether, e.g., an emptied list is acceptable).

Outcome: ``ok`` (valid as sent), ``repaired`` (valid after 3 or 5), ``invalid`` (with a one-line ``problem``).
Pure functions, no I/O.
"""

from __future__ import annotations

import json
import re
import types
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Generic, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

__all__ = ["Parsed", "extract_json", "parse_structured", "schema_instruction", "strip_reasoning"]

M = TypeVar("M", bound=BaseModel)
ParseOutcome = Literal["ok", "repaired", "invalid"]

_THINK_TAGS = ("think", "thinking", "reasoning", "reflection")
_THINK_ANY = "|".join(_THINK_TAGS)
_THINK_BLOCK = re.compile(rf"<({_THINK_ANY})>.*?</\1>", re.S | re.I)
_THINK_OPEN = re.compile(rf"<({_THINK_ANY})>", re.I)
_THINK_CLOSE = re.compile(rf"</({_THINK_ANY})>", re.I)
_FENCE = re.compile(r"```[a-zA-Z0-9_-]*[ \t]*\n?(.*?)(?:```|\Z)", re.S)
_BULLET = re.compile(r"^\s*(?:[-*•+]|\d{1,3}[.)]|\(\d{1,3}\))\s+(.+?)\s*$", re.M)
_PLACEHOLDERS = frozenset({
    "string", "str", "text", "...", "…", "example", "value", "placeholder", "todo", "tbd", "lorem ipsum",
    "your answer", "your answer here", "answer here", "insert here", "integer", "int", "number", "float",
    "boolean", "bool", "array", "object", "list", "null", "none", "n/a", "xxx", "foo", "bar", "query",
    "search query", "sub-query", "subquery", "claim", "claim text", "question", "rationale", "reason",
    "description", "type", "enum",
})
_TEMPLATE = re.compile(r"^\s*(?:<[^<>]{1,60}>|\{\{?[^{}]{1,60}\}?\}|\[[A-Za-z _-]{1,40}\])\s*$")
_SCHEMA_KEYS = frozenset({"properties", "$defs", "$schema", "definitions", "additionalProperties"})


@dataclass(frozen=True)
class Parsed(Generic[M]):
    """The result of :func:`parse_structured`: ``value`` is set iff ``outcome`` is not ``invalid``."""

    outcome: ParseOutcome
    value: M | None = None
    problem: str = ""
    notes: tuple[str, ...] = ()


# ---- text -> JSON text ----------------------------------------------------------------------------------------
def strip_reasoning(text: str) -> tuple[str, bool]:
    """Remove reasoning blocks. Returns (answer text, whether any reasoning was removed).

    An unclosed opening tag (the model was cut off while thinking) leaves no answer: returns ("", True).
    """
    out, n = _THINK_BLOCK.subn("", text)
    removed = n > 0
    closes = list(_THINK_CLOSE.finditer(out))
    if closes:  # "</think>" without its opening tag (some chat templates add the opening one themselves)
        out = out[closes[-1].end():]
        removed = True
    opened = _THINK_OPEN.search(out)
    if opened:
        out = out[:opened.start()]
        removed = True
    return out.strip(), removed


def _outside_strings(text: str, start: int = 0) -> Iterator[tuple[int, str]]:
    """``(index, char)`` of every character of ``text`` from ``start`` that is not inside a JSON string, the
    quotes that open and close strings included (a backslash escapes the next character inside a string)."""
    in_str = False
    escape = False
    for i in range(start, len(text)):
        ch = text[i]
        if in_str:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_str = False
                yield i, ch
            continue
        if ch == '"':
            in_str = True
        yield i, ch


def _balanced_end(text: str, start: int) -> int | None:
    """Index just past the bracket closing the one at ``start`` (string-aware), or None when never closed."""
    stack: list[str] = []
    pairs = {"{": "}", "[": "]"}
    for i, ch in _outside_strings(text, start):
        if ch in pairs:
            stack.append(pairs[ch])
        elif ch in "}]":
            if not stack or stack[-1] != ch:
                return None
            stack.pop()
            if not stack:
                return i + 1
    return None


def extract_json(text: str, *, prefer: Literal["object", "array"] = "object") -> str | None:
    """The JSON part of a model answer, or None when there is no bracket at all.

    Looks inside the first code fence that holds a bracket, else the whole text; returns the longest balanced
    span that parses, else the longest balanced span, else the tail from the first ``prefer``-red bracket (an
    answer cut off at the token limit, for the repairer to close).
    """
    region = _json_region(text)
    starts = [i for i, ch in enumerate(region) if ch in "{["][:200]
    if not starts:
        return None
    spans: list[str] = []
    for s in starts:
        end = _balanced_end(region, s)
        if end is not None:
            spans.append(region[s:end])
    parsing = [s for s in spans if _loads(s) is not None]
    if parsing:
        return max(parsing, key=len)
    opener = "{" if prefer == "object" else "["
    first = next((i for i in starts if region[i] == opener), starts[0])
    tail = region[first:].strip()
    longest = max(spans, key=len) if spans else ""
    return longest if len(longest) >= len(tail) else tail


def _json_region(text: str) -> str:
    """The first code fence holding a bracket, else the whole text."""
    for fence in _FENCE.finditer(text):
        if "{" in fence.group(1) or "[" in fence.group(1):
            return fence.group(1)
    return text


def _outermost_cut(text: str) -> str | None:
    """The text from the first ``{``/``[`` that is never closed to the end (stripped), or None when every
    bracket closes (or there is none). That is the outermost value of an answer cut at the token limit."""
    region = _json_region(text)
    starts = [i for i, ch in enumerate(region) if ch in "{["][:200]
    for s in starts:
        if _balanced_end(region, s) is None:
            return region[s:].strip()
    return None


@dataclass(frozen=True)
class _Cut:
    """Where unclosed JSON text stops: the brackets still open there (outermost first) and, when the text stops
    inside a string, the index of that string's opening quote."""

    open: tuple[str, ...]
    string_start: int | None


def _cut_state(text: str) -> _Cut:
    """Scan ``text`` (string-aware) and say what is still open at its end."""
    stack: list[str] = []
    string_start: int | None = None
    for i, ch in _outside_strings(text):
        if ch == '"':
            string_start = i if string_start is None else None  # a quote opens, or closes, a string
        elif ch in "{[":
            stack.append(ch)
        elif ch in "}]" and stack and {"}": "{", "]": "["}[ch] == stack[-1]:
            stack.pop()
    return _Cut(open=tuple(stack), string_start=string_start)


def _drop_half_string(text: str, cut: _Cut) -> str | None:
    """``text`` without the list item string the cut fell inside (``["a", "b", "Neil Pe`` -> ``["a", "b"``),
    or None when the cut is not inside a string that is a list item."""
    if cut.string_start is None or not cut.open or cut.open[-1] != "[":
        return None
    return text[:cut.string_start].rstrip().rstrip(",").rstrip()


def _loads(text: str) -> Any | None:
    try:
        value = json.loads(text)
    except (json.JSONDecodeError, ValueError):
        return None
    return value if isinstance(value, (dict, list)) else None


def _repair(text: str) -> Any | None:
    """``json_repair``'s reading of ``text``: a non-empty object or list of the kind ``text`` opens with, else
    None (the repairer reads a cut ``{"sub`` as the list ``["sub"]``: a key is not an answer)."""
    import json_repair

    try:
        value = json_repair.loads(text)
    except Exception:  # noqa: BLE001 (the repairer may raise anything on hostile input)
        return None
    opened = {"{": dict, "[": list}.get(text.lstrip()[:1], (dict, list))
    return value if isinstance(value, opened) and value not in ({}, []) else None


# ---- schema introspection ------------------------------------------------------------------------------------
def _unwrap(annotation: Any) -> Any:
    """Strip Annotated[...] and Optional[...] (X | None) down to the base annotation."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
            continue
        if origin in (Union, types.UnionType):
            args = [a for a in get_args(annotation) if a is not type(None)]
            if len(args) == 1:
                annotation = args[0]
                continue
        return annotation


def _is_list(annotation: Any) -> bool:
    return get_origin(_unwrap(annotation)) in (list, tuple, set, frozenset)


def _item_type(annotation: Any) -> Any:
    args = get_args(_unwrap(annotation))
    return args[0] if args else Any


def _is_model(annotation: Any) -> bool:
    a = _unwrap(annotation)
    return isinstance(a, type) and issubclass(a, BaseModel)


def _key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


# ---- normalisation ----------------------------------------------------------------------------------------
class _Normaliser:
    def __init__(self) -> None:
        self.notes: list[str] = []

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)

    def flatten(self, value: list[Any]) -> list[Any]:
        out: list[Any] = []
        for v in value:
            if isinstance(v, (list, tuple)):
                self.note("flattened nested lists")
                out.extend(self.flatten(list(v)))
            else:
                out.append(v)
        return out

    def value(self, value: Any, annotation: Any, path: str) -> Any:
        ann = _unwrap(annotation)
        if value is None:
            return None
        if _is_list(ann):
            if not isinstance(value, (list, tuple)):
                self.note(f"wrapped a single value in a list at {path}")
                value = [value]
            item_t = _item_type(ann)
            items = [self.value(v, item_t, f"{path}[{i}]") for i, v in enumerate(self.flatten(list(value)))]
            kept = [v for v in items if not (v is None or (isinstance(v, str) and not v.strip())
                                              or (isinstance(v, (dict, list)) and not v))]
            if len(kept) != len(items):
                self.note(f"dropped empty items at {path}")
            if _unwrap(item_t) is str and all(isinstance(v, str) for v in kept):
                unique = list(dict.fromkeys(kept))
                if len(unique) != len(kept):
                    self.note(f"dropped duplicate items at {path}")
                kept = unique
            return kept
        if _is_model(ann):
            if isinstance(value, dict):
                return self.model(value, _unwrap(ann), path)
            if isinstance(value, (list, tuple)) and len(value) == 1 and isinstance(value[0], dict):
                self.note(f"unwrapped a one-item list at {path}")
                return self.model(value[0], _unwrap(ann), path)
            return value
        if get_origin(ann) is Literal and isinstance(value, str):
            options = get_args(ann)
            folded = {str(o).lower(): o for o in options}
            key = value.strip().lower()
            if key in folded and folded[key] != value:
                self.note(f"folded the case of {path}")
                return folded[key]
            return value
        if ann is str:
            if isinstance(value, dict) and len(value) == 1 and isinstance(next(iter(value.values())), str):
                self.note(f"took the text of a one-key object at {path}")  # [{"query": "..."}] for ["..."]
                return next(iter(value.values())).strip()
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return str(value)
            if isinstance(value, str):
                return value.strip()
        return value

    def model(self, data: dict[str, Any], schema: type[BaseModel], path: str) -> dict[str, Any]:
        fields = schema.model_fields
        by_key = {_key(name): name for name in fields}
        for f in fields.values():
            if f.alias:
                by_key[_key(f.alias)] = f.alias
        out: dict[str, Any] = {}
        for k, v in data.items():
            target = k if k in fields else by_key.get(_key(str(k)), k)
            if target != k:
                self.note(f"renamed key {k!r} to {target!r}")
            out[target] = v
        for name, f in fields.items():
            key = f.alias or name
            if key in out:
                out[key] = self.value(out[key], f.annotation, f"{path}.{name}" if path else name)
        return out


def _reshape_top(data: Any, schema: type[BaseModel], norm: _Normaliser) -> Any:
    """Fix the outer shape: bare list for a one-list-field schema; {"answer": {...}} wrappers."""
    fields = schema.model_fields
    list_fields = [n for n, f in fields.items() if _is_list(f.annotation)]
    required = [n for n, f in fields.items() if f.is_required()]
    if isinstance(data, list):
        if len(list_fields) == 1 and set(required) <= set(list_fields):
            norm.note(f"wrapped a bare list as {list_fields[0]!r}")
            return {list_fields[0]: data}
        if len(data) == 1 and isinstance(data[0], dict):
            norm.note("unwrapped a one-item list")
            return _reshape_top(data[0], schema, norm)
        return data
    if isinstance(data, dict):
        keys = {_key(n) for n in fields} | {_key(f.alias) for f in fields.values() if f.alias}
        if not any(_key(str(k)) in keys for k in data) and len(data) == 1:
            (outer, inner), = data.items()
            if isinstance(inner, dict) and any(_key(str(k)) in keys for k in inner):
                norm.note(f"unwrapped {outer!r}")
                return inner
            if isinstance(inner, list) and len(list_fields) == 1 and set(required) <= set(list_fields):
                norm.note(f"renamed key {outer!r} to {list_fields[0]!r}")
                return {list_fields[0]: inner}
    return data


def _find_placeholder(data: Any, schema: type[BaseModel] | None, path: str, hints: frozenset[str]) -> str | None:
    """Path and value of the first placeholder leaf, or None."""
    if isinstance(data, dict):
        fields = schema.model_fields if schema is not None else {}
        for k, v in data.items():
            f = fields.get(str(k))
            if f is not None and get_origin(_unwrap(f.annotation)) is Literal and v in get_args(_unwrap(f.annotation)):
                continue  # a valid choice is an answer, even if the word looks like a placeholder
            sub_schema = None
            own: set[str] = set()
            if f is not None:
                ann = _unwrap(f.annotation)
                if _is_model(ann):
                    sub_schema = _unwrap(ann)
                elif _is_list(ann) and _is_model(_item_type(ann)):
                    sub_schema = _unwrap(_item_type(ann))
                own = {_key(str(k)), _key(f.title or ""), _key(f.description or "")} - {""}
            found = _find_placeholder(v, sub_schema, f"{path}.{k}" if path else str(k), hints | frozenset(own))
            if found:
                return found
        return None
    if isinstance(data, list):
        for i, v in enumerate(data):
            found = _find_placeholder(v, schema, f"{path}[{i}]", hints)
            if found:
                return found
        return None
    if isinstance(data, str):
        s = data.strip()
        if s.lower() in _PLACEHOLDERS or _TEMPLATE.match(s) or (_key(s) and _key(s) in hints):
            return f"{path} = {s!r}"
    return None


def _echoes_schema(data: Any, schema: type[BaseModel]) -> bool:
    if not isinstance(data, dict):
        return False
    fields = {_key(n) for n in schema.model_fields}
    if any(_key(str(k)) in fields for k in data) and "properties" not in data:
        return False
    return bool(_SCHEMA_KEYS & set(map(str, data))) or (data.get("type") == "object" and "title" in data)


def _prose_list(text: str, schema: type[BaseModel]) -> dict[str, Any] | None:
    fields = schema.model_fields
    lists = [n for n, f in fields.items() if _is_list(f.annotation) and _unwrap(_item_type(f.annotation)) is str]
    required = [n for n, f in fields.items() if f.is_required()]
    if len(lists) != 1 or not set(required) <= set(lists):
        return None
    items = [m.group(1).strip().strip('"').strip() for m in _BULLET.finditer(text)]
    items = [i for i in items if i]
    return {lists[0]: items} if items else None


# ---- the pipeline -------------------------------------------------------------------------------------------
_HALF_ITEM = "dropped the unfinished last item of {where} (cut at the token limit)"


def _drop_half_object(data: dict[str, Any], schema: type[BaseModel], norm: _Normaliser) -> dict[str, Any]:
    """Cut JSON whose top-level list field was still open: drop that list's last object when it is not a valid
    item on its own (the cut fell inside it, e.g. a claim without its ``quote``).

    The open list field is the top-level object's last key (the cut is inside the last value written).
    """
    if not data:
        return data
    key = list(data)[-1]
    f = schema.model_fields.get(key) or next((f for f in schema.model_fields.values() if f.alias == key), None)
    items = data[key]
    if f is None or not _is_list(f.annotation) or not _is_model(_item_type(f.annotation)):
        return data
    if not isinstance(items, list) or not items or not isinstance(items[-1], dict):
        return data
    try:
        _unwrap(_item_type(f.annotation)).model_validate(items[-1])
    except ValidationError:
        norm.note(_HALF_ITEM.format(where=repr(key)))
        return {**data, key: items[:-1]}
    return data


def _parse_candidate(candidate: str, schema: type[M], notes: list[str]) -> Parsed[M] | None:
    """Steps 3-6 on one JSON candidate (a span or a cut tail starting with a bracket); None when it is not JSON
    even after repair (the caller may try the next candidate, then the prose fallback)."""
    notes = list(notes)
    cut = _cut_state(candidate) if _balanced_end(candidate, 0) is None else None
    text = candidate
    if cut is not None:
        trimmed = _drop_half_string(candidate, cut)
        if trimmed is not None:
            text = trimmed
            notes.append(_HALF_ITEM.format(where="a list"))
    repaired = False
    data = _loads(text)
    if data is None:
        data = _repair(text)
        if data is None:
            return None
        repaired = True
        notes.append("repaired the JSON")
    return _validate(data, schema, notes, repaired=repaired, cut=cut)


def _validate(data: Any, schema: type[M], notes: list[str], *, repaired: bool, cut: _Cut | None) -> Parsed[M]:
    """Steps 4-6 on loaded JSON: reject echoes, normalise, drop a half object of cut JSON, validate."""
    if _echoes_schema(data, schema):
        return Parsed("invalid", problem="echoed the JSON schema instead of answering", notes=tuple(notes))
    norm = _Normaliser()
    try:
        data = _reshape_top(data, schema, norm)
        if isinstance(data, dict):
            data = norm.model(data, schema, "")
            if cut is not None and "[" in cut.open:
                data = _drop_half_object(data, schema, norm)
        placeholder = _find_placeholder(data, schema, "", frozenset())
    except Exception as exc:  # noqa: BLE001 (model output must never crash a stage; say what broke instead)
        return Parsed("invalid", problem=f"unusable shape ({type(exc).__name__}: {exc})"[:200], notes=tuple(notes))
    if placeholder:
        return Parsed("invalid", problem=f"placeholder value {placeholder} (schema template echoed)",
                      notes=tuple(notes + norm.notes))
    notes = notes + norm.notes
    repaired = repaired or bool(norm.notes)
    for _ in range(MAX_TRIM_ROUNDS + 1):
        try:
            value = schema.model_validate(data)
            break
        except ValidationError as exc:
            trimmed = _trim_too_long(data, exc.errors())
            if not trimmed:
                problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'answer'}: {e['msg']}"
                                     for e in exc.errors()[:3])
                return Parsed("invalid", problem=f"does not match {schema.__name__}: {problems}", notes=tuple(notes))
            notes = notes + trimmed
            repaired = True
    else:
        return Parsed("invalid", problem=f"does not match {schema.__name__}: still too long after trimming",
                      notes=tuple(notes))
    return Parsed("repaired" if repaired else "ok", value=value, notes=tuple(notes))


#: rounds of trimming over-long lists and strings before an answer is given up (nested limits need a few)
MAX_TRIM_ROUNDS = 3


def _trim_too_long(data: Any, errors: list[Any]) -> list[str]:
    """Cut every list or string the validation errors call too long down to its limit, in place.

    ``errors``: pydantic's ``ValidationError.errors()``. Returns one note per cut (empty when no error was of
    the too-long kind, or one could not be located): a model that lists 200 sub-queries where 12 are allowed
    keeps its first 12 instead of losing the whole answer.
    """
    notes: list[str] = []
    for err in errors:
        if err.get("type") not in ("too_long", "string_too_long"):
            continue
        limit = (err.get("ctx") or {}).get("max_length")
        loc = list(err.get("loc") or ())
        if not isinstance(limit, int) or not loc:
            continue
        parent: Any = data
        try:
            for key in loc[:-1]:
                parent = parent[key]
            value = parent[loc[-1]]
        except (KeyError, IndexError, TypeError):
            continue
        if isinstance(value, (list, str)) and len(value) > limit:
            parent[loc[-1]] = value[:limit]
            where = ".".join(map(str, loc))
            notes.append(f"{where} trimmed from {len(value)} to {limit} {'items' if isinstance(value, list) else 'chars'}")
    return notes


def parse_structured(text: str, schema: type[M], *, truncated: bool = False) -> Parsed[M]:
    """Turn one model answer into a validated ``schema`` instance (see the module docstring for the steps).

    ``text``: the raw model answer (reasoning, prose, fences allowed). ``truncated``: the answer stopped at the
    token limit (noted; cut JSON is recognised by its unclosed brackets whether or not this is set).

    Cut JSON (an outermost ``{``/``[`` never closed) is read whole first: repaired from its first bracket to
    the end and validated; only if that fails is the longest inner span that parses tried. In cut JSON the
    half-written last item is dropped, by one rule: the list item string the cut fell inside (it was never
    terminated), and the last object of the top-level list field the cut fell inside when that object does not
    validate on its own (typically missing required fields). A complete earlier item is never dropped; an
    object whose last value was cut but which still validates is kept. Dropping is noted and gives
    ``repaired``; if nothing complete is left the schema's own constraints make the answer ``invalid``.

    Returns: Parsed with outcome ok / repaired / invalid (``problem``: one line, ``notes``: what was done);
    never raises on model output.
    """
    notes: list[str] = ["cut at the token limit"] if truncated else []
    answer, thought = strip_reasoning(text or "")
    if thought:
        notes.append("removed reasoning")
    if not answer:
        return Parsed("invalid", problem="empty answer" + (" (only reasoning)" if thought else ""),
                      notes=tuple(notes))
    outer = _outermost_cut(answer)
    candidate = extract_json(answer, prefer="object")
    failures: list[Parsed[M]] = []
    for cand in dict.fromkeys(c for c in (outer, candidate) if c is not None):
        parsed = _parse_candidate(cand, schema, notes)
        if parsed is None:
            continue
        if parsed.outcome != "invalid":
            return parsed
        failures.append(parsed)
    if failures:
        return failures[0]  # the outermost reading's problem: it is about the whole answer
    salvaged = _prose_list(answer, schema)
    if salvaged is None:
        what = "prose, no JSON" if candidate is None else "JSON that could not be repaired"
        return Parsed("invalid", problem=f"{what}: {answer[:80]!r}", notes=tuple(notes))
    return _validate(salvaged, schema, notes + ["took the list items of a prose answer"], repaired=True, cut=None)


def _describe_type(annotation: Any, depth: int = 0) -> str:
    """A short plain-words type: 'string', 'list of strings', 'one of "a", "b"', 'object with keys: ...'."""
    ann = _unwrap(annotation)
    origin = get_origin(ann)
    if origin is Literal:
        return "one of " + ", ".join(json.dumps(v) for v in get_args(ann))
    if _is_list(ann):
        item = _describe_type(_item_type(ann), depth + 1)
        plural = {"string": "strings", "integer": "integers", "number": "numbers", "true or false": "booleans"}
        if item.startswith("object"):
            item = "objects" + item[len("object"):]
        return f"list of {plural.get(item, item)}"
    if _is_model(ann):
        if depth > 2:
            return "object"
        keys = ", ".join(f'"{n}" ({_describe_type(f.annotation, depth + 1)})' for n, f in ann.model_fields.items())
        return f"object with keys {keys}"
    return {str: "string", int: "integer", float: "number", bool: "true or false"}.get(ann, "value")


def schema_instruction(schema: type[BaseModel]) -> str:
    """The instruction the gateway adds to the system message of a structured call.

    It names each key in plain words (type, whether required, the field's description) instead of pasting the
    JSON Schema, which small models tend to echo back.
    """
    lines = []
    for name, f in schema.model_fields.items():
        need = "required" if f.is_required() else "optional"
        about = f" - {f.description}" if f.description else ""
        lines.append(f'- "{name}": {_describe_type(f.annotation)}, {need}{about}')
    return ("Answer with one JSON object and nothing else (no prose, no code fence). Its keys:\n"
            + "\n".join(lines)
            + "\nFill every value with the real answer to the request; never write type names, placeholders or "
              "these descriptions as values.")
