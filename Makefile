# Backgammon in the browser. Two entry points (see README.md):
#
#   make serve   build the static site into build/site/ and serve it on localhost
#   make test    lint (and the import contract), type-check, unit tests, then browser tests in Chromium
#
# Both install what they need on first use (a .venv, node_modules, Chromium) and
# skip that afterwards: the stamp files below are only remade when their inputs
# change.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000

PY_DEPS := $(VENV)/.installed
NODE_DEPS := node_modules/.installed

# apt-get needs root; use sudo when we are not.
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)
APT_GET := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get

.PHONY: help serve build test lint typecheck unit e2e deps clean

help:
	@echo "make serve   build the site and serve it on http://$(HOST):$(PORT)/"
	@echo "make test    ruff, mypy, pytest (tests/), browser tests (e2e/)"
	@echo "make build   only build the site into build/site/"
	@echo "make clean   remove build/ (keeps .venv and node_modules)"

serve: build
	$(PY) -m scripts.serve --host $(HOST) --port $(PORT)

build: $(PY_DEPS) $(NODE_DEPS)
	$(PY) -m scripts.build_site

# Cheapest checks first. -k: a failure in one step still lets the others run
# (and report), and make still exits non-zero. The e2e tests build the site.
test:
	@$(MAKE) --no-print-directory -k lint typecheck unit e2e

lint: $(PY_DEPS)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(VENV)/bin/lint-imports

typecheck: $(PY_DEPS)
	$(PY) -m mypy

unit: $(PY_DEPS) $(NODE_DEPS)
	$(PY) -m pytest

e2e: $(PY_DEPS) $(NODE_DEPS) $(CHROMIUM)
	$(PY) -m pytest e2e

deps: $(PY_DEPS) $(NODE_DEPS) $(CHROMIUM)

clean:
	rm -rf build

# --- installation ------------------------------------------------------------

$(PY):
	$(PYTHON) -m venv $(VENV) || { \
	  $(APT_GET) update && $(APT_GET) install -y python3-venv && \
	  rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }

$(PY_DEPS): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

$(NODE_DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

$(CHROMIUM):
	$(APT_GET) update
	$(APT_GET) install -y chromium
