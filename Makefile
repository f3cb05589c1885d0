# The two commands: `make report` (the main job) and `make test`. Both set everything up.
# `make check` is the whole suite (the fast tier, then the slow one), as CI runs it.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
JOBS   ?= -1

.PHONY: install build test check coverage report claims bench docs serve clean

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	# the build requirements first, then no build isolation: the kernels are compiled once, against
	# this environment's Cython, so `make build` finds them current
	$(BIN)/python -m pip install -q 'Cython>=3.0' 'setuptools>=77' wheel
	$(BIN)/python -m pip install -q --no-build-isolation -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Rebuild the Cython kernels after a change to fastcore/*.pyx or *.pxd (incremental).
build: $(STAMP)
	$(BIN)/python setup.py -q build_ext --inplace

# The fast tier: every test not marked slow, across the cores (pytest-xdist). The slow tier (marked
# slow: reference runs simulated again, the wheel, browsers, load, the optimiser's determinism, the
# larger statistical tests) runs in `make check`. See docs/testing.md.
TEST_WORKERS ?= auto
PYTEST := $(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist worksteal --durations=15
test: build
	$(PYTEST) -m "not slow"

check: test
	$(PYTEST) -m slow

# What the fast tier exercises against the whole suite, module by module (coverage.py).
COVERAGE := --cov=analysis --cov=studies --cov=fastcore --cov-report=
coverage: build
	rm -f .coverage .coverage.*
	$(PYTEST) -m "not slow" $(COVERAGE) --cov-report=json:coverage-fast.json
	$(PYTEST) -m slow $(COVERAGE) --cov-append --cov-report=json:coverage-all.json
	$(BIN)/python tests/tier_coverage.py coverage-fast.json coverage-all.json

# The coup cases, then the default suite at a scale that finishes in minutes on 2 cores
# (REPORT_DEALS per scenario), into runs/ (which git ignores): the committed reference runs in
# reports/ are never touched. An interrupted `make report` goes on where it stopped when run again.
REPORT_DEALS ?= 250000
COUP_WORLDS ?= 2000
REPORT_DIR ?= runs
RUN_FLAGS ?=
report: build
	@echo "make report: the nine coup cases ($(COUP_WORLDS) worlds each), then the default suite of studies at $(REPORT_DEALS) deals a scenario, into $(REPORT_DIR)/"
	$(BIN)/euchrelab coups --worlds $(COUP_WORLDS) --jobs $(JOBS) --out $(REPORT_DIR)/coups --quiet
	EUCHRELAB_AGAIN="make report" $(BIN)/euchrelab run default --deals $(REPORT_DEALS) --jobs $(JOBS) --out $(REPORT_DIR) --resume $(RUN_FLAGS)

# The ledger of the claims from the reference runs in reports/: its pages, and the copy of the runs'
# results shipped in the package (analysis/data/claims.json), which `euchrelab claims` reads outside
# the checkout. Run it after replacing a reference run (a test fails while the copy is stale).
claims: build
	$(BIN)/euchrelab claims --write > /dev/null

# The options section of docs/cli.md, written again from the command line's parsers.
docs: build
	$(BIN)/python -c 'from analysis.commands.cli import write_cli_docs; write_cli_docs()'

bench: build
	$(BIN)/euchrelab bench

# The workbench in the browser, at http://127.0.0.1:8765/ (Ctrl-C to stop).
serve: build
	$(BIN)/euchrelab serve

clean:
	rm -rf build fastcore/*.c fastcore/*.so *.egg-info
