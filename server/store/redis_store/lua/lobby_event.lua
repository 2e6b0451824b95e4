-- KEYS[1] = the room's group's lobby hash. ARGV[1] = room id, ARGV[2] = the version taken
-- for a change of it, ARGV[3] = channel (on a cluster, in the group's slot), ARGV[4] = PUBLISH
-- or SPUBLISH. Publishes the change with the room's summary as it stands now (null: not
-- listed).

local summary = redis.call('HGET', KEYS[1], ARGV[1]) or 'null'
local event = '{"k":"lobby","v":' .. ARGV[2] .. ',"room":' .. cjson.encode(ARGV[1])
redis.call(ARGV[4], ARGV[3], event .. ',"summary":' .. summary .. '}')
return 1
