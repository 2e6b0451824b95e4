-- A step decided in Python, written here only if nothing it read has changed since: an
-- optimistic transaction in one slot (WATCH and MULTI are not for a cluster client), and the
-- store's compare-and-set. Its KEYS are every key the step reads or writes.
-- ARGV[1] = the checks, JSON: a list of [command, key index, arguments..., the answer read]
-- (null for none): each command runs again and must answer the same.
-- ARGV[2] = the writes, JSON: a list of [command, key index, arguments...], run in order
-- when every check holds.
-- Returns 1 (written) or 0 (an answer changed: nothing written; read again).

local function run(command)
  local args = {command[1], KEYS[command[2]]}
  for i = 3, #command do args[#args + 1] = command[i] end
  return redis.call(unpack(args))
end
for _, check in ipairs(cjson.decode(ARGV[1])) do
  local expected = table.remove(check)
  local answer = run(check)
  if answer == false then answer = cjson.null end
  if answer ~= expected then return 0 end
end
for _, write in ipairs(cjson.decode(ARGV[2])) do run(write) end
return 1
