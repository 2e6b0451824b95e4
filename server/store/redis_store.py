"""The Redis store (``REDIS_URL``, or ``REDIS_SENTINELS``): shared by every server node.

Read-modify-write happens only inside Lua scripts called by SHA (``register_script``), each
with its KEYS/ARGV contract written above it. Times that nodes compare (lease expiries,
heartbeats) are read from Redis' own clock (``TIME``) inside the scripts, so nodes whose
clocks disagree still agree on who holds a lease.

Every failure to reach Redis surfaces as :class:`Unavailable`: the caller cannot know whether a
write took effect, and the compare-and-set of the log makes a retry safe.

Ready for Redis Cluster as far as rooms go (:mod:`server.store.keys`): the KEYS of every
script are in one slot (a room's, with its group's indexes), and what reads every group does
so with single-key commands in a pipeline. The lobby's version is the one counter outside the
groups, so a lobby change is written in the room's group, then given a version, then told
(:meth:`RedisStore.lobby_put`). What still spans slots, all of it players' (each would need
its own design before a cluster): the transactions of :meth:`~RedisStore.update_player` (the
record and its secret's entry), :meth:`~RedisStore.reset_secret` (the record, the old and
the new secret's entries) and :meth:`~RedisStore.record_game` (WATCH and MULTI over the game's
mark and its players' statistics, ratings, attempts, records, the day's board and pair).
The client here is a plain ``redis.asyncio.Redis``: a cluster also needs ``RedisCluster``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import time
from collections.abc import AsyncIterator
from typing import Any

import redis.asyncio as redis
from redis.asyncio.connection import BlockingConnectionPool
from redis.asyncio.retry import Retry
from redis.asyncio.sentinel import Sentinel, SentinelConnectionPool
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import NoScriptError

from server.players import boards, ledger, pairing
from server.rooms import rematch
from server.store.base import (
    Conflict,
    Entry,
    Event,
    Fenced,
    Store,
    Unavailable,
    check_deadline,
    fingerprint,
    replay_summary,
    with_last,
)
from server.store.keys import (
    ATTEMPT_TTL,
    COUNTED_TTL,
    DAILY_TTL,
    DEADLINES_PER_ROOM,
    FINISHED_ROOM_TTL,
    GROUPS,
    PLAYER_TTL,
    PRESENCE_TTL,
    RATING_BOARD,
    REPLAY_SHARE,
    REPLAY_TTL,
    Keys,
    room_group,
)

NOW = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
"""

# Tell the nodes that hold a room (those with sockets in it, by its presence hash, and its
# driver, by its lease) but the writer: an event goes to each node's own channel. A node
# holding the room otherwise (no socket and no lease) hears nothing and catches up from the
# log when a socket comes (Replicas.attach); the room's home, alone with its sockets and
# writing its own entries, is told nothing at all.
TELL = """
local function tell(lease_key, presence_key, writer, channels, event)
  local told = {[writer] = true}
  local lease = redis.call('GET', lease_key)
  local holder = lease and string.match(lease, '^(.*):%d+$')
  if holder and not told[holder] then
    told[holder] = true
    redis.call('PUBLISH', channels .. holder, event)
  end
  for _, node in ipairs(redis.call('HKEYS', presence_key)) do
    if not told[node] then
      told[node] = true
      redis.call('PUBLISH', channels .. node, event)
    end
  end
end
"""

# KEYS[1] = the room's log, KEYS[2] = the room's fence.
# KEYS[3] = the room's lease, KEYS[4] = its presence hash (who is told: TELL).
# ARGV[1] = the index the entry must take, ARGV[2] = the entry, ARGV[3] = the fencing token of
# an automatic entry ('' for a player's), ARGV[4] = the event, ARGV[5] = the start of the
# nodes' channels, ARGV[6] = the writer's node.
# Returns 1, -1 (the log is not that long: someone else wrote) or -2 (a stale token).
APPEND = (
    """
if ARGV[3] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[3] then return -2 end
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[2])
"""
    + TELL
    + """
tell(KEYS[3], KEYS[4], ARGV[6], ARGV[5], ARGV[4])
return 1
"""
)

# KEYS[1] = room meta, KEYS[2] = its group's active set, KEYS[3] = its group's lease index.
# ARGV[1] = room id, ARGV[2] = meta JSON. Returns 1, or 0 if the room exists.
CREATE = """
if redis.call('SET', KEYS[1], ARGV[2], 'NX') == false then return 0 end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], 0, ARGV[1])
return 1
"""

# KEYS[1] = the room's lease, KEYS[2] = its fence, KEYS[3] = its group's lease index.
# ARGV[1] = node, ARGV[2] = TTL (ms), ARGV[3] = room id.
# Returns the new fencing token, or 0 if the lease is held or the room is not active. A token
# is the later of the last one plus one and Redis's clock in ms: a Redis that lost its last
# second (the fence counter with it) never grants again a token it granted before the loss,
# as long as its clock goes on (a token a driver holds is never taken for a newer one).
ACQUIRE = (
    """
if redis.call('ZSCORE', KEYS[3], ARGV[3]) == false then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
"""
    + NOW
    + """
local token = string.format('%d', math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, now))
redis.call('SET', KEYS[2], token)
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. token, 'PX', ARGV[2])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[3])
return tonumber(token)
"""
)

# KEYS[1] = the room's lease, KEYS[2] = its group's lease index.
# ARGV[1] = 'node:token', ARGV[2] = TTL (ms), ARGV[3] = room id. Returns 1 if still held.
RENEW = (
    """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
"""
    + NOW
    + """
redis.call('ZADD', KEYS[2], 'XX', now + tonumber(ARGV[2]), ARGV[3])
return 1
"""
)

# KEYS[1] = the room's lease, KEYS[2] = its group's lease index. ARGV[1] = 'node:token',
# ARGV[2] = room id. Drops the lease if still held and marks it lapsed in the index.
RELEASE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZADD', KEYS[2], 'XX', 0, ARGV[2])
return 1
"""

# KEYS[1] = a group's lease index. ARGV[1] = how many. The group's rooms whose lease lapsed
# before now (by the clock of the Redis holding the group, the clock their expiries were set
# by), with those expiries, as a flat list. Strictly before: Redis expires a key once the time
# is past its expiry, not at it, and an index entry's time is never before its key's expiry
# (TIME is read after the script's start, which PX counts from); so a room listed here has
# no lease key left, and a renewal of it fails (a renewal at the very millisecond used to
# succeed while the room was listed).
LAPSED = (
    NOW
    + """
return redis.call('ZRANGE', KEYS[1], '-inf', '(' .. now, 'BYSCORE', 'LIMIT', 0,
                  tonumber(ARGV[1]), 'WITHSCORES')
"""
)

# KEYS[1] = the node set. ARGV[1] = node. Records the heartbeat; returns {now, the node set
# with scores as a flat list}.
HEARTBEAT = (
    NOW
    + """
