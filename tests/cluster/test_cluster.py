"""Several nodes on one Redis behind HAProxy: any node serves any room, and a node can die,
stall or lose its store mid-game with nothing lost. Real processes on loopback: a private
redis-server with an append-only file, three server nodes, Debian's haproxy.

The fail-over trials (``trial``) play human and bot rooms across the nodes, break something
at a random moment, and check that every acknowledged action is in the final log exactly
once, nothing is there twice, every game completes, no stale driver appended, every view
any client rebuilt matches the engine's view of its audience, and that clients on nodes
that stayed up never lost their socket; then what the fault may have left behind: a pairing
of the seekers (who seek around the fault) told to one player only, a spectator shown who
is not there, and, once every socket has closed, a room unended or a presence entry left
(the checks of tests/cluster_play.py, each shown to fail by test_cluster_checks.py).
``pytest -m slow`` runs 32 more of them; ``CARDROOM_TRIAL_FIGURES=file`` appends each
trial's figures to ``file`` (a JSON line).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import time
import urllib.request

import pytest
from cluster_play import (
    Player,
    Seeker,
    Trace,
    check_log,
    check_no_presence,
    check_pairings,
    check_rooms_ended,
    check_spectators,
    check_views,
    connect_to,
)
from e2e_play import my_turn
from waiting import until, until_passes

from server.games.gin_rummy import Action
from server.games.gin_rummy.bots import make_bot
from server.host.driver import SWEEP_SECONDS
from server.host.presence import SPECTATORS_EVERY
from server.players.pairing import CONFIRM_SECONDS
from server.services.seeks import CHECK_SECONDS, TARGETS, TURNS
from server.store.base import NODE_TIMEOUT_MS
from server.store.keys import Keys
from tools.cluster import HAPROXY_CONFIG, LocalCluster

HUMANS = [{"kind": "human"}, {"kind": "human"}]
FAULTS = ("kill_driver", "pause_driver", "kill_replica", "restart_redis")
FIGURES = os.environ.get("CARDROOM_TRIAL_FIGURES")
"""A file each trial appends its figures to (a JSON line), if set."""
NODE_TIMEOUT = NODE_TIMEOUT_MS / 1000
PAIRED_JOIN = 5.0  # CARDROOM_PAIRED_JOIN_SECONDS (the default: the cluster's nodes use it)
LEASE = 2.0  # CARDROOM_LEASE_MS (the default)


def get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


async def heal(cluster: LocalCluster) -> None:
    """Bring every part back up (after a trial killed or paused one), until the balancer
    sends clients to each node again."""
    for node in cluster.all_nodes:
        node.send(signal.SIGCONT)
        if not node.running:
            await asyncio.to_thread(cluster.restart_node, int(node.name[-1]))
    for node in cluster.all_nodes:
        await asyncio.to_thread(node.wait_ready)
    for node in cluster.all_nodes:

        async def reached(name: str = node.name) -> bool:
            try:
                await (await connect_to(cluster.ws, name)).close()
            except AssertionError:
                return False
            return True

        await until(reached, 15, f"the balancer to reach {node.name}")


async def test_players_on_three_nodes_play_a_match_and_every_view_matches_the_engine(
    cluster, trace
):
    alice = await Player(cluster.ws, "Alice").start("node1")
    bob = await Player(cluster.ws, "Bob", seed=2).start("node2")
    eve = await connect_to(cluster.ws, "node3")
    room = await alice.client.create(HUMANS, target=40)
    await alice.sit(room, 0)
    await bob.sit(room, 1)
    await eve.watch(room)
    await asyncio.gather(alice.play(), bob.play())
    await eve.wait(room, lambda s: s.view["room"]["status"] == "finished")
    meta, entries = await trace.read(room)
    check_log(meta, entries, [alice, bob])
    compared = check_views(meta, entries, [alice.client, bob.client, eve], room)
    assert compared > 3 * len([e for e in entries if e["kind"] == "act"]) * 0.9

    def rooms_alike() -> None:
        assert (
            alice.state.view["room"]
            == bob.state.view["room"] | {"id": room}
            == eve.rooms[room].view["room"]
        )

    # Who is there (the spectators' count, who is connected) comes from every node's
    # sockets, not from the log: a node's copy may show it a pulse later than another's
    # (once, under the full suite: 1 spectator on two copies, 0 on the third).
    await until_passes(rooms_alike, timeout=10)
    assert alice.reconnects == bob.reconnects == 0


async def test_a_player_who_drops_resumes_on_another_node_and_plays_on(cluster, trace):
    alice = await Player(cluster.ws, "Alice").start("node1")
    bob = await Player(cluster.ws, "Bob", seed=2).start("node2")
    room = await alice.client.create(HUMANS, target=20)
    await alice.sit(room, 0)
    await bob.sit(room, 1)
    for _ in range(4):  # a few moves, then Alice's network drops
        for p in (alice, bob):
            if my_turn(p.state):
                view = p.state.view["game"]
                seq = p.state.seq
                action = make_bot("normal", 1).act(view)
                if action.type == "knock":  # a knock here ended a match to 20 in 0.7 % of runs
                    action = Action("discard", action.card)
                await p.client.act(room, action.to_dict())
                await p.client.wait(room, lambda s, q=seq: s.seq > q)
    await alice.client.drop()
    await bob.client.wait(room, lambda s: s.view["room"]["seats"][0]["connected"] is False)
    back = await connect_to(cluster.ws, "node3")
    old = alice.state
    back.rooms[room] = type(old)(token=old.token, seat=0, seq=old.seq, epoch=old.epoch)
    await back.resume(room)  # another node: a snapshot (each node has its own epoch)
    await back.wait(room, lambda s: s.view is not None)
    assert back.node == "node3" and back.rooms[room].seat == 0
    await bob.client.wait(room, lambda s: s.view["room"]["seats"][0]["connected"] is True)
    alice.client, alice.clients = back, [*alice.clients, back]
    await asyncio.gather(alice.play(), bob.play())
    meta, entries = await trace.read(room)
    check_log(meta, entries, [alice, bob])
    check_views(meta, entries, [*alice.clients, bob.client], room)


async def test_lobby_daily_deals_and_replays_are_the_same_from_every_node(cluster):
    host = await connect_to(cluster.ws, "node1")
    public = await host.create(HUMANS, public=True)
    followers = [await connect_to(cluster.ws, f"node{k}") for k in (2, 3)]
    for f in followers:
        await f.follow_lobby()
    done = await host.create([{"kind": "bot", "level": "easy"}] * 2, target=10)
    await host.watch(done)
    await host.wait(done, lambda s: s.view["room"]["status"] == "finished", timeout=60)
    for f in followers:
        await until(lambda f=f: public in [r["id"] for r in f.lobby or []], what="the lobby")

    def dailies() -> list:
        return [get(f"{n.url}/api/daily") for n in cluster.all_nodes]

    answers = await until(lambda: (a := dailies()) and all(x == a[0] for x in a) and a, 10)
    assert answers[0][0] == 200
    lobbies = [get(f"{n.url}/api/lobby")[1]["rooms"] for n in cluster.all_nodes]
    assert all(lobby == lobbies[0] for lobby in lobbies) and public in [r["id"] for r in lobbies[0]]
    replays = [get(f"{n.url}/api/replays/{done}") for n in cluster.all_nodes]
    assert all(r == replays[0] for r in replays) and replays[0][0] == 200


async def trial(
    cluster: LocalCluster, trace: Trace, fault: str, rng: random.Random, label: str = ""
) -> dict:
    """:func:`one_trial`; if it fails, every part is brought back all the same, so that the
    next trial on the cluster is not failed by this one's fault."""
    try:
        return await one_trial(cluster, trace, fault, rng, label)
    except BaseException:
        with contextlib.suppress(Exception):
            await heal(cluster)
        raise


