-- Defines tell(lease_key, presence_key, writer, channels, event, publish): tell the nodes that
-- hold a room (those with sockets in it, by its presence hash, and its driver, by its lease)
-- but the writer: an event goes to each node's own channel (channels .. node), by ``publish``
-- (PUBLISH on one Redis; SPUBLISH on a cluster, the channels in the room's slot). A node holding the room
-- otherwise (no socket and no lease) hears nothing and catches up from the log when a socket
-- comes (Replicas.attach); the room's home, alone with its sockets and writing its own entries,
-- is told nothing at all.

-- A name in the presence hash (or the writer's) is a node's life, 'node/life': its node's
-- channel is told (server.host.membership).

local function node_of(name)
  return string.match(name, '^([^/]*)/') or name
end

local function tell(lease_key, presence_key, writer, channels, event, publish)
  local told = {[node_of(writer)] = true}
  local lease = redis.call('GET', lease_key)
  local holder = lease and string.match(lease, '^(.*):%d+$')
  if holder and not told[holder] then
    told[holder] = true
    redis.call(publish, channels .. holder, event)
  end
  for _, name in ipairs(redis.call('HKEYS', presence_key)) do
    local node = node_of(name)
    if not told[node] then
      told[node] = true
      redis.call(publish, channels .. node, event)
    end
  end
end
