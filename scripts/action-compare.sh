#!/usr/bin/env bash
# The logic of action.yml (the composite GitHub Action), runnable anywhere: compares two folders
# of images with `gridrender compare`, appends its Markdown summary to $GITHUB_STEP_SUMMARY
# (standard output when unset) and writes `exit-code=N` (0 same, 1 different, 2 error) to
# $GITHUB_OUTPUT when set. scripts/package-check.sh runs it on folders it renders.
#
# Inputs, as environment variables (action.yml maps its inputs to them):
#   INPUT_EXPECTED, INPUT_ACTUAL   the reference folder and the new one (required)
#   INPUT_PRESET, INPUT_THRESHOLD, INPUT_CHANNEL_TOLERANCE, INPUT_ANTIALIASING, INPUT_MAX_PIXELS,
#   INPUT_MAX_FRACTION, INPUT_MASK, INPUT_REPORT, INPUT_JUNIT
#                                  passed on as compare's --preset, --threshold, ... when not empty
#   INPUT_FAIL_ON_DIFFERENCE       true (default): exit 1 when images differ; false: exit 0
#   INPUT_GRIDRENDER               the gridrender command (default: gridrender on PATH)
# Exit status: compare's (2 always fails), 1 turned into 0 when fail-on-difference is false.
set -uo pipefail

fail() { echo "action-compare: $*" >&2; exit 2; }
expected=${INPUT_EXPECTED:-} actual=${INPUT_ACTUAL:-}
[ -n "$expected" ] || fail "the input 'expected' (the reference folder) is required"
[ -n "$actual" ] || fail "the input 'actual' (the folder of new images) is required"
case ${INPUT_FAIL_ON_DIFFERENCE:-true} in
  true) strict=1 ;; false) strict=0 ;;
  *) fail "fail-on-difference is true or false, not '${INPUT_FAIL_ON_DIFFERENCE}'" ;;
esac
gridrender=${INPUT_GRIDRENDER:-gridrender}

args=(compare)
add() { [ -z "$2" ] || args+=("$1" "$2"); }
add --preset "${INPUT_PRESET:-}"
add --threshold "${INPUT_THRESHOLD:-}"
add --channel-tolerance "${INPUT_CHANNEL_TOLERANCE:-}"
add --antialiasing "${INPUT_ANTIALIASING:-}"
add --max-pixels "${INPUT_MAX_PIXELS:-}"
add --max-fraction "${INPUT_MAX_FRACTION:-}"
add --mask "${INPUT_MASK:-}"
add --report "${INPUT_REPORT:-}"
add --junit "${INPUT_JUNIT:-}"

work=$(mktemp -d "${TMPDIR:-/tmp}/gridrender-action.XXXXXX") || fail "cannot make a temporary folder"
trap 'rm -rf "$work"' EXIT
# `--` so that folder names starting with '-' stay folder names.
"$gridrender" "${args[@]}" --markdown "$work/summary.md" -- "$expected" "$actual" 2> "$work/stderr"
status=$?
cat "$work/stderr" >&2

# The job summary: compare's Markdown, or the error when it wrote none.
{
  if [ -s "$work/summary.md" ]; then
    cat "$work/summary.md"
  else
    echo "### gridrender compare failed (exit $status)"
    echo
    echo '```'
    cat "$work/stderr"
    echo '```'
  fi
  echo
} > "$work/job-summary.md"
if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then cat "$work/job-summary.md" >> "$GITHUB_STEP_SUMMARY"; else cat "$work/job-summary.md"; fi
[ -z "${GITHUB_OUTPUT:-}" ] || echo "exit-code=$status" >> "$GITHUB_OUTPUT"

case $status in
  0) exit 0 ;;
  1) [ "$strict" = 1 ] && exit 1 || exit 0 ;;
  *) exit "$status" ;;
esac
