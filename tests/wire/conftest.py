"""The protocol in one process: requests and replies as declared (protocol/messages.py),
views against their JSON Schemas, patches against the diffs they stand for, the frames the
wire writes and reads, keepalive, a connection's bounds, the app's routes (Starlette's
TestClient). A real server is started only to check what goes over a real socket (the
``server`` fixture of tests/conftest.py); the wire's own end is tests/wires.py."""
