# Two entry points, both safe on a fresh clone: `make run` and `make test`.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean client chromium services cluster

# The browser client: npm packages from the lock file, then one esbuild bundle in dist/.
client_web/node_modules/.installed: client_web/package.json client_web/package-lock.json
	cd client_web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

client: client_web/node_modules/.installed
	cd client_web && node build.mjs

# Browser tests drive Debian's chromium (never a downloaded browser), with a Korean font so
# that the Korean pages' screenshots show Hangul.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
chromium:
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q chromium; }
	@fc-list 2>/dev/null | grep -qi nanum || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q fonts-nanum; }

# The cluster tests run Debian's haproxy, redis-server and redis-sentinel on loopback ports.
services:
	@command -v haproxy >/dev/null && command -v redis-server >/dev/null && \
	command -v redis-sentinel >/dev/null || { $(SUDO) apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q haproxy redis-server redis-sentinel; }

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.run-deps: pyproject.toml server/games/solitaire/_search.c server/games/gin_rummy/bots/_sim.c | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.dev-deps: pyproject.toml server/games/solitaire/_search.c server/games/gin_rummy/bots/_sim.c | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.run-deps

run: $(VENV)/.run-deps client
	$(BIN)/python -m server

lint: $(VENV)/.dev-deps
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

test: lint client chromium services
	$(BIN)/python -m pytest -n auto --dist loadgroup

# Redis (private, with AOF), three nodes on 8001-8003 and HAProxy on 8000, on bare processes.
# Ctrl-C, or a SIGTERM to make or to the tool, stops all of them; `restart N` typed at it
# restarts node N. Other ports: make cluster CLUSTER_ARGS='--port 9000 --redis-port 9379'.
# On a Redis Cluster: CLUSTER_REDIS=cluster, seven processes (three primaries, a replica each
# and a spare replica), every write waiting for a replica (REDIS_WAIT_REPLICAS=1), as the
# README's deploy section says; CLUSTER_ARGS='--redis-spares 0 --wait-replicas 0' for neither.
# The recipe stays one plain command, so that make runs the tool itself and passes it a
# SIGTERM (a shell in between would not).
cluster: $(VENV)/.run-deps client services
	$(BIN)/python -m tools.cluster --port 8000 $(if $(filter cluster,$(CLUSTER_REDIS)),--redis-cluster) $(CLUSTER_ARGS)

bench: $(VENV)/.run-deps
	$(BIN)/python bench/melds.py && $(BIN)/python bench/diffs.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis client_web/node_modules client_web/dist