redis.call('ZADD', KEYS[1], now, ARGV[1])
return {now, redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')}
"""
)

# KEYS[1] = the room's presence hash, KEYS[2] = the node's room set in the room's group.
# ARGV[1] = node, ARGV[2] = counts JSON ('' to remove), ARGV[3] = room id, ARGV[4] = TTL (s),
# ARGV[5] = the event, ARGV[6] = channel.
PRESENCE = (
    """
if ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('SREM', KEYS[2], ARGV[3])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  redis.call('SADD', KEYS[2], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
end
"""
    + TELL
    + """
tell(KEYS[3], KEYS[1], ARGV[1], ARGV[6], ARGV[5])
return 1
"""
)

# KEYS[1] = the room's group's lobby hash, KEYS[2] = that group's active set.
# ARGV[1] = room id, ARGV[2] = summary JSON ('' to remove). Returns 1 if the lobby changed:
# removing an absent room, or listing a room that is not active (a late write after its
# end), changes nothing.
LOBBY_PUT = """
if ARGV[2] == '' then return redis.call('HDEL', KEYS[1], ARGV[1]) end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
"""

# KEYS[1] = the room's group's lobby hash. ARGV[1] = room id, ARGV[2] = the version taken
# for a change of it, ARGV[3] = channel. Publishes the change with the room's summary as it
# stands now (null: not listed).
LOBBY_EVENT = """
local summary = redis.call('HGET', KEYS[1], ARGV[1]) or 'null'
local event = '{"k":"lobby","v":' .. ARGV[2] .. ',"room":' .. cjson.encode(ARGV[1])
redis.call('PUBLISH', ARGV[3], event .. ',"summary":' .. summary .. '}')
return 1
"""

# KEYS[1] = the game's replay, KEYS[2] = the index of its group's latest replays.
# ARGV[1] = replay JSON, ARGV[2] = finish time, ARGV[3] = game id, ARGV[4] = replay TTL,
# ARGV[5] = how many the index keeps.
REPLAY = """
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -1 - tonumber(ARGV[5]))
return 1
"""

# Quick pairing (server.players.pairing, mirrored line for line): KEYS[1] = the pool,
# KEYS[2] = today's rated pairs, KEYS[3] = pairings, KEYS[4] = their times, KEYS[5] = the
# last sweep (all in the {seeks} slot). ARGV[1] = now (ms), ARGV[2..4] = RANGE_START,
# RANGE_GROWTH, RANGE_MAX, ARGV[5] = PAIR_LIMIT, ARGV[6] = the pairs' TTL (s). Seeks are
# kept and handed back as the JSON they came in (cjson would write 64-bit numbers short).
PAIRING = """
local now = tonumber(ARGV[1])
local RSTART, GROWTH, RMAX = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local LIMIT = tonumber(ARGV[5])
local function reach(s)
  local waited = math.max(0, now - s.since) / 1000
  return math.min(RMAX, RSTART + GROWTH * waited)
end
local function pkey(a, b)
  if a < b then return a .. '|' .. b end
  return b .. '|' .. a
end
local counts = {}
local function count_of(k)
  if counts[k] == nil then counts[k] = tonumber(redis.call('HGET', KEYS[2], k) or '0') end
  return counts[k]
end
local function compatible(a, b)
  if a.player == b.player then return false end
  if a.target ~= b.target or a.turn ~= b.turn or a.rated ~= b.rated then return false end
  local gap = math.abs(a.rating - b.rating)
  if gap > reach(a) or gap > reach(b) then return false end
  if a.rated then
    if a.addr ~= '' and a.addr == b.addr then return false end
    if count_of(pkey(a.player, b.player)) >= LIMIT then return false end
  end
  return true
end
local function better(s, o, best)
  if best == nil then return true end
  local go, gb = math.abs(s.rating - o.rating), math.abs(s.rating - best.rating)
  if go ~= gb then return go < gb end
  if o.since ~= best.since then return o.since < best.since end
  return o.player < best.player
end
local function counted(a, b)
  if a.rated then
    local k = pkey(a.player, b.player)
    counts[k] = count_of(k) + 1
    redis.call('HINCRBY', KEYS[2], k, 1)
    redis.call('EXPIRE', KEYS[2], ARGV[6])
  end
end
local function pair(araw, braw, room, seed, a, b)
  local p = '{"room":' .. cjson.encode(room) .. ',"seed":' .. seed .. ',"at":' .. ARGV[1]
    .. ',"seeks":[' .. araw .. ',' .. braw .. ']}'
  redis.call('HSET', KEYS[3], a.player, p, b.player, p)
  redis.call('ZADD', KEYS[4], now, a.player, now, b.player)
  return p
end
"""

# KEYS[6] = the seek's player's reset mark (the new secret's fingerprint, for RESET_MS).
# ARGV[7] = the seek (JSON), ARGV[8] = the room, ARGV[9] = its seed (digits), ARGV[10] =
# MAX_SEEKS, ARGV[11] = SEEKS_PER_ADDRESS. Returns the pairing (JSON), false (waiting), 'reset'
# (a seek on a session a reset ended: nothing changed), 'full' or 'address' (nothing changed
# but the player's earlier seek and pairing forgotten).
SEEK = (
    PAIRING
    + """
local seek = cjson.decode(ARGV[7])
local reset = redis.call('GET', KEYS[6])
if reset and reset ~= seek.session then return 'reset' end
redis.call('HDEL', KEYS[1], seek.player)
redis.call('HDEL', KEYS[3], seek.player)
redis.call('ZREM', KEYS[4], seek.player)
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[10]) then return 'full' end
local best, bestraw, same = nil, nil, 0
local all = redis.call('HGETALL', KEYS[1])
for i = 2, #all, 2 do
  local o = cjson.decode(all[i])
  if o.addr == seek.addr then same = same + 1 end
  if compatible(seek, o) and better(seek, o, best) then best, bestraw = o, all[i] end
end
if seek.addr ~= '' and same >= tonumber(ARGV[11]) then return 'address' end
if best == nil then
  redis.call('HSET', KEYS[1], seek.player, ARGV[7])
  return false
end
redis.call('HDEL', KEYS[1], best.player)
counted(best, seek)
return pair(bestraw, ARGV[7], ARGV[8], ARGV[9], best, seek)
"""
)

# ARGV[7] = the node sweeping, ARGV[8] = the nodes alive (JSON list; '' = keep every seek),
# ARGV[9] = rooms for the pairs (JSON list of [room, seed digits]), ARGV[10] = SEEK_SECONDS
# in ms, ARGV[11] = PAIRED_SECONDS in ms, ARGV[12] = SWEEP_GAP_MS.
# Returns false (swept lately), or {#pairings, pairing JSON..., waiting players of the node...}.
SWEEP = (
    PAIRING
    + """
