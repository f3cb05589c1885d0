# The two commands: `make report` (the main job) and `make test`. Both set everything up.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
JOBS   ?= 2

.PHONY: install build test report bench clean

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# Rebuild the Cython kernels after a change to fastcore/*.pyx or *.pxd (incremental).
build: $(STAMP)
	$(BIN)/python setup.py -q build_ext --inplace

test: build
	$(BIN)/python -m pytest -q

# The coup cases, then the default suite at a scale that finishes in a few minutes on 2 cores
# (REPORT_DEALS per scenario), then the path of reports/index.html; the committed reference
# run is larger.
# From a tree with uncommitted changes the run into reports/ is refused (its report could not be
# traced to a commit): `make report RUN_FLAGS=--allow-dirty` makes it anyway, marked as such.
REPORT_DEALS ?= 250000
COUP_WORLDS ?= 2000
RUN_FLAGS ?=
report: build
	$(BIN)/euchrelab coups --worlds $(COUP_WORLDS) --write-report > /dev/null
	$(BIN)/euchrelab run default --deals $(REPORT_DEALS) --jobs $(JOBS) $(RUN_FLAGS)

bench: build
	$(BIN)/euchrelab bench

clean:
	rm -rf build fastcore/*.c fastcore/*.so *.egg-info
