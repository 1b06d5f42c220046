# Every target bootstraps itself: a fresh machine needs only Python 3.11, pip and libcairo2.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test bench bench-ocr gallery sweep clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	@out=$$(mktemp -d -t wsmark-gallery-XXXXXX) && \
	  $(BIN)/wsmark gallery -o $$out && \
	  echo "gallery built in $$out (open $$out/README.md)"

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python bench/run.py

bench-ocr: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/ocr_bench.py

gallery: $(STAMP)
	$(BIN)/wsmark gallery -o gallery

clean:
	rm -rf $(VENV) build *.egg-info

sweep: $(STAMP)
	$(BIN)/python bench/sweep.py
