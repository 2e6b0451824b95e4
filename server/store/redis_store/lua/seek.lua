-- KEYS[1..5], ARGV[1..6]: as in pairing.lua. KEYS[6] = the seek's player's reset mark (the new
-- secret's fingerprint, for RESET_MS).
-- ARGV[7] = the seek (JSON), ARGV[8] = the room, ARGV[9] = its seed (digits), ARGV[10] =
-- MAX_SEEKS, ARGV[11] = SEEKS_PER_ADDRESS. Returns the pairing (JSON), false (waiting), 'reset'
-- (a seek on a session a reset ended: nothing changed), 'full' or 'address' (nothing changed
-- but the player's earlier seek and pairing forgotten).
-- include: pairing.lua

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
