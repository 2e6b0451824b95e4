-- KEYS[1] = the room's lease, KEYS[2] = its fence, KEYS[3] = its group's lease index.
-- ARGV[1] = node, ARGV[2] = TTL (ms), ARGV[3] = room id.
-- Returns the new fencing token, or 0 if the lease is held or the room is not active. A token
-- is the later of the last one plus one and Redis's clock in ms: a Redis that lost its last
-- second (the fence counter with it) never grants again a token it granted before the loss,
-- as long as its clock goes on (a token a driver holds is never taken for a newer one).

if redis.call('ZSCORE', KEYS[3], ARGV[3]) == false then return 0 end
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
-- include: now.lua

local token = string.format('%d', math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, now))
redis.call('SET', KEYS[2], token)
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. token, 'PX', ARGV[2])
redis.call('ZADD', KEYS[3], now + tonumber(ARGV[2]), ARGV[3])
return tonumber(token)
