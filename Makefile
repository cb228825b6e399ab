# Every target makes and uses its own virtualenv: a fresh machine needs only python3.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: run test e2e lint format bench sandbox readme clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

lint: $(STAMP)
	$(PY) -m ruff check bot engines renderers tests
	$(PY) -m ruff format --check bot engines renderers tests
	$(PY) -m mypy --strict engines bot renderers

format: $(STAMP)
	$(PY) -m ruff format bot engines renderers tests
	$(PY) -m ruff check --fix bot engines renderers tests

test: lint
	$(PY) -m pytest -q

e2e: $(STAMP)
	$(PY) -m pytest -q -m e2e

bench: $(STAMP)
	$(PY) -m tests.bench $(BENCH)

readme: $(STAMP)
	$(PY) -m bot.games --readme README.md

sandbox: $(STAMP)
	$(PY) -m tests.fakediscord.sandbox

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
