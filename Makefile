# Benchmark targets only (the build itself is `swift build`).
# make bench        throughput and scaling on 100…100,000-row tables (PNG, SVG, PDF; 1, 2 and all
#                   cores, with the serial fraction from --timings), an item
#                   grid of 400 photos (scripts/bench-images.py), then `compare` beside Python
#                   pixelmatch and ImageMagick (scripts/bench_compare.py)
# make bench-peers  the same, beside the C + Cairo + Pango baseline and matplotlib
# make bench-compare  ../shared/bench/compare.py: alternating runs against the C baseline
RUNS ?= 3

.PHONY: bench bench-peers bench-compare bench-pixels bench-release

bench-release:
	swift build -c release --product gridrender

bench: bench-release
	python3 scripts/bench.py --runs $(RUNS)
	python3 scripts/bench-images.py --runs $(RUNS)
	python3 scripts/bench_compare.py --runs $(RUNS)

bench-peers: bench-release
	python3 scripts/bench.py --runs $(RUNS) --peers

bench-compare: bench-release
	python3 ../shared/bench/compare.py --bin .build/release/gridrender

# Pixel identity of two builds: make bench-pixels OLD=/path/to/old/gridrender
bench-pixels: bench-release
	scripts/bench-pixels.sh $(OLD) .build/release/gridrender
