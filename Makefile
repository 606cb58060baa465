# Longhaul — the two commands: `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := run

TARGET_DIR := $(or $(CARGO_TARGET_DIR),$(CURDIR)/target)
export CARGO_TARGET_DIR := $(TARGET_DIR)

.PHONY: run test lint test-rust test-web test-e2e web web-deps e2e-deps openapi bench clean

# A recipe that fails leaves no half-made target behind (web/dist/index.html
# after a failed bundle check), so the next `make` builds it again.
.DELETE_ON_ERROR:

# `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages
# (@tailwindcss/oxide-*) out of the lock file and `npm ci` then refuses it.
# Versions still come from package-lock.json.
web/node_modules/.installed: web/package-lock.json
	cd web && npm install --no-audit --no-fund
	touch $@

web-deps: web/node_modules/.installed

# The SPA is a file target: built again only when something the build reads
# changed (sources, config, locked dependencies, contracts/), so a second
# `make run` does not rebuild it — nor, since web/dist then keeps its mtimes,
# the release binary that embeds it (crates/longhaul/build.rs). Directories
# are listed too: adding or deleting a file changes its directory's mtime.
WEB_INPUTS := $(shell find web/src web/public web/build) \
	web/index.html web/portal.html web/package.json web/vite.config.ts web/vite.portal.config.ts web/scripts/check-bundle.mjs \
	$(wildcard web/tsconfig*.json contracts/*)

web/dist/index.html: $(WEB_INPUTS) web/node_modules/.installed
	cd web && npm run build

web: web/dist/index.html

## run: build the SPA and the server (release) and serve http://localhost:3000
run: web
	cargo build --release --bin longhaul
	$(TARGET_DIR)/release/longhaul serve

## test: every check CI runs (TEST_DATABASE_URL adds PostgreSQL to the Rust tests)
test: lint test-rust test-web test-e2e

lint: web-deps
	cargo fmt --all -- --check
	cargo clippy --workspace --all-targets -- -D warnings
	cd web && npm run lint && npm run typecheck && npm run check:api

# The S3 tests start moto's server (PyPI `moto[server]`): installed when missing.
test-rust:
	@python3 -c 'import moto.server' 2>/dev/null || pip install --quiet 'moto[server]'
	cargo test --workspace

test-web: web-deps
	cd web && npm test

e2e/node_modules/.installed: e2e/package-lock.json
	cd e2e && npm install --no-audit --no-fund
	@if [ ! -x /usr/bin/chromium ]; then cd e2e && npx playwright install chromium; fi
	touch $@

e2e-deps: e2e/node_modules/.installed

test-e2e: web e2e-deps
	cargo build --bin longhaul
	cd e2e && LONGHAUL_BIN=$(TARGET_DIR)/debug/longhaul npx playwright test

## openapi: refresh contracts/openapi.json and the SPA's generated types
openapi: web-deps
	UPDATE_SNAPSHOTS=1 cargo test -p longhaul --test api contract
	cd web && npm run gen:api

## bench: the budgets of the issues, figures printed at the end
bench: web e2e-deps
	cargo build --release --bin longhaul
	LONGHAUL_BIN=$(TARGET_DIR)/release/longhaul bash bench/run.sh

clean:
	rm -rf web/dist web/node_modules e2e/node_modules data
