"""Settings for tests and benchmarks, importable without pytest (the run-time benchmark's new process builds its
settings with :func:`make_settings` and must not pay for importing pytest, which an installed ``assay`` never does);
``tests/conftest.py`` re-exports both names."""

from __future__ import annotations

from pathlib import Path

from shared.llm.config import LlmSettings
from shared.settings import (
    CommonSettings,
    DomainCodeSettings,
    ExtractorSettings,
    GathererSettings,
    MemorySettings,
    PlannerSettings,
    ScraperSettings,
    ServiceSettings,
    SynthesizerSettings,
    VerifierSettings,
)

NO_SERVER = "http://127.0.0.1:9"  # the discard port: nothing listens, a request is refused at once


def make_settings(data_dir: Path, nats_url: str, database_url: str, **common: object) -> ServiceSettings:
    """Settings for tests: loopback allowed for the scraper, short redelivery, nothing read from .env."""
    return ServiceSettings(
        common=CommonSettings(_env_file=None, data_dir=data_dir, nats_url=nats_url, database_url=database_url,
                              **{"ack_wait_s": 5.0, **common}),  # type: ignore[arg-type]  # a dict of mixed setting values
        planner=PlannerSettings(_env_file=None),
        gatherer=GathererSettings(_env_file=None),
        scraper=ScraperSettings(_env_file=None, allow_hosts=("127.0.0.1",), read_timeout_s=5.0,
                                total_timeout_s=10.0, crossref_url="http://127.0.0.1:9",  # never the internet
                                crossref_timeout_s=2.0),
        extractor=ExtractorSettings(_env_file=None),
        verifier=VerifierSettings(_env_file=None),
        synthesizer=SynthesizerSettings(_env_file=None),
        # the code domain's registries and pip index: a closed loopback port unless a test sets its stand-ins
        # (nothing reaches pypi.org, npm or crates.io from a test)
        code=DomainCodeSettings(_env_file=None, pypi_url=NO_SERVER, npm_url=NO_SERVER, npm_downloads_url=NO_SERVER,
                                crates_url=NO_SERVER, pip_index_url=NO_SERVER + "/simple"),
        llm=LlmSettings(_env_file=None, config=None, openrouter_api_key=None, ollama_api_base=None,
                        local_base_url=None),  # no model unless a test configures one
        memory=MemorySettings(_env_file=None),
    )
