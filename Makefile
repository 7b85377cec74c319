# evidence-trace developer commands. Each target sets up what it needs.
#   make run    start the service on the embedded SQLite default (data/evidence-trace.db)
#   make test   run the whole test suite (installs everything into .venv first)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test check gen gen-check lint bench demo clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	rm -f $(VENV)/.installed-*
	touch $@

run: $(STAMP)
	$(VENV)/bin/evidence-trace serve $(ARGS)

test: $(STAMP) check
	$(PY) -m pytest $(PYTEST_ARGS)

# Static checks that CI runs before the tests: generated code is fresh, protos lint clean.
check: $(STAMP) gen-check lint

gen: $(STAMP)
	$(PY) scripts/generate.py

gen-check: $(STAMP)
	$(PY) scripts/generate.py --check

lint: $(STAMP)
	$(VENV)/bin/buf lint
	$(VENV)/bin/hadolint Dockerfile

bench: $(STAMP)
	$(PY) -m bench $(ARGS)

demo: $(STAMP)
	$(PY) scripts/demo.py $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
