# evidence-trace developer commands. Each target sets up what it needs.
#   make run    start the service on the embedded SQLite default (data/evidence-trace.db)
#   make test   run the whole test suite (installs everything into .venv first)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: run test check gen gen-check lint typecheck contract-baseline bench demo clean

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

# Static checks that CI runs before the tests: generated code is fresh, protos
# Python, protos
# and Dockerfile lint clean (ruff, buf, hadolint), deploy/compose.yaml follows the compose
# specification (its JSON schema, vendored in check-jsonschema), the package
# type-checks.
check: $(STAMP) gen-check lint typecheck

gen: $(STAMP)
	$(PY) scripts/generate.py

gen-check: $(STAMP)
	$(PY) scripts/generate.py --check

lint: $(STAMP)
	$(VENV)/bin/ruff check
	$(VENV)/bin/ruff format --check
	$(VENV)/bin/buf lint
	$(VENV)/bin/buf breaking protos --against contract/evidence_trace.v1.binpb
	$(VENV)/bin/hadolint Dockerfile
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.compose-spec deploy/compose.yaml

# The released contract that `buf breaking` (in lint) compares protos/ with.
# Refresh it deliberately, in the commit that releases a contract change.
contract-baseline: $(STAMP)
	$(VENV)/bin/buf build protos -o contract/evidence_trace.v1.binpb

# mypy reads the package as installed (the editable install maps folders at
# import time, which mypy cannot follow), so it checks a throwaway install.
typecheck: $(STAMP)
	rm -rf build/typecheck build/lib build/bdist.*  # setuptools reuses build/lib: a moved module would linger
	$(PY) -m pip install --quiet --no-deps --target build/typecheck .
	MYPYPATH=build/typecheck $(VENV)/bin/mypy --config-file pyproject.toml -p evidence_trace

bench: $(STAMP)
	$(PY) -m bench $(ARGS)

demo: $(STAMP)
	$(PY) scripts/demo.py $(ARGS)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
