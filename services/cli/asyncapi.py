"""The AsyncAPI document of Assay: every service's subscribers, with the contracts' JSON Schemas.

``python -m services.cli.asyncapi`` (``make asyncapi``) prints it as JSON (AsyncAPI 3.0.0; ``--version 2.6.0``
for the older format). Nothing is connected: the routers of every service in ``SERVICES`` are built on one
broker that never starts, from a ``SpecRuntime`` that carries only the settings.

Besides the subscribers (what each service consumes, with its durable consumer), the document declares who
publishes what: the event relay publishes every run event (and ``MessageRejected``) on ``assay.evt.*``, and
the services and clients publish the commands on ``assay.cmd.*``. Those publisher declarations exist only
here, for the document; at run time ``shared.bus.Publisher`` publishes on the same subjects.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any, cast

from faststream.nats import NatsBroker
from faststream.specification import AsyncAPI

from contracts import ALL_CONTRACTS, COMMANDS, Contract
from services.cli.stack import SERVICES
from shared.bus import command_stream, event_stream
from shared.runtime import Runtime
from shared.settings import ServiceSettings

TITLE = "Assay"
VERSION = "0.1.0"
DESCRIPTION = (
    "Event-sourced deep research over NATS JetStream. Commands (assay.cmd.*) are work units on the "
    "ASSAY_CMD stream, consumed by durable pull consumers shared by all replicas of a service; events "
    "(assay.evt.*) are relayed to the ASSAY_EVT stream from the PostgreSQL event store, never published "
    "before they are stored. Every message is JSON, de-duplicated by its Nats-Msg-Id header."
)
# who publishes each command (for the document)
COMMAND_PUBLISHERS = {
    "assay.cmd.run.v1": "any client (gateway, CLI, a plain NATS client)",
    "assay.cmd.search.v1": "gatherer (one per sub-query of a PlanCreated)",
    "assay.cmd.fetch.v1": "scraper (one per source of a SourcesSelected)",
    "assay.cmd.verify.v1": "verifier (one per claim of an ExtractionCompleted)",
}


@dataclass
class SpecRuntime:
    """A stand-in for ``Runtime`` ONLY for generating the specification: the settings the routers read at
    build time and a broker that is never connected. There is no event store, document store, corpus or
    database pool; asking for one raises, so a router that touches a server while being built fails here
    rather than silently producing a wrong document. Never hand it to a running service."""

    settings: ServiceSettings
    broker: NatsBroker

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"SpecRuntime has no {name!r}: routers may only read settings while being built "
                             "(the specification is generated without NATS or PostgreSQL)")


def build_broker(settings: ServiceSettings | None = None) -> NatsBroker:
    """One unconnected broker with the routers of every service in ``SERVICES`` and the declared publishers."""
    settings = settings or ServiceSettings()
    common = settings.common
    broker = NatsBroker(common.nats_url or "nats://localhost:4222",
                        description="NATS with JetStream (streams ASSAY_CMD and ASSAY_EVT)")
    rt = cast(Runtime, SpecRuntime(settings=settings, broker=broker))
    for build in SERVICES.values():
        broker.include_router(build(rt))
    commands = {c.SUBJECT for c in COMMANDS}
    for subject, contract in sorted(ALL_CONTRACTS.items()):
        if subject in commands:
            who = COMMAND_PUBLISHERS.get(subject, "services")
            broker.publisher(subject, stream=command_stream(common), schema=contract,
                             title=f"{subject}:publish", description=f"{_doc(contract)} Published by {who}.")
        else:
            broker.publisher(subject, stream=event_stream(common), schema=contract,
                             title=f"{subject}:publish",
                             description=f"{_doc(contract)} Published by the event relay from the event store."
                             if subject != "assay.evt.message-rejected.v1" else
                             f"{_doc(contract)} Published by the consumer that refused the message.")
    return broker


def _doc(contract: type[Contract]) -> str:
    return " ".join((contract.__doc__ or "").split())


def specification(schema_version: str = "3.0.0", settings: ServiceSettings | None = None) -> dict[str, Any]:
    """The AsyncAPI document as JSON-able data (channels, operations and components sorted by name)."""
    spec = AsyncAPI(build_broker(settings), title=TITLE, version=VERSION, description=DESCRIPTION,
                    schema_version=schema_version)
    doc = cast(dict[str, Any], spec.to_specification().to_jsonable())
    _wildcard_payloads(doc)
    for key in ("channels", "operations"):
        if key in doc:
            doc[key] = dict(sorted(doc[key].items()))
    for key in ("messages", "schemas"):
        if key in doc.get("components", {}):
            doc["components"][key] = dict(sorted(doc["components"][key].items()))
    return doc


def _wildcard_payloads(doc: dict[str, Any]) -> None:
    """A subscriber on a wildcard subject (the indexer on ``assay.evt.>``) takes the raw message and decodes it
    by subject, so FastStream documents no payload. Document what it really receives: one of the contracts
    published on the subjects the wildcard matches."""
    schemas = doc.get("components", {}).get("schemas", {})
    messages = doc.get("components", {}).get("messages", {})
    for channel in doc.get("channels", {}).values():
        address = channel.get("address") or ""
        if not address.endswith(">"):
            continue
        prefix = address[:-1]
        refs = [{"$ref": f"#/components/schemas/{c.__name__}"} for s, c in sorted(ALL_CONTRACTS.items())
                if s.startswith(prefix) and c.__name__ in schemas]
        for ref in channel.get("messages", {}).values():
            name = ref.get("$ref", "").rsplit("/", 1)[-1]
            message = messages.get(name)
            if message is not None and message.get("payload", {}).get("$ref", "").endswith("/EmptyPayload"):
                message["payload"] = {"oneOf": refs, "description": f"Any message on {address}, decoded by "
                                      "subject (the subject names the contract)."}
    if "EmptyPayload" in schemas and "#/components/schemas/EmptyPayload" not in json.dumps(doc):
        del schemas["EmptyPayload"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--version", default="3.0.0", choices=("3.0.0", "2.6.0"), help="AsyncAPI version")
    args = parser.parse_args(argv)
    json.dump(specification(args.version), sys.stdout, indent=2, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
