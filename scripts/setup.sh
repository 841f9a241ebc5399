#!/usr/bin/env bash
# Installs the Debian packages gridrender needs, only those that are missing.
set -euo pipefail
need=()
# chromium: the folder report is checked in headless Chromium (ReportBrowserTests).
# libharfbuzz-dev: HarfBuzz with its subsetter (libharfbuzz-subset), which cuts the fonts of PDFs (Sources/CFontSubset).
# fonts-dejavu-extra: DejaVu Math TeX Gyre, a family with no bold or italic face (PDFSyntheticFacesTests).
# libdeflate-dev: libdeflate, the deflate of PDF streams (Sources/CLibDeflate).
# libisal-dev: ISA-L's igzip, the fast deflate of PNG at levels 1 and 2 (Sources/CPNGCodec).
for p in libcairo2-dev libpango1.0-dev libharfbuzz-dev libpng-dev libisal-dev libdeflate-dev fonts-dejavu-core fonts-dejavu-extra fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji librsvg2-bin libxml2-utils poppler-utils qpdf pngcheck chromium; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || need+=("$p")
done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}" >&2
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# The schema test validates fixtures with Python's jsonschema package. When the system Python
# lacks it, it goes into a virtual environment under .build/ (the test looks there first); the
# system Python is never changed.
cd "$(dirname "$0")/.."
if ! python3 -c 'import jsonschema' 2>/dev/null && ! .build/venv/bin/python3 -c 'import jsonschema' 2>/dev/null; then
  echo "setup: installing the jsonschema Python package into .build/venv" >&2
  python3 -m venv --system-site-packages .build/venv 2>/dev/null || {
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
    python3 -m venv --system-site-packages .build/venv
  }
  .build/venv/bin/python3 -m pip install --quiet jsonschema
fi
# README's pandas recipes are run by the docs test (DocCodeBlockTests) with a python3 that has
# pandas: the system's, else one in .build/venv (about 40 s and 190 MB once). Without it those
# blocks are only syntax-checked and the test says so.
if ! python3 -c 'import pandas' 2>/dev/null && ! .build/venv/bin/python3 -c 'import pandas' 2>/dev/null; then
  echo "setup: installing the pandas Python package into .build/venv" >&2
  # --system-site-packages: the tests prefer .build/venv's python3 once it exists, and it must
  # still see the system's jsonschema (the schema tests) beside pandas.
  { [ -x .build/venv/bin/python3 ] || python3 -m venv --system-site-packages .build/venv; } && .build/venv/bin/python3 -m pip install --quiet pandas \
    || echo "setup: pandas not installed; the docs test skips README's pandas recipes" >&2
fi
