"""Settings: pydantic-settings classes read from the environment (and ``.env``), never written to it.

``CommonSettings`` (prefix ``ASSAY_``) says where the bus, the store and the data directory are; each service
has its own class with its own prefix (``ASSAY_SCRAPER_``, ...). Tests build them from keyword arguments:
``CommonSettings(_env_file=None, data_dir=tmp)``.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class CommonSettings(BaseSettings):
    """Where things are. With ``nats_url`` and ``database_url`` unset, the embedded launcher starts NATS and
    PostgreSQL itself in ``data_dir``."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_", env_file=".env", extra="ignore")

    data_dir: Path = Field(Path(".assay"), description="Embedded servers' data and the run outputs")
    nats_url: str | None = Field(None, description="nats://host:port; unset = embedded NATS server")
    database_url: str | None = Field(
        None, description="postgresql://user:password@host:port/db; unset = embedded PostgreSQL"
    )
    event_stream: str = "ASSAY_EVT"
    command_stream: str = "ASSAY_CMD"
    dedup_window_s: float = Field(600.0, description="JetStream Nats-Msg-Id de-duplication window, seconds")
    ack_wait_s: float = Field(30.0, description="Redelivery delay of an unacknowledged message, seconds")
    max_deliver: int = Field(5, description="Deliveries of one message before it is given up on")
    relay_interval_s: float = Field(0.05, description="Poll interval of the event relay, seconds")
    store_retries: int = Field(20, description="Retries of a conflicting write to one run's stream")


class PlannerSettings(BaseSettings):
    """Planner knobs (prefix ``ASSAY_PLANNER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_PLANNER_", env_file=".env", extra="ignore")


class GathererSettings(BaseSettings):
    """Gatherer knobs (prefix ``ASSAY_GATHERER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_GATHERER_", env_file=".env", extra="ignore")
    results_per_query: int = Field(8, ge=1, le=100)
    max_hops: int = Field(2, ge=1, le=5, description="Searches per sub-query, the first included")


class ScraperSettings(BaseSettings):
    """Scraper knobs (prefix ``ASSAY_SCRAPER_``). ``allow_hosts`` lifts the private-address refusal for
    the hosts, IPs or CIDRs listed (JSON list in the environment, e.g. ``["127.0.0.1"]``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_SCRAPER_", env_file=".env", extra="ignore")
    allow_hosts: tuple[str, ...] = ()
    connect_timeout_s: float = 5.0
    read_timeout_s: float = 15.0
    total_timeout_s: float = 30.0
    max_bytes: int = 10_000_000
    max_redirects: int = 5


class ExtractorSettings(BaseSettings):
    """Claim-extractor knobs (prefix ``ASSAY_EXTRACTOR_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_EXTRACTOR_", env_file=".env", extra="ignore")
    max_claims_per_source: int = Field(8, ge=1, le=200)


class VerifierSettings(BaseSettings):
    """Verifier knobs (prefix ``ASSAY_VERIFIER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_VERIFIER_", env_file=".env", extra="ignore")
    samples: int = Field(5, ge=1, le=25, description="Evidence resamples per claim")
    candidates: int = Field(8, ge=1, le=50, description="Evidence sentences retrieved per claim")


class SynthesizerSettings(BaseSettings):
    """Synthesizer knobs (prefix ``ASSAY_SYNTHESIZER_``)."""

    model_config = SettingsConfigDict(env_prefix="ASSAY_SYNTHESIZER_", env_file=".env", extra="ignore")
    max_report_claims: int = Field(12, ge=1, le=200)


class ServiceSettings(BaseSettings):
    """All services' settings together, as the embedded default and ``assay serve`` use them."""

    model_config = SettingsConfigDict(extra="ignore")
    common: CommonSettings = Field(default_factory=CommonSettings)
    planner: PlannerSettings = Field(default_factory=PlannerSettings)
    gatherer: GathererSettings = Field(default_factory=GathererSettings)
    scraper: ScraperSettings = Field(default_factory=ScraperSettings)
    extractor: ExtractorSettings = Field(default_factory=ExtractorSettings)
    verifier: VerifierSettings = Field(default_factory=VerifierSettings)
    synthesizer: SynthesizerSettings = Field(default_factory=SynthesizerSettings)
