# The edition's commands. On a fresh machine: `make edition` (site + PDF), `make test`.
# Both create or reuse .venv and install the pinned Python dependencies themselves.

PYTHON    ?= python3
VENV      := .venv
BIN       := $(VENV)/bin
SPHINX    := $(BIN)/sphinx-build
SPHINXOPTS ?= -W --keep-going -n
BUILD     := _build
WITNESSES ?= ../shared/witnesses
# the release date (conf.py's xs_release_date): the PDFs' dates agree with their title pages
export SOURCE_DATE_EPOCH ?= $(shell $(PYTHON) tools/release.py)

.PHONY: edition html pdf vertical vertical-baiwen second-edition test check unit lint collate commentary audit bench system venv node clean catalog webfont

edition: system html pdf vertical vertical-baiwen ## site and PDFs, from a fresh machine (the books published in the site)
	cp $(BUILD)/latex/xiangsheli.pdf $(BUILD)/html/xiangsheli.pdf
	cp $(BUILD)/vertical/xiangsheli-zhipai.pdf $(BUILD)/html/xiangsheli-zhipai.pdf
	cp $(BUILD)/vertical-baiwen/xiangsheli-baiwen.pdf $(BUILD)/html/xiangsheli-baiwen.pdf
	$(BIN)/python tools/check_site.py --published $(BUILD)/html

venv: $(VENV)/.installed
$(VENV)/.installed: requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

system:                           ## Debian packages for the PDF and the browser tests
	bash tools/install-system-deps.sh

