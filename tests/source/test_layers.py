"""The server's layers point one way (shared/ARCHITECTURE.md, Layout):

    transport -> services -> host -> store -> rooms, players -> games

``node`` (which builds and wires everything) and ``app`` (the ASGI application around it)
are above them all, and only ``app`` and ``__main__`` import ``node``. Everyone may use
``protocol`` and the shared utilities (config, logs, metrics, seeds, workers). A test walks
every import of ``server/`` (those inside functions too) and fails on an import that runs back
up a layer, or on a circle between modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVER = ROOT / "server"

RANKS = {
    "server.games": 0,
    "server.rooms": 1,
    "server.players": 1,
    "server.store": 2,
    "server.host": 3,
    "server.services": 4,
    "server.examples": 4,  # the learn pages' live examples: an engine's positions
    "server.examples.routes": 5,  # their HTTP routes
    "server.transport": 5,
    "server.node": 6,
    "server.app": 7,
    "server.__main__": 8,
}
SHARED = {
    "server",
    "server.config",
    "server.flights",
    "server.logs",
    "server.metrics",
    "server.seeds",
    "server.workers",
}
"""Utilities any layer may use (they import no layer)."""


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def rank(module: str) -> int | None:
    """The layer of ``module``: its longest prefix in RANKS (None: shared)."""
    if module in SHARED:
        return None
    best = None
    for prefix in RANKS:
        if (module == prefix or module.startswith(prefix + ".")) and (
            best is None or len(prefix) > len(best)
        ):
            best = prefix
    assert best is not None, f"{module} has no layer: add it to RANKS"
    return RANKS[best]


def imports(path: Path) -> set[str]:
    """The server modules ``path`` imports, wherever in it (``from x import y`` counts as
    ``x.y`` when that is a module)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                if (SERVER.parent / candidate.replace(".", "/")).with_suffix(".py").exists() or (
                    SERVER.parent / candidate.replace(".", "/") / "__init__.py"
                ).exists():
                    found.add(candidate)
    return {m for m in found if m == "server" or m.startswith("server.")}


def graph() -> dict[str, set[str]]:
    return {module_name(p): imports(p) for p in SERVER.rglob("*.py")}


def test_no_import_runs_back_up_a_layer():
    upward = []
    for module, imported in graph().items():
        mine = rank(module)
        for other in imported:
            theirs = rank(other)
            if mine is not None and theirs is not None and theirs > mine:
                upward.append(f"{module} (layer {mine}) imports {other} (layer {theirs})")
            if mine is None and theirs is not None:
                upward.append(f"{module} (shared) imports {other} (layer {theirs})")
    assert not upward, "\n".join(sorted(upward))


def test_only_the_app_and_main_import_the_node():
    importers = {m for m, imported in graph().items() if "server.node" in imported}
    assert importers == {"server.app"}, importers


def test_no_circle_between_modules():
    edges = graph()
    modules = set(edges)
    state: dict[str, int] = {}  # 1: on the path, 2: done
    circles = []

    def visit(module: str, path: list[str]) -> None:
        state[module] = 1
        for other in sorted(edges.get(module, ())):
            # A module importing its own package (the package's __init__, which imports the
            # module back to export it) is no circle.
            if other not in modules or module.startswith(other + "."):
                continue
            if state.get(other) == 1:
                circles.append(" -> ".join([*path[path.index(other) :], other]))
            elif other not in state:
                visit(other, [*path, other])
        state[module] = 2

    for module in sorted(modules):
        if module not in state:
            visit(module, [module])
    assert not circles, "\n".join(circles)


RULES = ("server.players", "server.rooms", "server.games")
"""The rules: the store keeps and changes records atomically, the rules decide above it."""


