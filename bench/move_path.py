"""The path of one move through the code (issue 46): which of the project's files a Gin
discard's calls enter on the node that writes it, in what order, and how often a call goes
back to a file the path had already left.

    .venv/bin/python bench/move_path.py [--moves 5] [--list]

A real server (uvicorn, the app, the embedded store in a temporary folder) runs in this
process's main thread; two players connect over real WebSockets from another thread and play
until one of them may discard. Every Python call the server's thread makes into ``server/``
or ``protocol/`` from the moment the discard is sent until both players have its patch is
followed (``sys.setprofile``, only in the server's thread). A visit is an entry into a file
none of whose frames is on the stack; printed for each of ``--moves`` discards: the files
entered, the visits and the returns (visits beyond the first to a file); ``--list`` prints
the path itself. Background loops (heartbeats,
the driver's scan) may land in a window: the figures quoted are the least of the moves.
"""

from __future__ import annotations

import argparse
import asyncio
import dis
import sys
import tempfile
import threading
from pathlib import Path

import uvicorn

from protocol.client import Client
from server.app import create_app
from server.config import Config, StoreSettings
from server.transport.wire import Wire
from tools.cluster import free_port

ROOT = Path(__file__).resolve().parent.parent
RESUME = dis.opmap["RESUME"]


def resumed(frame) -> bool:
    """A coroutine or generator going on after an ``await`` or ``yield`` (its RESUME says
    so: 0 is a function's start), not a new call."""
    code = frame.f_code.co_code
    return code[frame.f_lasti] == RESUME and code[frame.f_lasti + 1] != 0


OURS = (str(ROOT / "server") + "/", str(ROOT / "protocol") + "/")


class Recorder:
    """A profile function for the server's thread that keeps, while ``on`` is set (by the
    players' thread), each entry into one of the project's files that is not on the stack
    already: a file entered, left (every frame of it returned) and entered again is a
    return; a file calling its own functions, or called back while it waits on a call it
    made, is not."""

    def __init__(self) -> None:
        self.on = False
        self.calls: list[tuple[str, str, str | None]] = []
        self.stack: list[str | None] = []

    def __call__(self, frame, event, arg) -> None:
        if event == "call":
            name = frame.f_code.co_filename
            ours = name[len(str(ROOT)) + 1 :] if name.startswith(OURS) else None
            if self.on and ours is not None and ours not in self.stack and not resumed(frame):
                caller = next((f for f in reversed(self.stack) if f is not None), None)
                self.calls.append((ours, frame.f_code.co_name, caller))
            self.stack.append(ours)
        elif event == "return" and self.stack:
            self.stack.pop()


def path_of(calls: list[tuple[str, str, str | None]]) -> list[str]:
    """The files in the order the path entered them."""
    return [file for file, _, _ in calls]


LAYERS = (
    ("server/node.py", 0),
    ("server/app.py", 0),
    ("server/transport/", 1),
    ("server/services/", 2),
    ("server/host/", 3),
    ("server/rooms/", 4),
    ("server/games/", 5),
    ("server/store/", 6),
)
"""The layers from the top: each may call those below it. What is in none of them (the
protocol's codec, diffs and frames, metrics, logs) is a library any layer calls."""


def layer(file: str) -> int:
    return next((n for prefix, n in LAYERS if file.startswith(prefix)), len(LAYERS))


def upward(calls: list[tuple[str, str, str | None]]) -> list[tuple[str, str, str | None]]:
    """The visits that call up: into a layer above their caller's (a callback, or a
    lower layer reaching back for something an upper one holds)."""
    return [c for c in calls if c[2] is not None and layer(c[0]) < layer(c[2])]


async def players(url: str, recorder: Recorder, moves: int, done: list) -> None:
    """Two players at one table; each discard of ``moves`` recorded."""
    a, b = Client(url), Client(url)
    await a.connect()
    await b.connect()
    room = await a.create([{"kind": "human"}, {"kind": "human"}])
    await a.join(room, 0, "Ann")
    await b.join(room, 1, "Bob")
    clients = (a, b)
    recorded = 0
    while recorded < moves:
        for c in clients:
            state = c.rooms[room]
            game = state.view["game"]
            turn = game["turn"]
            if turn["to_act"] != state.seat:
                continue
            other = clients[1 - clients.index(c)]
            if turn["phase"] == "offer":
                await c.act(room, {"type": "pass"})
            elif turn["phase"] == "draw":
                await c.act(room, {"type": "draw_stock"})
            elif turn["phase"] == "discard":
                card = next(x for x in game["hand"] if x != game.get("taken"))
                seq = other.rooms[room].seq
                recorder.calls = []
                recorder.on = True
                await c.act(room, {"type": "discard", "card": card})
                await other.wait(room, lambda s, q=seq: s.seq > q)
                recorder.on = False
                done.append(recorder.calls)
                recorded += 1
            latest = c.rooms[room].seq
            await other.wait(room, lambda s, q=latest: s.seq >= q)
            break
    await a.close()
    await b.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=5)
    parser.add_argument("--list", action="store_true", help="print the path of the least one")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="move-path-")
    port = free_port()
    config = Config(
        store=StoreSettings(db_path=f"{folder}/db.sqlite3"),
        bot_workers=1,
        solver_workers=1,
        log_level="warning",
    )
    server = uvicorn.Server(
        uvicorn.Config(create_app(config=config), port=port, ws=Wire, log_level="warning")
    )
    recorder = Recorder()
    done: list[list[tuple[str, str, str | None]]] = []

    def play() -> None:
        while not server.started:
            threading.Event().wait(0.05)
        try:
            asyncio.run(players(f"ws://127.0.0.1:{port}/ws", recorder, args.moves, done))
        finally:
            server.should_exit = True

    threading.Thread(target=play, daemon=True).start()
    sys.setprofile(recorder)
    asyncio.run(server.serve())
    sys.setprofile(None)
    if not done:
        raise SystemExit("no discard was recorded")
    print(f"a Gin discard on the node that writes it, {len(done)} moves, embedded store:")
    figures = []
    for calls in done:
        visits = path_of(calls)
        files = len(set(visits))
        ups = len(upward(calls))
        figures.append((len(visits) - files, files, len(visits), ups, calls))
        print(
            f"  {files:3} files, {len(visits):3} visits, {len(visits) - files:3} returns,"
            f" {ups:2} calls up a layer"
        )
    returns, files, visits, ups, calls = min(figures, key=lambda f: f[:4])
    print(f"least: {files} files, {visits} visits, {returns} returns, {ups} calls up a layer")
    for file, name, caller in upward(calls):
        print(f"  up: {caller} -> {file}: {name}")
    if args.list:
        for file, name, caller in calls:
            print(f"  {file}: {name}   (from {caller})")


if __name__ == "__main__":
    main()
