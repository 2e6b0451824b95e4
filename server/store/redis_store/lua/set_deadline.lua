-- KEYS[1] = the room's deadlines, KEYS[2] = its group's active set, KEYS[3] = its group's
-- deadline index.
-- ARGV[1] = room id, ARGV[2] = name, ARGV[3] = start (ms), ARGV[4] = most names a room holds,
-- ARGV[5] = the deadline's period (ms; '' leaves the index as it is).
-- Returns the start recorded, false if the room is not active, -1 if it holds too many. With a
-- period, the room's entry in the index is lowered to the recorded start plus the period.

local start = redis.call('HGET', KEYS[1], ARGV[2])
if not start then
  if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return false end
  if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return -1 end
  redis.call('HSET', KEYS[1], ARGV[2], ARGV[3])
  start = ARGV[3]
end
if ARGV[5] ~= '' then
  local due = string.format('%d', tonumber(start) + tonumber(ARGV[5]))
  redis.call('ZADD', KEYS[3], 'LT', due, ARGV[1])
end
return start
