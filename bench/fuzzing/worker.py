"""One fuzzing process: batches of frames drawn by hypothesis, sent on a few connections,
every reply read and checked, and every accepted request that changes a room written down
(the run's end compares that with the rooms' logs).

Each worker keeps a control room of its own (two seated players who never move after the
first action, and a spectator who follows it); its state is snapshotted before every batch
and compared after it: the fuzzer's requests may target it but can never change it, since
nothing they carry belongs to a seat of it (only who watches may change)."""

from __future__ import annotations

import copy
import json
import sqlite3
import threading
import time
import traceback
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import strategies as st

from fuzzing import frames as F
from fuzzing.wire import (
    Conn,
    client_frame,
    close_code_in,
    drain,
    handshake,
    raw_socket,
    upgrade_request,
)
from protocol.codec import MAX_FRAME, pack

HUMANS = [{"kind": "human"}, {"kind": "human"}]
MAX_FAILURES = 50
CONNS = 4
ROTATE_EVERY = 400  # batches: a fresh connection replaces the oldest (limits per connection)


def valid_id(cmd: Any) -> bool:
    if isinstance(cmd, str):
        return len(cmd) <= 64
    return isinstance(cmd, int) and not isinstance(cmd, bool) and -(2**63) <= cmd < 2**63


class Worker:
    def __init__(self, url: str, db: str, until: float, pace: float, burst: int) -> None:
        self.url, self.db_path, self.until, self.pace, self.burst = url, db, until, pace, burst
        host_port = url.split("//", 1)[1].split("/", 1)[0]
        self.host, port = host_port.rsplit(":", 1)
        self.port = int(port)
        self.known = F.Known()
        self.seen: set[str] = set()  # every room this worker has heard of
        self.no_views: dict[str, dict] = {}
        self.unread: list[int] = []  # bytes each never-reading client had waiting at the end
        self.sent: Counter[str] = Counter()  # frames by batch kind
        self.types: Counter[str] = Counter()  # requests by type
        self.oks: Counter[str] = Counter()
        self.refusals: Counter[str] = Counter()
        self.sentences: dict[str, str] = {}
        self.closes: Counter[str] = Counter()
        self.failures: list[str] = []
        self.failure_count = 0
        self.fuzzer_errors: list[str] = []
        self.engine_restarts: Counter[str] = Counter()
        self.created: list[str] = []
        self.joins: list[tuple[str, int]] = []
        self.acts: list[tuple[str, str]] = []
        self.batches = 0
        self.views_checked = 0
        self.started = self.ended = 0.0
        self.refused_batches = 0
        self.control_checks = 0
        self.parked: list[Any] = []  # half-open sockets, kept until the end
        self.slow: list[Any] = []  # sockets that never read
        self.conns: list[Conn] = []
        self.retired: list[Conn] = []

    # ---- bookkeeping -----------------------------------------------------------------------

    def fail(self, what: str) -> None:
        self.failure_count += 1
        if len(self.failures) < MAX_FAILURES:
            self.failures.append(what)

    def hello(self, conn: Conn) -> None:
        reply = conn.request("hello", id=self.known.fresh_id(), v=1)
        if reply.get("t") != "ok":
            raise ConnectionError(f"hello refused: {reply}")

    def learn(self, room: str) -> None:
        self.known.add_room(room)
        self.seen.add(room)

    def fresh(self) -> Conn:
        conn = Conn(self.url, deflate=len(self.conns) % 2 == 0)
        self.hello(conn)
        return conn

    def note(self, reply: dict[str, Any], sent_types: dict[Any, str]) -> bool:
        """Check one reply and learn from it; True if it refused."""
        cmd = reply.get("id")
        if cmd is not None and not valid_id(cmd):
            self.fail(f"an invalid command id was echoed back: {str(cmd)[:80]}")
        room = reply.get("room")
        if isinstance(room, str) and len(room) > 64:
            self.fail(f"a long room string was echoed back: {str(reply)[:300]}")
        if reply["t"] == "error":
            code = reply.get("code")
            self.refusals[str(code)] += 1
            message = reply.get("message")
            self.sentences.setdefault(str(code), str(message))
            if code == "internal":
                self.fail(f"internal error: {reply}")
            if not isinstance(message, str) or not message.strip():
                self.fail(f"a refusal without a sentence: {reply}")
            return True
        kind = sent_types.get(json.dumps(cmd)) if cmd is not None else None
        if "token" in reply:  # join or daily
            # Ids may be reused within a batch and a mutated frame's is unknown, but a seat
            # in a room this worker never heard of can only be a daily game just made.
            kind = "join" if reply["room"] in self.seen else "daily"
            self.joins.append((reply["room"], reply["seat"]))
            self.known.tokens.append((reply["room"], reply["token"]))
            del self.known.tokens[:-100]
            if kind == "daily":
                self.created.append(reply["room"])
            self.learn(reply["room"])
        elif "game" in reply and "room" in reply:
            kind = "create"
            self.created.append(reply["room"])
            self.learn(reply["room"])
        elif "seq" in reply and "room" in reply:
            kind = "act"
            if not reply.get("duplicate"):
                self.acts.append((reply["room"], json.dumps(cmd)))
        elif "rooms" in reply:
            kind = "lobby"
            for summary in reply["rooms"]:
                if isinstance(summary, dict) and isinstance(summary.get("id"), str):
                    self.learn(summary["id"])
        self.oks[kind or "other"] += 1
        return False

    # ---- the run ---------------------------------------------------------------------------

    def run(self) -> None:
        self.control = Control(self)
        self.conns = [self.fresh() for _ in range(CONNS)]
        self.opening()

        @settings(
            max_examples=25,
            deadline=None,
            database=None,
            derandomize=False,  # hypothesis's CI profile derandomizes: every call the same 25
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
            verbosity=Verbosity.quiet,
        )
        @given(st.data())
        def batches(data) -> None:
            if time.monotonic() < self.until:
                self.batch(data)

        self.started = time.time()
        while time.monotonic() < self.until:
            try:
                batches()
            except Exception as engine:  # hypothesis gave up on a run (the last one stops short)
                if time.monotonic() < self.until:
                    self.engine_restarts[type(engine).__name__] += 1
        self.ended = time.time()
        self.finish()

    def batch(self, data) -> None:
        kind = data.draw(
            F.weighted(
                (60, st.just("requests")),
                (10, st.just("structural")),
                (10, st.just("mutated")),
                (4, st.just("raw")),
                (2, st.just("text")),
                (1, st.just("flood")),
                (1, st.just("oversize")),
                (2, st.just("half_open")),
                (1, st.just("slow_reader")),
                (2, st.just("no_hello")),
                (3, st.just("crowd")),
            ),
            label="kind",
        )
        self.batches += 1
        try:
            if self.batches % ROTATE_EVERY == 0:
                self.retired.append(self.conns.pop(0))
                self.retired[-1].close()
                self.conns.append(self.fresh())
            if kind in SPECIAL:
                getattr(self, kind)(**data.draw(st.fixed_dictionaries(SPECIAL[kind]), label="how"))
            elif kind == "no_hello":
                self.no_hello(data)
            else:
                self.frames(data, kind)
        except Exception:
            self.fuzzer_errors.append(traceback.format_exc(limit=4))
            del self.fuzzer_errors[:-20]

    def frames(self, data, kind: str) -> None:
        """A batch on one of the worker's connections: every frame gets exactly one reply;
        a batch with a refusal must leave the control room as it was."""
        index = data.draw(st.integers(0, len(self.conns) - 1), label="conn")
        conn = self.conns[index]
        out: list[bytes | str] = []
        sent_types: dict[str, str] = {}
        if kind == "requests":
            strategy = F.requests(self.known, conn.views)
            for msg in data.draw(st.lists(strategy, min_size=1, max_size=8), label="requests"):
                try:
                    frame = pack(msg)
                except Exception:
                    continue
                if len(frame) > MAX_FRAME:
                    continue
                self.types[str(msg.get("t"))[:16]] += 1
                if "id" in msg and valid_id(msg["id"]):
                    sent_types[json.dumps(msg["id"])] = str(msg.get("t"))
                conn.asked(msg.get("room"))
                out.append(frame)
        elif kind == "crowd":  # a socket in many rooms at once, then asking for one more
            watches = data.draw(st.integers(15, 24), label="watches")
            rooms = self.known.rooms[-watches:]
            out = [pack({"t": "watch", "id": self.known.fresh_id(), "room": r}) for r in rooms]
            for r in rooms:
                conn.asked(r)
            last = data.draw(st.lists(F.requests(self.known, conn.views), max_size=3), label="+")
            out += [safe_pack(m) for m in last]
            for msg in last:
                if "id" in msg and valid_id(msg["id"]):
                    sent_types[json.dumps(msg["id"])] = str(msg.get("t"))
                conn.asked(msg.get("room"))
        elif kind == "structural":
            out = data.draw(st.lists(F.structural(), min_size=1, max_size=3), label="structural")
        elif kind == "mutated":
            base = F.requests(self.known, conn.views).map(safe_pack)
            out = data.draw(st.lists(F.mutated(base), min_size=1, max_size=4), label="mutated")
        elif kind == "raw":
            out = data.draw(st.lists(F.raw_bytes, min_size=1, max_size=4), label="raw")
        elif kind == "text":
            out = data.draw(st.lists(F.texts, min_size=1, max_size=3), label="text")
        out = [f for f in out if isinstance(f, str) or len(f) <= MAX_FRAME]
        if not out:
            return
        before = self.control.last or self.control.snapshot()
        for frame in out:
            conn.send(frame, pace=self.pace)
        self.sent[kind] += len(out)
        replies = conn.collect(len(out), timeout=20.0)
        self.known.epochs.update(conn.epochs)
        refused = False
        for reply in replies:
            refused |= self.note(reply, sent_types)
        if len(replies) < len(out):
            why = f"closed with {conn.close_code}" if conn.closed.is_set() else "timed out"
            self.fail(f"{len(out)} frames ({kind}) got {len(replies)} replies: {why}")
        if conn.closed.is_set():
            self.fail(f"a paced connection was closed with {conn.close_code} after {kind}")
            self.conns[index] = self.fresh()
            self.retired.append(conn)
        if refused:
            self.refused_batches += 1
        # Nothing the fuzzer sends can change the control room (every batch is compared;
        # all but a few hold a refusal).
        after = self.control.snapshot(refresh=True)
        self.control_checks += 1
        if after != before:
            sample = [repr(f[:200]) for f in out][:4]
            self.fail(f"the control room changed during a batch ({kind}): {sample}")

    # ---- sockets that misbehave ------------------------------------------------------------

    def opening(self) -> None:
        """Every kind of misbehaving socket once, whatever hypothesis draws later."""
        self.flood()
        self.oversize(deflate=True, extra=1)
        self.oversize(deflate=False, extra=4096)
        for how in ("tcp", "http", "frame", "idle"):
            self.half_open(how)
        self.slow_reader()
        silent = Conn(self.url, deflate=False)  # no hello: refused, and nothing else
        reply = silent.request("ping", id=1)
        self.note(reply, {})
        if reply.get("code") != "hello_first":
            self.fail(f"a request before hello was answered {reply}")
        silent.close()

    def flood(self) -> None:
        conn = Conn(self.url, deflate=False)
        self.hello(conn)
        count = self.burst * 3
        ping = pack({"t": "ping", "id": 1})
        for _ in range(count):
            try:
                conn.send(ping)
            except Exception:
                break
        self.sent["flood"] += count
        conn.closed.wait(15)
        self.closes[f"flood:{conn.close_code}"] += 1
        codes = [r.get("code") for r in conn.collect(count, 1.0) if r.get("t") == "error"]
        self.refusals.update(str(c) for c in codes)
        if conn.close_code != 1008 or "flood" not in codes:
            self.fail(f"a flood was closed with {conn.close_code}, errors {Counter(codes)}")
        conn.close()

    def oversize(self, deflate: bool, extra: int) -> None:
        conn = Conn(self.url, deflate=deflate)
        self.hello(conn)
        conn.send(F.padded_ping(MAX_FRAME + extra))
        self.sent["oversize"] += 1
        conn.closed.wait(15)
        self.closes[f"oversize:{conn.close_code}"] += 1
        if conn.close_code != 1009:
            self.fail(f"a frame of {MAX_FRAME + extra} bytes was closed with {conn.close_code}")
        conn.close()

    def half_open(self, how: str) -> None:
        """A socket that connects and stops: before the handshake, in the middle of it, or
        after it in the middle of a frame; kept open until the run ends."""
        sock = raw_socket(self.host, self.port)
        if how == "http":
            sock.sendall(upgrade_request(self.host, self.port)[:40])
        elif how in ("frame", "idle"):
            handshake(sock, self.host, self.port)
            sock.sendall(client_frame(pack({"t": "hello", "id": 1, "v": 1})))
            if how == "frame":
                sock.sendall(client_frame(pack({"t": "ping", "id": 2}))[:3])
        self.sent[f"half_open:{how}"] += 1
        self.parked.append(sock)
        if len(self.parked) > 40:
            self.parked.pop(0).close()

    def slow_reader(self, which: int = 0) -> None:
        """A client that asks for everything (the lobby, rooms to watch) and never reads;
        once a few are open, one of them is made to ask for more (until the server cuts it
        off, which it says with 1013 once the socket is read)."""
        if len(self.slow) >= 4:
            self.pump(self.slow[which % len(self.slow)])
            return
        sock = raw_socket(self.host, self.port, rcvbuf=4096)
        if not handshake(sock, self.host, self.port):
            self.fail("a raw WebSocket handshake failed")
            return
        msgs = [
            {"t": "hello", "id": 1, "v": 1},
            {"t": "lobby", "id": 2, "limit": 200},
            {"t": "watch", "id": 3, "room": self.control.room},
        ]
        rooms = self.known.rooms[-12:] or [self.control.room]
        # Snapshots again and again (each watch of a room sends one): megabytes it never reads.
        msgs += [{"t": "watch", "id": 10 + i, "room": rooms[i % len(rooms)]} for i in range(300)]
        for msg in msgs:
            sock.sendall(client_frame(pack(msg)))
        self.sent["slow_reader"] += len(msgs)
        self.slow.append(sock)

    def pump(self, sock) -> None:
        rooms = self.known.rooms[-12:] or [self.control.room]
        msgs = [{"t": "watch", "id": i, "room": rooms[i % len(rooms)]} for i in range(150)]
        msgs += [{"t": "lobby", "id": 1000 + i, "limit": 200} for i in range(50)]
        try:
            sock.settimeout(2.0)
            sock.sendall(b"".join(client_frame(pack(m)) for m in msgs))
        except OSError:  # the server stopped reading it, or closed it: see what it said
            self.closes["slow_reader:could not send more"] += 1
            self.slow.remove(sock)
            self.read_slow(sock)
        self.sent["slow_reader"] += len(msgs)

    def read_slow(self, sock) -> None:
        stream = drain(sock, 3.0)
        code = close_code_in(stream)
        self.closes[f"slow_reader:{code or 'open'}"] += 1
        self.unread.append(len(stream))
        if code not in (None, 1013, 1008):
            self.fail(f"a client that never read was closed with {code}")
        sock.close()

    def no_hello(self, data) -> None:
        """Requests before hello are refused (a hello is the only thing answered ok)."""
        conn = Conn(self.url, deflate=False)
        msgs = data.draw(
            st.lists(F.requests(self.known, self.no_views), min_size=1, max_size=3),
            label="no_hello",
        )
        sendable = [(m, safe_pack(m)) for m in msgs]
        sendable = [(m, f) for m, f in sendable if len(f) <= MAX_FRAME]
        for _, frame in sendable:
            conn.send(frame)
        self.sent["no_hello"] += len(sendable)
        replies = conn.collect(len(sendable), timeout=10.0)
        said_hello = False
        for (msg, _), reply in zip(sendable, replies, strict=False):
            refused = self.note(reply, {})
            if msg.get("t") == "hello" and not refused:
                said_hello = True
            elif not refused and not said_hello:
                self.fail(f"answered ok before hello: {msg.get('t')!r} -> {reply}")
        if len(replies) < len(sendable):
            self.fail(f"{len(sendable)} frames before hello got {len(replies)} replies")
        conn.close()

    # ---- the end ---------------------------------------------------------------------------

    def finish(self) -> None:
        readers = [threading.Thread(target=self.read_slow, args=(s,)) for s in self.slow]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()
        for sock in self.parked:
            sock.close()
        for conn in [*self.conns, *self.retired, *self.control.conns]:
            for fault in conn.faults:  # patches that did not apply, unreadable frames
                self.fail(fault)
            conn.close()
            self.check_views(conn)

    def check_views(self, conn: Conn) -> None:
        """Every view a socket rebuilt from a snapshot and its patches fits its schema
        (protocol/schemas/), whatever the fuzzer did to the room."""
        from view_schemas import errors, kind_of

        for room in conn.sure & set(conn.views):
            view = conn.views[room]
            problems = errors(kind_of(view), view)
            self.views_checked += 1
            if problems:
                self.fail(f"a view of {room} breaks its schema: {problems[:3]}")

    def report(self) -> dict[str, Any]:
        return {
            "sent": dict(self.sent),
            "types": dict(self.types),
            "oks": dict(self.oks),
            "refusals": dict(self.refusals),
            "sentences": self.sentences,
            "closes": dict(self.closes),
            "unread": self.unread,
            "failures": self.failures,
            "failure_count": self.failure_count,
            "fuzzer_errors": self.fuzzer_errors,
            "engine_restarts": dict(self.engine_restarts),
            "created": self.created,
            "joins": self.joins,
            "acts": self.acts,
            "control_rooms": [self.control.room],
            "batches": self.batches,
            "window": [self.started, self.ended],
            "refused_batches": self.refused_batches,
            "control_checks": self.control_checks,
            "views_checked": self.views_checked,
        }


