# Everything goes through a private virtual environment in .venv, created on first use.
# `make play` installs only what the app needs; `make test` adds the test tools. Both compile
# the bots' search with mypyc into .venv (core/native.py): `make play` in the background, the
# game starting meanwhile on its sources; `make test` first, so the tests run what players run.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
APP := $(VENV)/.installed-app
TEST := $(VENV)/.installed-test

.PHONY: play test bench lint native clean

$(APP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[native]'
	touch $(APP)

$(TEST): $(APP)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(TEST)

play: $(APP)
	@$(BIN)/python -m core.native_build build --background
	$(BIN)/evo

# Compiles the search now (a build that fails says why; the game then runs on its sources).
native: $(APP)
	-$(BIN)/python -m core.native_build build

test: $(TEST) native
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
