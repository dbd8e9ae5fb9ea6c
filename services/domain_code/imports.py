"""The PyPI distribution a Python import installs from: ``import yaml`` comes from PyYAML, ``import cv2`` from
opencv-python, ``from PIL import Image`` from Pillow, ``import sklearn`` from scikit-learn.

The top-level module a piece of code imports is often not its distribution's name, and the registry is asked by
distribution. Two maintained sources are read, in order: the installed distributions' own records
(:func:`importlib.metadata.packages_distributions`, from each one's ``top_level.txt`` or ``RECORD``), then the
import-name mapping shipped as ``import_names.txt`` beside this module (pipreqs' list, plus a few well-known
modules it lacks). A module neither knows is taken to be its distribution's name.
"""

from __future__ import annotations

import functools
import importlib.metadata
from pathlib import Path

from shared.text.packages import fold_name

#: the shipped mapping, one ``module:distribution`` a line, ``#`` comments
MAPPING_FILE = Path(__file__).with_name("import_names.txt")


#: folder names some distributions install at the top level by mistake ("examples", "tests"): a module of the
#: asker's own project, never read as a distribution's
_GENERIC_MODULES = frozenset("benchmarks contracts doc docs example examples scripts services shared src test "
                             "tests tools utils".split())


@functools.cache
def _installed() -> dict[str, tuple[str, ...]]:
    """Top-level module -> the installed distributions providing it (this interpreter's environment), less private
    modules ("_yaml"), :data:`_GENERIC_MODULES` and Assay's own packages."""
    try:
        found = importlib.metadata.packages_distributions()
    except Exception:  # a broken distribution's metadata must not break the survey
        return {}
    return {module: tuple(dict.fromkeys(dists)) for module, dists in found.items()
            if not module.startswith("_") and module.lower() not in _GENERIC_MODULES
            and not any(fold_name(d) == "assay" for d in dists)}


@functools.cache
def _shipped() -> dict[str, tuple[str, ...]]:
    """Top-level module -> the distributions :data:`MAPPING_FILE` names for it, in file order."""
    out: dict[str, list[str]] = {}
    for line in MAPPING_FILE.read_text(encoding="utf-8").splitlines():
        module, sep, dist = line.strip().partition(":")
        if sep and module and dist and not module.startswith("#"):
            out.setdefault(module, []).append(dist.strip())
    return {module: tuple(dict.fromkeys(dists)) for module, dists in out.items()}


def distribution_of(module: str) -> str | None:
    """The PyPI distribution that installs the top-level Python module ``module`` ("yaml" -> "PyYAML", "PIL" ->
    "Pillow"), when it is named otherwise than the module and one distribution is known for it; None when the
    module is its distribution's own name, is unknown, or is a namespace (several distributions provide it, or
    the one known is named as a member of it: ``zope``, ``google``, ``ruamel``): which one the code means is not
    known. ``module``: the first dotted part of
    an import ("sklearn" of ``from sklearn.linear_model import Ridge``)."""
    top = module.split(".", 1)[0]
    for source in (_installed(), _shipped()):
        dists = source.get(top)
        if not dists:
            continue
        if len({fold_name(d) for d in dists}) > 1 or fold_name(dists[0]).startswith(f"{fold_name(top)}-"):
            return None  # several, or one member of a namespace ("ruamel.base" of "ruamel": ruamel.yaml too)
        return None if fold_name(dists[0]) == fold_name(top) else dists[0]
    return None


def modules_of(distribution: str) -> list[str]:
    """The top-level Python modules the PyPI distribution ``distribution`` installs, as far as it is known without
    installing it: those the installed distributions' records and :data:`MAPPING_FILE` give for it ("PyYAML" ->
    ["yaml"]), else its own name as a module ("date-kit" -> ["date_kit"], the usual case). Never empty."""
    wanted = fold_name(distribution)
    found = [module for source in (_installed(), _shipped()) for module, dists in source.items()
             if any(fold_name(d) == wanted for d in dists)]
    return list(dict.fromkeys(found)) or [distribution.replace("-", "_").replace(".", "_").lower()]
