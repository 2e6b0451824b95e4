-- KEYS[1] = a group's deadline index, KEYS[2] = its active set.
-- ARGV[1] = room id, ARGV[2] = when its driver must look at it (wall ms; '' removes it),
-- ARGV[3] = 'LT' to only lower the entry (or add it), '' to set it.
-- Returns 1, or 0 if the room is not active (nothing is added for it).

if ARGV[2] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  return 1
end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return 0 end
if ARGV[3] == 'LT' then
  redis.call('ZADD', KEYS[1], 'LT', ARGV[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
end
return 1
