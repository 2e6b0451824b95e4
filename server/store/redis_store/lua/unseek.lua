-- KEYS[1] = the pool; ARGV[1] = a player, ARGV[2] = the socket that sought ('' = any).
-- Returns 1 if the seek was taken out.

local raw = redis.call('HGET', KEYS[1], ARGV[1])
if not raw then return 0 end
if ARGV[2] ~= '' and cjson.decode(raw).conn ~= ARGV[2] then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
return 1
