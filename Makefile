# Everything goes through a private virtual environment in .venv, created on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench lint clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/evo

test: $(STAMP)
	$(BIN)/ruff check core tui tests
	$(BIN)/python -m pytest -n 2

bench: $(STAMP)
	$(BIN)/evo bench

lint: $(STAMP)
	$(BIN)/ruff check core tui tests

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
