-- KEYS[1] = the room's lease, KEYS[2] = its group's lease index. ARGV[1] = 'node:token',
-- ARGV[2] = room id. Drops the lease if still held and marks it lapsed in the index.

if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1])
redis.call('ZADD', KEYS[2], 'XX', 0, ARGV[2])
return 1
