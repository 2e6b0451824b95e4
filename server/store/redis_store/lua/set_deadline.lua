-- KEYS[1] = the room's deadlines, KEYS[2] = its group's active set.
-- ARGV[1] = room id, ARGV[2] = name, ARGV[3] = start (ms), ARGV[4] = most names a room holds.
-- Returns the start recorded, false if the room is not active, -1 if it holds too many.

local start = redis.call('HGET', KEYS[1], ARGV[2])
if start then return start end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return false end
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return -1 end
redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
return ARGV[3]