SPECIAL = {
    "flood": {},
    "oversize": {"deflate": st.booleans(), "extra": st.integers(1, 8192)},
    "half_open": {"how": st.sampled_from(["tcp", "http", "frame", "idle"])},
    "slow_reader": {"which": st.integers(0, 7)},
}
"""Sockets that misbehave, and how each is drawn."""


def safe_pack(msg: dict) -> bytes:
    try:
        return pack(msg)
    except Exception:
        return pack({"t": "ping"})


class Control:
    """A room the fuzzer cannot change: two seated players (one action played), a
    spectator following it, and the store's log of it."""

    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.last: tuple[str, list] | None = None
        fresh = worker.known.fresh_id
        a, b, self.watcher, self.helper = (worker.fresh() for _ in range(4))
        self.conns = [a, b, self.watcher, self.helper]
        created = a.request("create", id=fresh(), seats=HUMANS)
        self.room = created["room"]
        worker.created.append(self.room)
        worker.seen.add(self.room)
        for seat, conn in enumerate((a, b)):
            joined = conn.request("join", id=fresh(), room=self.room, seat=seat, name=f"C{seat}")
            worker.joins.append((self.room, seat))
        deadline = time.monotonic() + 10
        while self.room not in a.views and time.monotonic() < deadline:
            time.sleep(0.01)
        to_act = a.views[self.room]["game"]["turn"]["to_act"]
        cmd = fresh()
        acted = (a, b)[to_act].request("act", id=cmd, room=self.room, action={"type": "pass"})
        assert acted["t"] == "ok", acted
        worker.acts.append((self.room, json.dumps(cmd)))
        assert joined["t"] == "ok"
        assert self.watcher.request("watch", id=fresh(), room=self.room)["t"] == "ok"
        self.db = sqlite3.connect(f"file:{worker.db_path}?mode=ro", uri=True, timeout=10)

    def snapshot(self, refresh: bool = False) -> tuple[str, list]:
        """The spectator's view (who watches masked) and the room's log in the store. With
        ``refresh``, someone watches and leaves first, so every audience is rendered again."""
        fresh = self.worker.known.fresh_id
        if refresh:
            self.helper.send(pack({"t": "watch", "id": fresh(), "room": self.room}))
            self.helper.send(pack({"t": "leave", "id": fresh(), "room": self.room}))
            if len(self.helper.collect(2, 10.0)) < 2:
                self.worker.fail("the control room's helper got no answer")
        self.watcher.request("ping", id=fresh())  # every patch sent before it is in
        with self.watcher.lock:
            view = copy.deepcopy(self.watcher.views.get(self.room))
        if view is not None:
            view["room"]["spectators"] = None
        rows = self.db.execute(
            "SELECT idx, entry FROM log WHERE room = ? ORDER BY idx", (self.room,)
        ).fetchall()
        self.last = json.dumps(view, sort_keys=True), rows
        return self.last


def main(url: str, db: str, seconds: float, pace: float, burst: int, out: str) -> None:
    worker = Worker(url, db, time.monotonic() + seconds, pace, burst)
    try:
        worker.run()
    finally:
        with open(out, "w") as f:
            json.dump(worker.report(), f)