async def one_trial(
    cluster: LocalCluster, trace: Trace, fault: str, rng: random.Random, label: str = ""
) -> dict:
    """One fail-over trial: a two-human room, a human against a bot, two bot rooms, a
    spectator per node, five seekers; ``fault`` at a random moment; then every check, and
    the figures (appended to CARDROOM_TRIAL_FIGURES, if set; ``label`` names the trial)."""
    nodes = [n.name for n in cluster.all_nodes]
    rng.shuffle(nodes)
    alice = await Player(cluster.ws, "Alice", seed=rng.randrange(100)).start(nodes[0])
    bob = await Player(cluster.ws, "Bob", seed=rng.randrange(100)).start(nodes[1])
    carol = await Player(cluster.ws, "Carol", seed=rng.randrange(100)).start(nodes[2])
    target = rng.choice((15, 25))
    duel = await alice.client.create(HUMANS, target=target)
    await alice.sit(duel, 0)
    await bob.sit(duel, 1)
    versus = await carol.client.create(
        [{"kind": "human"}, {"kind": "bot", "level": rng.choice(("easy", "normal"))}],
        target=target,
    )
    await carol.sit(versus, 0)
    bots = [
        await alice.client.create([{"kind": "bot", "level": "easy"}] * 2, target=100)
        for _ in range(2)
    ]
    watchers = {name: await connect_to(cluster.ws, name) for name in nodes}
    for w in watchers.values():
        for room in (duel, versus, *bots):
            await w.watch(room)
    # Seekers (quick pairing, casual: every client comes from one address): two pairs with
    # settings of their own and one alone, on every node, seeking around the fault.
    settings = rng.sample([(t, c) for t in TARGETS for c in TURNS], 3)
    seekers = [
        Seeker(
            name,
            await connect_to(cluster.ws, nodes[k % 3]),
            {"target": t, "turn_seconds": c, "rated": False},
        )
        for k, (name, (t, c)) in enumerate(
            zip(
                ("Ann", "Ben", "Cid", "Dot", "Eli"),
                [*settings[:2], *settings[:2], settings[2]],
                strict=True,
            )
        )
    ]
    for s in seekers:
        await s.client.new_player(s.name)
    players = [alice, bob, carol]
    games = asyncio.gather(*(p.play() for p in players))
    # The fault comes at a random moment of play: after so many acknowledged actions (or
    # once the people's matches are over, as a knock can end one within a few moves: the
    # bots' long matches go on).
    actions = rng.randrange(2, 40)
    await until(lambda: games.done() or sum(len(p.acked) for p in players) >= actions, 60, "play")

    pace = random.Random(rng.random())  # (the tasks' draws, apart from the trial's)

    async def seeking(pair: list[Seeker]) -> None:
        for s in pair:
            await asyncio.sleep(pace.uniform(0, 0.6))
            await s.seek()

    seeks = asyncio.gather(seeking(seekers[0::2]), seeking(seekers[1::2]))
    await asyncio.sleep(rng.uniform(0, 0.8))  # the fault lands among the seeks

    struck: set[str] = set()  # nodes whose clients may lose their sockets
    # The leases are read once: read again, the lease of the room just chosen could be
    # gone (a renewal late on a loaded machine), and the fault had no node to strike.
    leases = {r: await trace.driver(r) for r in (versus, *bots)}
    # A room whose match is over needs nobody to take it over: its driver may have finished
    # it, and let its lease go, before the fault struck (the people's short matches can be
    # over by now; the bots' long ones go on), and the take-over below would never come.
    stored = await trace.rooms(list(leases))
    in_play = [r for r, room in stored.items() if room is not None and room.status != "finished"]
    victim_room = rng.choice([r for r in in_play if leases[r] is not None])
    driver = leases[victim_room]
    _, before = await trace.read(victim_room)
    moves_before = len(before)
    fence_before = max((e["lease"] for e in before if "lease" in e), default=-1)
    fence_at_fault = await trace.fence(victim_room)
    killed_at = time.monotonic()

    async def taken_over() -> float:
        """Seconds from the fault until another node drove the victim's room (an entry
        appended under a newer lease than any before the fault: an append the struck
        driver had sent before it stopped does not count), or until the room was over."""

        async def moved_on() -> bool:
            _, entries = await trace.read(victim_room)
            if any(e.get("lease", -1) > fence_before for e in entries[moves_before:]):
                return True
            # Or the room is finished since the fault (it was in play when chosen): by a
            # driver granted a lease since, whose move or finishing carried no lease token
            # of its own, or by the struck driver itself before it stopped (its last move
            # and the room's finishing are two steps). Either way nothing is left to drive;
            # a room whose match ended but was left unfinished is not: it stays playing.
            return (await trace.rooms([victim_room]))[victim_room].status == "finished"

        try:
            await until(moved_on, 60, "another node to take the room over")
        except AssertionError:
            # What the room and the leases were then, to tell a take-over that never came
            # from a room that was already over.
            _, entries = await trace.read(victim_room)
            kinds = [e["kind"] for e in entries[-3:]]
            holders = {r: await trace.driver(r) for r in (duel, versus, *bots)}
            kind = "versus" if victim_room == versus else "bots"
            people = [
                (p.name, p.client.node, p.client.closed.is_set(), p.reconnects, len(p.acked))
                for p in players
            ]
            played = games.exception() if games.done() else "playing"
            status = (await trace.rooms([victim_room]))[victim_room]
            status = None if status is None else status.status
            fence_now = await trace.fence(victim_room)
            raise AssertionError(
                f"nobody took the room over: {victim_room} ({kind}, driven by {driver}) has "
                f"{len(entries)} entries ({moves_before} before the fault), the last {kinds}, "
                f"status {status}, fence {fence_at_fault} at the fault and {fence_now} now; "
                f"leases now {holders}; the people (node, closed, reconnects, acked) {people}, "
                f"their play {played!r}"
            ) from None
        return time.monotonic() - killed_at

    takeover = None
    if fault == "kill_driver":
        assert driver is not None
        cluster.node(int(driver[-1])).send(signal.SIGKILL)
        struck.add(driver)
        takeover = await taken_over()
    elif fault == "pause_driver":
        assert driver is not None
        node = cluster.node(int(driver[-1]))
        node.send(signal.SIGSTOP)
        struck.add(driver)
        # Stalled past its lease: another node takes the room over; then the stale driver
        # wakes (and with it the sockets it holds, a player's among them), and must not
        # write.
        # A room with nothing to do meanwhile (a person to move, whose socket is on the
        # stalled node) is taken by nobody: its lease only runs out (then the trial goes
        # on, once the lease has been free a few seconds).
        await until(
            lambda: trace.driver(victim_room),
            60,
            "the stalled driver's lease to run out",
            check=lambda holder: holder != driver,
        )
        with contextlib.suppress(AssertionError):
            await until(
                lambda: trace.driver(victim_room),
                3,
                "another node to take the room's lease",
                check=lambda holder: holder not in (None, driver),
            )
        node.send(signal.SIGCONT)
        takeover = await taken_over()
    elif fault == "kill_replica":
        drivers = {await trace.driver(r) for r in (duel, versus, *bots)}
        spare = [n for n in nodes if n not in drivers] or [nodes[-1]]
        victim = rng.choice(spare)
        cluster.node(int(victim[-1])).send(signal.SIGKILL)
        struck.add(victim)
    elif fault == "restart_redis":
        await asyncio.to_thread(cluster.restart_redis, rng.uniform(0.3, 1.5))
    elif fault == "kill_primary":  # on a Redis Cluster: the primary of the victim room's slot
        redis_cluster = cluster.cluster_redis
        redis_cluster.kill(redis_cluster.primary_of(Keys(cluster.prefix).room_log(victim_room)))

    await asyncio.wait_for(seeks, 60)
    await asyncio.wait_for(games, 180)
    survivors = [w for name, w in watchers.items() if name not in struck]
    for room in (duel, versus, *bots):
        for w in survivors:
            await w.wait(room, lambda s: s.view["room"]["status"] == "finished", timeout=180)

    rooms = [duel, versus, *bots]
    for room, who in ((duel, [alice, bob]), (versus, [carol]), *((b, []) for b in bots)):
        meta, entries = await trace.read(room)
        check_log(meta, entries, who)
        clients = [c for p in who for c in p.clients] + list(watchers.values())
        check_views(meta, entries, clients, room)
    for p in players:
        if p.clients[0].node not in struck:
            assert p.reconnects == 0, f"{p.name} on a node that stayed up lost its socket"
    for w in survivors:
        assert not w.closed.is_set(), "a spectator on a node that stayed up lost its socket"
    checking = time.monotonic()
    # No ghost spectator: each open spectator's view counts the spectators really there (a
    # dead node's are dropped once it is found dead).
    views = await until_passes(
        lambda: check_spectators({r: list(watchers.values()) for r in rooms}),
        NODE_TIMEOUT + 2 * SPECTATORS_EVERY + 3,
    )

    # Every pairing told reached both players (or its room ended no_show, the other's socket
    # gone): a pairing's other player is told within CHECK_SECONDS (its node missed it).
    async def pairings() -> tuple[int, int]:
        told = sorted({r for s in seekers for r in s.told()})
        found = await trace.rooms(told)
        return check_pairings(seekers, {r: getattr(x, "closed", None) for r, x in found.items()})

    paired, excused = await until_passes(
        pairings, CHECK_SECONDS + CONFIRM_SECONDS + PAIRED_JOIN + 5
    )
    made = rooms + sorted({r for s in seekers for r in s.told()})
    ended = [s for s in seekers if any(m.get("t") == "seek_ended" for m in s.client.notices)]
    seeking = [s for s in seekers if not (s.told() or s.gone or s.refused or s in ended)]
    seekers_gone = sum(s.gone for s in seekers)

    for c in [
        *watchers.values(),
        *(c for p in players for c in p.clients),
        *(s.client for s in seekers),
    ]:
        await c.close()
    healing = time.monotonic()
    await heal(cluster)  # a killed node's new life removes its former life's presence
    healing = time.monotonic() - healing
    # Every room ends (a paired room nobody joined: no_show), and no presence is left.
    await until_passes(
        lambda: check_rooms_ended(trace, made), PAIRED_JOIN + LEASE + SWEEP_SECONDS + 5
    )
    await until_passes(lambda: check_no_presence(trace, made), NODE_TIMEOUT + 5)
    acked = sum(len(p.acked) for p in players)
    result = {
        "fault": fault,
        "label": label,
        "takeover": takeover,
        "rooms": len(made),
        "unended": 0,
        "presence_left": 0,
        "spectator_views": views,
        "ghosts": 0,
        "seekers": len(seekers),
        "refused": sorted(s.refused for s in seekers if s.refused),
        "seekers_gone": seekers_gone,
        "seek_ended": sorted(
            m["reason"] for s in ended for m in s.client.notices if m.get("t") == "seek_ended"
        ),
        "still_seeking": len(seeking),
        "pairings_both": paired,
        "pairings_no_show_partner_gone": excused,
        "checks_seconds": round(time.monotonic() - checking - healing, 2),
        "one_sided": 0,
        "acked": acked,
        "lost": 0,
    }
    if FIGURES:
        with open(FIGURES, "a") as out:
            out.write(json.dumps(result) + "\n")
    return result


