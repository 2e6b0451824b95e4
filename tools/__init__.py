"""Tools that drive the server or its engines from outside, not part of the server: a local
cluster on bare processes (``python -m tools.cluster``), bot tournaments (``tools.tournament``),
the solver over ranges of deals (``tools.solve_range``), and the load generator's bare relay
(``tools.relay``)."""
