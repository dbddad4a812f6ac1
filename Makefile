# Everything goes through a private virtual environment in .venv, created on first use.
# `make play` installs only what the app needs; `make test` adds the test tools.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
APP := $(VENV)/.installed-app
TEST := $(VENV)/.installed-test

.PHONY: play test bench lint clean

$(APP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e .
	touch $(APP)

$(TEST): $(APP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(TEST)

play: $(APP)
	$(BIN)/evo

test: $(TEST)
	$(BIN)/ruff check core tui tests
	$(BIN)/mypy
	$(BIN)/python -m pytest -n 2

bench: $(APP)
	$(BIN)/evo bench

lint: $(TEST)
	$(BIN)/ruff check core tui tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
