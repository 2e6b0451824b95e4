"""The protocol fuzzer's parts (``bench/fuzz.py`` runs them): hypothesis strategies over
the messages (``frames``), sockets that behave badly (``wire``), a worker that sends and
accounts (``worker``), the latency probe (``probe``) and the checks after a run (``checks``)."""
