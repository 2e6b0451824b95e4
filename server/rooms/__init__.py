"""Rooms: a sans-I/O room core (:mod:`server.rooms.room`) and its asyncio shell
(:mod:`server.rooms.manager`) that talks to sockets, the store, clocks and bots."""
