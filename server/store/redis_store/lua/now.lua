-- Sets `now`: the time by Redis' own clock (TIME), in ms. Included by the scripts that compare
-- times (lease expiries, heartbeats): nodes whose clocks disagree still agree on who holds a
-- lease.

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
