# The edition's commands. On a fresh machine: `make edition` (site + PDF), `make test`.
# Both create or reuse .venv and install the pinned Python dependencies themselves.

PYTHON    ?= python3
VENV      := .venv
BIN       := $(VENV)/bin
SPHINX    := $(BIN)/sphinx-build
SPHINXOPTS ?= -W --keep-going -n
BUILD     := _build
WITNESSES ?= ../shared/witnesses
export SOURCE_DATE_EPOCH ?= 1796169600

.PHONY: edition html pdf test unit lint collate bench system venv clean

edition: system html pdf          ## site and PDF, from a fresh machine

venv: $(VENV)/.installed
$(VENV)/.installed: requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

system:                           ## Debian packages for the PDF and the browser tests
	bash tools/install-system-deps.sh

html: venv                        ## the site, with edition.json
	$(SPHINX) -b html $(SPHINXOPTS) -c . source $(BUILD)/html

pdf: venv                         ## the print edition: _build/latex/xiangsheli.pdf
	$(SPHINX) -M latexpdf source $(BUILD) -c . $(SPHINXOPTS)
	$(BIN)/python tools/check_pdf.py $(BUILD)/latex

test: system html pdf             ## everything: builds the edition, then all tests
	$(BIN)/python -m pytest -q tests

unit: venv                        ## tests that need no full build
	$(BIN)/python -m pytest -q tests -m "not edition"

lint: venv
	$(BIN)/ruff check _ext tools tests conf.py
	$(BIN)/ruff format --check _ext tools tests conf.py

collate: venv                     ## regenerate the collation data from the witnesses
	$(BIN)/python -m tools.collate --witnesses $(WITNESSES)

bench: venv                       ## benchmarks, written to BENCHMARKS.md
	$(BIN)/python tools/bench.py

clean:
	rm -rf $(BUILD)
