-- KEYS[1] = the room's presence hash, KEYS[2] = the node's room set in the room's group,
-- KEYS[3] = the room's lease (who is told: tell.lua), KEYS[4] = its group's deadline index,
-- KEYS[5] = its group's active set.
-- ARGV[1] = node, ARGV[2] = counts JSON ('' to remove), ARGV[3] = room id, ARGV[4] = TTL (s),
-- ARGV[5] = the event, ARGV[6] = the start of the nodes' channels, ARGV[7] = PUBLISH or
-- SPUBLISH (tell.lua).
-- A writer that is not of the room's driver (by its lease) makes the room due now in the
-- deadline index, if it is active: a driver that misses the event looks at its next sweep.

if ARGV[2] == '' then
  redis.call('HDEL', KEYS[1], ARGV[1])
  redis.call('SREM', KEYS[2], ARGV[3])
else
  redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
  redis.call('SADD', KEYS[2], ARGV[3])
  redis.call('EXPIRE', KEYS[2], ARGV[4])
end
-- include: tell.lua

tell(KEYS[3], KEYS[1], ARGV[1], ARGV[6], ARGV[5], ARGV[7])
local lease = redis.call('GET', KEYS[3])
local driver = lease and string.match(lease, '^(.*):%d+$')
if driver ~= node_of(ARGV[1]) and redis.call('SISMEMBER', KEYS[5], ARGV[3]) == 1 then
  redis.call('ZADD', KEYS[4], 'LT', 0, ARGV[3])
end
return 1
