"""Check compose.yaml without a Docker engine: it parses, and it is consistent with the code.

    .venv/bin/python deploy/check_compose.py

Checks: every service in ``services.cli.stack.SERVICES`` and the HTTP gateway have exactly one container running
``assay serve <name>`` (and no container serves an unknown name); ``serve`` is a command of the ``assay`` CLI; the ``ASSAY_*``
variables are settings the code reads (``CommonSettings``) and point at the compose servers with the
credentials the PostgreSQL container is given; NATS runs as a 3-node JetStream cluster (each node routes to the
other two) and every service names all three nodes with ``ASSAY_STREAM_REPLICAS=3``; PostgreSQL has a health check the
services wait for; scraper and verifier have 2 replicas; the Dockerfile the services build exists.
Exits 1 with the list of problems. PyYAML is used when importable, else the system ``python3``'s.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
FUTURE_SETTINGS: set[str] = set()  # settings compose.yaml documents before this version reads them
REPLICAS = {"scraper": 2, "verifier": 2}
#: the NATS cluster's nodes (JetStream, R3 streams): every service connects to all of them
NATS_NODES = ("nats-1", "nats-2", "nats-3")
#: served by ``assay serve`` besides the bus services of ``SERVICES``: the HTTP gateway (issue 13)
HTTP_SERVICES = ("gateway",)


def load_yaml(path: Path) -> Any:
    text = path.read_text(encoding="utf-8")
    try:
        import yaml
    except ImportError:
        out = subprocess.run(
            ["python3", "-c", "import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)"],
            input=text, capture_output=True, text=True, check=True)
        return json.loads(out.stdout)
    return yaml.safe_load(text)


def check(compose_path: Path = ROOT / "compose.yaml") -> list[str]:
    import typer.main
    from psycopg.conninfo import conninfo_to_dict

    from services.cli.stack import SERVICES
    from services.cli.main import app
    from shared.settings import CommonSettings, GatewaySettings

    problems: list[str] = []
    doc = load_yaml(compose_path)
    services: dict[str, Any] = doc["services"]
    cli_commands = set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    if "serve" not in cli_commands:
        problems.append("the assay CLI has no 'serve' command")

    served: dict[str, list[str]] = {}
    for name, svc in services.items():
        cmd = svc.get("command") or []
        if cmd[:2] == ["assay", "serve"]:
            if len(cmd) != 3:
                problems.append(f"{name}: command {cmd} should be assay serve <service>")
                continue
            served.setdefault(cmd[2], []).append(name)
    for svc_name in (*SERVICES, *HTTP_SERVICES):
        if len(served.get(svc_name, [])) != 1:
            problems.append(f"service {svc_name!r} is served by {served.get(svc_name, [])} (want one container)")
    for unknown in set(served) - set(SERVICES) - set(HTTP_SERVICES):
        problems.append(f"containers {served[unknown]} serve unknown service {unknown!r}")

    fields = {f"ASSAY_{f.upper()}" for f in CommonSettings.model_fields}
    fields |= {f"ASSAY_GATEWAY_{f.upper()}" for f in GatewaySettings.model_fields}
    pg_env = services["postgres"]["environment"]
    for name in [n for names in served.values() for n in names]:
        svc = services[name]
        env = svc.get("environment") or {}
        for key in env:
            if key.startswith("ASSAY_") and key not in fields and key not in FUTURE_SETTINGS:
                problems.append(f"{name}: {key} is not a setting the code reads")
        for key in ("ASSAY_NATS_URL", "ASSAY_DATABASE_URL"):
            if not env.get(key):
                problems.append(f"{name}: {key} is not set (the service would start embedded servers)")
        settings = CommonSettings(_env_file=None, nats_url=env.get("ASSAY_NATS_URL"),  # type: ignore[call-arg]
                                  database_url=env.get("ASSAY_DATABASE_URL"))
        nats_hosts = [u.split("//")[-1].split(":")[0] for u in (settings.nats_url or "").split(",") if u]
        if sorted(nats_hosts) != sorted(NATS_NODES):
            problems.append(f"{name}: ASSAY_NATS_URL names {nats_hosts}, want every cluster node {list(NATS_NODES)}")
        if str(env.get("ASSAY_STREAM_REPLICAS")) != str(len(NATS_NODES)):
            problems.append(f"{name}: ASSAY_STREAM_REPLICAS is {env.get('ASSAY_STREAM_REPLICAS')!r}, want "
                            f"{len(NATS_NODES)} (one replica per cluster node)")
        if settings.database_url:
            db = conninfo_to_dict(settings.database_url)
            if db.get("host") not in services:
                problems.append(f"{name}: ASSAY_DATABASE_URL host {db.get('host')!r} is not a compose service")
            if (db.get("user"), db.get("password"), db.get("dbname")) != (
                    pg_env["POSTGRES_USER"], pg_env["POSTGRES_PASSWORD"], pg_env["POSTGRES_DB"]):
                problems.append(f"{name}: ASSAY_DATABASE_URL credentials differ from the postgres container's")
        depends = svc.get("depends_on") or {}
        if (depends.get("postgres") or {}).get("condition") != "service_healthy":
            problems.append(f"{name}: does not wait for a healthy postgres")
        for node in NATS_NODES:
            if node not in depends:
                problems.append(f"{name}: does not depend on {node}")
        build = svc.get("build") or {}
        dockerfile = ROOT / build.get("context", ".") / build.get("dockerfile", "Dockerfile")
        if not dockerfile.exists():
            problems.append(f"{name}: Dockerfile {dockerfile} does not exist")
        want = REPLICAS.get(svc["command"][2], 1)
        got = (svc.get("deploy") or {}).get("replicas", 1)
        if got != want:
            problems.append(f"{name}: {got} replicas, want {want}")

    for node in NATS_NODES:
        if node not in services:
            problems.append(f"the NATS cluster node {node} is missing")
            continue
        cmd = [str(c) for c in services[node].get("command") or []]
        if "-js" not in cmd:
            problems.append(f"{node}: JetStream is not enabled (-js)")
        if not str(services[node].get("image", "")).startswith("nats:2.11"):
            problems.append(f"{node}: image is not nats:2.11")
        flag = dict(zip(cmd, cmd[1:], strict=False))
        if flag.get("-n") != node or flag.get("--cluster_name") != "assay":
            problems.append(f"{node}: server name or cluster name missing (-n {node} --cluster_name assay)")
        routes = {r.split("//")[-1].split(":")[0] for r in flag.get("--routes", "").split(",") if r}
        if routes != set(NATS_NODES) - {node}:
            problems.append(f"{node}: routes to {sorted(routes)}, want the other nodes")
    if not str(services["postgres"].get("image", "")).startswith("postgres:16"):
        problems.append("postgres: image is not postgres:16")
    if "healthcheck" not in services["postgres"]:
        problems.append("postgres: no healthcheck")
    osr = services.get("opensearch") or {}
    if (osr.get("environment") or {}).get("DISABLE_SECURITY_PLUGIN") != "true":
        problems.append("opensearch: security plugin is not disabled")
    return problems


def main() -> int:
    problems = check()
    for p in problems:
        print(f"problem: {p}")
    if not problems:
        print("compose.yaml parses and is consistent with services.cli.stack.SERVICES, the CLI and the settings")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
