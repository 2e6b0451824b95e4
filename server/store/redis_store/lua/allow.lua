-- KEYS[1] = the allowance counter of this window. ARGV[1] = limit, ARGV[2] = window (s).
-- Returns 1 (counted) or 0 (the limit was reached: nothing counted).

local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n >= tonumber(ARGV[1]) then return 0 end
redis.call('INCR', KEYS[1])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return 1
