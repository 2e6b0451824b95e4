"""Redis Sentinel: a primary, a replica and three sentinels (Debian's redis-server and
redis-sentinel on loopback ports). The primary dies under play; the sentinels promote the
replica; the nodes follow it. When appends wait for the replica (REDIS_WAIT_REPLICAS=1),
every action acknowledged before the fail-over is in the log after it; when they do not,
the promoted replica may lack the last entries, acknowledged actions among them, and the
nodes reload those rooms from the shorter logs and play on."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

import pytest
import redis
from cluster_play import Player, Trace, check_log, check_views
from servers import ServerProcess
from test_lost_writes import Tables
from waiting import until

from protocol.client import Client, ClientError
from server.store.keys import Keys

HUMANS = [{"kind": "human"}, {"kind": "human"}]


async def through_reloads(player: Player) -> None:
    """``player.play()``, begun again when an action is refused with ``reloaded``: the new
    primary lacked entries the nodes had applied, never acknowledged (appended, but the
    primary died before a replica had them, so WAIT never answered), and the node reloaded
    the room from the log; the next move is chosen from the new snapshot."""
    while True:
        try:
            return await player.play()
        except ClientError as refused:
            if refused.code != "reloaded":
                raise


async def test_the_primary_fails_over_under_play_and_no_acknowledged_action_is_lost(
    redises, server_env, tmp_path
):
    env = {
        **server_env,
        "REDIS_URL": "",
        "REDIS_SENTINELS": redises.spec,
        "REDIS_SENTINEL_SERVICE": "cardroom",
        "REDIS_WAIT_REPLICAS": "1",
        "REDIS_WAIT_MS": "300",
        "REDIS_PREFIX": "sentinel-test",
        "CARDROOM_BOT_DELAY": "0.03",
        "CARDROOM_BOT_WORKERS": "1",
    }
    nodes = []
    for k in (1, 2):
        node_env = {**env, "CARDROOM_NODE_ID": f"node{k}", "LOG_FILE": str(tmp_path / f"n{k}.log")}
        nodes.append(ServerProcess(node_env).start())
    try:
        alice = await Player(nodes[0].ws, "Alice").start()
        bob = await Player(nodes[1].ws, "Bob", seed=2).start()
        duel = await alice.client.create(HUMANS, target=60)
        await alice.sit(duel, 0)
        await bob.sit(duel, 1)
        bots = await bob.client.create([{"kind": "bot", "level": "easy"}] * 2, target=60)
        games = asyncio.gather(through_reloads(alice), through_reloads(bob))
        await until(lambda: len(alice.acked) + len(bob.acked) >= 5, 30, "play under way")
        before = redises.primary()
        acked_before = len(alice.acked) + len(bob.acked)
        redises.kill(redises.name_of(before))
        await until(lambda: redises.primary() != before, 30, "the sentinels to fail over")
        # The old primary comes back as a replica of the new one: appends wait for it.
        await asyncio.to_thread(redises.restart_as_replica, redises.name_of(before))
        await asyncio.wait_for(games, 120)
        assert acked_before > 0
        trace = Trace(f"redis://127.0.0.1:{redises.primary()}/0", "sentinel-test")
        meta, entries = await trace.read(duel)
        check_log(meta, entries, [alice, bob])
        check_views(meta, entries, [*alice.clients, *bob.clients], duel)
        watcher = alice.client
        await watcher.watch(bots)
        await watcher.wait(bots, lambda s: s.view["room"]["status"] == "finished", timeout=120)
        check_log(*(await trace.read(bots)), [])
    finally:
        for node in nodes:
            node.stop()


async def test_a_fail_over_without_waiting_loses_what_the_replica_lacked_and_play_goes_on(
    redises, server_env, tmp_path
):
    """Without REDIS_WAIT_REPLICAS an action is acknowledged once the primary has it: the
    replica stops hearing from the primary (frozen, its link cut), actions are acknowledged
    meanwhile, the primary dies and the replica is promoted without them. The nodes find
    the logs shorter than their copies, reload the rooms and play on."""
    env = {
        **server_env,
        "REDIS_URL": "",
        "REDIS_SENTINELS": redises.spec,
        "REDIS_SENTINEL_SERVICE": "cardroom",
        "REDIS_PREFIX": "lost",
        "CARDROOM_BOT_DELAY": "0.1",
        "CARDROOM_BOT_WORKERS": "1",
    }
    nodes: list[ServerProcess] = []
    clients: dict[int, redis.Redis] = {}

    def to(port: int) -> redis.Redis:
        return clients.setdefault(port, redis.Redis(port=port))

    def length(room: str) -> int:
        return to(redises.primary()).llen(Keys("lost").room_log(room))

    try:
        for k in (1, 2):
            log = str(tmp_path / f"n{k}.log")
            nodes.append(ServerProcess({**env, "CARDROOM_NODE_ID": f"node{k}", "LOG_FILE": log}))
            nodes[-1].start()
        tables = await Tables.open(nodes[0].ws, nodes[1].ws)
        await tables.ann.moves(3)
        await until(lambda: length(tables.bots) >= 10, 30, "the bots to play")
        primary = redises.primary()
        replica = next(name for name, port in redises.ports.items() if port != primary)
        redises.wait_replicated(lambda: primary)

        # The replica hears nothing more: frozen, and its link cut (else what the primary
        # had written to the link before it died would still reach it).
        redises.procs[replica].send_signal(signal.SIGSTOP)
        to(primary).client_kill_filter(_type="replica")
        at_cut = {room: length(room) for room in tables.rooms}
        lost_acks = await tables.ann.moves(3)  # acknowledged by the primary alone
        await until(lambda: length(tables.bots) >= at_cut[tables.bots] + 10, 30, "the bots to play")
        tables.mark()
        before = {room: length(room) for room in tables.rooms}

        redises.kill(redises.name_of(primary))
        redises.procs[replica].send_signal(signal.SIGCONT)
        # What the replica holds once it has read its link to the end (it is read-only
        # until promoted: nobody writes meanwhile).
        promoted = to(redises.ports[replica])
        await until(
            lambda: promoted.info("replication").get("master_link_status") == "down",
            10,
            "the replica to read its link to the end",
        )
        restored = {room: promoted.llen(Keys("lost").room_log(room)) for room in tables.rooms}
        await until(lambda: redises.primary() != primary, 30, "the sentinels to fail over")
        assert redises.primary() == redises.ports[replica]
        assert all(restored[room] <= at_cut[room] for room in tables.rooms), (restored, at_cut)

        trace = Trace(f"redis://127.0.0.1:{redises.primary()}/0", "lost")
        logs = [(f"node{k}", n.http, Path(n.env["LOG_FILE"])) for k, n in enumerate(nodes, 1)]
        await tables.recovered(length, trace, restored, before, lost_acks, logs)
    finally:
        for node in nodes:
            if node.proc is not None:
                node.stop()
        for client in clients.values():
            client.close()


async def test_an_action_sent_again_is_acknowledged_only_once_a_replica_holds_it(
    redises, server_env
):
    """With REDIS_WAIT_REPLICAS=1 an action the replica does not hold yet is answered
    `unavailable`, though the primary has it; sent again with the same id it is found
    applied, and still answered `unavailable` until the replica holds it, then `ok`."""
    env = {
        **server_env,
        "REDIS_URL": "",
        "REDIS_SENTINELS": redises.spec,
        "REDIS_SENTINEL_SERVICE": "cardroom",
        "REDIS_WAIT_REPLICAS": "1",
        "REDIS_WAIT_MS": "200",
        "REDIS_PREFIX": "durable",
    }
    node = ServerProcess({**env, "CARDROOM_NODE_ID": "node1"}).start()
    try:
        ann, bob = await Client(node.ws).connect(), await Client(node.ws).connect()
        room = await ann.create(HUMANS)
        state = await ann.join(room, 0, "Ann")
        await bob.join(room, 1, "Bob")
        seat = state.view["game"]["turn"]["to_act"]
        actor = ann if seat == 0 else bob
        primary = redises.primary()
        replica = redises.name_of(next(p for p in redises.ports.values() if p != primary))
        redises.procs[replica].send_signal(signal.SIGSTOP)
        try:
            for _ in range(2):  # the first answer, then the same command again
                with pytest.raises(ClientError) as refused:
                    await actor.act(room, {"type": "pass"}, id="once")
                assert refused.value.code == "unavailable"
        finally:
            redises.procs[replica].send_signal(signal.SIGCONT)
        redises.wait_replicated(lambda: primary)
        again = await actor.act(room, {"type": "pass"}, id="once")
        assert again.get("duplicate") is True
        log = redis.Redis(port=primary, decode_responses=True).lrange(
            Keys("durable").room_log(room), 0, -1
        )
        assert sum('"cmd": "once"' in e for e in log) == 1
        await ann.close()
        await bob.close()
    finally:
        node.stop()
