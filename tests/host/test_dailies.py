"""Today's deals, in process: real stores (SQLite, and the machine's Redis under a key prefix
of the test's own), the real solver. Different secrets deal different days, a fresh store
draws a secret of its own, two nodes on one Redis settle on one deal even when they find
one at the same moment, and a day's code rebuilds its deal only once the day is over."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
from concurrent.futures import ThreadPoolExecutor
from uuid import uuid4

import pytest
from stores import REDIS_URL, delete_prefix

from server.config import Config, fixed_day
from server.games.cards import derive_seed
from server.games.solitaire import EASY_HARP, REFLECHI_DRAW1, REFLECHI_DRAW3, Solitaire, variant_for
from server.games.solitaire.deals import DealCodeError, daily_code, decode, decode_daily
from server.services.dailies import Dailies, day_seed, solitaire_orders
from server.services.solving import Solving
from server.store.embedded import EmbeddedStore
from server.store.redis_store import RedisStore

DAY = dt.date(2026, 12, 1)


@pytest.fixture
def solving():
    pool = ThreadPoolExecutor(1)
    yield Solving(pool, 1.0)
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.fixture
async def open_stores(tmp_path):
    opened = []

    def open_(kind: str = "embedded", name: str = "a", prefix: str = ""):
        store = (
            EmbeddedStore(str(tmp_path / f"{name}.sqlite3"))
            if kind == "embedded"
            else RedisStore(REDIS_URL, prefix=prefix)
        )
        opened.append(store)
        return store

    yield open_
    for store in opened:
        await store.close()


def test_daily_codes_name_a_game_and_a_day():
    assert daily_code(EASY_HARP, DAY) == "EH1-N-D20261201"
    assert daily_code(REFLECHI_DRAW3, DAY) == "TF1-D3N-D20261201"
    assert decode_daily(" tf1-d1n-d20261201 ") == (REFLECHI_DRAW1, DAY)
    assert decode_daily("EH1-N-AAAAAAF") is None  # a numbered deal's code
    for bad in ("EH1-N-D20261301", "EH2-N-D20261201", "EH1-D1N-D20261201"):
        with pytest.raises(DealCodeError):
            decode_daily(bad)
    with pytest.raises(DealCodeError):
        decode("EH1-N-D20261201")  # not a numbered deal
    game = Solitaire.daily(EASY_HARP, "2026-12-01", solitaire_orders(EASY_HARP, 1)[0])
    assert game.code == "EH1-N-D20261201" and game.view()["number"] is None
    assert game.apply({"type": "stock"}).code == game.code  # every position keeps its name


def test_the_clock_of_the_config_sets_today():
    assert Config(clock=fixed_day("2026-12-01")).clock().date() == DAY
    dailies = Dailies(None, None, fixed_day("2026-12-01"))  # type: ignore[arg-type]
    assert dailies.today() == DAY
    assert dailies.is_over("2026-11-30") and not dailies.is_over("2026-12-01")
    assert not dailies.is_over(dt.date(2026, 12, 2)) and dailies.is_over(None)


async def test_servers_with_different_secrets_deal_different_days(open_stores, solving):
    # (These secrets' deals of DAY are proved winnable at the first candidate, in a few ms.)
    clock = fixed_day(DAY.isoformat())
    a = Dailies(open_stores(name="a").dailies, solving, clock, "one")
    b = Dailies(open_stores(name="b").dailies, solving, clock, "secret b")
    for game, draw in (("reflechi", 1), ("reflechi", 3)):
        deal_a, deal_b = await a.solitaire(game, draw), await b.solitaire(game, draw)
        assert deal_a["order"] != deal_b["order"] and deal_a["line"] and deal_b["line"]
    assert (await a.gin())["deck"] != (await b.gin())["deck"]
    # Easy Harp: the candidates themselves differ, whichever the solver proves winnable.
    orders = [
        {
            tuple(o)
            for o in solitaire_orders(EASY_HARP, day_seed(await d.secret(), "easy_harp-1", DAY))
        }
        for d in (a, b)
    ]
    assert not orders[0] & orders[1]
    # The same secret on a fresh store deals the same day: the deal is the secret's.
    again = Dailies(open_stores(name="a2").dailies, solving, clock, "one")
    assert await again.solitaire("reflechi", 1) == await a.solitaire("reflechi", 1)


async def test_a_fresh_store_draws_a_secret_of_its_own(open_stores, solving):
    """The source and a fresh store cannot give a server's deals: each store draws its own."""
    clock = fixed_day(DAY.isoformat())
    a = Dailies(open_stores(name="a").dailies, solving, clock)
    b = Dailies(open_stores(name="b").dailies, solving, clock)
    assert await a.secret() != await b.secret() and len(await a.secret()) == 32
    assert (await a.gin())["deck"] != (await b.gin())["deck"]
    for game, draw in (("easy_harp", 1), ("reflechi", 1), ("reflechi", 3)):
        kind, variant = f"{game}-{draw}", variant_for(game, draw)
        candidates = [
            {tuple(o) for o in solitaire_orders(variant, day_seed(await d.secret(), kind, DAY))}
            for d in (a, b)
        ]
        assert not candidates[0] & candidates[1]  # whichever the solver proves winnable
    reopened = Dailies(open_stores(name="a").dailies, solving, clock)  # the same store, later
    assert await reopened.secret() == await a.secret()