@pytest.mark.parametrize("fault", FAULTS)
async def test_a_fault_at_a_random_moment_loses_nothing(cluster, trace, fault):
    result = await trial(cluster, trace, fault, random.Random(FAULTS.index(fault)), fault)
    if fault in ("kill_driver", "pause_driver"):
        assert result["takeover"] is not None


@pytest.mark.slow
@pytest.mark.parametrize("n", range(32))
async def test_many_faults_at_random_moments_lose_nothing(cluster, trace, n):
    rng = random.Random(1000 + n)
    await trial(cluster, trace, FAULTS[n % len(FAULTS)], rng, f"slow-{n}")


def test_the_haproxy_configuration_is_valid():
    env = {
        "CARDROOM_LISTEN": "127.0.0.1:8000",
        **{f"CARDROOM_NODE{k}": f"127.0.0.1:800{k}" for k in (1, 2, 3)},
        "CARDROOM_LB_RATE": "2000",
    }
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    done = subprocess.run(
        [haproxy, "-c", "-f", str(HAPROXY_CONFIG)], env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def compose_command() -> list[str] | None:
    """``docker compose`` (the plugin) or Debian's ``docker-compose``, whichever is here."""
    docker = shutil.which("docker")
    if (
        docker
        and subprocess.run([docker, "compose", "version"], capture_output=True).returncode == 0
    ):
        return [docker, "compose"]
    legacy = shutil.which("docker-compose")
    return [legacy] if legacy else None


def test_the_compose_file_is_valid():
    command = compose_command()
    if command is None:
        pytest.skip("neither docker compose nor docker-compose is installed here")
    done = subprocess.run(
        [*command, "config", "--quiet"],
        cwd=HAPROXY_CONFIG.parent.parent,
        env={**os.environ, "CARDROOM_DAILY_SECRET": "test"},
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


async def test_while_redis_is_away_actions_are_refused_sockets_stay_and_play_resumes(cluster):
    alice = await Player(cluster.ws, "Alice").start("node1")
    bob = await Player(cluster.ws, "Bob", seed=2).start("node2")
    room = await alice.client.create(HUMANS, target=10)
    await alice.sit(room, 0)
    await bob.sit(room, 1)
    to_act = alice if my_turn(alice.state) else bob
    action = make_bot("normal", 1).act(to_act.state.view["game"]).to_dict()
    assert cluster.redis is not None
    cluster.redis.stop(signal.SIGTERM)
    try:
        refused = None
        for _ in range(3):
            try:
                await to_act.client.act(room, action, id="while-away")
            except Exception as error:
                refused = error
                break
        assert getattr(refused, "code", None) == "unavailable"
        statuses = {get(f"{n.url}/ready")[0] for n in cluster.all_nodes}
        assert statuses == {503}  # the balancer drains every node meanwhile
        assert not alice.client.closed.is_set() and not bob.client.closed.is_set()
    finally:
        await asyncio.to_thread(cluster.start_redis)
    for node in cluster.all_nodes:
        await asyncio.to_thread(node.wait_ready)
    reply = await to_act.client.act(room, action, id="while-away")  # the same id, now applied
    assert reply["t"] == "ok"
    await asyncio.gather(alice.play(), bob.play())
    assert alice.reconnects == bob.reconnects == 0
