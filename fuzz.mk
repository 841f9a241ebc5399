# Robustness targets (docs/robustness.md): libFuzzer, AddressSanitizer, leak check.
#   make -f fuzz.mk fuzz            # build and run each fuzzer for FUZZ_SECONDS (default 60)
#   make -f fuzz.mk fuzz-document   # one fuzzer (also fuzz-csv, fuzz-png, fuzz-compare)
#   make -f fuzz.mk asan            # the whole test suite under AddressSanitizer
#   make -f fuzz.mk leak            # 1000 renders in one process under LeakSanitizer
#   make -f fuzz.mk leak-valgrind   # the same loop under valgrind memcheck (fewer renders)
# Kept apart from any Makefile so other targets (bench, …) merge without conflicts.

SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c

FUZZ_SECONDS ?= 60
FUZZ_SCRATCH := .build-fuzz
ASAN_SCRATCH := .build-asan
# -Xcc instruments the C code built with the package too (libyaml inside Yams, CPNGCodec);
# system libraries (libpng, zlib) are not instrumented, so coverage stops at their boundary.
FUZZ_FLAGS := -c debug --scratch-path $(FUZZ_SCRATCH) -Xswiftc -sanitize=fuzzer,address \
	-Xcc -fsanitize=fuzzer-no-link,address
FUZZ_BIN := $(FUZZ_SCRATCH)/debug
FUZZ_OUT := $(FUZZ_SCRATCH)/fuzz-corpus
# Failing inputs are written here (not .build-fuzz/artifacts: SwiftPM owns that folder); copy them to Fixtures/fuzz/regressions/<target>/ once fixed.
FUZZ_ARTIFACTS := $(FUZZ_SCRATCH)/fuzz-crashes
LIBFUZZER_OPTS := -max_total_time=$(FUZZ_SECONDS) -rss_limit_mb=4096 -malloc_limit_mb=2048 -timeout=20 -print_final_stats=1

.PHONY: fuzz fuzz-build fuzz-document fuzz-csv fuzz-png fuzz-compare fuzz-regressions asan leak leak-valgrind

fuzz-build:
	GRIDRENDER_FUZZ=1 swift build $(FUZZ_FLAGS) --product FuzzDocument
	GRIDRENDER_FUZZ=1 swift build $(FUZZ_FLAGS) --product FuzzCSV
	GRIDRENDER_FUZZ=1 swift build $(FUZZ_FLAGS) --product FuzzPNG
	GRIDRENDER_FUZZ=1 swift build $(FUZZ_FLAGS) --product FuzzCompare

# Each fuzzer starts from its seed corpus (read only) plus its work corpus under .build-fuzz, the
# first folder named, where libFuzzer writes what it finds; $(4): more read-only seed folders.
define run_fuzzer
	mkdir -p $(FUZZ_OUT)/$(1) $(FUZZ_ARTIFACTS)/$(1)
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN)/$(2) $(LIBFUZZER_OPTS) -artifact_prefix=$(FUZZ_ARTIFACTS)/$(1)/ \
		$(3) $(FUZZ_OUT)/$(1) Fixtures/fuzz/$(1) Fixtures/fuzz/regressions/$(1) $(4) 2>&1 | tee $(FUZZ_SCRATCH)/$(1).log
endef

fuzz-document: fuzz-build
	$(call run_fuzzer,document,FuzzDocument,-dict=Fixtures/fuzz/document.dict -max_len=4096)
fuzz-csv: fuzz-build
	$(call run_fuzzer,csv,FuzzCSV,-max_len=4096)
fuzz-png: fuzz-build
	$(call run_fuzzer,png,FuzzPNG,-dict=Fixtures/fuzz/png.dict -max_len=8192)

# Seeds: the PNG seeds (one image, compared with itself and a fixed one) and pairs in compare/.
fuzz-compare: fuzz-build
	$(call run_fuzzer,compare,FuzzCompare,-dict=Fixtures/fuzz/png.dict -max_len=16384,Fixtures/fuzz/png)

fuzz: fuzz-document fuzz-csv fuzz-png fuzz-compare

# Replays every seed and kept crash once (no mutation): a quick regression run.
fuzz-regressions: fuzz-build
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN)/FuzzDocument -runs=0 Fixtures/fuzz/document Fixtures/fuzz/regressions/document
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN)/FuzzCSV -runs=0 Fixtures/fuzz/csv Fixtures/fuzz/regressions/csv
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN)/FuzzPNG -runs=0 Fixtures/fuzz/png Fixtures/fuzz/regressions/png
	ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN)/FuzzCompare -runs=0 Fixtures/fuzz/compare Fixtures/fuzz/png Fixtures/fuzz/regressions/compare

asan:
	scripts/asan-test.sh

leak:
	scripts/leak-check.sh

leak-valgrind:
	scripts/leak-check.sh --valgrind
