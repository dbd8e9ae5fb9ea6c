"""The embedded nats-server starts even when a port picked as free is taken before the server binds it.

``free_port`` asks the kernel for a free port and lets it go; between that and nats-server binding it, another
process (a test's server, an outgoing connection's ephemeral port) may take it. ``start_nats`` then sees the
server exit with "address already in use" and starts it again on two other ports.
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from shared import launcher
from shared.errors import StoreUnavailable

pytestmark = [pytest.mark.nats]


@pytest.fixture
def taken_port() -> Iterator[int]:
    """A port on 127.0.0.1 with a listener on it for the test's length."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield int(s.getsockname()[1])


def test_a_port_taken_after_it_was_picked_is_replaced(tmp_path: Path, taken_port: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    real_free_port = launcher.free_port
    picks = iter([taken_port])
    # the first port handed out is one a listener holds: what a race with another process looks like
    monkeypatch.setattr(launcher, "free_port", lambda: next(picks, None) or real_free_port())
    url, pid = launcher.start_nats(tmp_path / "nats")
    try:
        port = int(url.rsplit(":", 1)[1])
        assert port != taken_port
        log = (tmp_path / "nats" / "nats.log").read_text()
        assert "address already in use" in log.lower(), log  # the first start did fail on the taken port
        with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
            assert conn.recv(4).startswith(b"INFO")  # a NATS server greets a client with INFO
    finally:
        os.kill(pid, signal.SIGKILL)


def test_a_server_that_fails_for_another_reason_is_reported(tmp_path: Path) -> None:
    store = tmp_path / "nats"
    store.mkdir()
    (store / "js").write_text("a file where the JetStream directory should be")
    with pytest.raises(StoreUnavailable, match="nats-server exited with code"):
        launcher.start_nats(store, timeout_s=10)


def test_a_cluster_whose_picked_port_was_taken_starts_on_other_ports(tmp_path: Path, taken_port: int,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    real_free_port = launcher.free_port
    picks = iter([taken_port])
    # n1's client port is one a listener holds: n1 exits, and the whole cluster is started again elsewhere
    monkeypatch.setattr(launcher, "free_port", lambda: next(picks, None) or real_free_port())
    nodes = launcher.start_nats_cluster(tmp_path / "nats", 3, timeout_s=60)
    try:
        assert taken_port not in {p for n in nodes for p in (n.port, n.cluster_port, n.monitor_port)}
        log = (tmp_path / "nats" / "n1" / "nats.log").read_text()
        assert "address already in use" in log.lower(), log  # the first start did fail on the taken port
        for node in nodes:
            with socket.create_connection(("127.0.0.1", node.port), timeout=5) as conn:
                assert conn.recv(4).startswith(b"INFO")
    finally:
        launcher.stop_cluster(nodes)