local last = tonumber(redis.call('GET', KEYS[5]) or '-1e15')
if now - last < tonumber(ARGV[12]) then return false end
redis.call('SET', KEYS[5], ARGV[1], 'PX', 60000)
local old = redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', '(' .. (now - tonumber(ARGV[11])))
for _, p in ipairs(old) do
  redis.call('HDEL', KEYS[3], p)
  redis.call('ZREM', KEYS[4], p)
end
local alive = nil
if ARGV[8] ~= '' then
  alive = {}
  for _, n in ipairs(cjson.decode(ARGV[8])) do alive[n] = true end
end
local seeks = {}
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local s = cjson.decode(all[i + 1])
  if now - s.since > tonumber(ARGV[10]) or (alive ~= nil and not alive[s.node]) then
    redis.call('HDEL', KEYS[1], all[i])
  else
    s._raw = all[i + 1]
    table.insert(seeks, s)
  end
end
table.sort(seeks, function(a, b)
  if a.since ~= b.since then return a.since < b.since end
  return a.player < b.player
end)
local rooms = cjson.decode(ARGV[9])
local made, taken = {}, {}
for i = 1, #seeks do
  if #made >= #rooms then break end
  if not taken[i] then
    local s, best, bj = seeks[i], nil, nil
    for j = i + 1, #seeks do
      if not taken[j] and compatible(s, seeks[j]) and better(s, seeks[j], best) then
        best, bj = seeks[j], j
      end
    end
    if best ~= nil then
      taken[i], taken[bj] = true, true
      redis.call('HDEL', KEYS[1], s.player, best.player)
      counted(s, best)
      local r = rooms[#made + 1]
      table.insert(made, pair(s._raw, best._raw, r[1], r[2], s, best))
    end
  end
end
local out = {tostring(#made)}
for _, p in ipairs(made) do table.insert(out, p) end
local mine = {}
for i = 1, #seeks do
  if not taken[i] and seeks[i].node == ARGV[7] then table.insert(mine, seeks[i].player) end
end
table.sort(mine)
for _, p in ipairs(mine) do table.insert(out, p) end
return out
"""
)

# KEYS[1] = the pool; ARGV[1] = a player, ARGV[2] = the socket that sought ('' = any).
UNSEEK = """
local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
if ARGV[2] ~= '' and cjson.decode(raw).conn ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
"""

# KEYS[1] = the game's replay, KEYS[2] = one seat's review of it; ARGV[1] = review JSON.
# Kept as long as the replay is (its remaining time), and only while it is.
REVIEW = """
local left = redis.call('PTTL', KEYS[1])
if left == -2 then return 0 end
if left == -1 then
  redis.call('SET', KEYS[2], ARGV[1])
else
  redis.call('SET', KEYS[2], ARGV[1], 'PX', left)
end
return 1
"""

# KEYS[1] = room meta, KEYS[2] = room log, KEYS[3] = the room's lease, KEYS[4] = its fence,
# KEYS[5] = its deadlines, KEYS[6..8] = its group's active set, lease index and lobby hash,
# KEYS[9..10] = the replay and its group's index (the room's group: see finish_room).
# ARGV[1] = room id, ARGV[2] = finished-room TTL, then ARGV[3..7] as REPLAY's ARGV[1..5]
# (ARGV[3] = '' stores no replay here).
# Returns 1 if the lobby is to be told (the room left it; or it was finished already, and
# telling again mends a change that a lost reply kept from being told), else 0.
FINISH = """
local again = redis.call('SREM', KEYS[6], ARGV[1]) == 0
redis.call('ZREM', KEYS[7], ARGV[1])
redis.call('DEL', KEYS[3], KEYS[5])
if ARGV[3] ~= '' then
  redis.call('SET', KEYS[9], ARGV[3], 'EX', ARGV[6])
  redis.call('ZADD', KEYS[10], ARGV[4], ARGV[5])
  redis.call('ZREMRANGEBYRANK', KEYS[10], 0, -1 - tonumber(ARGV[7]))
end
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
redis.call('EXPIRE', KEYS[4], ARGV[2])
if redis.call('HDEL', KEYS[8], ARGV[1]) == 1 or again then return 1 end
return 0
"""

# KEYS[1] = the room's deadlines, KEYS[2] = its group's active set.
# ARGV[1] = room id, ARGV[2] = name, ARGV[3] = start (ms), ARGV[4] = most names a room holds.
# Returns the start recorded, false if the room is not active, -1 if it holds too many.
SET_DEADLINE = """
local start = redis.call('HGET', KEYS[1], ARGV[2])
if start then return start end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return false end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return -1 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return ARGV[3]
"""

# KEYS[1] = the allowance counter of this window. ARGV[1] = limit, ARGV[2] = window (s).
# Returns 1 (counted) or 0 (the limit was reached: nothing counted).
ALLOW = """
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
"""

# KEYS[1] = a day's board (sorted set of negated scores), KEYS[2] = its rows (hash).
# ARGV[1] = how many of the best, ARGV[2] = a player id ('' for none).
# Returns {size, {player, negated score, ...} of the best, their rows, the player's negated
# score or false, how many are strictly better, the player's row or false}.
DAILY_BOARD = """
local size = redis.call('ZCARD', KEYS[1])
local top = {}
local rows = {}
if tonumber(ARGV[1]) > 0 then
  top = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')
  local members = {}
  for i = 1, #top, 2 do members[#members + 1] = top[i] end
  if #members > 0 then rows = redis.call('HMGET', KEYS[2], unpack(members)) end
end
local mine = false
local better = 0
local row = false
if ARGV[2] ~= '' then
  mine = redis.call('ZSCORE', KEYS[1], ARGV[2])
  if mine then
    better = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. mine)
    row = redis.call('HGET', KEYS[2], ARGV[2])
  end
end
return {size, top, rows, mine, better, row}
"""

UNREACHABLE = (
    redis.ConnectionError,
    redis.TimeoutError,
    redis.BusyLoadingError,
    redis.ReadOnlyError,
    OSError,
)


def _reachable(method):
    """Report a Redis that cannot be reached as :class:`Unavailable`."""

    @functools.wraps(method)
    async def wrapper(*args, **kwargs):
        try:
            return await method(*args, **kwargs)
        except UNREACHABLE as lost:
            raise Unavailable(str(lost) or type(lost).__name__) from None

    return wrapper


POOL_CONNECTIONS = 64
"""Connections to Redis one node holds at most (Redis runs one command at a time: more would
not make it faster). A command waits up to POOL_WAIT seconds for a free one. redis-py's own
pool refuses a command at once when a hundred are in use: under a burst of requests (100
clients setting up rooms together) every one past the hundredth failed as unavailable."""
POOL_WAIT = 2.0


class _Batches:
    """The appends of one step of the event loop go to Redis as one pipeline: one write, one
    read and one connection for all of them, not one each (at a thousand busy rooms, most of
    a node's Redis cost was redis-py's work per command; see bench/RESULTS.md). With
    ``wait`` (replicas, ms), one WAIT ends the batch and answers for all of it: Redis runs a
    connection's commands in order, so the replicas that acknowledged the WAIT hold every
    append before it.

    Each append is an EVALSHA; a Redis that lost its scripts (a restart) answers NOSCRIPT,
    and those appends are sent again once it is loaded (redis-py's own pipeline would
    instead ask SCRIPT EXISTS at every batch)."""

    def __init__(self, client: redis.Redis, script, wait: tuple[int, int] | None) -> None:
        self.client, self.script, self.wait = client, script, wait
        self.queued: list[tuple[list, list, asyncio.Future]] = []
        self.sending: set[asyncio.Task] = set()  # held until done (the loop holds tasks weakly)

    def append(self, keys: list, args: list) -> asyncio.Future:
        """The script's answer and, with ``wait``, the replicas that hold it."""
        loop = asyncio.get_running_loop()
        done = loop.create_future()
        self.queued.append((keys, args, done))
        if len(self.queued) == 1:
            loop.call_soon(self._send)
        return done

    def _send(self) -> None:
        batch, self.queued = self.queued, []
        task = asyncio.ensure_future(self._round_trip(batch))
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    async def _round_trip(self, batch: list[tuple[list, list, asyncio.Future]]) -> None:
        if len(batch) == 1 and not self.wait:  # alone: a pipeline would cost a quarter more
            keys, args, done = batch[0]
            try:
                _settle(done, (await self.script(keys=keys, args=args), None))
            except Exception as failed:
                _settle(done, error=failed)
            return
        try:
            answers, acked = await self._pipelined([(keys, args) for keys, args, _ in batch])
            for (keys, args, done), answer in zip(batch, answers, strict=True):
                held = acked
                if isinstance(answer, NoScriptError):
                    await self.client.script_load(self.script.script)
                    # again with its own WAIT: the batch's did not follow this write
                    (answer,), held = await self._pipelined([(keys, args)])
                if isinstance(answer, Exception):
                    _settle(done, error=answer)
                else:
                    _settle(done, (answer, held))
        except Exception as failed:  # each append raises it as its own
            for _, _, done in batch:
                _settle(done, error=failed)

    async def _pipelined(self, appends: list[tuple[list, list]]) -> tuple[list, int | None]:
        """The appends' answers (an error as its exception), and with ``wait`` the replicas
        holding them (-1: Redis refused to wait, as a primary just demoted does)."""
        async with self.client.pipeline(transaction=False) as pipe:
            for keys, args in appends:
                pipe.execute_command("EVALSHA", self.script.sha, len(keys), *keys, *args)
            if self.wait:
                pipe.execute_command("WAIT", *self.wait)
            answers = await pipe.execute(raise_on_error=False)
        if not self.wait:
            return answers, None
        acked = answers.pop()
        return answers, -1 if isinstance(acked, Exception) else acked


async def _waited(client: redis.Redis, replicas: int, ms: int, key: str) -> int:
    """How many replicas hold this connection's writes, waiting up to ``ms`` for
    ``replicas`` of them (-1: Redis refused to wait, as a demoted primary does). WAIT counts
    only the writes made on its own connection: ``key``, a write of nothing that matters made
    just before it, makes it count for every write Redis took before (its place in the
    replication stream comes after theirs)."""
    async with client.pipeline(transaction=False) as pipe:
        pipe.set(key, "", px=1000)
        pipe.execute_command("WAIT", replicas, ms)
        answers = await pipe.execute(raise_on_error=False)
    acked = answers[-1]
    return -1 if isinstance(acked, Exception) else int(acked)


def _settle(done: asyncio.Future, answer: Any = None, error: BaseException | None = None) -> None:
    if done.done():  # its appender was cancelled
        return
    if error is not None:
        done.set_exception(error)
    else:
        done.set_result(answer)


class _BlockingSentinelPool(SentinelConnectionPool, BlockingConnectionPool):
    """A pool that follows the primary the sentinels name (SentinelConnectionPool) and waits
    for a free connection (BlockingConnectionPool)."""


def connect(
    url: str | None, sentinels: list[tuple[str, int]] | None = None, service: str = "cardroom"
) -> redis.Redis:
    """A client for one Redis, or for the primary that ``sentinels`` name for ``service``
    (it follows a fail-over). Short timeouts and few retries: a request waits at most about
    two seconds for a Redis that is gone, then is refused as unavailable."""
    options: dict[str, Any] = {
        "decode_responses": True,
        "socket_timeout": 2.0,
        "socket_connect_timeout": 1.0,
        "retry": Retry(ExponentialWithJitterBackoff(base=0.02, cap=0.5), 3),
        "health_check_interval": 10,
        "max_connections": POOL_CONNECTIONS,
        "timeout": POOL_WAIT,
    }
    if sentinels:
        sentinel = Sentinel(sentinels, socket_timeout=1.0, socket_connect_timeout=1.0)
        return sentinel.master_for(service, connection_pool_class=_BlockingSentinelPool, **options)
    assert url is not None
    return redis.Redis.from_pool(BlockingConnectionPool.from_url(url, **options))  # owns it


class RedisStore(Store):
    def __init__(
        self,
        url: str | None = None,
        prefix: str = "cardroom",
        *,
        sentinels: list[tuple[str, int]] | None = None,
        service: str = "cardroom",
        wait_replicas: int = 0,
        wait_ms: int = 500,
    ) -> None:
        self.redis = connect(url, sentinels, service)
        self.keys = Keys(prefix)
        self.wait_replicas, self.wait_ms = wait_replicas, wait_ms
        self._closed = asyncio.Event()
        script = self.redis.register_script
        self._append = script(APPEND)
        self._create = script(CREATE)
        self._acquire = script(ACQUIRE)
        self._renew = script(RENEW)
        self._release = script(RELEASE)
        self._lapsed = script(LAPSED)
        self._heartbeat = script(HEARTBEAT)
        self._presence = script(PRESENCE)
        self._lobby_put = script(LOBBY_PUT)
        self._lobby_event = script(LOBBY_EVENT)
        self._replay = script(REPLAY)
        self._review = script(REVIEW)
        self._finish = script(FINISH)
        self._set_deadline = script(SET_DEADLINE)
        self._allow = script(ALLOW)
        self._daily_board = script(DAILY_BOARD)
        self._seek = script(SEEK)
        self._sweep = script(SWEEP)
        self._unseek = script(UNSEEK)
        wait = (wait_replicas, wait_ms) if wait_replicas else None
        self._appends = _Batches(self.redis, self._append, wait)

    # ---- rooms and logs ------------------------------------------------------------------

    async def _each_group(self, command) -> list[Any]:
        """``command(pipe, group)`` for every group, in one pipeline: their answers."""
        async with self.redis.pipeline(transaction=False) as pipe:
            for group in GROUPS:
                await command(pipe, group)
            return await pipe.execute()

    @_reachable
    async def create_room(self, room_id: str, meta: dict[str, Any]) -> None:
        k, g = self.keys, room_group(room_id)
        created = await self._create(
            keys=[k.room_meta(room_id), k.active(g), k.leases(g)],
            args=[room_id, json.dumps(meta)],
        )
        if not created:
            raise Conflict(f"room {room_id} exists")

    @_reachable
    async def room_meta(self, room_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.room_meta(room_id))
        return json.loads(raw) if raw else None

    @_reachable
    async def append(
        self, room_id: str, index: int, entry: Entry, fence: int | None = None, node: str = ""
    ) -> None:
        body = json.dumps(entry)
        event = f'{{"k":"entry","room":{json.dumps(room_id)},"index":{index},"entry":{body}}}'
        k = self.keys
        keys = [k.room_log(room_id), k.fence(room_id), k.lease(room_id), k.presence(room_id)]
        fenced = "" if fence is None else str(fence)
        args = [index, body, fenced, event, k.node_events, node]
        done, acked = await self._appends.append(keys, args)
        if done == -1:
            raise Conflict(f"entry {index} of {room_id} is taken")
        if done == -2:
            raise Fenced(f"a newer driver holds {room_id}")
        if acked is not None and acked < self.wait_replicas:
            # On the primary, not yet on a replica: a fail-over now could lose it, so it is
            # not acknowledged (a retry with the same command id is safe either way).
            raise Unavailable(f"entry {index} of {room_id} reached {acked} replicas")

    @_reachable
    async def durable(self, room_id: str) -> None:
        if self.wait_replicas:
            acked = await _waited(
                self.redis, self.wait_replicas, self.wait_ms, self.keys.wait(room_id)
            )
            if acked < self.wait_replicas:
                raise Unavailable(f"the log of {room_id} reached {acked} replicas")

    @_reachable
    async def log(self, room_id: str, start: int = 0) -> list[Entry]:
        raw = await self.redis.lrange(self.keys.room_log(room_id), start, -1)
        return [json.loads(x) for x in raw]

    @_reachable
    async def lengths(self, room_ids: list[str]) -> list[int]:
        if not room_ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id in room_ids:
                pipe.llen(self.keys.room_log(room_id))
            return [int(n) for n in await pipe.execute()]

    @_reachable
    async def active_rooms(self) -> list[str]:
        async def members(pipe, group: int) -> None:
            pipe.smembers(self.keys.active(group))

        return sorted(room for rooms in await self._each_group(members) for room in rooms)

    @_reachable
    async def active_count(self) -> int:
        async def count(pipe, group: int) -> None:
            pipe.scard(self.keys.active(group))

        return sum(int(n) for n in await self._each_group(count))

    @_reachable
    async def is_active(self, room_id: str) -> bool:
        return bool(await self.redis.sismember(self.keys.active(room_group(room_id)), room_id))

    @_reachable
    async def deadlines(self, room_id: str) -> dict[str, int]:
        raw = await self.redis.hgetall(self.keys.deadlines(room_id))
        return {name: int(start) for name, start in raw.items()}

    @_reachable
    async def set_deadline(self, room_id: str, name: str, start_ms: int | None) -> int | None:
        check_deadline(name, start_ms)
        k = self.keys
        if start_ms is None:
            await self.redis.hdel(k.deadlines(room_id), name)
            return None
        start = await self._set_deadline(
            keys=[k.deadlines(room_id), k.active(room_group(room_id))],
            args=[room_id, name, start_ms, DEADLINES_PER_ROOM],
        )
        if start == -1:
            raise ValueError(f"room {room_id} holds {DEADLINES_PER_ROOM} deadlines already")
        return None if start is None else int(start)

    @_reachable
    async def finish_room(self, room_id: str, replay: dict[str, Any] | None) -> None:
        # Refuse a bad time before any write.
        finished_at = float(replay.get("finished_at", time.time())) if replay else 0.0
        k, g = self.keys, room_group(room_id)
        game = replay["id"] if replay else room_id
        stored = ["", 0, "", 0, 0]
        if replay:
            stored = [json.dumps(replay), finished_at, game, REPLAY_TTL, REPLAY_SHARE]
        if room_group(game) != g:
            # A game id that is not its room's (never so in the server): its replay is in
            # another slot, stored first (finishing again stores it again).
            await self._replay(keys=[k.replay(game), k.replays(room_group(game))], args=stored)
            game, stored[0] = room_id, ""
        tell = await self._finish(
            keys=[
                k.room_meta(room_id),
                k.room_log(room_id),
                k.lease(room_id),
                k.fence(room_id),
                k.deadlines(room_id),
                k.active(g),
                k.leases(g),
                k.lobby(g),
                k.replay(game),
                k.replays(g),
            ],
            args=[room_id, FINISHED_ROOM_TTL, *stored],
        )
        if tell:
            await self._tell_lobby(room_id)

    # ---- replays and dailies ---------------------------------------------------------------

    @_reachable
    async def replay(self, game_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.replay(game_id))
        return json.loads(raw) if raw else None

    @_reachable
    async def replays(self, limit: int = 50) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        k = self.keys

        async def latest(pipe, group: int) -> None:
            pipe.zrevrange(k.replays(group), 0, limit - 1, withscores=True)

        found = [(score, i) for top in await self._each_group(latest) for i, score in top]
        ids = [i for _, i in sorted(found, reverse=True)[:limit]]
        if not ids:
            return []
        bodies = await self._get_each([k.replay(i) for i in ids])
        expired = [i for i, b in zip(ids, bodies, strict=True) if not b]
        if expired:  # replays expire by TTL; their index entries go on the next read
            async with self.redis.pipeline(transaction=False) as pipe:
                for i in expired:
                    pipe.zrem(k.replays(room_group(i)), i)
                await pipe.execute()
        return [replay_summary(json.loads(b)) for b in bodies if b]

    @_reachable
    async def review(self, game_id: str, seat: int) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.review(game_id, seat))
        return json.loads(raw) if raw else None

    @_reachable
    async def put_review(self, game_id: str, seat: int, review: dict[str, Any]) -> bool:
        keys = [self.keys.replay(game_id), self.keys.review(game_id, seat)]
        return bool(await self._review(keys=keys, args=[json.dumps(review)]))

    async def _get_each(self, keys: list[str]) -> list[str | None]:
        """GET of each key, in one pipeline (one MGET must keep to one slot)."""
        if not keys:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for key in keys:
                pipe.get(key)
            return await pipe.execute()

    @_reachable
    async def daily(self, key: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.daily(key))
        return json.loads(raw) if raw else None

    @_reachable
    async def put_daily(self, key: str, deal: dict[str, Any]) -> dict[str, Any]:
        # SET NX is one atomic command: the first node to store today's deal wins.
        await self.redis.set(self.keys.daily(key), json.dumps(deal), nx=True, ex=DAILY_TTL)
        stored = await self.daily(key)
        assert stored is not None
        return stored

    # ---- players ---------------------------------------------------------------------------

    async def _watched(self, keys: list[str], work) -> Any:
        """Run ``await work(pipe)`` under WATCH on ``keys``: it reads, calls ``pipe.multi()``
        and queues its writes; the writes happen only if no watched key changed meanwhile
        (else it runs again on what is there now)."""
        async with self.redis.pipeline(transaction=True) as pipe:
            while True:
                try:
                    await pipe.watch(*keys)
                    result = await work(pipe)
                    await pipe.execute()
                    return result
                except redis.WatchError:
                    continue

    @staticmethod
    def _record(raw: str | None) -> dict[str, Any] | None:
        if not raw:
            return None
        record = json.loads(raw)
        record.pop("secret", None)
        return record

    @_reachable
    async def create_player(self, record: dict[str, Any], secret_hash: str) -> None:
        # The record, then its secret's entry (two slots): a record whose secret is taken
        # goes again; one left by a crash in between is reached by no secret, and expires.
        k = self.keys
        body = json.dumps({**record, "secret": secret_hash})
        if not await self.redis.set(k.player(record["id"]), body, nx=True, ex=PLAYER_TTL):
            raise Conflict(f"player {record['id']} exists")
        if not await self.redis.set(k.secret(secret_hash), record["id"], nx=True, ex=PLAYER_TTL):
            await self.redis.delete(k.player(record["id"]))
            raise Conflict(f"the secret of player {record['id']} is taken")

    @_reachable
    async def player(self, player_id: str) -> dict[str, Any] | None:
        return self._record(await self.redis.get(self.keys.player(player_id)))

    @_reachable
    async def player_by_secret(self, secret_hash: str) -> dict[str, Any] | None:
        player_id = await self.redis.get(self.keys.secret(secret_hash))
        if not player_id:
            return None
        raw = await self.redis.get(self.keys.player(player_id))
        if not raw or json.loads(raw).get("secret") != secret_hash:
            return None  # an index entry left by a reset a moment ago
        return self._record(raw)

    @_reachable
    async def update_player(
        self, player_id: str, changes: dict[str, Any], secret_hash: str | None = None
    ) -> dict[str, Any] | None:
        key = self.keys.player(player_id)

        async def work(pipe) -> dict[str, Any] | None:
            raw = await pipe.get(key)
            pipe.multi()
            if not raw:
                return None
            stored = json.loads(raw)
            if secret_hash is not None and stored.get("secret") != secret_hash:
                return None
            record = {**stored, **changes}
            record["seen"] = max(record["seen"], time.time())
            pipe.set(key, json.dumps(record), ex=PLAYER_TTL)
            pipe.expire(self.keys.secret(record["secret"]), PLAYER_TTL)
            record.pop("secret")
            return record

        return await self._watched([key], work)

    @_reachable
    async def reset_secret(self, player_id: str, secret_hash: str, current: str) -> bool:
        key = self.keys.player(player_id)
        event = {"k": "signed_out", "player": player_id, "keep": fingerprint(secret_hash)}

        async def work(pipe) -> bool:
            raw = await pipe.get(key)
            pipe.multi()
            if not raw:
                return False
            record = json.loads(raw)
            if record.get("secret") != current:
                return False
            pipe.delete(self.keys.secret(record["secret"]))
            record["secret"] = secret_hash
            pipe.set(key, json.dumps(record), ex=PLAYER_TTL)
            pipe.set(self.keys.secret(secret_hash), player_id, ex=PLAYER_TTL)
            pipe.hdel(self.keys.seek_pool, player_id)  # its seek ends with the old secret
            # and a seek on another session than the new one is refused for a while
            pipe.set(self.keys.seek_reset(player_id), fingerprint(secret_hash), px=pairing.RESET_MS)
            pipe.publish(self.keys.events, json.dumps(event))  # in the same transaction
            return True

        return await self._watched([key], work)

    @_reachable
    async def note_network(self, player_id: str, tag: str, at: float) -> None:
        key = self.keys.networks(player_id)
        kept = ledger.SHARED_NETWORK_DAYS * 86_400
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zadd(key, {tag: at}, gt=True)
            pipe.zremrangebyscore(key, "-inf", f"({at - kept}")
            pipe.zremrangebyrank(key, 0, -1 - ledger.NETWORKS_KEPT)
            pipe.expire(key, kept)
            await pipe.execute()

    @_reachable
    async def networks(self, player_id: str) -> dict[str, float]:
        return dict(await self.redis.zrange(self.keys.networks(player_id), 0, -1, withscores=True))

    @_reachable
    async def allow(self, bucket: str, limit: int, window_s: int) -> bool:
        window = int(time.time() // window_s)
        key = self.keys.allowance(bucket, window)
        return bool(await self._allow(keys=[key], args=[limit, window_s]))

    # ---- what finished games change for their players ------------------------------------

    @_reachable
    async def record_game(self, replay: dict[str, Any]) -> bool:
        keys = _GameKeys(self.keys, ledger.wanted(replay), replay["id"])

        async def work(pipe) -> bool:
            if await pipe.exists(keys.marker):
                pipe.multi()
                return False
            changes = ledger.settle(replay, **await keys.before(pipe))
            pipe.multi()
            keys.write(pipe, changes)
            return True

        return await self._watched(keys.watched, work)

    @_reachable
    async def player_stats(self, player_id: str) -> dict[str, dict[str, Any]]:
        raw = await self.redis.get(self.keys.stats(player_id))
        return json.loads(raw) if raw else {}

    @_reachable
    async def player_games(self, player_id: str) -> list[dict[str, Any]]:
        raw = await self.redis.lrange(self.keys.games(player_id), 0, ledger.RECENT_GAMES - 1)
        return [json.loads(g) for g in raw]

    @_reachable
    async def player_rating(self, player_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.rating(player_id))
        return json.loads(raw) if raw else None

    @_reachable
    async def rating_history(self, player_id: str) -> list[dict[str, Any]]:
        key = self.keys.rating_history(player_id)
        return [json.loads(p) for p in await self.redis.lrange(key, 0, ledger.RATING_HISTORY - 1)]

    @_reachable
    async def rating_board(self, limit: int) -> list[dict[str, Any]]:
        if limit <= 0:
            return []
        # Ties in rating go by player id, as in the embedded store: read the whole tie at
        # the edge of the page, then cut.
        top = await self.redis.zrevrange(
            self.keys.rating_board, 0, min(limit, RATING_BOARD) - 1, withscores=True
        )
        if len(top) == limit:
            edge = top[-1][1]
            tied = await self.redis.zrangebyscore(self.keys.rating_board, edge, edge)
            top = [t for t in top if t[1] > edge] + [(p, edge) for p in tied]
        top.sort(key=lambda t: (-t[1], t[0]))
        top = top[:limit]
        bodies = await self._get_each([self.keys.rating(p) for p, _ in top])
        gone = [p for (p, _), b in zip(top, bodies, strict=True) if not b]
        if gone:  # players forgotten by TTL leave the board on the next read
            await self.redis.zrem(self.keys.rating_board, *gone)
        return [{**json.loads(b), "player": p} for (p, _), b in zip(top, bodies, strict=True) if b]

    @_reachable
    async def claim_attempt(self, board: str, date: str, player_id: str, claim: str) -> str:
        key = self.keys.attempt(board, date, player_id)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(key, claim, nx=True, ex=ATTEMPT_TTL)
            pipe.get(key)
            _, first = await pipe.execute()
        return first

    @_reachable
    async def attempt(self, board: str, date: str, player_id: str) -> str | None:
        return await self.redis.get(self.keys.attempt(board, date, player_id))

    @_reachable
    async def daily_board(
        self, board: str, date: str, limit: int, player_id: str | None = None
    ) -> dict[str, Any]:
        k = self.keys
        size, top, bodies, mine, better, row = await self._daily_board(
            keys=[k.daily_board(board, date), k.daily_rows(board, date)],
            args=[max(0, limit), player_id or ""],
        )
        pairs = list(zip(top[::2], top[1::2], strict=True))
        rows = boards.ranked(
            [(p, -float(s), json.loads(b)) for (p, s), b in zip(pairs, bodies, strict=True) if b]
        )
        me = {"rank": int(better) + 1, **json.loads(row)} if mine and row else None
        total = int(size)
        return {"total": total, "rows": rows, "me": me}

    # ---- leases ----------------------------------------------------------------------------

    @_reachable
    async def acquire(self, room_id: str, node: str, ttl_ms: int) -> int | None:
        k = self.keys
        keys = [k.lease(room_id), k.fence(room_id), k.leases(room_group(room_id))]
        args = [node, ttl_ms, room_id]
        if not self.wait_replicas:
            return int(await self._acquire(keys=keys, args=args)) or None
        # A token a fail-over could lose might be granted again to another node: wait until
        # the replicas have it, as for an entry.
        async with self.redis.pipeline(transaction=False) as pipe:
            await self._acquire(keys=keys, args=args, client=pipe)
            pipe.execute_command("WAIT", self.wait_replicas, self.wait_ms)
            token, acked = await pipe.execute(raise_on_error=False)
        if isinstance(token, Exception):
            raise token  # read-only (a demoted primary): unavailable
        if token and (isinstance(acked, Exception) or acked < self.wait_replicas):
            raise Unavailable(f"the lease of {room_id} reached {acked} replicas")
        return int(token) or None

    @_reachable
    async def renew(self, leases: list[tuple[str, str, int]], ttl_ms: int) -> list[bool]:
        if not leases:
            return []
        k = self.keys
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id, node, token in leases:
                await self._renew(
                    keys=[k.lease(room_id), k.leases(room_group(room_id))],
                    args=[f"{node}:{token}", ttl_ms, room_id],
                    client=pipe,
                )
            return [bool(r) for r in await pipe.execute()]

    @_reachable
    async def release(self, room_id: str, node: str, token: int) -> None:
        k = self.keys
        await self._release(
            keys=[k.lease(room_id), k.leases(room_group(room_id))],
            args=[f"{node}:{token}", room_id],
        )

    @_reachable
    async def holders(self, room_ids: list[str]) -> list[str | None]:
        if not room_ids:
            return []
        async with self.redis.pipeline(transaction=False) as pipe:
            for room_id in room_ids:
                pipe.get(self.keys.lease(room_id))
            held = await pipe.execute()
        return [None if h is None else h.rpartition(":")[0] for h in held]

    @_reachable
    async def lapsed(self, limit: int) -> list[str]:
        async def lapsed(pipe, group: int) -> None:
            await self._lapsed(keys=[self.keys.leases(group)], args=[limit], client=pipe)

        found = [
            (float(when), room)
            for flat in await self._each_group(lapsed)
            for room, when in zip(flat[::2], flat[1::2], strict=True)
        ]
        return [room for _, room in sorted(found)[:limit]]

    # ---- nodes and presence ------------------------------------------------------------------

    @_reachable
    async def heartbeat(self, node: str) -> dict[str, int]:
        now, flat = await self._heartbeat(keys=[self.keys.nodes], args=[node])
        return {n: int(now) - int(float(s)) for n, s in zip(flat[::2], flat[1::2], strict=True)}

    @_reachable
    async def leave_cluster(self, node: str) -> None:
        k = self.keys

        async def rooms(pipe, group: int) -> None:
            pipe.smembers(k.node_rooms(node, group))

        found = await self._each_group(rooms)
        async with self.redis.pipeline(transaction=False) as pipe:
            for group, room_ids in zip(GROUPS, found, strict=True):
                for room_id in room_ids:
                    pipe.hdel(k.presence(room_id), node)
                if room_ids:
                    pipe.delete(k.node_rooms(node, group))
            pipe.zrem(k.nodes, node)
            await pipe.execute()

    @_reachable
    async def set_presence(self, room_id: str, node: str, counts: list[int] | None) -> None:
        k = self.keys
        event = json.dumps({"k": "presence", "room": room_id, "node": node, "counts": counts})
        await self._presence(
            keys=[k.presence(room_id), k.node_rooms(node, room_group(room_id)), k.lease(room_id)],
            args=[
                node,
                "" if counts is None else json.dumps(counts),
                room_id,
                PRESENCE_TTL,
                event,
                k.node_events,
            ],
        )

    @_reachable
    async def presence(self, room_id: str) -> dict[str, list[int]]:
        raw = await self.redis.hgetall(self.keys.presence(room_id))
        return {node: json.loads(counts) for node, counts in raw.items()}

    # ---- lobby -------------------------------------------------------------------------------

    # The lobby lives in the rooms' groups: each room's summary in its group's hash, written
    # by scripts that see the room's active set (a late write after the room's end lists
    # nothing; finishing unlists it in the same script). Its version is one counter beside
    # the groups, taken after the write; the event then carries the room's summary as read
    # after the version was taken:
    #
    # - a snapshot reads the version, then the groups: every change with a version up to
    #   the one it read was written before that, so is in what it reads (or a later one is);
    # - a change with a later version is told after, with the room as it stands once that
    #   version was taken: in order of version, the last event about a room is at least as
    #   new as every change told before it, in whatever order writes and versions came.
    #
    # So a mirror that reads a snapshot, then applies the events after its version in order
    # (reading again at a gap), holds what the store holds (server.services.lobby). A node
    # that dies between a write and its telling leaves that change untold until the room's
    # next one or a mirror's next read; a finish tried again tells again.

    @_reachable
    async def lobby_put(self, room_id: str, summary: dict[str, Any] | None) -> None:
        k, g = self.keys, room_group(room_id)
        body = "" if summary is None else json.dumps(summary)
        if await self._lobby_put(keys=[k.lobby(g), k.active(g)], args=[room_id, body]):
            await self._tell_lobby(room_id)

    async def _tell_lobby(self, room_id: str) -> None:
        """Take a new version for a change of the room's summary, then tell it (two steps,
        in this order: see above)."""
        k = self.keys
        version = await self.redis.incr(k.lobby_version)
        await self._lobby_event(
            keys=[k.lobby(room_group(room_id))], args=[room_id, version, k.events]
        )

    @_reachable
    async def lobby_snapshot(self) -> tuple[int, dict[str, dict[str, Any]]]:
        version = int(await self.redis.get(self.keys.lobby_version) or 0)  # first: see above

        async def listed(pipe, group: int) -> None:
            pipe.hgetall(self.keys.lobby(group))

        rooms = {
            room: json.loads(body)
            for listing in await self._each_group(listed)
            for room, body in listing.items()
        }
        return version, rooms

    # ---- rematch offers --------------------------------------------------------------------------

    @_reachable
    async def rematch(self, room_id: str, change) -> dict[str, Any]:
        key = self.keys.rematch(room_id)

        async def work(pipe) -> dict[str, Any]:
            raw = await pipe.get(key)
            made = change(json.loads(raw) if raw else None)
            pipe.multi()
            pipe.set(key, json.dumps(made), ex=rematch.KEEP_SECONDS)
            return made

        return await self._watched([key], work)

    @_reachable
    async def rematch_state(self, room_id: str) -> dict[str, Any] | None:
        raw = await self.redis.get(self.keys.rematch(room_id))
        return json.loads(raw) if raw else None

    # ---- quick pairing -------------------------------------------------------------------------

    def _pairing_keys(self, now_ms: int) -> list[str]:
        k = self.keys
        return [k.seek_pool, k.seek_pairs(pairing.day_of(now_ms)), k.paired, k.paired_at, k.swept]

    def _pairing_args(self, now_ms: int) -> list[Any]:
        p = pairing
        return [now_ms, p.RANGE_START, p.RANGE_GROWTH, p.RANGE_MAX, p.PAIR_LIMIT, ledger.PAIR_TTL]

    @_reachable
    async def seek(self, seek: dict[str, Any], room: str, seed: int, now_ms: int) -> Any:
        args = [json.dumps(seek), room, str(int(seed)), pairing.MAX_SEEKS]
        args.append(pairing.SEEKS_PER_ADDRESS)
        keys = [*self._pairing_keys(now_ms), self.keys.seek_reset(seek["player"])]
        made = await self._seek(keys=keys, args=self._pairing_args(now_ms) + args)
        if not made:
            return None
        text = made.decode() if isinstance(made, bytes) else made
        return text if text in ("full", "address", "reset") else json.loads(text)

    @_reachable
    async def unseek(self, player: str, conn: str | None = None) -> bool:
        return bool(await self._unseek(keys=[self.keys.seek_pool], args=[player, conn or ""]))

    @_reachable
    async def sweep(
        self, node: str, now_ms: int, alive: list[str] | None, rooms: list[tuple[str, int]]
    ) -> tuple[list[dict[str, Any]], list[str]] | None:
        p = pairing
        args = [
            node,
            "" if alive is None else json.dumps(sorted(alive)),
            json.dumps([[room, str(int(seed))] for room, seed in rooms]),
            p.SEEK_SECONDS * 1000,
            p.PAIRED_SECONDS * 1000,
            p.SWEEP_GAP_MS,
        ]
        out = await self._sweep(
            keys=self._pairing_keys(now_ms), args=self._pairing_args(now_ms) + args
        )
        if not out:
            return None
        texts = [x.decode() if isinstance(x, bytes) else x for x in out]
        count = int(texts[0])
        return [json.loads(t) for t in texts[1 : 1 + count]], texts[1 + count :]

    @_reachable
    async def pairing(self, player: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(self.keys.paired, player)
        return json.loads(raw) if raw else None

    @_reachable
    async def seek_of(self, player: str) -> dict[str, Any] | None:
        raw = await self.redis.hget(self.keys.seek_pool, player)
        return json.loads(raw) if raw else None

    @_reachable
    async def seekers(self) -> list[dict[str, Any]]:
        return [json.loads(raw) for raw in (await self.redis.hgetall(self.keys.seek_pool)).values()]

    @_reachable
    async def announce(self, event: Event) -> None:
        await self.redis.publish(self.keys.events, json.dumps(event))

    # ---- events --------------------------------------------------------------------------------

    async def events(self, node: str = "") -> AsyncIterator[Event]:
        """Pub/sub on the channel of every node and on ``node``'s own, subscribed again
        (with a ``resync``) whenever the connection was lost, backing off up to two seconds
        while Redis is away."""
        backoff = 0.05
        while not self._closed.is_set():
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.keys.events, self.keys.node_events + node)
                backoff = 0.05
                yield {"k": "resync"}
                while not self._closed.is_set():
                    message = await pubsub.get_message(timeout=1.0)
                    if message is not None and message["type"] == "message":
                        yield json.loads(message["data"])
            except UNREACHABLE:
                await asyncio.sleep(backoff)
                backoff = min(2.0, backoff * 2)
            finally:
                with contextlib.suppress(*UNREACHABLE):
                    await pubsub.aclose()

    async def ping(self) -> bool:
        try:
            return bool(await self.redis.ping())
        except UNREACHABLE:
            return False
        except redis.RedisError:
            return False

    async def close(self) -> None:
        self._closed.set()
        await self.redis.aclose()


class _GameKeys:
    """The keys one finished game reads and writes (:meth:`RedisStore.record_game`): read
    under WATCH, written in the MULTI that follows."""

    def __init__(self, keys: Keys, want: ledger.Wanted, game_id: str) -> None:
        self.k, self.want = keys, want
        self.marker = keys.counted(game_id)
        self.stats = {p: keys.stats(p) for p in want.players}
        self.ratings = {p: keys.rating(p) for p in want.rated or ()}
        self.records = {p: keys.player(p) for p in want.rated or ()}
        self.networks = {p: keys.networks(p) for p in want.rated or ()}
        self.attempts = {p: keys.attempt(*want.board, p) for p in want.players if want.board}
        self.pair = keys.rated_pair(want.day, *ledger.pair_key(want.rated)) if want.rated else None
        self.board = keys.daily_board(*want.board) if want.board else None
        self.watched = [
            self.marker,
            *self.stats.values(),
            *self.ratings.values(),
            *self.attempts.values(),
            *self.records.values(),
            *self.networks.values(),
            *(k for k in (self.pair, self.board) if k is not None),
        ]

    async def before(self, pipe) -> dict[str, Any]:
        """What :func:`server.players.ledger.settle` needs besides the replay, as stored."""

        async def body(key: str) -> Any:
            raw = await pipe.get(key)
            return json.loads(raw) if raw else None

        async def networks(key: str) -> dict[str, float]:
            return dict(await pipe.zrange(key, 0, -1, withscores=True))

        return {
            "stats": {p: await body(key) for p, key in self.stats.items()},
            "ratings": {p: await body(key) for p, key in self.ratings.items()},
            "attempts": {p: await pipe.get(key) for p, key in self.attempts.items()},
            "board_size": int(await pipe.zcard(self.board)) if self.board else 0,
            "addresses": {
                p: with_last(await networks(self.networks[p]), await body(key))
                for p, key in self.records.items()
            },
            "pair_count": int(await pipe.get(self.pair) or 0) if self.pair else 0,
        }

    def write(self, pipe, changes: ledger.Changes) -> None:
        k = self.k
        if changes.pair_counted:
            pipe.incr(self.pair)
            pipe.expire(self.pair, ledger.PAIR_TTL)
        if changes.ranked:
            assert self.want.board is not None
            rows = k.daily_rows(*self.want.board)
            for player, (score, row) in changes.ranked.items():
                pipe.zadd(self.board, {player: -score}, nx=True)
                pipe.hsetnx(rows, player, json.dumps(row))
            pipe.expire(self.board, DAILY_TTL)
            pipe.expire(rows, DAILY_TTL)
        for player, body in changes.ratings.items():
            pipe.set(self.ratings[player], json.dumps(body), ex=PLAYER_TTL)
            if ledger.on_the_board(body):
                pipe.zadd(k.rating_board, {player: body["rating"]})
            else:
                pipe.zrem(k.rating_board, player)
            pipe.zremrangebyrank(k.rating_board, 0, -1 - RATING_BOARD)
        for player, point in changes.history.items():
            _push_last(pipe, k.rating_history(player), point, ledger.RATING_HISTORY)
        for player, body in changes.stats.items():
            pipe.set(self.stats[player], json.dumps(body), ex=PLAYER_TTL)
        for player, game in changes.games.items():
            _push_last(pipe, k.games(player), game, ledger.RECENT_GAMES)
        pipe.set(self.marker, 1, ex=COUNTED_TTL)


def _push_last(pipe, key: str, item: dict[str, Any], keep: int) -> None:
    """Add one of a player's items (games, rating points) and keep the last ``keep``."""
    pipe.lpush(key, json.dumps(item))
    pipe.ltrim(key, 0, keep - 1)
    pipe.expire(key, PLAYER_TTL)