# The checkers of the site: vnu-jar (Nu HTML Checker, run on the system Java), axe-core and
# playwright-core (driving the system Chromium), and ESLint for the scripts (make lint), pinned in
# package-lock.json. Install scripts are skipped: vnu-jar's would download a Java runtime, and no
# browser is downloaded either. --engine-strict stops here, and says why, on a Node.js older than
# a package needs (ESLint: 20.19).
node: node_modules/.installed
node_modules/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm is missing: the site checks and make lint need" \
	  "Node.js >= 20.19 with npm (Debian 13: apt-get install nodejs npm; Debian 12: NodeSource's" \
	  "nodejs)" >&2; exit 1; }
	npm ci --ignore-scripts --engine-strict --no-audit --no-fund
	touch $@

catalog: venv                     ## compile the engine's message catalogs (ritual.po → ritual.mo)
	$(BIN)/python tools/catalog.py

html: venv                        ## the site, with edition.json (doctrees kept out of the site)
	$(SPHINX) -b html $(SPHINXOPTS) -d $(BUILD)/doctrees-html -c . source $(BUILD)/html

# The site's web font: the Han characters of the built site that Noto CJK TC lacks, subset from
# HanaMinB (fonts-hanazono) into _static/fonts/ with its @font-face in _static/edition.css.
# The font is committed, so the build needs no system font; when it changes, build the site again.
webfont: html                     ## the web font of the characters the CJK fonts lack (commit it)
	$(BIN)/python -m tools.webfont --site $(BUILD)/html

pdf: venv                         ## the print edition: _build/latex/xiangsheli.pdf
	$(SPHINX) -M latexpdf source $(BUILD) -c . $(SPHINXOPTS)
	@# latexmk leaves a PDF whose .tex did not change as it was (a page edited for the site
	@# alone): it is current all the same, and the PDF tests judge currency by its date
	@touch $(BUILD)/latex/xiangsheli.pdf
	@# the check reads every step's text from edition.json: from a clean tree, build it first
	@test -f $(BUILD)/html/edition.json || $(MAKE) --no-print-directory html
	$(BIN)/python tools/check_pdf.py $(BUILD)/latex

# The vertical book (直排經注本): the engine writes its LaTeX (builder xsvertical), LuaLaTeX sets
# it. The font database of luaotfload and LuaTeX-ja's caches are kept in _build/texmf-var, so
# only the first run on a machine builds them.
VERTICAL  := $(BUILD)/vertical
TEXMFVAR  := $(abspath $(BUILD))/texmf-var
# One LuaLaTeX run makes the book (the outline by the bookmark package, no cross-references):
# the .aux and .out of an earlier run are removed first, since an interrupted run leaves them cut
# short and the next would stop on them.
LUALATEX  := TEXMFVAR=$(TEXMFVAR) TEXMFCACHE=$(TEXMFVAR) lualatex -interaction=nonstopmode -halt-on-error
# A book: $(1) its folder under _build, $(2) its file name, $(3) the builder's options.
define vertical_book
	$(SPHINX) -b xsvertical $(SPHINXOPTS) -d $(BUILD)/doctrees-$(1) -c . $(3) source $(BUILD)/$(1)
	cd $(BUILD)/$(1) && rm -f $(2).aux $(2).out \
	  && { $(LUALATEX) $(2).tex >/dev/null || { tail -40 $(2).log >&2; exit 1; }; }
	$(BIN)/python tools/check_vertical.py $(BUILD)/$(1)/$(2).pdf
endef
# Each book's own title in its PDF's properties (xs_edition_title names the book with translation).
ZHIPAI    := -D "xs_vertical_pdf_title=儀禮·鄉射禮（標點直排本）"
vertical: venv                    ## the vertical book: _build/vertical/xiangsheli-zhipai.pdf, checked
	$(call vertical_book,vertical,xiangsheli-zhipai,$(ZHIPAI))
# The 白文 book: the same book without modern punctuation (句讀), its 夾注 and 校記 kept.
BAIWEN    := -D xs_vertical_baiwen=1 -D xs_vertical_name=xiangsheli-baiwen \
	-D "xs_vertical_pdf_title=儀禮·鄉射禮（無標點直排本）"
vertical-baiwen: venv             ## the 白文 book: _build/vertical-baiwen/xiangsheli-baiwen.pdf, checked
	$(call vertical_book,vertical-baiwen,xiangsheli-baiwen,$(BAIWEN))

# A second edition, the opening of 鄉飲酒禮, built by the same engine from its own data folder.
second-edition: venv              ## tests/roots/test-xiangyinjiuli → _build/xiangyinjiuli/html
	$(SPHINX) -b html $(SPHINXOPTS) -d $(BUILD)/xiangyinjiuli/doctrees tests/roots/test-xiangyinjiuli $(BUILD)/xiangyinjiuli/html

test: system lint html pdf vertical vertical-baiwen node   ## everything: lint, build the edition, then all tests (gates included)
	$(BIN)/python -m pytest -q tests

check: html node                  ## the site gates on _build/html: vnu, links and anchors, axe
	java -jar node_modules/vnu-jar/build/dist/vnu.jar --errors-only --skip-non-html $(BUILD)/html
	$(BIN)/python tools/check_site.py $(BUILD)/html
	node tests/browser/axe.mjs $(BUILD)/html

unit: venv                        ## tests that need no full build
	$(BIN)/python -m pytest -q tests -m "not edition"

lint: venv node                   ## ruff (lint and format), mypy (the engine's types), eslint (the scripts)
	$(BIN)/ruff check _ext tools tests conf.py
	$(BIN)/ruff format --check _ext tools tests conf.py
	$(BIN)/mypy
	node_modules/.bin/eslint --max-warnings 0 .

collate: venv                     ## regenerate the collation data from the witnesses, then audit
	$(BIN)/python -m tools.collate --witnesses $(WITNESSES)
	@$(MAKE) --no-print-directory commentary
	@$(MAKE) --no-print-directory audit

commentary: venv                  ## 鄭注 from the witnesses, each note on its lemma: source/_edition/commentary.tsv
	$(BIN)/python -m tools.commentary --witnesses $(WITNESSES) --edition source/_edition

audit: venv                       ## apparatus readings, witnesses, pages and orthography.tsv vs the witnesses
	$(BIN)/python -m tools.audit.witness_readings --witnesses $(WITNESSES)
	$(BIN)/python -m tools.orthography --check --witnesses $(WITNESSES)

bench: venv                       ## benchmarks (not timed tests), written to BENCHMARKS.md
	$(BIN)/python tools/bench.py $(BENCHOPTS)

clean:
	rm -rf $(BUILD)
