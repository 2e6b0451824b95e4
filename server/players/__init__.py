"""Players: a lasting identity without passwords (:mod:`identity`), statistics folded from
finished games (:mod:`stats`), Glicko-2 ratings (:mod:`glicko2`), daily leaderboards
(:mod:`boards`), and what one finished game changes for its players (:mod:`ledger`).
Everything here is pure: the stores keep the results, the node and the driver call it."""
