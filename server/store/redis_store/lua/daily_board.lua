-- KEYS[1] = a day's board (sorted set of negated scores), KEYS[2] = its rows (hash).
-- ARGV[1] = how many of the best, ARGV[2] = a player id ('' for none).
-- Returns {size, {player, negated score, ...} of the best, their rows, the player's negated
-- score or false, how many are strictly better, the player's row or false}.

local size = redis.call('ZCARD', KEYS[1])
local top = {}
local rows = {}
if tonumber(ARGV[1]) > 0 then
  top = redis.call('ZRANGE', KEYS[1], 0, tonumber(ARGV[1]) - 1, 'WITHSCORES')
  local members = {}
  for i = 1, #top, 2 do members[#members + 1] = top[i] end
  if #members > 0 then rows = redis.call('HMGET', KEYS[2], unpack(members)) end
end
local mine = false
local better = 0
local row = false
if ARGV[2] ~= '' then
  mine = redis.call('ZSCORE', KEYS[1], ARGV[2])
  if mine then
    better = redis.call('ZCOUNT', KEYS[1], '-inf', '(' .. mine)
    row = redis.call('HGET', KEYS[2], ARGV[2])
  end
end
return {size, top, rows, mine, better, row}
