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

report: build
	@echo "The study framework is not in place yet: solving the sample positions of examples/positions.jsonl."
	$(BIN)/euchrelab solve --input examples/positions.jsonl

bench: build
	$(BIN)/euchrelab bench

clean:
	rm -rf build fastcore/*.c fastcore/*.so *.egg-info
