"""The metadata registries' base URLs (``ASSAY_SCRAPER_CROSSREF_URL``, ``_PUBMED_URL``, ``_ARXIV_URL``) are checked
when the settings are read: an unusable one stops ``assay`` at start with exit 2 and a sentence naming the variable
and what is wrong, instead of every source silently becoming "retraction status unknown"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from shared.settings import ScraperSettings

REPO = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("field", "value", "why"), [
    ("crossref_url", "api.crossref.org", "no http:// or https://"),
    ("crossref_url", "ftp://api.crossref.org", "scheme 'ftp' is not http or https"),
    ("crossref_url", "file:///etc/passwd", "scheme 'file' is not http or https"),
    ("crossref_url", "https://", "names no host"),
    ("crossref_url", "http://127.0.0.1:99999", "port is not a number"),
    ("crossref_url", "http://[::1", "Invalid IPv6 URL"),
    ("crossref_url", "https://api.crossref.org/works?mailto=x", "no ?query"),
    ("pubmed_url", "eutils", "no http:// or https://"),
    ("arxiv_url", "mailto:me@example.org", "scheme 'mailto'"),
])
def test_an_unusable_registry_url_is_refused_saying_why(field: str, value: str, why: str) -> None:
    with pytest.raises(ValidationError) as caught:
        ScraperSettings(_env_file=None, **{field: value})  # type: ignore[arg-type]  # pydantic-settings' _env_file
    (error,) = caught.value.errors()
    assert error["loc"] == (field,) and why in error["msg"] and "such as https://" in error["msg"], error


def test_usable_registry_urls_are_kept_tidy() -> None:
    cfg = ScraperSettings(_env_file=None, crossref_url=" http://127.0.0.1:8080/ ",
                          pubmed_url="https://eutils.ncbi.nlm.nih.gov/entrez/eutils/")
    assert (cfg.crossref_url, cfg.pubmed_url) == ("http://127.0.0.1:8080", "https://eutils.ncbi.nlm.nih.gov/entrez/eutils")
    assert ScraperSettings(_env_file=None).crossref_url == "https://api.crossref.org"


def test_assay_refuses_to_start_with_an_unusable_crossref_url(tmp_path: Path) -> None:
    """``assay serve scraper`` reads its settings first: a bad ``ASSAY_SCRAPER_CROSSREF_URL`` exits 2 naming the
    variable, before any server starts (the child's environment is its own: ``os.environ`` is not touched)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASSAY_")}
    env.update(ASSAY_SCRAPER_CROSSREF_URL="api.crossref.org", PYTHONPATH=str(REPO))
    proc = subprocess.run([sys.executable, "-m", "services.cli.main", "serve", "scraper", "--data-dir",
                           str(tmp_path / "data")], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    said = proc.stdout + proc.stderr
    assert proc.returncode == 2, said
    assert "ASSAY_SCRAPER_CROSSREF_URL" in said and "not a usable base URL" in said, said
    assert "Traceback" not in said and not (tmp_path / "data").exists()  # nothing started


@pytest.mark.parametrize("url, reason", [
    ("htp://nope:4222", "scheme 'htp'"),
    ("nats://nope:99999", "port"),
    ("nats://:4222", "no host"),
    ("nats://a:4222,127.0.0.1:4222", "scheme '(none)'"),
])
def test_an_unusable_nats_url_is_refused_with_its_reason(url: str, reason: str) -> None:
    from shared.settings import CommonSettings

    with pytest.raises(ValidationError) as caught:
        CommonSettings(_env_file=None, nats_url=url)  # type: ignore[call-arg]
    assert "nats_url" in str(caught.value) and reason in str(caught.value)


def test_a_cluster_of_nats_urls_is_accepted() -> None:
    from shared.settings import CommonSettings

    urls = "nats://nats-0.nats:4222,nats://nats-1.nats:4222,tls://10.0.0.3:4222"
    assert CommonSettings(_env_file=None, nats_url=urls).nats_url == urls  # type: ignore[call-arg]
