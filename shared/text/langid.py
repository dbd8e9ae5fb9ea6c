"""py3langid's bundled language model, loaded once per process and shared by every caller.

py3langid keeps its model LZMA-compressed (4.5 MB): decompressing it costs about half a second of CPU and its
arrays about 70 MB of memory, and each ``LanguageIdentifier`` made from the file (the plain one behind
``py3langid.classify``, the probability-calibrated one of ``shared.text.language``) did both again. Here the arrays
are read once and unpacked into a cache folder (``$XDG_CACHE_HOME/assay`` or ``~/.cache/assay``, keyed by the
model file's size and modification time and the py3langid version), from which later processes map them into
memory instead: a process then reads only the pages its texts touch, and processes share them. Scores are those of
py3langid's own loader (the same arrays, the same code).

:func:`identifier` gives the identifiers (``shared.text.tokens.detect_language``, ``shared.text.language``, the
scraper's charset judge use them, never ``py3langid.classify``, which would load its own copy).
"""

from __future__ import annotations

import json
import logging
import mmap
import os
import shutil
import threading
import uuid
from array import array
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger("assay.langid")
_FORMAT = "assay-langid-1"
_lock = threading.Lock()


def cache_root() -> Path:
    """Where unpacked models are kept: ``$XDG_CACHE_HOME/assay`` (default ``~/.cache/assay``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "assay"


def _model_file() -> Path:
    from py3langid.langid import MODEL_DIR, MODEL_FILE

    return Path(str(MODEL_DIR)) / str(MODEL_FILE)


def _cache_folder(cache_dir: Path, model_file: Path) -> Path:
    import py3langid

    st = model_file.stat()
    version = getattr(py3langid, "__version__", "unknown")
    return cache_dir / f"py3langid-{version}-{st.st_size}-{st.st_mtime_ns}"


@lru_cache(maxsize=1)
def model() -> tuple[Any, Any, list[str], Any, Any, list[int]]:
    """The model's arrays, once per process: :func:`load_model` with the cache folder under :func:`cache_root`."""
    return load_model(cache_root())


def load_model(cache_dir: Path | None) -> tuple[Any, Any, list[str], Any, Any, list[int]]:
    """The model's arrays as py3langid's ``LanguageIdentifier`` takes them: (nb_ptc, nb_pc, nb_classes,
    tk_nextmove, tk_row, tk_output). Mapped from the model's folder under ``cache_dir`` when it holds them, else
    read from py3langid's file and unpacked there for the next process (a folder that cannot be written is
    skipped; None: no cache). Raises: ImportError when py3langid is missing, OSError/ValueError when its model
    file cannot be read."""
    source = _model_file()
    folder = _cache_folder(cache_dir, source) if cache_dir is not None else None
    if folder is not None:
        loaded = _load_unpacked(folder)
        if loaded is not None:
            return loaded
    from py3langid.modelio import load_model as read_packed

    ptc, pc, classes, nextmove, row, output = read_packed(source)
    arrays = (ptc, pc, list(classes), nextmove, row, list(output))
    if folder is not None:
        _save_unpacked(folder, arrays)
    return arrays


def _load_unpacked(folder: Path) -> tuple[Any, Any, list[str], Any, Any, list[int]] | None:
    meta_file = folder / "meta.json"
    if not meta_file.is_file():
        return None
    try:
        meta = json.loads(meta_file.read_text(encoding="utf-8"))
        if meta.get("format") != _FORMAT:
            return None
        ptc = np.load(folder / "ptc.npy", mmap_mode="r", allow_pickle=False)
        pc = np.load(folder / "pc.npy", allow_pickle=False)
        row = array(str(meta["row_typecode"]))
        row.frombytes((folder / "row.bin").read_bytes())
        output = np.load(folder / "output.npy", allow_pickle=False).tolist()
        with (folder / "nextmove.bin").open("rb") as fh:
            mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        typecode = str(meta["nextmove_typecode"])
        if typecode not in ("H", "I", "L"):
            raise ValueError(f"unknown typecode {typecode!r}")
        nextmove = memoryview(mapped).cast(typecode)  # type: ignore[call-overload]  # checked just above
        if len(nextmove) != int(meta["nextmove_len"]) or len(output) != len(row):
            raise ValueError("the unpacked arrays do not match their description")
        return ptc, pc, list(meta["classes"]), nextmove, row, output
    except (OSError, ValueError, KeyError, TypeError) as exc:
        log.warning("unpacked language model %s is unreadable, reading py3langid's: %s", folder, exc)
        return None


def _save_unpacked(folder: Path, arrays: tuple[Any, Any, list[str], Any, Any, list[int]]) -> None:
    """Write the arrays into a temporary sibling and rename it into place (meta.json last: a complete folder)."""
    ptc, pc, classes, nextmove, row, output = arrays
    tmp = folder.parent / f".tmp-{uuid.uuid4().hex}"
    try:
        tmp.mkdir(parents=True)
        np.save(tmp / "ptc.npy", np.ascontiguousarray(ptc), allow_pickle=False)
        np.save(tmp / "pc.npy", np.asarray(pc), allow_pickle=False)
        np.save(tmp / "output.npy", np.asarray(output, dtype=np.int64), allow_pickle=False)
        (tmp / "nextmove.bin").write_bytes(nextmove.tobytes())
        (tmp / "row.bin").write_bytes(row.tobytes())
        (tmp / "meta.json").write_text(json.dumps({
            "format": _FORMAT, "classes": list(classes), "nextmove_typecode": nextmove.typecode,
            "nextmove_len": len(nextmove), "row_typecode": row.typecode}), encoding="utf-8")
        try:
            os.rename(tmp, folder)
        except OSError:  # another process unpacked it first
            shutil.rmtree(tmp, ignore_errors=True)
    except OSError as exc:
        shutil.rmtree(tmp, ignore_errors=True)
        log.info("could not keep the unpacked language model in %s: %s", folder, exc)


@lru_cache(maxsize=2)
def identifier(norm_probs: bool = False) -> Any:
    """A py3langid ``LanguageIdentifier`` over the shared model: plain scores (``classify`` as
    ``py3langid.classify``), or with ``norm_probs`` probabilities calibrated on the text's length. Raises as
    :func:`model`."""
    from py3langid.langid import LanguageIdentifier

    with _lock:
        ptc, pc, classes, nextmove, row, output = model()
    return LanguageIdentifier(ptc, pc, classes, nextmove, output, norm_probs=norm_probs, tk_row=row)

