"""The room host and the services in one process: replicas, the driver, bots, the solver's
fair queue, dailies, reviews, replay frames, the featured game, the node's supervised loops.

What happens by itself in a room (grace periods, turn clocks, bots' delays, rooms nobody
joins, leases) is tested here in fake time: tests/host_harness.py runs the real host on a
clock that moves only when the test says, so "after 60 s the seat forfeits" takes
milliseconds and never depends on how busy the machine is. Stores come from
tests/stores.py (``store``) or are opened on the test's own files."""
