-- KEYS[1] = the game's replay, KEYS[2] = the index of its group's latest replays.
-- ARGV[1] = replay JSON, ARGV[2] = finish time, ARGV[3] = game id, ARGV[4] = replay TTL,
-- ARGV[5] = how many the index keeps.

redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[4])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -1 - tonumber(ARGV[5]))
return 1
