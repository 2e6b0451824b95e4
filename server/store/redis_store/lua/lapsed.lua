-- KEYS[1] = a group's lease index. ARGV[1] = how many. The group's rooms whose lease lapsed
-- before now (by the clock of the Redis holding the group, the clock their expiries were set
-- by), with those expiries, as a flat list. Strictly before: Redis expires a key once the time
-- is past its expiry, not at it, and an index entry's time is never before its key's expiry
-- (TIME is read after the script's start, which PX counts from); so a room listed here has
-- no lease key left, and a renewal of it fails (a renewal at the very millisecond used to
-- succeed while the room was listed).
-- include: now.lua

return redis.call('ZRANGE', KEYS[1], '-inf', '(' .. now, 'BYSCORE', 'LIMIT', 0,
                  tonumber(ARGV[1]), 'WITHSCORES')
