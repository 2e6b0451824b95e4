-- KEYS[1] = the room's log, KEYS[2] = the room's fence.
-- KEYS[3] = the room's lease, KEYS[4] = its presence hash (who is told: tell.lua).
-- ARGV[1] = the index the entry must take, ARGV[2] = the entry, ARGV[3] = the fencing token of
-- an automatic entry ('' for a player's), ARGV[4] = the event, ARGV[5] = the start of the
-- nodes' channels, ARGV[6] = the writer's node, ARGV[7] = PUBLISH or SPUBLISH (tell.lua).
-- Returns 1, -1 (the log is not that long: someone else wrote) or -2 (a stale token).

if ARGV[3] ~= '' and redis.call('GET', KEYS[2]) ~= ARGV[3] then return -2 end
if redis.call('LLEN', KEYS[1]) ~= tonumber(ARGV[1]) then return -1 end
redis.call('RPUSH', KEYS[1], ARGV[2])
-- include: tell.lua

tell(KEYS[3], KEYS[4], ARGV[6], ARGV[5], ARGV[4], ARGV[7])
return 1