def store_imports(path: Path) -> set[str]:
    """Every module a file of server/store imports, relative imports resolved, wherever in
    the file (inside functions and ``if TYPE_CHECKING`` too)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found |= {module} | {f"{module}.{a.name}" for a in node.names}
    return found


def rule_imports(root: Path) -> list[str]:
    return sorted(
        f"{module_name(path)} imports {other}"
        for path in root.rglob("*.py")
        for other in store_imports(path)
        if any(other == rule or other.startswith(rule + ".") for rule in RULES)
    )


def test_the_store_imports_no_rules():
    """No module of server/store imports server.players, server.rooms or server.games: the
    store offers atomic steps on records (a compare-and-set, an append with fencing, a
    versioned pool), and the rules that decide what to write run above it, one copy each."""
    found = rule_imports(SERVER / "store")
    assert not found, "\n".join(found)


def test_the_store_rule_finds_an_import_of_the_rules(tmp_path):
    """The check above can fail: a store module importing a rule, absolutely, relatively or
    inside a function, is found."""
    store = tmp_path / "server" / "store" / "redis_store"
    store.mkdir(parents=True)
    (store / "a.py").write_text("from server.players import pairing\n")
    (store / "b.py").write_text("def f():\n    from ...rooms import rematch\n")
    (store / "c.py").write_text("import server.games.gin_rummy\n")
    (store / "d.py").write_text("from server.store.base import Event\n")
    global ROOT
    kept, ROOT = ROOT, tmp_path
    try:
        found = rule_imports(tmp_path / "server" / "store")
    finally:
        ROOT = kept
    assert {line.split(" imports ")[0] for line in found} == {
        "server.store.redis_store.a",
        "server.store.redis_store.b",
        "server.store.redis_store.c",
    }


STORE_LINES = 400
STORE_PUBLIC_METHODS = 20


def test_store_modules_and_classes_stay_small():
    """Store modules of at most 400 lines, no class of the store with over 20 public
    methods (issue 47: one small interface per concern)."""
    big = []
    for path in (SERVER / "store").rglob("*.py"):
        tree = ast.parse(path.read_text())
        if len(path.read_text().splitlines()) > STORE_LINES:
            big.append(f"{module_name(path)}: over {STORE_LINES} lines")
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                public = [
                    f.name
                    for f in node.body
                    if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                    and not f.name.startswith("_")
                ]
                if len(public) > STORE_PUBLIC_METHODS:
                    big.append(f"{module_name(path)}.{node.name}: {len(public)} public methods")
    assert not big, "\n".join(sorted(big))


@pytest.mark.parametrize(
    ("module", "expected"),
    [("server.host.replicas", 3), ("server.config", None), ("server.examples.routes", 5)],
)
def test_the_layers_are_read_by_prefix(module, expected):
    assert rank(module) == expected


def test_the_engines_import_nothing_of_the_server_outside_them():
    """The rules are a library: server/games uses the protocol's and Python's modules, no
    other part of the server (not even the shared utilities)."""
    outside = [
        f"{module} imports {other}"
        for module, imported in graph().items()
        if module.startswith("server.games")
        for other in imported
        if other != "server" and not other.startswith("server.games")
    ]
    assert not outside, "\n".join(sorted(outside))


NO_IO = {"asyncio", "socket", "time", "threading"}


@pytest.mark.parametrize("package", ["games", "rooms"])
def test_the_engines_and_rooms_use_no_clock_socket_or_thread(package):
    """Pure and deterministic: what changes a game or a room is its entries, never a clock,
    a socket, a thread or an event loop (a budget in time is the C search's own clock)."""
    found = []
    for path in (SERVER / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module.split(".")[0]]
            found += [f"{module_name(path)} imports {n}" for n in names if n in NO_IO]
    assert not found, "\n".join(sorted(found))


LONGEST = 50
"""Lines a function of the server may take, outside the rules engines (server/games, where
a rule's whole statement in one place reads best)."""


def test_no_function_outside_the_engines_is_over_fifty_lines():
    long = []
    for path in SERVER.rglob("*.py"):
        if "games" in path.relative_to(SERVER).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{module_name(path)}.{node.name}: {lines} lines")
    assert not long, "\n".join(sorted(long))
