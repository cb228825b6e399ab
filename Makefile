# Every target makes and uses its own virtualenv: a fresh machine needs only python3.
PYTHON ?= python3
VENV   ?= .venv
PY      = $(VENV)/bin/python
STAMP   = $(VENV)/.installed

.PHONY: run check test e2e soak lint format bench sandbox readme clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot

lint: $(STAMP)
	$(PY) -m ruff check bot engines renderers i18n tests
	$(PY) -m ruff format --check bot engines renderers i18n tests
	$(PY) -m mypy --strict engines bot renderers i18n

format: $(STAMP)
	$(PY) -m ruff format bot engines renderers i18n tests
	$(PY) -m ruff check --fix bot engines renderers i18n tests

# The fast tier for the edit-test loop: lint, types and every test that needs no fake Discord (the e2e and
# reliability suites are marked e2e by their conftest). `make test` stays the whole suite.
check: lint
	$(PY) -m pytest -q -n auto --dist worksteal -m "not e2e"

# --durations: the slowest tests, printed so the suite's time (CI's limit is 15 min on 2 cores) is watched.
test: lint
	$(PY) -m pytest -q -n auto --dist worksteal --durations=15

e2e: $(STAMP)
	$(PY) -m pytest -q -m e2e

# The reliability suite with the large counts (≥ 10,000 fuzzed inputs, ≥ 1,000 races, ≥ 1,000 random games per
# engine searched for leaks, ≥ 100 SIGKILLs of the bot process, 5 games per kind under 10% Discord faults); its
# figures are printed at the end. DECKHAND_SOAK_SCALE=0.1 for a shorter hunt.
soak: $(STAMP)
	DECKHAND_SOAK=1 $(PY) -m pytest -q -n auto --dist worksteal tests/reliability

bench: $(STAMP)
	$(PY) -m tests.bench $(BENCH)

readme: $(STAMP)
	$(PY) -m bot.games --readme README.md

sandbox: $(STAMP)
	$(PY) -m tests.fakediscord.sandbox

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
