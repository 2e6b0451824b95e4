"""The Redis store's scripts as files (server/store/redis_store/lua): each says what it takes
before its code, each include names a file that is there, and what is loaded is whole Lua
that Redis compiles (SCRIPT LOAD) under the SHA the store calls it by."""

from __future__ import annotations

import hashlib
import re
from importlib import resources

import pytest
import redis.asyncio as redis
from stores import REDIS_URL

from server.store.redis_store.client import source

LUA = resources.files("server.store.redis_store").joinpath("lua")
FILES = sorted(f.name for f in LUA.iterdir() if f.name.endswith(".lua"))
INCLUDED = {"now.lua", "tell.lua"}
"""Pieces other scripts include, never run alone."""


def named(contract: str, kind: str) -> set[int]:
    """The KEYS or ARGV a contract names: ``KEYS[3]``, ``ARGV[2..4]``."""
    found: set[int] = set()
    for low, high in re.findall(rf"{kind}\[(\d+)(?:\.\.(\d+))?\]", contract):
        found.update(range(int(low), int(high or low) + 1))
    return found


def test_every_script_names_each_key_and_argument_it_reads_at_its_top():
    assert {"step.lua", "append.lua", "acquire.lua", "tell.lua"} <= set(FILES)  # found them
    for name in FILES:
        head = LUA.joinpath(name).read_text().splitlines()[0]
        assert head.startswith("-- "), name
    for name in sorted(set(FILES) - INCLUDED):
        code = source(name)  # with what it includes, which reads the same KEYS and ARGV
        contract = "\n".join(
            line for line in LUA.joinpath(name).read_text().splitlines() if line.startswith("--")
        )
        for kind in ("KEYS", "ARGV"):
            used = {int(n) for n in re.findall(rf"{kind}\[(\d+)\]", code)}
            assert used <= named(contract, kind), (name, kind, used - named(contract, kind))


def test_every_include_names_a_file_and_leaves_no_include_behind():
    for name in FILES:
        for included in re.findall(r"-- include: (\S+)", LUA.joinpath(name).read_text()):
            assert included in FILES, (name, included)
        assert "-- include:" not in source(name)


@pytest.mark.parametrize("name", sorted(set(FILES) - INCLUDED))
async def test_redis_compiles_each_script_under_the_sha_the_store_calls(name):
    text = source(name)
    client = redis.from_url(REDIS_URL, decode_responses=True)
    try:
        sha = await client.script_load(text)
    finally:
        await client.aclose()
    assert sha == hashlib.sha1(text.encode()).hexdigest()
