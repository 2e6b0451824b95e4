"""cardroom: an authoritative real-time card-game server."""
