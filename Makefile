# Two commands do all set-up on a fresh machine:
#   make play   the main job (creates .venv and installs fogbank first)
#   make test   the whole test suite (same set-up)
PYTHON ?= python3
VENV ?= .venv
GAMES ?= 200
# The suite runs on every core (pytest-xdist): about 5 minutes on two instead of 12. PYTEST_ARGS=-n0 runs it in one process.
PYTEST_ARGS ?= -n auto --durations=25
BIN := $(VENV)/bin

.PHONY: play test bench bench-arena simulate balance clean system-deps

$(BIN)/fogbank: pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "fogbank needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

play: $(BIN)/fogbank
	$(BIN)/fogbank play $(SCENARIO)

system-deps:
	bash deploy/system-deps.sh

test: $(BIN)/fogbank system-deps
	$(BIN)/ruff check .
	$(BIN)/pytest $(PYTEST_ARGS)

bench: $(BIN)/fogbank
	$(BIN)/python -m fogbank.bench.core

# CPU seconds an arena game takes, scenario by scenario (issue 23: 200 games in under 5 minutes)
bench-arena: $(BIN)/fogbank
	$(BIN)/python -m fogbank.bench.arena

simulate: $(BIN)/fogbank
	$(BIN)/fogbank simulate b11 --seed 1 --games 20 --json

# docs/balance.md: every scenario's arena table (200 games a run; about an hour on two free cores;
# `make balance GAMES=40` for a quicker table, its header says how many games made it)
balance: $(BIN)/fogbank
	$(BIN)/fogbank arena --all --games $(GAMES) --markdown docs/balance.md

clean:
	rm -rf $(VENV) fogbank-data .pytest_cache .hypothesis
