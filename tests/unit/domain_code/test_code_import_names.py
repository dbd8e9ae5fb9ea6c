"""A Python module imported under another name than its distribution's is surveyed by the distribution
(services.domain_code.imports): the registry is asked by distribution name."""

from __future__ import annotations

import pytest

from services.domain_code.imports import _shipped, distribution_of
from services.domain_code.offline import task_of
from shared.text.packages import fold_name


@pytest.mark.parametrize(("module", "distribution"), [
    ("bs4", "beautifulsoup4"), ("Crypto", "pycryptodome"), ("sklearn", "scikit-learn"), ("cv2", "opencv-python"),
    ("PIL", "pillow"), ("yaml", "pyyaml"),
])
def test_a_module_named_otherwise_gives_its_distribution(module: str, distribution: str) -> None:
    found = distribution_of(module)
    assert found is not None and fold_name(found) == distribution


@pytest.mark.parametrize("module", ["requests", "quillpack", "zope", "ruamel"])
def test_a_module_of_its_own_name_or_of_several_distributions_gives_none(module: str) -> None:
    # its own name (or unknown: the registry is asked by it as written); a namespace several distributions share
    assert distribution_of(module) is None


def test_the_shipped_mapping_reads_every_line() -> None:
    shipped = _shipped()
    assert len(shipped) > 800 and not any(m.startswith("#") for m in shipped)
    assert shipped["dateutil"] == ("python_dateutil",)


def test_the_askers_imports_are_surveyed_by_distribution_name() -> None:
    question = ("Why does this crash?\n```python\nimport os\nfrom bs4 import BeautifulSoup\nfrom Crypto.Cipher "
                "import AES\nimport quillpack\nimport settings_local\n```")
    named = [fold_name(n) for n in task_of(question).named]
    assert named[:3] == ["beautifulsoup4", "pycryptodome", "quillpack"]
    assert "os" not in named and "bs4" not in named and "crypto" not in named
