#!/usr/bin/env bash
# Checks what scripts/package.sh makes the way a user without Swift meets it (CI runs this after
# the Swift tests, on the debug binary they built):
# - the .deb: its fields and files, every Depends a package apt knows and all of them installable
#   together (apt-get -s), installed into a scratch root (dpkg --root, else dpkg -x);
# - the archive: owners and mtimes fixed, every library the binary loads other than glibc's taken
#   from the archive (LD_DEBUG=libs), the system's fonts hidden where a mount namespace is allowed;
# - from each, under `env -i PATH=/usr/bin:/bin` (no toolchain, no LD_LIBRARY_PATH): a render of a
#   CSV in every script of the pinned stack to PNG, SVG and PDF, byte-identical to the build's own
#   render (the proof that the pinned fonts were found), and a compare of two folders;
# - scripts/action-compare.sh (the GitHub Action) on those folders: job summary, exit-code output;
# - the Dockerfile, at the level of syntax (no docker daemon here): its COPY source is the .deb,
#   its ENTRYPOINT the installed binary.
# Usage: scripts/package-check.sh [BIN]   (default .build/debug/gridrender)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
started=$SECONDS
bin=$(readlink -f "${1:-.build/debug/gridrender}")
[ -x "$bin" ] || { echo "package-check: no $bin: run swift build first" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/gridrender-package-check.XXXXXX")
# fontconfig writes a cache for each new font folder into /var/cache/fontconfig when it may
# (as root): remove those this check's folders left, and nothing else.
cleanup() {
  find /var/cache/fontconfig -maxdepth 1 -name '*.cache-*' -newer "$work/started" -exec grep -lF "$work/" {} + 2>/dev/null \
    | while read -r cache; do rm -f "$cache"; done
  rm -rf "$work"
}
trap cleanup EXIT
touch "$work/started"
mkdir -p "$work/home"
# One copy of the binary for the packages and the reference renders alike (a rebuild meanwhile
# cannot mix two versions).
cp "$bin" "$work/gridrender-build"
bin=$work/gridrender-build

failures=0 passed=0
ok() { passed=$((passed + 1)); echo "ok    $*"; }
bad() { failures=$((failures + 1)); echo "FAIL  $*" >&2; }
# Runs a command with nothing of the caller's environment: no Swift on PATH, no LD_LIBRARY_PATH.
clean() { env -i PATH=/usr/bin:/bin HOME="$work/home" "$@"; }
# Runs "$@", expecting exit status $1; says so with $2.
expect() {
  local want=$1 what=$2 status=0; shift 2
  "$@" > "$work/last.out" 2> "$work/last.err" || status=$?
  if [ "$status" = "$want" ]; then ok "$what"; else bad "$what: exit $status, not $want: $(head -c 600 "$work/last.err")"; fi
}
same() {   # same FILE REFERENCE WHAT
  if cmp -s "$1" "$2"; then ok "$3"; else bad "$3: $1 differs from $2"; fi
}

# ---- packages ------------------------------------------------------------------------------
mapfile -t made < <(scripts/package.sh --bin "$bin" --fast --out "$work/dist")
deb=${made[0]} archive=${made[1]}
version=$("$bin" --version)
echo "package-check: packaged $(basename "$deb") and $(basename "$archive") in $((SECONDS - started)) s"
# Reproducible: a second run, later, from another temporary folder, under another umask and
# locale, gives the same bytes.
mkdir -p "$work/tmp2"
mapfile -t again < <(umask 077; TMPDIR=$work/tmp2 LANG=de_DE.UTF-8 scripts/package.sh --bin "$bin" --fast --out "$work/dist2")
for i in 0 1; do
  cmp -s "${made[$i]}" "${again[$i]}" && ok "$(basename "${made[$i]}"): a second run gives the same bytes" \
    || bad "$(basename "${made[$i]}"): a second run gives other bytes"
done

# The inputs: every script of the pinned stack (DejaVu: Latin, Greek, Cyrillic; Noto: Thai,
# Devanagari; Noto CJK: Japanese, Korean, Chinese; Noto Color Emoji), and two small tables for
# the folder compare.
mkdir -p "$work/in" "$work/ref"
cat > "$work/in/scripts.csv" <<'EOF'
script,sample,value
Latin,Café déjà vu,1250.5
Greek,Ελληνικά,-3
Cyrillic,Кириллица,42
Thai,ภาษาไทย,7
Devanagari,हिन्दी,8
Japanese,日本語のかな,9
Korean,한국어,10
Chinese,中文汉字,11
Emoji,🎉 👍,12
EOF
printf 'name,qty\nbolts,12\nnuts,7\n' > "$work/in/plain.csv"
printf 'name,qty\nbolts,12\nnuts,8\n' > "$work/in/plain2.csv"
for ext in png svg pdf; do "$bin" render "$work/in/scripts.csv" -o "$work/ref/scripts.$ext"; done

# Renders with gridrender command $1 into folder $2 (checked against the build's renders) and
# makes $2/expected and $2/actual for a folder compare: one image unchanged, one PNG, one SVG
# and one PDF changed (the SVG and PDF rasterized by rsvg-convert and pdftoppm), one added.
renders() {
  local gr=$1 out=$2 label=$3 ext
  mkdir -p "$out/expected" "$out/actual"
  for ext in png svg pdf; do
    expect 0 "$label: render CSV to $ext in a clean environment" clean "$gr" render "$work/in/scripts.csv" -o "$out/scripts.$ext"
    same "$out/scripts.$ext" "$work/ref/scripts.$ext" "$label: $ext bytes identical to the build's render (pinned fonts found)"
    # The .deb's fonts are cached by fontconfig's trigger: no "No writable cache directories"
    # for any user. (The archive's fonts have no cache a user other than root can write.)
    if [ "$label" = deb ]; then
      [ ! -s "$work/last.err" ] && ok "$label: $ext render prints nothing on stderr" || bad "$label: $ext render printed: $(head -3 "$work/last.err")"
    fi
  done
  if pngcheck -q "$out/scripts.png" > /dev/null; then ok "$label: pngcheck"; else bad "$label: pngcheck $out/scripts.png"; fi
  local file
  for file in expected/one.png actual/one.png expected/two.png expected/v.svg expected/p.pdf; do
    clean "$gr" render "$work/in/plain.csv" -o "$out/$file"
  done
  for file in actual/two.png actual/v.svg actual/p.pdf actual/three.png; do
    clean "$gr" render "$work/in/plain2.csv" -o "$out/$file"
  done
  expect 1 "$label: compare of two folders exits 1 (images differ)" \
    clean "$gr" compare --json "$out/expected" "$out/actual"
  local counts
  counts=$(python3 -c 'import json,sys; c=json.load(sys.stdin)["counts"]; print(c["changed"], c["added"], c["removed"], c["unchanged"], c["error"])' < "$work/last.out" 2>&1) || true
  if [ "$counts" = "3 1 0 1 0" ]; then ok "$label: compare JSON counts 3 changed, 1 added, 1 unchanged, no error"
  else bad "$label: compare JSON counts (changed added removed unchanged error) are '$counts', not '3 1 0 1 0'"; fi
  expect 0 "$label: compare of a folder with itself exits 0" clean "$gr" compare "$out/expected" "$out/expected"
}

# ---- the .deb ------------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = gridrender ] && [ "$(field Version)" = "$version" ] && [ "$(field Architecture)" = amd64 ] \
  && ok "deb: Package gridrender, Version $version (the binary's --version), Architecture amd64" \
  || bad "deb: fields $(field Package) $(field Version) $(field Architecture)"
listing=$(dpkg-deb -c "$deb")
if grep -qE '^-rwxr-xr-x root/root .* \./usr/bin/gridrender$' <<< "$listing" && ! grep -qv ' root/root ' <<< "$listing"; then
  ok "deb: installs /usr/bin/gridrender, mode 0755, every file owned by root"
else
  bad "deb: contents: $listing"
fi
depends=$(field Depends)
names=$(tr ',|' '\n\n' <<< "$depends" | sed 's/(.*)//; s/[[:space:]]//g' | grep .)
for name in $names; do
  if apt-cache show --no-all-versions "$name" > /dev/null 2>&1; then ok "deb: Depends names $name, which apt knows"
  else bad "deb: Depends names $name, which apt-cache show does not know"; fi
done
for name in libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpng16-16 libisal2 libdeflate0 fontconfig fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji; do
  grep -qx "$name" <<< "$names" && ok "deb: Depends on $name" || bad "deb: Depends lacks $name: $depends"
done
grep -q -- '-dev\b' <<< "$names" && bad "deb: Depends on a -dev package: $depends" || ok "deb: Depends on no -dev package"
if apt-get install -s --no-install-recommends "$deb" > "$work/apt.out" 2>&1 && grep -q '^Inst gridrender ' "$work/apt.out"; then
  ok "deb: apt-get -s installs it with its Depends resolved"
else
  bad "deb: apt-get install -s: $(tail -5 "$work/apt.out")"
fi
root=$work/deb-root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" "$root/var/lib/dpkg/triggers"
touch "$root/var/lib/dpkg/status" "$root/var/lib/dpkg/available"
# The Depends are the system's (checked above); this root only has to hold the package.
if dpkg --root="$root" --force-depends --force-not-root -i "$deb" > "$work/dpkg.out" 2>&1; then
  ok "deb: dpkg --root installs it into a scratch root"
else
  echo "package-check: dpkg --root needs root here ($(tail -1 "$work/dpkg.out")); unpacking with dpkg -x" >&2
  rm -rf "$root"; dpkg -x "$deb" "$root"
fi
expect 0 "deb: gridrender --version in a clean environment" clean "$root/usr/bin/gridrender" --version
grep -qx "$version" "$work/last.out" && ok "deb: --version prints $version" || bad "deb: --version printed $(cat "$work/last.out")"
renders "$root/usr/bin/gridrender" "$work/deb" deb

# ---- the archive ---------------------------------------------------------------------------
name=$(basename "$archive" .tar.xz)
[ "$name" = "gridrender-$version-linux-x86_64" ] && ok "archive: named $name.tar.xz" || bad "archive: named $name"
tar -tvJf "$archive" > "$work/tar.list"
if awk '$2 != "0/0" {bad=1} END {exit bad}' "$work/tar.list" && [ "$(awk '{print $4, $5}' "$work/tar.list" | sort -u | wc -l)" = 1 ]; then
  ok "archive: every entry owned by 0/0 with one mtime (SOURCE_DATE_EPOCH)"
else
  bad "archive: owners or mtimes vary: $(head -3 "$work/tar.list")"
fi
! grep -vq " $name/" "$work/tar.list" && ok "archive: everything under $name/" || bad "archive: entries outside $name/"
mkdir -p "$work/arc"
tar -xJf "$archive" -C "$work/arc"
top=$work/arc/$name wrapper=$work/arc/$name/bin/gridrender
# Which libraries the wrapper's process loads: glibc's from the system, every other from lib/.
clean LD_DEBUG=libs "$wrapper" render "$work/in/scripts.csv" -o "$work/ld.png" 2> "$work/ld.log" > /dev/null || bad "archive: render with LD_DEBUG failed"
glibc='/(libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|ld-linux-x86-64)\.so[.0-9]*$'
outside=$(sed -n 's/.*calling init: //p' "$work/ld.log" | grep -vE "$glibc" | grep -v "^$top/lib/" || true)
inside=$(sed -n 's/.*calling init: //p' "$work/ld.log" | grep -c "^$top/lib/" || true)
if [ -z "$outside" ] && [ "$inside" -ge 10 ] && grep -q "calling init: $top/lib/libcairo.so.2" "$work/ld.log"; then
  ok "archive: all $inside non-glibc libraries (Cairo, Pango, ...) load from the archive's lib/ (LD_DEBUG=libs)"
else
  bad "archive: libraries loaded from outside the archive: ${outside:-none}; from it: $inside"
fi
grep -qi swift "$work/ld.log" && bad "archive: loads something of Swift's" || ok "archive: loads no Swift library"
# With the system's fonts hidden (a private mount namespace: root, or unprivileged user
# namespaces), only the archive's fonts can be found; elsewhere byte equality is the proof.
hidden=()
if unshare -m sh -c 'mount -t tmpfs none /usr/share/fonts' 2>/dev/null; then
  hidden=(unshare -m sh -c 'mount -t tmpfs none /usr/share/fonts && mount -t tmpfs none /opt 2>/dev/null; exec "$@"' sh)
elif unshare -rm sh -c 'mount -t tmpfs none /usr/share/fonts' 2>/dev/null; then
  hidden=(unshare -rm sh -c 'mount -t tmpfs none /usr/share/fonts && mount -t tmpfs none /opt 2>/dev/null; exec "$@"' sh)
fi
if [ ${#hidden[@]} -gt 0 ]; then
  expect 1 "archive: the system fonts really are hidden (the build's binary finds no DejaVu)" \
    "${hidden[@]}" "$bin" render "$work/in/plain.csv" -o "$work/hidden.png"
  expect 0 "archive: render with the system's fonts hidden" \
    "${hidden[@]}" env -i PATH=/usr/bin:/bin HOME="$work/home" "$wrapper" render "$work/in/scripts.csv" -o "$work/hidden.png"
  same "$work/hidden.png" "$work/ref/scripts.png" "archive: bytes with the system's fonts hidden identical to the build's render"
else
  echo "package-check: no mount namespace here: the system's fonts are not hidden (byte equality still shows the pinned fonts were found)" >&2
fi
expect 0 "archive: gridrender --version in a clean environment" clean "$wrapper" --version
grep -qx "$version" "$work/last.out" && ok "archive: --version prints $version" || bad "archive: --version printed $(cat "$work/last.out")"
expect 0 "archive: a --font-dir of the user's replaces the bundled ones" \
  clean "$wrapper" render --font-dir "$top/share/fonts/dejavu" "$work/in/plain.csv" -o "$work/own.png"
expect 0 "archive: layout in a clean environment" clean "$wrapper" layout "$work/in/plain.csv"
expect 0 "archive: runs through a symbolic link (bin/gridrender linked into a PATH folder)" \
  sh -c 'ln -s "$1" "$2/gridrender" && env -i PATH="$2:/usr/bin:/bin" gridrender render "$3" -o "$2/link.png"' sh "$wrapper" "$work/home" "$work/in/plain.csv"
renders "$wrapper" "$work/archive" archive

# ---- the GitHub Action's script --------------------------------------------------------------
action() {   # action EXPECTED ACTUAL [VAR=VALUE...]: runs action-compare.sh with a fresh summary and output
  local e=$1 a=$2; shift 2
  : > "$work/summary.md"; : > "$work/output"
  clean GITHUB_STEP_SUMMARY="$work/summary.md" GITHUB_OUTPUT="$work/output" INPUT_GRIDRENDER="$wrapper" \
    INPUT_EXPECTED="$e" INPUT_ACTUAL="$a" "$@" "$repo/scripts/action-compare.sh"
}
folders=$work/archive
expect 1 "action: exits 1 when images differ" action "$folders/expected" "$folders/actual"
grep -qx 'exit-code=1' "$work/output" && ok "action: output exit-code=1" || bad "action: output: $(cat "$work/output")"
if grep -q '^### gridrender compare: 3 changed, 1 added, 0 removed, 1 unchanged' "$work/summary.md" \
   && grep -q '^| added | three.png |' "$work/summary.md" && grep -q '^| changed | v.svg |' "$work/summary.md"; then
  ok "action: the job summary holds compare's Markdown table"
else
  bad "action: job summary: $(head -5 "$work/summary.md")"
fi
expect 0 "action: fail-on-difference false exits 0" action "$folders/expected" "$folders/actual" INPUT_FAIL_ON_DIFFERENCE=false
grep -qx 'exit-code=1' "$work/output" && ok "action: ... and still outputs exit-code=1" || bad "action: output: $(cat "$work/output")"
expect 1 "action: with max-pixels 100000 (the added image still differs)" action "$folders/expected" "$folders/actual" INPUT_MAX_PIXELS=100000
# (The PNG pair passes; an SVG pair whose text differs stays "changed" whatever the pixels.)
grep -q '^### gridrender compare: .*strict\*)' "$work/summary.md" && ! grep -q '^| changed | two.png |' "$work/summary.md" \
  && ok "action: max-pixels reaches compare (the changed PNG passes)" || bad "action: max-pixels: $(head -1 "$work/summary.md")"
expect 0 "action: identical folders exit 0" action "$folders/expected" "$folders/expected"
grep -qx 'exit-code=0' "$work/output" && ok "action: output exit-code=0" || bad "action: output: $(cat "$work/output")"
expect 2 "action: a missing folder exits 2" action "$folders/expected" "$work/no-such-folder"
grep -q '^### gridrender compare failed (exit 2)' "$work/summary.md" && grep -q 'no-such-folder' "$work/summary.md" \
  && ok "action: the job summary says why compare failed" || bad "action: summary: $(cat "$work/summary.md")"
expect 2 "action: a bad fail-on-difference value is an error" action "$folders/expected" "$folders/actual" INPUT_FAIL_ON_DIFFERENCE=maybe
# action.yml passes each of its inputs to the script as INPUT_<NAME>, and the script reads no other.
script_vars=$(grep -o 'INPUT_[A-Z_]*' scripts/action-compare.sh | sort -u)
yml_vars=$(sed -n 's/^ *\(INPUT_[A-Z_]*\): \${{ inputs\.\([a-z-]*\) }}$/\1 \2/p' action.yml)
yml_inputs=$(awk '/^inputs:/ {on=1; next} /^[a-z]/ {on=0} on && /^  [a-z-]+:$/ {sub(":", ""); print $1}' action.yml | sort)
mapped_inputs=$(awk '{print $2}' <<< "$yml_vars" | sort)
names_ok=1
while read -r var input; do
  [ "$var" = "INPUT_$(tr 'a-z-' 'A-Z_' <<< "$input")" ] || names_ok=0
done <<< "$yml_vars"
if [ "$names_ok" = 1 ] && [ "$(awk '{print $1}' <<< "$yml_vars" | sort)" = "$script_vars" ] && [ "$yml_inputs" = "$mapped_inputs" ] \
   && grep -q 'using: composite' action.yml && grep -q 'scripts/action-compare.sh' action.yml; then
  ok "action.yml: a composite action passing each of its $(wc -l <<< "$yml_inputs") inputs to scripts/action-compare.sh"
else
  bad "action.yml: inputs ($(echo $yml_inputs)) and the script's variables ($(echo $script_vars)) do not match"
fi

# ---- the Dockerfile (syntax only: no docker daemon is needed or used) ------------------------
base=$(sed -n 's/^FROM //p' Dockerfile)
copy=$(sed -n 's/^COPY \([^ ]*\) .*/\1/p' Dockerfile)
entry=$(sed -n 's/^ENTRYPOINT //p' Dockerfile)
[ "$base" = debian:12-slim ] && ok "Dockerfile: FROM debian:12-slim" || bad "Dockerfile: FROM $base"
# The COPY source is where package.sh puts the .deb by default (dist/), by name.
# shellcheck disable=SC2053
if [ "$(wc -l <<< "$copy")" = 1 ] && [[ dist/$(basename "$deb") == $copy ]] && grep -qxF "!$copy" .dockerignore; then
  ok "Dockerfile: COPY $copy matches the .deb package.sh makes, and .dockerignore lets it through"
else
  bad "Dockerfile: COPY sources '$copy' do not match dist/$(basename "$deb") (or .dockerignore excludes it)"
fi
grep -q 'apt-get install .*/tmp/gridrender_\*_amd64.deb' <(tr -d '\\\n' < Dockerfile) \
  && ok "Dockerfile: installs the .deb with apt (Depends resolved)" || bad "Dockerfile: does not apt-get install the .deb"
[ "$entry" = '["/usr/bin/gridrender"]' ] && grep -q ' \./usr/bin/gridrender$' <<< "$listing" \
  && ok "Dockerfile: ENTRYPOINT is /usr/bin/gridrender, the path the .deb installs" || bad "Dockerfile: ENTRYPOINT $entry"
echo "package-check: the Docker image itself is not built here (no docker daemon); the checks above are syntax-level" >&2

echo "package-check: $passed checks passed, $failures failed, $((SECONDS - started)) s"
[ "$failures" = 0 ]
