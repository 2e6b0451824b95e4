"""A server that dies leaves no processes behind: its bot and solver workers, their fork
server and the resource tracker exit with it, however it died."""

from __future__ import annotations

import signal

import pytest
from conftest import ServerProcess
from processes import survivors, tree


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "term"])
def test_every_process_of_a_server_exits_with_it(server_env, sig):
    server = ServerProcess({**server_env, "CARDROOM_BOT_WORKERS": "2"}).start()
    family = tree(server.proc.pid)
    commands = " ".join(p.cmdline for p in family)
    # The server, one fork server, its bot and solver workers and the resource tracker.
    assert len(family) >= 5, commands
    assert "multiprocessing.forkserver" in commands
    assert "multiprocessing.resource_tracker" in commands
    server.stop(sig)
    left = survivors(family, within=5.0)
    assert left == [], [p.cmdline for p in left]
