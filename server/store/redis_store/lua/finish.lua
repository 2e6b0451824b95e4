-- KEYS[1] = room meta, KEYS[2] = room log, KEYS[3] = the room's lease, KEYS[4] = its fence,
-- KEYS[5] = its deadlines, KEYS[6..8] = its group's active set, lease index and lobby hash,
-- KEYS[9..10] = the replay and its group's index (the room's group: see finish_room),
-- KEYS[11] = its group's deadline index.
-- ARGV[1] = room id, ARGV[2] = finished-room TTL, then ARGV[3..7] as replay.lua's ARGV[1..5]
-- (ARGV[3] = '' stores no replay here).
-- Returns 1 if the lobby is to be told (the room left it; or it was finished already, and
-- telling again mends a change that a lost reply kept from being told), else 0.

local again = redis.call('SREM', KEYS[6], ARGV[1]) == 0
redis.call('ZREM', KEYS[7], ARGV[1])
redis.call('ZREM', KEYS[11], ARGV[1])
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
