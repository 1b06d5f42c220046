# Every target bootstraps itself: a fresh machine needs only Python 3.11, pip and libcairo2.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench bench-ocr gallery sweep clean chromium serve fuzz hostile bytecode \
        producers fix-matrix register-crash bench-compare

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Our own modules byte-compiled, as pip does for site-packages: with PYTHONDONTWRITEBYTECODE
# set (or a read-only checkout) the editable install would compile them from source at
# every start, 0.12 s of `wsmark check`'s 0.9 s. Incremental: only changed files.
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q markers render web cli.py

demo: bytecode
	@out=$$(mktemp -d -t wsmark-gallery-XXXXXX) && \
	  $(BIN)/wsmark gallery -o $$out && \
	  echo "gallery built in $$out (open $$out/README.md)" && \
	  echo "run wsmark as $(BIN)/wsmark, or activate the venv first: . $(BIN)/activate"

serve: bytecode
	$(BIN)/wsmark serve

# The lint and type gate on the shipped code; make test runs it first, a red lint fails it.
LINT_PATHS := markers render web cli.py
lint: $(STAMP)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/mypy

test: lint bytecode chromium
	$(BIN)/python -m pytest -q -n auto

# The browser tests drive Debian's chromium; install it when missing and we may.
chromium:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing chromium for the browser tests (apt-get)"; \
	  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } \
	    || echo "could not install chromium; the browser tests will be skipped"; \
	else echo "browser tests will be skipped: install chromium (apt-get install chromium)"; fi

# tests/data/producers/: proofs written by the real programs (tests/producers/make_producers.py).
# The files are committed, so `make test` needs none of these; installed when missing and
# we may.
PRODUCER_PACKAGES := inkscape libreoffice-draw ghostscript librecad poppler-utils
producers: bytecode
	@missing=""; for p in inkscape soffice gs librecad pdftoppm; do \
	  command -v $$p >/dev/null || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing the producers (apt-get):$$missing"; \
	  apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(PRODUCER_PACKAGES) >/dev/null; \
	else echo "producers missing:$$missing; install them: apt-get install $(PRODUCER_PACKAGES)"; \
	  exit 1; fi
	$(BIN)/python tests/producers/make_producers.py

bench: bytecode
	$(BIN)/python bench/run.py

# make bench-compare BASE=c89003a [ARGS="--runs 5 --files 0 --set issue33"]: the CPU ratio
# of every command of bench/compare.py, this tree against BASE, taking turns.
bench-compare: bytecode
	@test -n "$(BASE)" || { echo "usage: make bench-compare BASE=<commit>"; exit 2; }
	$(BIN)/python bench/compare.py $(BASE) $(ARGS)

bench-ocr: bytecode
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/ocr_bench.py

gallery: bytecode
	$(BIN)/wsmark gallery -o gallery
	$(BIN)/wsmark gallery --pack ct-15-121 -o gallery/ct-15-121

clean:
	rm -rf $(VENV) build *.egg-info
	find markers render web -name __pycache__ -prune -exec rm -rf {} +
	rm -rf __pycache__

# make sweep ARGS="--twice --load 8": two sweeps at once beside 8 busy processes
sweep: bytecode
	$(BIN)/python bench/sweep.py $(ARGS)

# Issue 25's acceptance in full: every seeded defect in every form, and the producers'
# proofs, fixed and checked (the suite runs a sample: tests/products/test_repair.py).
fix-matrix: bytecode
	$(BIN)/python bench/fix_matrix.py

# Random structured SVGs, PDFs and DXFs against the readers and checker for 10 minutes
# (tests/fuzz_svg.py, tests/fuzz_proofs.py), then 2,000 arbitrary Unicode strings into
# every writer (tests/core/test_safe_text.py: parsed back as XML, PDF, CSV, JSON) and
# 2,000 vendor proofs with obfuscated script and fetch vectors through the sanitiser, and
# 100 such SVGs and 100 PDFs with generated actions, annotations, embedded files and XFA
# through every writer (fix, its report, --annotate as SVG and PDF, --report);
# `make test` runs a short seeded run of the same strategies (the writers' runs only
# here and in `make hostile`).
fuzz: bytecode
	WSMARK_FUZZ_SECONDS=$${WSMARK_FUZZ_SECONDS:-600} $(BIN)/python -m pytest -q -x tests/read/test_fuzz.py
	WSMARK_FUZZ_EXAMPLES=$${WSMARK_FUZZ_EXAMPLES:-2000} \
	  WSMARK_WRITER_EXAMPLES=$${WSMARK_WRITER_EXAMPLES:-100} $(BIN)/python -m pytest -q -x \
	  tests/core/test_safe_text.py tests/products/test_output_sanitiser.py -k \
	  "any_unicode or obfuscated or every_writer"

# The large hostile inputs of shared/corpora/found/make-hostile.py, each within its budget,
# a SIGKILL at every write step of render and fabricate, and the web page under issue 24's
# full-size attacks: 50 slow uploads, 40 of 19 MB to one batch (make test: a cheap version);
# the 38 SVG/CSS vectors and active PDFs through fix and the marked copies, opened in
# Chromium with the network watched, and 300 Unicode strings into every writer; issue 32's
# a 100,000-marker plan's map, the 858-byte SVG's report, 300 GETs beside an upload,
# 70 fresh sessions' uploads beside a clerk's batch, 20 generated hostile SVGs and PDFs
# through every writer; every PDF output of a hostile proof (and of the 20 PDFs) and a
# hostile plan's GPX, KML, map and packet opened in Chromium with the network watched.
hostile: bytecode
	WSMARK_HOSTILE=1 WSMARK_WRITER_EXAMPLES=$${WSMARK_WRITER_EXAMPLES:-20} $(BIN)/python -m pytest -q -s tests/runtime/test_budget_hostile.py \
	  tests/runtime/test_atomic_kill.py tests/web/test_server.py \
	  tests/products/test_output_sanitiser.py tests/plan/test_plan_bounds.py \
	  tests/runtime/test_outputs_budget.py tests/web/test_floods.py \
	  tests/products/test_outputs_in_chromium.py
	WSMARK_FUZZ_EXAMPLES=$${WSMARK_FUZZ_EXAMPLES:-300} $(BIN)/python -m pytest -q -x \
	  tests/core/test_safe_text.py

# Issue 35's crash acceptance in full: `wsmark register add` of 1,000 markers killed with
# SIGKILL at random moments, 50 times; the register opens, passes integrity_check and
# holds none or all of the add (the suite runs a few kills of the store's own add).
register-crash: bytecode
	$(BIN)/python tests/register_crash.py --runs 50 --mode cli
	$(BIN)/python tests/register_crash.py --runs 50 --mode store --span 1.5
