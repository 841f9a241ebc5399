#!/usr/bin/env bash
# Builds the sample package, runs the docs/API.md tour, and walks its snapshot tests through
# record → pass → fail → accept → pass, for GridSnapshotTesting and for the swift-snapshot-testing
# adapter. Run from anywhere; scripts/test.sh runs it after the main suite.
set -uo pipefail
cd "$(dirname "$0")"
export SNAPSHOT_ARTIFACTS="$PWD/.build/snapshot-artifacts"
unset SNAPSHOT_RECORD SNAPSHOT_TESTING_RECORD TOUR_TITLE
log=.build/check.log
mkdir -p .build && : > "$log"
fail() { echo "Examples/Tour: FAILED: $*" >&2; tail -40 "$log" >&2; exit 1; }

swift build --build-tests >>"$log" 2>&1 || fail "swift build --build-tests"
if grep -E "(^|/)(Sources|Tests)/.*warning:|^/.*Examples/Tour.*warning:" "$log" >/dev/null; then
  fail "the sample package builds with warnings"
fi
swift run --skip-build Tour >>"$log" 2>&1 || fail "the tour (swift run Tour)"
grep -q "tour: 9 steps, 0 failures" "$log" || fail "the tour did not run every step"

# A clean slate: no references, no artifacts.
rm -rf Snapshots Tests/TourAdapterTests/__Snapshots__/AdapterSnapshotTests Tests/TourAdapterTests/__Snapshots__/AdapterMaskedSnapshotTests "$SNAPSHOT_ARTIFACTS"

run() {  # run EXPECTED-STATUS(0|fail) DESCRIPTION [ENV…] — swift test with ENV, output to $log
  local expect=$1 what=$2; shift 2
  echo "== $what" >>"$log"
  if env "$@" swift test --skip-build >>"$log.step" 2>&1; then status=0; else status=1; fi
  cat "$log.step" >>"$log"
  if [ "$expect" = 0 ] && [ $status -ne 0 ]; then fail "$what: expected the tests to pass"; fi
  if [ "$expect" = fail ] && [ $status -eq 0 ]; then fail "$what: expected the tests to fail"; fi
}
step_has() { grep -q -- "$1" "$log.step" || fail "$2: the output lacks \"$1\""; }

: > "$log.step"; run fail "record" SNAPSHOT_RECORD=missing SNAPSHOT_TESTING_RECORD=missing
step_has "recorded new reference snapshot" "record"
step_has "Automatically recorded snapshot" "record (adapter)"
[ -f Snapshots/CitiesSnapshotTests/citiesTable.1.png ] || fail "record: no Snapshots/CitiesSnapshotTests/citiesTable.1.png"
[ -f Tests/TourAdapterTests/__Snapshots__/AdapterSnapshotTests/testCities.1.png ] || fail "record: no adapter reference"

: > "$log.step"; run 0 "pass" SNAPSHOT_RECORD=never SNAPSHOT_TESTING_RECORD=never

: > "$log.step"; run fail "fail" SNAPSHOT_RECORD=never SNAPSHOT_TESTING_RECORD=never TOUR_TITLE=Changed
step_has "does not match its reference" "fail"
step_has "to accept the change: SNAPSHOT_RECORD=failed swift test" "fail"
step_has "to accept the change: SNAPSHOT_TESTING_RECORD=failed swift test" "fail (adapter)"
for f in ChangingSnapshotTests/changingTitle.1 AdapterSnapshotTests/testCities.1; do
  for role in expected actual diff; do
    [ -f "$SNAPSHOT_ARTIFACTS/$f.$role.png" ] || fail "fail: no artifact $f.$role.png"
  done
done

# Accept with the exact commands the messages end with (one per library), then pass.
grep -o "to accept the change: SNAPSHOT_RECORD=failed swift test.*" "$log.step" | head -1 | sed 's/^to accept the change: //' >.build/accept-ours
grep -o "to accept the change: SNAPSHOT_TESTING_RECORD=failed swift test.*" "$log.step" | head -1 | sed 's/^to accept the change: //' >.build/accept-adapter
for accept in .build/accept-ours .build/accept-adapter; do
  echo "== accept: $(cat $accept)" >>"$log"
  (export TOUR_TITLE=Changed; eval "$(cat $accept) --skip-build") >>"$log" 2>&1   # records, so it fails
done
: > "$log.step"; run 0 "pass after accepting" SNAPSHOT_RECORD=never SNAPSHOT_TESTING_RECORD=never TOUR_TITLE=Changed

rm -f "$log.step"
echo "Examples/Tour: build, tour and snapshot record/pass/fail/accept all as documented"
