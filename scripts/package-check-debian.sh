#!/usr/bin/env bash
# The packages on a bare Debian 12 (needs root and the Debian mirror; not part of scripts/test.sh,
# which runs scripts/package-check.sh on the build machine instead). Without a docker daemon it
# plays the Dockerfile by hand on a debootstrap'ed minbase root, which is what debian:12-slim is:
# 1. the archive, unpacked into the bare root (no Cairo, Pango, fonts or Swift there): renders of a
#    document in every script of the pinned stack, byte-identical to the build's, and a compare;
# 2. the Dockerfile's COPY and RUN lines as written (apt resolves the .deb's Depends), then its
#    ENTRYPOINT: the same renders, identical bytes, and a compare of PNG, SVG and PDF folders.
# Usage: sudo scripts/package-check-debian.sh [BIN]   (default .build/debug/gridrender; ~2 min)
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "package-check-debian: needs root (debootstrap, chroot)" >&2; exit 2; }
command -v debootstrap >/dev/null || { echo "package-check-debian: needs debootstrap (apt-get install debootstrap)" >&2; exit 2; }
bin=$(readlink -f "${1:-.build/debug/gridrender}")
[ -x "$bin" ] || { echo "package-check-debian: no $bin: run swift build first" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gridrender-debian.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/gridrender-build"; bin=$work/gridrender-build

failures=0
ok() { echo "ok    $*"; }
bad() { failures=$((failures + 1)); echo "FAIL  $*" >&2; }

mkdir -p "$work/context"
mapfile -t made < <(scripts/package.sh --bin "$bin" --fast --out "$work/context/dist")
archive=${made[1]}
base=$(sed -n 's/^FROM //p' Dockerfile)
[ "$base" = debian:12-slim ] || { echo "package-check-debian: the Dockerfile is FROM $base, not debian:12-slim" >&2; exit 1; }
rootfs=$work/rootfs
debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian > "$work/debootstrap.log" 2>&1 \
  || { tail -5 "$work/debootstrap.log" >&2; exit 1; }
# Runs a shell command in the root with an empty environment (its own /proc, unmounted on exit).
in_root() {
  unshare -m sh -c 'mount -t proc proc "$1/proc" && exec chroot "$1" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root sh -c "$2"' sh "$rootfs" "$1" < /dev/null
}

cp Fixtures/snapshots/multilingual.json "$rootfs/tmp/"
printf 'name,qty\nbolts,12\nnuts,7\n' > "$rootfs/tmp/plain.csv"
printf 'name,qty\nbolts,12\nnuts,8\n' > "$rootfs/tmp/plain2.csv"
for ext in png svg pdf; do "$bin" render Fixtures/snapshots/multilingual.json -o "$work/ref.$ext"; done
# Renders with the command $1 into /tmp/$2 of the root and compares two folders made with it.
exercise() {
  local gr=$1 dir=$2 exts=$3 ext
  if in_root "set -e; cd /tmp; mkdir -p $dir/e $dir/a
              for ext in png svg pdf; do $gr render multilingual.json -o $dir/m.\$ext; done
              for ext in $exts; do $gr render plain.csv -o $dir/e/one.\$ext; $gr render plain2.csv -o $dir/a/one.\$ext; done
              $gr render plain.csv -o $dir/e/same.png; $gr render plain.csv -o $dir/a/same.png
              status=0; $gr compare $dir/e $dir/a --markdown $dir/summary.md > /dev/null || status=\$?
              [ \$status = 1 ]"; then
    ok "$dir: renders and a folder compare ($exts) exit as expected"
  else
    bad "$dir: render or compare failed in the root"
  fi
  for ext in png svg pdf; do
    cmp -s "$rootfs/tmp/$dir/m.$ext" "$work/ref.$ext" && ok "$dir: $ext bytes identical to the build's" || bad "$dir: $ext differs from the build's"
  done
  local changed; changed=$(grep -c '^| changed |' "$rootfs/tmp/$dir/summary.md" || true)
  [ "$changed" = "$(wc -w <<< "$exts")" ] && ok "$dir: the compare summary lists $changed changed images" || bad "$dir: summary: $(head -3 "$rootfs/tmp/$dir/summary.md")"
}

# 1. The archive on the bare root.
in_root '[ ! -e /usr/share/fonts ] && ! ls /usr/lib/x86_64-linux-gnu/libcairo* && ! command -v swift' > /dev/null 2>&1 \
  && ok "bare root: no fonts, no Cairo, no Swift" || bad "bare root is not bare"
tar -xJf "$archive" -C "$rootfs/opt"
exercise "/opt/$(basename "$archive" .tar.xz)/bin/gridrender" archive png

# 2. The Dockerfile, line by line (continuations joined).
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' Dockerfile | grep -E '^(COPY|RUN|ENTRYPOINT) ' > "$work/steps"
entry=
while read -r keyword rest; do
  case $keyword in
    COPY) read -r source dest <<< "$rest"
          # shellcheck disable=SC2086  # the source is a glob, as docker expands it
          cp $work/context/$source "$rootfs$dest" ;;
    RUN) in_root "$rest" > "$work/run.log" 2>&1 && ok "Dockerfile RUN: ${rest:0:60}..." || { bad "Dockerfile RUN failed: $(tail -5 "$work/run.log")"; }
         ;;
    ENTRYPOINT) entry=$(python3 -c 'import json,sys; print(" ".join(json.loads(sys.argv[1])))' "$rest") ;;
  esac
done < "$work/steps"
# A user other than root, before any render by root (which would write the caches): the fonts'
# caches (fontconfig's trigger, a Depends) spare the rescan and its "No writable cache
# directories" on every render.
if in_root "chmod 1777 /tmp; setpriv --reuid=65534 --regid=65534 --clear-groups $entry render /tmp/multilingual.json -o /tmp/nobody.png 2> /tmp/nobody.err" \
   && [ ! -s "$rootfs/tmp/nobody.err" ] && cmp -s "$rootfs/tmp/nobody.png" "$work/ref.png"; then
  ok "deb: a render by nobody prints nothing on stderr and gives the same bytes"
else
  bad "deb: a render by nobody: $(head -3 "$rootfs/tmp/nobody.err" 2>/dev/null)"
fi
[ -n "$entry" ] && exercise "$entry" deb "png svg pdf"

echo "package-check-debian: $failures failed"
[ "$failures" = 0 ]
