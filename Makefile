# Long Card Academy: the one entry point. Every target does its own set-up, idempotently.
#   make run    venv + install + catalogs + database + content, then serve on 127.0.0.1:5000
#   make test   venv + install + catalogs + browser deps, then lint and the whole suite
#   make test-fast   the suite without its slow tests (a quick loop while working)
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What running needs (make run) and, on top of it, what testing and linting need.
RUN_STAMP := $(VENV)/.run-stamp
STAMP := $(VENV)/.installed-stamp
PIP := $(BIN)/python -m pip install -q --disable-pip-version-check
HOST ?= 127.0.0.1
PORT ?= 5000
# The suite runs on every core (pytest-xdist); each worker has its own databases and server.
PYTEST_ARGS ?= -n auto --dist worksteal


.PHONY: run test test-fast install install-run install-server compile catalogs setup-db browser-deps lint format typecheck bench vendor clean help

help:
	@echo "make run | make test | make test-fast | make catalogs | make bench | make lint | make format | make vendor"

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# make run installs the app's own dependencies only: no test, lint or browser packages
# (tests/test_packaging.py checks the list).
$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(PIP) -e .
	touch $(RUN_STAMP)

$(STAMP): pyproject.toml $(RUN_STAMP)
	$(PIP) -e '.[dev]'
	touch $(STAMP)

install-run: $(RUN_STAMP)

# A club's server: what running needs, and PostgreSQL's driver (docs/hosting.md).
install-server: $(RUN_STAMP)
	$(PIP) -e '.[postgres]'

install: $(STAMP)

# Compile the .po catalogs into .mo (not committed). Cheap; always run.
# Every domain (messages, reasons, ...) of every language folder: a folder without one
# of the domains is skipped (pybabel compiles the .po files that exist).
compile: install-run
	domains=$$(for po in translations/*/LC_MESSAGES/*.po; do basename "$$po" .po; done | sort -u); \
	$(BIN)/pybabel -q compile -d translations -D "$$(echo $$domains)"

# Maintainer step: extract strings, update the catalogs (the .po files are the source:
# translate new entries in translations/zh/LC_MESSAGES/messages.po), generate the languages
# derived from another (zh-Hant from zh: scripts/derive_languages.py), compile, report gaps.
catalogs: install
	$(BIN)/pybabel -q extract -F babel.cfg -k _l -k lazy_gettext -k N_ -k NP_:1c,2 -c TRANSLATORS: --no-location --sort-by-file -o translations/messages.pot .
	$(BIN)/pybabel -q update -i translations/messages.pot -d translations --no-fuzzy-matching --ignore-obsolete
	$(BIN)/python scripts/fill_en_catalog.py
	$(BIN)/python scripts/derive_languages.py
	domains=$$(for po in translations/*/LC_MESSAGES/*.po; do basename "$$po" .po; done | sort -u); \
	$(BIN)/pybabel compile -d translations --statistics -D "$$(echo $$domains)"

setup-db: compile
	$(BIN)/academy setup

run: setup-db
	$(BIN)/academy serve --host $(HOST) --port $(PORT)

# Debian's Chromium and a CJK font for the browser tests (Playwright's own download fails
# here), and nginx to check the deployment's site file.
browser-deps:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'wenquanyi' || [ ! -x /usr/sbin/nginx ]; then \
		echo "Installing Debian's chromium, fonts-wqy-microhei and nginx for the tests"; \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium fonts-wqy-microhei nginx-light >/dev/null; \
		$$SUDO systemctl disable --now nginx >/dev/null 2>&1 || true; \
	fi

lint: install
	$(BIN)/ruff check app tests benchmarks
	$(BIN)/ruff format --check app tests benchmarks
	$(BIN)/mypy

format: install
	$(BIN)/ruff format app tests benchmarks
	$(BIN)/ruff check --fix app tests benchmarks

test: install compile browser-deps lint
	$(BIN)/pytest $(PYTEST_ARGS)

# The quick loop while working: everything but the tests marked slow (conformance,
# self-play, whole-content scans, the browser), on both databases when TEST_DATABASE_URL is set
# (each test process keeps one PostgreSQL database and puts it back after each test:
# tests/fast_db.py).
test-fast: install compile
	$(BIN)/pytest $(PYTEST_ARGS) -m "not slow"

bench: install
	$(BIN)/python benchmarks/engine.py

vendor:
	scripts/vendor.sh

clean:
	rm -rf $(VENV) instance/*.sqlite3 .pytest_cache .ruff_cache .mypy_cache
	find . -name '*.mo' -path './translations/*' -delete
