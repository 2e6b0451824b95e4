-- KEYS[1] = room meta, KEYS[2] = its group's active set, KEYS[3] = its group's lease index.
-- ARGV[1] = room id, ARGV[2] = meta JSON. Returns 1, or 0 if the room exists.

if redis.call('SET', KEYS[1], ARGV[2], 'NX') == false then return 0 end
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], 0, ARGV[1])
return 1
