-- KEYS[1] = the room's group's lobby hash, KEYS[2] = that group's active set.
-- ARGV[1] = room id, ARGV[2] = summary JSON ('' to remove). Returns 1 if the lobby changed:
-- removing an absent room, or listing a room that is not active (a late write after its
-- end), changes nothing.

if ARGV[2] == '' then return redis.call('HDEL', KEYS[1], ARGV[1]) end
if redis.call('SISMEMBER', KEYS[2], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1
