"""Several nodes on one store: driver leases with fencing, liveness, events between nodes."""
