"""Rules engines: pure, deterministic Python with no I/O, no asyncio and no clock."""
