# `make help` lists the targets with their `##` comments.
SHELL := /bin/bash
# The interpreter .venv is built on: the distribution's /usr/bin/python3 when it is 3.11 or newer
# and can make a venv, else python3 from PATH. On this project's machines the distribution's build
# runs a request with about a fifth less CPU than the pyenv build first on PATH, which loads
# libpython as a shared library (docs/performance.md, optimizations). `make PYTHON=...` chooses.
PYTHON ?= $(shell tools/pick_python.sh /usr/bin/python3 python3)
VENV := .venv
BIN := $(VENV)/bin
ISO20022_XSD_DIR ?= ../shared/xsd
export ISO20022_XSD_DIR
# The Postgres run of `make test`: DATABASE_URL when it names Postgres, else the local test database.
PG_TEST_URL ?= $(if $(filter postgres%,$(DATABASE_URL)),$(DATABASE_URL),postgresql://postgres@127.0.0.1:5432/test)
MESSAGES := pacs.008.001.13 pacs.028.001.06 pacs.002.001.15 camt.053.001.11 camt.056.001.11 camt.029.001.13
USAGE_XSD := $(addprefix xsd/usage/,$(addsuffix .xsd,$(MESSAGES)))

.PHONY: help install xsd bindings bindings-check run test test-sqlite test-postgres test-rpc lint clean

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-16s %s\n", $$1, $$2}'

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/python ## Create the venv, install pinned dependencies, tkn-client and the sandbox ledger, copy and derive the schemas
	$(BIN)/pip install --quiet -e '.[dev]' -e ./client -e ./sandbox
	$(MAKE) xsd

xsd: ## Copy the official XSDs from ISO20022_XSD_DIR, check their sha256, derive the usage-guideline XSDs
	$(BIN)/python -m tools.derive_schemas --source "$(ISO20022_XSD_DIR)"

$(USAGE_XSD):
	$(MAKE) xsd

bindings: $(USAGE_XSD) ## Regenerate bindings/ from the usage-guideline XSDs with xsdata
	rm -rf bindings && tools/generate_bindings.sh bindings

bindings-check: $(USAGE_XSD) ## Fail if regenerating the bindings would change them
	tmp=$$(mktemp -d) && tools/generate_bindings.sh "$$tmp/bindings" \
	  && diff -r -x __pycache__ "$$tmp/bindings" bindings && echo "bindings are up to date"; \
	  status=$$?; rm -rf "$$tmp"; exit $$status

# `make run`'s ports; the settlement worker finds the ledger on LEDGER_PORT unless SANDBOX_HORIZON_URL (or, with
# SANDBOX_LEDGER_API=rpc, SANDBOX_RPC_URL) says otherwise.
API_PORT ?= 8000
LEDGER_PORT ?= 8100
# The settlement worker's own GET /metrics (docs/operations.md, "Alerts"): the port after the ledger's.
SETTLEMENT_METRICS_PORT ?= $(shell expr $(LEDGER_PORT) + 1)
run: export API_PORT := $(API_PORT)
run: export LEDGER_PORT := $(LEDGER_PORT)
run: export SETTLEMENT_METRICS_PORT := $(SETTLEMENT_METRICS_PORT)
run: export SANDBOX_HORIZON_URL ?= http://127.0.0.1:$(LEDGER_PORT)
run: export SANDBOX_RPC_URL ?= http://127.0.0.1:$(LEDGER_PORT)/rpc
# The sandbox ledger's database and secrets beside the gateway's store (docs/decisions.md U4).
run: export LEDGER_DATABASE ?= $(shell $(BIN)/python -m config)/ledger.sqlite3
run: export SANDBOX_SECRETS_FILE ?= $(shell $(BIN)/python -m config)/ledger-secrets.json
run: $(USAGE_XSD) ## Start API (127.0.0.1:API_PORT, 8000), ledger (LEDGER_PORT, 8100), workers (settlement metrics on 8101); their settings in var/stack.env; Ctrl-C stops
	@# What this run chose, for commands in other terminals (var/stack.env); an invalid setting stops here in one line.
	@$(BIN)/python -m tools.stack_env
	$(BIN)/flask --app app db upgrade
	$(BIN)/flask --app app demo ensure
	@# Ctrl-C: honcho stops every process (each exits 0) and itself exits 130, which is no error here.
	$(BIN)/honcho start -f Procfile || [ $$? -eq 130 ]

test: test-sqlite test-postgres ## Run the whole suite on SQLite, then on Postgres when reachable

test-sqlite: $(USAGE_XSD)
	$(BIN)/python -m pytest

test-rpc: $(USAGE_XSD) ## Run the settlement tests with the worker on the sandbox's Stellar RPC face
	SETTLEMENT_TEST_LEDGER_API=rpc $(BIN)/python -m pytest tests/services/settlement

test-postgres: $(USAGE_XSD)
	@if $(BIN)/python -m tools.postgres_reachable "$(PG_TEST_URL)"; then \
	  TEST_DATABASE_URL="$(PG_TEST_URL)" $(BIN)/python -m pytest; \
	elif [ -n "$$CI" ]; then \
	  echo "Postgres at $(PG_TEST_URL) is not reachable, and CI must run the Postgres suite." >&2; exit 1; \
	else \
	  echo "SKIPPED the Postgres run: $(PG_TEST_URL) is not reachable (set DATABASE_URL to a Postgres URL)."; \
	fi

lint: ## ruff and mypy --strict on our code (bindings excluded)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

clean: ## Remove the venv, caches and derived schemas (keeps var/)
	rm -rf $(VENV) xsd/iso xsd/usage .mypy_cache .ruff_cache *.egg-info client/*.egg-info sandbox/*.egg-info

.PHONY: deploy-tools
deploy-tools: ## Install Debian's nginx, wrk and promtool: the proxy and alert-rule tests, `make chaos` and the proxy's measurement use them
	@{ command -v nginx || test -x /usr/sbin/nginx; } >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; }
	@command -v promtool >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus; }
	@command -v wrk >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; }

.PHONY: browser-tools
browser-tools: ## Install Debian's chromium and chromium-driver: the console's browser test (tests/api/test_ops_browser.py) uses them
	@{ command -v chromium && command -v chromedriver; } >/dev/null || { apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; }

# CI's short fault run: the scenarios that recover in seconds, which since decision L1 include a Postgres
# restart and a killed worker; the ledger and funding outages and the noisy neighbour last too long for it (docs/reliability.md).
CHAOS_SHORT_SCENARIOS ?= postgres-restart kill-worker kill-api-worker ledger-504-after-apply slow-clients hostile-bodies
# ...and again with the worker on the sandbox's Stellar RPC face: those whose fault reaches settlement (decision R7).
CHAOS_SHORT_RPC_SCENARIOS ?= kill-worker ledger-504-after-apply worker-past-window
# The ledger API the worker settles through in `make chaos`: horizon, rpc, or both (every scenario on each).
CHAOS_LEDGER_API ?= both
.PHONY: chaos chaos-short
chaos: $(USAGE_XSD) deploy-tools ## The fault suite: make run on Postgres under load, one fault per scenario, on Horizon and on RPC (docs/reliability.md)
	$(BIN)/python -m chaos --ledger-api $(CHAOS_LEDGER_API) $(CHAOS_SCENARIOS)

chaos-short: $(USAGE_XSD) deploy-tools ## The fault suite's short version, as CI runs it: on Horizon, then some scenarios on RPC
	status=0; $(BIN)/python -m chaos --short --ledger-api horizon $(CHAOS_SHORT_SCENARIOS) || status=1; \
	  $(BIN)/python -m chaos --short --ledger-api rpc $(CHAOS_SHORT_RPC_SCENARIOS) || status=1; exit $$status

.PHONY: bench
bench: $(BIN)/python ## Measure intake, status and settlement throughput on Postgres; rewrites docs/performance.md (BENCH_* knobs there)
	@command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
	@$(BIN)/python -c 'import flask, matplotlib' 2>/dev/null || $(BIN)/pip install --quiet -e '.[dev]'
	@$(MAKE) --no-print-directory $(USAGE_XSD)
	$(BIN)/python -m bench
