"""The room host: the replicas of the rooms a node serves, the driver of the rooms whose
lease it holds (bots, clocks, grace periods, finishing), the live nodes, the events between
nodes and the supervised background work. Each part is given what it uses (the store, a
clock, a task group, callbacks), never the node; nothing here imports the services or the
transport above it."""
