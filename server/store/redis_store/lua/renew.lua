-- KEYS[1] = the room's lease, KEYS[2] = its group's lease index.
-- ARGV[1] = 'node:token', ARGV[2] = TTL (ms), ARGV[3] = room id. Returns 1 if still held.

if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[1], ARGV[2])
-- include: now.lua

redis.call('ZADD', KEYS[2], 'XX', now + tonumber(ARGV[2]), ARGV[3])
return 1
