-- Quick pairing (server.players.pairing, mirrored line for line), what seek.lua and sweep.lua
-- share: KEYS[1] = the pool, KEYS[2] = today's rated pairs, KEYS[3] = pairings, KEYS[4] = their
-- times, KEYS[5] = the last sweep (all in the {seeks} slot). ARGV[1] = now (ms), ARGV[2..4] =
-- RANGE_START, RANGE_GROWTH, RANGE_MAX, ARGV[5] = PAIR_LIMIT, ARGV[6] = the pairs' TTL (s).
-- Seeks are kept and handed back as the JSON they came in (cjson would write 64-bit numbers
-- short).

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
