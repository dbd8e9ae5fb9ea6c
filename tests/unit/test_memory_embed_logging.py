"""Loading the offline embedding model leaves the process's logging as it was (wordllama's import calls
``logging.basicConfig(level=INFO)``, which sent every library's INFO lines to a CLI user's terminal)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _python(code: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by this Python in a fresh process at the repository's root (output captured; exit 0 asserted)."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done


def test_loading_wordllama_configures_no_logging() -> None:
    code = (
        "import logging\n"
        "from shared.memory.embed import _wordllama\n"
        "_wordllama()\n"
        "root = logging.getLogger()\n"
        "print(len(root.handlers), root.level)\n"
        "logging.getLogger('assay.faststream').info('Received')\n"
    )
    done = _python(code)
    assert done.stdout.split() == ["0", str(30)]  # no handler added, root still at WARNING
    assert "Received" not in done.stderr


def test_no_info_line_reaches_the_terminal_while_wordllama_is_imported() -> None:
    """Another thread's INFO line logged while wordllama is being imported (FastStream's "Received" in the middle
    of ``assay run``'s timeline, found by a trial) is not printed: the import's basicConfig never takes effect. The
    other thread is stood in for by a line logged right after wordllama's own basicConfig call."""
    code = (
        "import logging\n"
        "real = logging.basicConfig\n"
        "def config(*a, **kw):\n"
        "    real(*a, **kw)\n"
        "    logging.getLogger('assay.faststream').info('Received while importing')\n"
        "    logging.getLogger('assay.faststream').warning('a warning still shows')\n"
        "logging.basicConfig = config\n"
        "from shared.memory.embed import _wordllama\n"
        "_wordllama()\n"
        "print(len(logging.getLogger().handlers), logging.getLogger().level)\n"
    )
    done = _python(code)
    assert done.stdout.split() == ["0", "30"]
    assert "Received while importing" not in done.stderr and "a warning still shows" in done.stderr
