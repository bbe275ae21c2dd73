# The two commands of the README: `make demo` and `make test`.
SWIFT ?= swift
BUILD_DEPS = libsqlite3-dev libxml2-dev zlib1g-dev libbrotli-dev libzim-dev libzstd-dev pkg-config libjs-bootstrap5 libjs-jquery
TEST_DEPS = $(BUILD_DEPS) file tidy chromium chromium-driver fonts-noto-cjk default-jre-headless python3-pip nginx zim-tools kiwix-tools
BENCH_DEPS = $(BUILD_DEPS) wrk zstd hugo time

.PHONY: demo test build release bench deps-build deps-test clean

deps-build:
	@Scripts/install-deps $(BUILD_DEPS)

deps-test:
	@Scripts/install-deps $(TEST_DEPS)
	@Scripts/install-python-deps

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
