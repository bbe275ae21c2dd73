# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BUILD_DEPS = libsqlite3-dev libxml2-dev libzim-dev pkg-config libjs-bootstrap5 libjs-jquery
TEST_DEPS = $(BUILD_DEPS) tidy chromium fonts-noto-cjk zim-tools kiwix-tools
BENCH_DEPS = $(BUILD_DEPS) wrk zstd

.PHONY: demo test build release bench deps-build deps-test clean

deps-build:
	@Scripts/install-deps $(BUILD_DEPS)

deps-test:
	@Scripts/install-deps $(TEST_DEPS)

build: deps-build
	$(SWIFT) build

release: deps-build
	$(SWIFT) build -c release

demo: release
	.build/release/wenjin demo

test: deps-test
	SWIFT=$(SWIFT) Scripts/run-tests

bench: release
	@Scripts/install-deps $(BENCH_DEPS)
	@for b in Scripts/bench-*; do echo "== $$b"; $$b || exit 1; done

clean:
	rm -rf .build _site
