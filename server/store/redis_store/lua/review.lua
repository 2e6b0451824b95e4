-- KEYS[1] = the game's replay, KEYS[2] = one seat's review of it; ARGV[1] = review JSON.
-- Kept as long as the replay is (its remaining time), and only while it is.

local left = redis.call('PTTL', KEYS[1])
if left == -2 then return 0 end
if left == -1 then
  redis.call('SET', KEYS[2], ARGV[1])
else
  redis.call('SET', KEYS[2], ARGV[1], 'PX', left)
end
return 1
