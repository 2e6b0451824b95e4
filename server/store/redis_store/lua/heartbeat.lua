-- KEYS[1] = the node set. ARGV[1] = node. Records the heartbeat; returns {now, the node set
-- with scores as a flat list}.
-- include: now.lua

redis.call('ZADD', KEYS[1], now, ARGV[1])
return {now, redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')}