_MASK = 2**64 - 1
_GAMMA = 0x9E3779B97F4A7C15


def _unmix(z: int, shift: int) -> int:
    x = z
    for _ in range(64 // shift + 1):
        x = z ^ (x >> shift)
    return x


def splitmix_parent(output: int, index: int) -> int:
    """The parent seed ``s`` of ``derive_seed(s, index) == output``: SplitMix64 inverted."""
    z = _unmix(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 2**64)) & _MASK
    z = _unmix(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 2**64)) & _MASK
    state = _unmix(z, 30)
    return (state - (index + 1) * _GAMMA) & _MASK


def test_a_days_seed_made_public_gives_no_other_day():
    """A Gin Rummy replay shows its seed once the day is over. Derived with SplitMix64 (as
    before), that seed gave the secret back, and with it every day to come; HMAC does not."""
    secret = 0x1234_5678_9ABC_DEF0
    old_seed = derive_seed(secret, DAY.toordinal())
    assert splitmix_parent(old_seed, DAY.toordinal()) == secret  # the attack worked
    key = hashlib.sha256(b"the server's secret").digest()
    public = day_seed(key, "gin_rummy", DAY)
    guessed = splitmix_parent(public, DAY.toordinal())
    tomorrow = DAY + dt.timedelta(days=1)
    assert derive_seed(guessed, tomorrow.toordinal()) != day_seed(key, "gin_rummy", tomorrow)


@pytest.fixture
async def redis_prefix():
    prefix = f"cardroom-test:{uuid4().hex}"
    yield prefix
    await delete_prefix(prefix)


async def test_two_nodes_on_one_redis_settle_on_one_deal_found_at_once(
    open_stores, solving, redis_prefix
):
    """Two nodes find today's deal at the same moment: one is stored, both serve it. They
    are given different secrets here so that what each found differs: the store decides."""
    clock = fixed_day(DAY.isoformat())
    one = Dailies(open_stores("redis", prefix=redis_prefix).dailies, solving, clock, "one")
    two = Dailies(open_stores("redis", prefix=redis_prefix).dailies, solving, clock, "secret b")
    for game, draw in (("reflechi", 1), ("reflechi", 3)):
        found = await asyncio.gather(one.solitaire(game, draw), two.solitaire(game, draw))
        assert found[0] == found[1] and found[0]["line"]
        mine = [
            {
                tuple(o)
                for o in solitaire_orders(
                    REFLECHI_DRAW1, day_seed(await d.secret(), f"{game}-{draw}", DAY)
                )
            }
            for d in (one, two)
        ]
        assert not mine[0] & mine[1]  # each would have dealt another deal alone
    gins = await asyncio.gather(one.gin(), two.gin())
    assert gins[0] == gins[1]
    # Without a configured secret, the first secret drawn is every node's.
    three = Dailies(open_stores("redis", prefix=redis_prefix).dailies, solving, clock)
    four = Dailies(open_stores("redis", prefix=redis_prefix).dailies, solving, clock)
    assert len(set(await asyncio.gather(three.secret(), four.secret()))) == 1


async def test_a_days_deal_is_given_only_once_the_day_is_over(open_stores, solving):
    store = open_stores()
    today = Dailies(store.dailies, solving, fixed_day("2026-12-01"), "s")
    deal = await today.solitaire("reflechi", 3)
    assert await today.past_solitaire(REFLECHI_DRAW3, DAY) is None  # not over yet
    tomorrow = Dailies(store.dailies, solving, fixed_day("2026-12-02"), "s")
    assert await tomorrow.past_solitaire(REFLECHI_DRAW3, DAY) == deal
    # A past day nobody dealt is not found now: a code names the day's deal or nothing.
    assert await tomorrow.past_solitaire(REFLECHI_DRAW1, DAY) is None
    assert await store.dailies.daily("reflechi-1:2026-12-01") is None
    game = Solitaire.daily(REFLECHI_DRAW3, deal["date"], deal["order"])
    for action in deal["line"]:
        game = game.apply(action)
    assert game.won
