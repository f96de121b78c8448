# The two commands a new machine needs: `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

GO        ?= go
VERSION   ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS   := -s -w -X main.version=$(VERSION)
MODULES   := ./shared/... ./loyalty/... ./linkmgmt/...
TOOLS_BIN := $(CURDIR)/bin/tools
STATICCHECK_VERSION := v0.8.2
export GOFLAGS ?= -buildvcs=false

.PHONY: help build run test test-all bench bench-ledger bench-webhooks bench-redirect bench-export bench-delete bench-stats bench-scale bench-scale-reads bench-smoke geoip-refresh lint docker k8s-validate services clean

help: ## list targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  %-14s %s\n", $$1, $$2}'

build: ## build bin/loyalty and bin/linkmgmt
	$(GO) build -ldflags '$(LDFLAGS)' -o bin/loyalty ./loyalty/cmd/loyalty
	$(GO) build -ldflags '$(LDFLAGS)' -o bin/linkmgmt ./linkmgmt/cmd/linkmgmt

run: build ## start Postgres/Redis if needed, migrate, run both services (Ctrl-C stops all)
	@scripts/run.sh

test: ## all tests of the three modules, race detector on, against real Postgres and Redis (slow ones skipped)
	@scripts/test.sh $(MODULES)

test-all: ## make test with the slow tests too (SLOW_TESTS=1), as CI runs it
	@SLOW_TESTS=1 scripts/test.sh $(MODULES)

bench: ## Go benchmarks of every package that has some (BENCH=regexp to pick), against real Postgres and Redis
	@scripts/bench-go.sh

bench-ledger: ## ledger credit+debit throughput (32 clients, spread and hot) vs pgbench tpcb-like, and with a webhook subscription
	@scripts/bench-ledger.sh

bench-webhooks: ## webhook backlog catch-up rate (events/s) after a receiver outage (BENCH_EVENTS=N)
	@scripts/bench-webhooks.sh

bench-redirect: ## wrk: GET /{alias} with analytics vs a bare Echo 302 (req/s, p50/p99, ratio)
	@scripts/bench-redirect.sh

bench-export: ## customer export at 1M rows: time and peak RSS of xlsx/csv vs psql \copy (BENCH_ROWS=N)
	@scripts/bench-export.sh

bench-delete: ## time of DELETE /customer/{id} on a long history among many coupons (cascade indexes)
	@scripts/bench-delete-customer.sh

bench-stats: ## click analytics: a year of daily stats for a 10M-click link and a 10,000-link account, rollups vs raw SQL (p50/p99)
	@scripts/bench-stats.sh

bench-scale: ## loyalty at production size: load BENCH_CUSTOMERS (1,000,000) customers (~20M entries, audited), then time every issue-25 read at 1 and 16 clients (p50/p95, req/s)
	@scripts/bench-scale.sh

bench-scale-reads: ## the timing half of bench-scale, on the database it loaded (kept; migrated first)
	@scripts/bench-scale.sh reads

bench-smoke: ## every bench target above at tiny sizes, as CI runs them (fails if one breaks, never on figures)
	@scripts/bench-smoke.sh

geoip-refresh: ## replace linkmgmt's embedded country database with the latest DB-IP Lite Country from npm, once it passes the checks
	@scripts/geoip-refresh.sh

lint: ## go vet + staticcheck (pinned) + no merge-conflict markers left in the tree
	@! git grep -nE '^(<<<<<<<|>>>>>>>) ' -- ':!*.py' || { echo "merge-conflict markers left (above)"; exit 1; }
	$(GO) vet $(MODULES)
	@test -x $(TOOLS_BIN)/staticcheck || GOBIN=$(TOOLS_BIN) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	$(TOOLS_BIN)/staticcheck $(MODULES)

docker: ## build both container images (needs a Docker engine)
	docker build -f deploy/docker/loyalty.Dockerfile --build-arg VERSION=$(VERSION) -t loyalty:$(VERSION) .
	docker build -f deploy/docker/linkmgmt.Dockerfile --build-arg VERSION=$(VERSION) -t linkmgmt:$(VERSION) .

k8s-validate: ## render the kustomize overlays and validate them offline
	@bash deploy/k8s-validate.sh

services: ## make Postgres and Redis available and print their URLs
	@scripts/dev-services.sh up

clean: ## remove build output
	rm -rf bin/loyalty bin/linkmgmt
