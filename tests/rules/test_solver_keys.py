"""The search keys most children from the changes a move makes to the position's hashes
(``child_key`` in ``_search.c``) instead of playing it on a copy. A build with
``-DCHECK_KEYS`` also plays every such child and aborts at the first key or "won" that
differs. The same build checks the moves dropped as undoing the last one (``drop_undoing``):
each must lead to the key of the position before it. This test compiles that build and
solves deals of every variant and positions met in random play with it: the process must
finish, with the verdicts and node counts of the normal build (the keys decide which
positions are seen, so they decide the counts)."""

from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "server" / "games" / "solitaire" / "_search.c"

SOLVES = """
import importlib.util, json, random, sys
from pathlib import Path
checked = sys.argv[1]
if checked:
    import server.games.solitaire as package
    spec = importlib.util.spec_from_file_location("server.games.solitaire._search", checked)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules["server.games.solitaire._search"] = package._search = module
sys.path.insert(0, "tests")
from solitaire_play import candidates
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, Solitaire
from server.games.solitaire.game import IllegalMove
from server.games.solitaire.solver import solve


def legal(game):
    for action in candidates(game):
        try:
            yield action, game.apply(action)
        except IllegalMove:
            pass


out = []
for variant in (EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3):
    for number in range(1, 9):
        game = Solitaire.new(variant, number)
        rng = random.Random(number)
        for _ in range(rng.randrange(0, 40)):  # a position met in play, not only the deal
            after = [g for _, g in legal(game)]
            if not after or game.won:
                break
            game = rng.choice(after)
        result = solve(game, max_nodes=60_000, max_seconds=60.0)
        out.append([variant.code, number, result.verdict, result.nodes])
# Two hard deals, searched further: complete passes, where most positions have a move to drop.
for number in (19, 102):
    result = solve(Solitaire.new(REFLECHI_DRAW3, number), max_nodes=400_000, max_seconds=60.0)
    out.append([REFLECHI_DRAW3.code, number, result.verdict, result.nodes])
print(json.dumps(out))
"""


def build_checked(into: Path) -> Path:
    """``_search.c`` compiled with -DCHECK_KEYS, as setuptools builds the real one."""
    from setuptools import Distribution, Extension
    from setuptools.command.build_ext import build_ext

    extension = Extension(
        "_search", [str(SOURCE)], extra_compile_args=["-O2"], define_macros=[("CHECK_KEYS", "1")]
    )
    command = build_ext(Distribution({"ext_modules": [extension]}))
    command.build_lib = str(into)
    command.build_temp = str(into / "tmp")
    command.ensure_finalized()
    command.run()
    return into / f"_search{sysconfig.get_config_var('EXT_SUFFIX')}"


def solves(checked: str) -> list:
    done = subprocess.run(
        [sys.executable, "-c", SOLVES, checked],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"the search stopped ({done.returncode}): {done.stderr[-2000:]}"
    return json.loads(done.stdout)


def test_every_child_key_is_the_key_of_the_child_played(tmp_path):
    checked = build_checked(tmp_path)
    assert checked.exists()
    assert solves(str(checked)) == solves("")
