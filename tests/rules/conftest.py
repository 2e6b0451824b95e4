"""The rules: the engines of Gin Rummy and the solitaires, melds, the bots and the
tournament tool, the solver and hindsight, ratings (Glicko-2, equity), fair play, reviews,
names: pure functions of their inputs, most of them checked against a reference or random
play (hypothesis). No process, no clock, no socket; a test here that needs a store takes
``store`` (tests/stores.py). Positions and games are built with gin_positions.py and
solitaire_play.py."""
