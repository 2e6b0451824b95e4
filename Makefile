# Two entry points, both safe on a fresh clone: `make run` and `make test`.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test lint bench clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip

$(VENV)/.run-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e .
	touch $@

$(VENV)/.dev-deps: pyproject.toml | $(BIN)/python
	$(BIN)/pip install -q -e '.[dev]'
	touch $@ $(VENV)/.run-deps

run: $(VENV)/.run-deps
	$(BIN)/python -m server

lint: $(VENV)/.dev-deps
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .

test: lint
	$(BIN)/python -m pytest

bench: $(VENV)/.run-deps
	$(BIN)/python bench/melds.py && $(BIN)/python bench/diffs.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
