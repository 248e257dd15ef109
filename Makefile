# Rommi. For players and reviewers two commands: `make play` and `make test`.
# The other targets are for developers; see the README.

SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
PORT ?= 8000
ARGS ?=
ANCHOR ?= ../shared/tools/anchor_melds.py

VENV := .venv
VPY := $(VENV)/bin/python
DEPS_STAMP := $(VENV)/.rommi-test-deps
BENCH_VENV := .venv-bench
BENCH_STAMP := $(BENCH_VENV)/.rommi-bench-deps
NODE_STAMP := node_modules/.package-lock.json
REPORTS := .pytest_cache/rommi
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The extra's requirements, read from pyproject.toml (no build backend needed: only the deps are installed).
extra_requirements = "$(1)" -c 'import sys, tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"][sys.argv[1]]))' $(2)

.PHONY: help play build serve test deps system-deps lint unit e2e \
        bench-load bench-lighthouse bench-redraw bench-hint bench-solver bench-playouts bench-copy bench-expert bench-rollout bench-ladder bench-anchor clean

help:
	@echo "make play    build the site if needed and serve it at http://localhost:$(PORT) (PORT= changes it)"
	@echo "make test    install what is missing, then run ruff, mypy, unit and browser tests"
	@echo "developers:  make build | lint | unit | e2e | bench-load | bench-lighthouse | bench-redraw | bench-hint | bench-solver | bench-playouts | bench-copy | bench-expert | bench-rollout | bench-ladder | bench-anchor | clean"

# --- the site ---------------------------------------------------------------

build:
	$(PYTHON) tools/build/build.py

play: build
	$(PYTHON) tools/build/serve.py --port $(PORT)

# --- what the tests need ----------------------------------------------------

deps: system-deps $(DEPS_STAMP) $(NODE_STAMP)

# apt packages, only when missing (apt-get update first, then install).
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing nodejs npm"; \
	$(PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing$$missing with apt-get"; \
	  $(SUDO) apt-get update && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi

# The virtual environment with pyproject's `test` extra; redone when pyproject.toml changes.
$(DEPS_STAMP): pyproject.toml
	@[ -x $(VPY) ] || $(PYTHON) -m venv $(VENV)
	@$(call extra_requirements,$(VPY),test) > $(VENV)/test-requirements.txt
	$(VPY) -m pip install --quiet --disable-pip-version-check -r $(VENV)/test-requirements.txt
	@touch $@

$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# --- the suites --------------------------------------------------------------

# Every checker runs even when an earlier one complains (mypy --strict covers the engine and the table).
lint: deps
	@status=0; \
	echo "$(VPY) -m ruff check py tests tools"; $(VPY) -m ruff check py tests tools || status=1; \
	echo "$(VPY) -m ruff format --check py tests tools"; $(VPY) -m ruff format --check py tests tools || status=1; \
	echo "$(VPY) -m mypy"; $(VPY) -m mypy || status=1; \
	exit $$status

# The CPython tests on every core (pytest-xdist). The browser tests E2E_WORKERS at a time: one test
# keeps about 1.3 of two cores busy (its page waits on timers and on the test between steps), so two
# fill them; work-stealing evens out the long ones. A browser test whose renderer crashed
# (Chromium's "Page crashed"/"Target crashed"; CI saw one while a page booted from its Python
# snapshot) runs once more in a fresh context, as a player would reload; any other failure, or a
# second crash, fails. The summary counts such reruns.
E2E_WORKERS ?= 2

unit: deps
	$(VPY) -m pytest -m "not browser" -n auto --junitxml=$(REPORTS)/unit.xml $(ARGS)

e2e: deps
	$(VPY) -m pytest -m browser -n $(E2E_WORKERS) --dist worksteal \
		--reruns 1 --only-rerun "Page crashed" --only-rerun "Target crashed" \
		--junitxml=$(REPORTS)/e2e.xml $(ARGS)

# Every suite runs even when an earlier one fails; any failure, skip or suite that did not run fails.
test: deps
	@rm -f $(REPORTS)/unit.xml $(REPORTS)/e2e.xml
	@failed=""; \
	$(MAKE) --no-print-directory lint || failed="lint"; \
	$(MAKE) --no-print-directory unit; \
	$(MAKE) --no-print-directory e2e; \
	echo; echo "Summary:"; \
	$(VPY) tools/test_summary.py unit=$(REPORTS)/unit.xml e2e=$(REPORTS)/e2e.xml --failed "$$failed"

# --- benchmarks --------------------------------------------------------------

bench-load: deps build
	$(VPY) tools/bench/bench_load.py $(ARGS)

# Lighthouse, first and repeat visit; the pinned Lighthouse goes into .lighthouse/ (a developer tool only).
LIGHTHOUSE := .lighthouse/node_modules/.bin/lighthouse
$(LIGHTHOUSE):
	npm install --prefix .lighthouse --no-audit --no-fund --loglevel=error lighthouse@12.8.2

bench-lighthouse: deps build $(LIGHTHOUSE)
	$(VPY) tools/bench/bench_lighthouse.py $(ARGS)

# Redraw times over whole deals played on the page (ARGS="--phone --seeds 1 2 3 4").
bench-redraw: deps build
	$(VPY) tools/bench/bench_redraw.py $(ARGS)

# The expert's stronger hint on the page: press to hint, long tasks meanwhile (ARGS="--phone --seeds 6 7 8").
bench-hint: deps build
	$(VPY) tools/bench/bench_hint.py $(ARGS)

bench-solver: deps
	PYTHONPATH=py $(VPY) tools/bench/bench_solver.py $(ARGS)

bench-playouts: deps
	PYTHONPATH=py $(VPY) tools/bench/bench_playouts.py $(ARGS)

bench-copy: deps
	PYTHONPATH=py $(VPY) tools/bench/bench_copy.py $(ARGS)

bench-expert: deps
	PYTHONPATH=py $(VPY) tools/bench/bench_expert.py $(ARGS)

bench-rollout: deps
	PYTHONPATH=py $(VPY) tools/bench/bench_rollout.py $(ARGS)

# Every level's goal on fresh seeds, both games (ARGS="--scale 2", "--only basic-expert", "--seed N");
# exits 1 when a goal's interval lies wholly below it. Run it alone: the expert's budget is wall clock.
bench-ladder: deps
	PYTHONPATH=py:tools $(VPY) -m rommilab.ladder $(ARGS)

bench-anchor: $(BENCH_STAMP)
	PYTHONPATH=py:tools/bench $(BENCH_VENV)/bin/python $(ANCHOR) --solver gin_adapter:min_deadwood $(ARGS)

# A separate environment with pyproject's `bench` extra (rlcard), kept apart from the test tools.
$(BENCH_STAMP): pyproject.toml
	@[ -x $(BENCH_VENV)/bin/python ] || $(PYTHON) -m venv $(BENCH_VENV)
	@$(call extra_requirements,$(BENCH_VENV)/bin/python,bench) > $(BENCH_VENV)/bench-requirements.txt
	$(BENCH_VENV)/bin/python -m pip install --quiet --disable-pip-version-check -r $(BENCH_VENV)/bench-requirements.txt
	@touch $@

clean:
	rm -rf dist node_modules .lighthouse $(REPORTS) .mypy_cache .ruff_cache test-results
