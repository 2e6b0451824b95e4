-- KEYS[1..5], ARGV[1..6]: as in pairing.lua.
-- ARGV[7] = the node sweeping, ARGV[8] = the nodes alive (JSON list; '' = keep every seek),
-- ARGV[9] = rooms for the pairs (JSON list of [room, seed digits]), ARGV[10] = SEEK_SECONDS
-- in ms, ARGV[11] = PAIRED_SECONDS in ms, ARGV[12] = SWEEP_GAP_MS.
-- Returns false (swept lately), or {#pairings, pairing JSON..., waiting players of the node...}.
-- include: pairing.lua

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
