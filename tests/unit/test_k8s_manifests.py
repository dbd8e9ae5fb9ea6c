"""The deployment files agree with the code, checked without a cluster or a Docker engine (issue 11, item 5).

``deploy/k8s/`` (parsed with PyYAML): the kustomization lists every file; each bus service of
``services.cli.stack.SERVICES`` and the gateway has one Deployment running ``assay serve <name>`` with the replica
count of the compose file, a readiness and a liveness probe on a port its container declares, and its settings from
a ConfigMap and Secret that exist; every setting there is one the code reads and parses; the NATS StatefulSet is a
3-node JetStream cluster routed through its headless Service, named in full by ``ASSAY_NATS_URL`` with
``ASSAY_STREAM_REPLICAS`` equal to its size; the database URL names the PostgreSQL Service with its credentials;
each KEDA ScaledObject scales a Deployment on a durable consumer that service really has. ``compose.yaml`` passes
``deploy/check_compose.py`` (the 3-node cluster included).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml
from psycopg.conninfo import conninfo_to_dict

from contracts import ALL_CONTRACTS
from services.cli.stack import SERVICES
from shared.bus import durable_name
from shared.settings import CommonSettings

K8S = Path(__file__).resolve().parents[2] / "deploy" / "k8s"
REPLICAS = {"scraper": 2, "verifier": 2, "gateway": 2}
OTHER_VARIABLES = {"LITELLM_LOCAL_MODEL_COST_MAP"}


def manifests() -> dict[tuple[str, str], dict[str, Any]]:
    """Every object of the kustomization's resources, by (kind, name)."""
    kustomization = yaml.safe_load((K8S / "kustomization.yaml").read_text())
    files = set(kustomization["resources"])
    assert files == {p.name for p in K8S.glob("*.yaml")} - {"kustomization.yaml"}, "a file not in the kustomization"
    objects: dict[tuple[str, str], dict[str, Any]] = {}
    for name in sorted(files):
        for doc in yaml.safe_load_all((K8S / name).read_text()):
            key = (doc["kind"], doc["metadata"]["name"])
            assert key not in objects, f"{key} defined twice"
            objects[key] = doc
    return objects


def containers(obj: dict[str, Any]) -> list[dict[str, Any]]:
    return list(obj["spec"]["template"]["spec"]["containers"])


def test_every_service_has_a_deployment_with_probes_replicas_and_settings() -> None:
    objects = manifests()
    served = {}
    for (kind, name), obj in objects.items():
        if kind != "Deployment":
            continue
        (container,) = containers(obj)
        assert container["command"][:2] == ["assay", "serve"], f"{name} does not run assay serve"
        served[container["command"][2]] = name
        assert obj["spec"]["replicas"] == REPLICAS.get(name, 1), f"{name}: replica count"
        labels = obj["spec"]["template"]["metadata"]["labels"]
        assert obj["spec"]["selector"]["matchLabels"].items() <= labels.items(), f"{name}: selector misses its pods"
        ports = {p["name"]: p["containerPort"] for p in container["ports"]}
        for probe in ("readinessProbe", "livenessProbe"):
            check = container[probe]["httpGet"]
            assert check["port"] in ports, f"{name}: {probe} asks a port the container does not declare"
        refs = {(next(iter(r)), next(iter(r.values()))["name"]) for r in container["envFrom"]}
        assert refs == {("configMapRef", "assay-config"), ("secretRef", "assay-db")}, name
        if name == "gateway":
            assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
            assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
        else:  # a bus service: its Prometheus endpoint on ASSAY_METRICS_PORT answers the probes
            assert container["readinessProbe"]["httpGet"]["path"] == "/metrics"
            metrics_port = objects[("ConfigMap", "assay-config")]["data"]["ASSAY_METRICS_PORT"]
            assert ports[container["readinessProbe"]["httpGet"]["port"]] == int(metrics_port)
    assert set(served) == {*SERVICES, "gateway"}, f"services without a Deployment: {set(SERVICES) - set(served)}"
    for (kind, name), obj in objects.items():  # every workload is probed
        if kind in ("Deployment", "StatefulSet"):
            for c in containers(obj):
                assert "readinessProbe" in c and "livenessProbe" in c, f"{kind} {name} has no probes"


def test_the_settings_are_read_by_the_code_and_name_the_nats_cluster_and_the_database() -> None:
    objects = manifests()
    config = objects[("ConfigMap", "assay-config")]["data"]
    secret = objects[("Secret", "assay-db")]["stringData"]
    fields = {f"ASSAY_{f.upper()}": f for f in CommonSettings.model_fields}
    values = {**config, **secret}
    for key in values:
        assert key in fields or key in OTHER_VARIABLES, f"{key} is not a setting the code reads"
    settings = CommonSettings(_env_file=None, **{fields[k]: v for k, v in values.items() if k in fields})
    nats = objects[("StatefulSet", "nats")]
    size = nats["spec"]["replicas"]
    assert size == 3 and settings.stream_replicas == size, "R3 streams on a 3-node cluster"
    assert settings.nats_url is not None
    hosts = [u.split("//")[1].split(":")[0] for u in settings.nats_url.split(",")]
    assert hosts == [f"nats-{i}.nats" for i in range(size)], "ASSAY_NATS_URL must name every node"
    service = objects[("Service", "nats")]
    assert service["spec"]["clusterIP"] == "None" and service["spec"]["selector"] == {"app.kubernetes.io/name": "nats"}
    conf = objects[("ConfigMap", "nats-config")]["data"]["nats.conf"]
    assert "jetstream" in conf and re.search(r"name:\s*assay", conf)
    assert sorted(re.findall(r"nats://(nats-\d)\.nats:6222", conf)) == [f"nats-{i}" for i in range(size)]
    db = conninfo_to_dict(str(settings.database_url))
    pg = objects[("Secret", "assay-postgres")]["stringData"]
    assert ("Service", str(db["host"])) in objects
    assert (db["user"], db["password"], db["dbname"]) == (pg["POSTGRES_USER"], pg["POSTGRES_PASSWORD"],
                                                         pg["POSTGRES_DB"])
    assert settings.metrics_port == 9464 and settings.metrics_host == "0.0.0.0"


def test_autoscaling_targets_a_deployment_on_a_consumer_it_has() -> None:
    objects = manifests()
    scaled = [obj for (kind, _), obj in objects.items() if kind == "ScaledObject"]
    assert {o["spec"]["scaleTargetRef"]["name"] for o in scaled} == {"scraper", "verifier"}
    commands = [c for c in ALL_CONTRACTS.values() if c.SUBJECT.startswith("assay.cmd.")]
    for obj in scaled:
        target = obj["spec"]["scaleTargetRef"]["name"]
        assert ("Deployment", target) in objects
        assert obj["spec"]["minReplicaCount"] == REPLICAS[target] < obj["spec"]["maxReplicaCount"]
        (trigger,) = obj["spec"]["triggers"]
        meta = trigger["metadata"]
        assert trigger["type"] == "nats-jetstream" and meta["stream"] == CommonSettings(_env_file=None).command_stream
        assert meta["consumer"] in {durable_name(target, c) for c in commands}, f"{target}: no such consumer"
        assert meta["natsServerMonitoringEndpoint"].startswith("nats.") and int(meta["lagThreshold"]) > 0


def test_compose_runs_the_3_node_cluster_and_agrees_with_the_code() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("check_compose", K8S.parent / "check_compose.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.check() == []
