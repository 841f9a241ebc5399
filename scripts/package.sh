#!/usr/bin/env bash
# Packages gridrender for machines without Swift:
#   DIR/gridrender_VERSION_ARCH.deb            /usr/bin/gridrender; Depends: on Debian 12's runtime
#                                              libraries it loads and on the pinned font packages
#   DIR/gridrender-VERSION-linux-x86_64.tar.xz the binary, every shared library it loads except
#                                              glibc's, the pinned fonts, and bin/gridrender, a
#                                              wrapper that makes the binary use them
# Both are reproducible: files in name order, owned by root, with the mtime SOURCE_DATE_EPOCH
# (default: the last commit's time), so two runs on the same binary give the same bytes.
#
# Usage: scripts/package.sh [--config release|debug] [--out DIR] [--bin PATH] [--fast]
#   --config  the build to package (default release: built with
#             `swift build -c release --product gridrender --scratch-path .build-release`;
#             debug: `swift build --product gridrender`); an up-to-date build is reused as is
#   --bin     package this built binary instead of building one
#   --out     where the two files go (default dist/, ignored by git)
#   --fast    xz level 0 instead of 6 (about 20% larger, several times faster: for CI's checks)
# Prints the two paths on standard output.
set -euo pipefail
cd "$(dirname "$0")/.."

config=release out=dist bin="" level=6
while [ $# -gt 0 ]; do
  case $1 in
    --config) config=${2:?--config takes release or debug}; shift 2 ;;
    --out) out=${2:?--out takes a folder}; shift 2 ;;
    --bin) bin=${2:?--bin takes a file}; shift 2 ;;
    --fast) level=0; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case $config in release|debug) ;; *) echo "package.sh: --config is release or debug, not $config" >&2; exit 2 ;; esac

if [ -z "$bin" ]; then
  if [ "$config" = release ]; then
    swift build -c release --product gridrender --scratch-path .build-release >&2
    bin=.build-release/release/gridrender
  else
    swift build --product gridrender >&2
    bin=.build/debug/gridrender
  fi
fi
[ -x "$bin" ] || { echo "package.sh: $bin is not an executable" >&2; exit 2; }

version=$("$bin" --version)
[[ $version =~ ^[0-9A-Za-z.+~-]+$ ]] || { echo "package.sh: '$bin --version' printed '$version', not a version" >&2; exit 2; }
arch=$(dpkg --print-architecture)
[ "$arch" = amd64 ] || { echo "package.sh: builds x86_64 packages only, this is $arch" >&2; exit 2; }
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
export LC_ALL=C TZ=UTC

# The pinned font stack (Sources/GridDrawing/Text/FontStack.swift): the Debian package, the
# directory the binary reads it from, the files of it the default stack uses (fixed-string
# globs; FontStack.accepts), and the folder of the archive it goes to.
font_packages="fonts-dejavu-core fonts-noto-core fonts-noto-cjk fonts-noto-color-emoji"
dejavu=/usr/share/fonts/truetype/dejavu noto=/usr/share/fonts/truetype/noto cjk=/usr/share/fonts/opentype/noto
for d in $dejavu $noto $cjk; do
  [ -d "$d" ] || { echo "package.sh: $d is missing: install $font_packages (scripts/setup.sh)" >&2; exit 2; }
done
noto_files() {   # FontStack.accepts for the Noto directory, plus the colour emoji font that lives there
  (cd "$noto" && ls) | grep -E '^NotoSans.*\.ttf$' | grep -vE '^NotoSans(Mono|Display)|Unjoined' || true
  echo NotoColorEmoji.ttf
}

work=$(mktemp -d "${TMPDIR:-/tmp}/gridrender-package.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

# Sets every file's mtime to SOURCE_DATE_EPOCH and modes to 0755 (executables) or 0644.
normalize() {
  find "$1" -type d -exec chmod 0755 {} +
  find "$1" -type f -exec chmod u=rwX,go=rX {} +
  find "$1" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
}

# The shared libraries the binary loads (ldd: resolved paths) that are not glibc's.
glibc='^(linux-vdso|libc|libm|libmvec|libpthread|libdl|librt|libresolv|libutil|ld-linux-x86-64)\.so'
libraries() { ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | grep -vE "$glibc" | sort; }

# The Debian package that installed a library path (empty if none). dpkg lists each file under
# the path its package ships, /lib or /usr/lib (merged /usr), through a link or not: try each.
package_of() {
  local real candidate
  real=$(readlink -f "$1")
  for candidate in "$1" "$real" "/usr${1#/usr}" "/usr${real#/usr}" "${1#/usr}" "${real#/usr}"; do
    dpkg -S "$candidate" 2>/dev/null | head -1 | cut -d: -f1 | grep . && return 0
  done
  return 0
}

# ---- .deb ----------------------------------------------------------------------------------
deb_root=$work/deb
mkdir -p "$deb_root/DEBIAN" "$deb_root/usr/bin"
strip --strip-unneeded -o "$deb_root/usr/bin/gridrender" "$bin"
# Depends: dpkg-shlibdeps (versioned, from the libraries' symbols files) when dpkg-dev is there,
# else the package of each library the binary names (readelf NEEDED → ldd path → dpkg -S).
mkdir -p "$work/src/debian"
printf 'Source: gridrender\n\nPackage: gridrender\nArchitecture: %s\n' "$arch" > "$work/src/debian/control"
if command -v dpkg-shlibdeps >/dev/null; then
  libdeps=$(cd "$work/src" && dpkg-shlibdeps -O -e"$deb_root/usr/bin/gridrender" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
else
  libdeps=$(readelf -d "$bin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | while read -r soname; do
              path=$(ldd "$bin" | awk -v s="$soname" '$1 == s && $3 ~ /^\// {print $3}')
              [ -z "$path" ] || package_of "$path"
            done | sort -u | paste -sd, | sed 's/,/, /g')
fi
[ -n "$libdeps" ] || { echo "package.sh: could not find the packages of the libraries $bin loads" >&2; exit 1; }
# fontconfig (fc-cache, run by its trigger when font packages are installed) keeps the fonts'
# caches in /var/cache/fontconfig, the one cache folder a pinned render reads; without them a
# render by a user other than root rescans the fonts and prints "No writable cache directories".
# (Pango depends on it too today; named here because gridrender relies on it.)
depends="$libdeps, fontconfig, $(echo $font_packages | sed 's/ /, /g')"
size=$(du -sk "$deb_root/usr" | cut -f1)
cat > "$deb_root/DEBIAN/control" <<EOF
Package: gridrender
Version: $version
Architecture: $arch
Maintainer: gridrender developers <gridrender@invalid>
Installed-Size: $size
Depends: $depends
Recommends: librsvg2-bin, poppler-utils
Section: graphics
Priority: optional
Description: headless table renderer (CSV/JSON/YAML/Markdown to PNG/SVG/PDF)
 gridrender renders tables and grids to PNG, SVG or PDF with pinned fonts, so the
 same input gives the same bytes on every machine, and compares folders of images
 (gridrender compare / accept) for visual regression tests.
 .
 Comparing SVG or PDF files uses rsvg-convert (librsvg2-bin) and pdftoppm
 (poppler-utils).
EOF
normalize "$deb_root"
deb=$out/gridrender_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz -z"$level" --build "$deb_root" "$deb" >/dev/null

# ---- portable archive ----------------------------------------------------------------------
name=gridrender-$version-linux-x86_64
arc=$work/$name
mkdir -p "$arc/bin" "$arc/libexec" "$arc/lib" "$arc/share/fonts/dejavu" "$arc/share/fonts/noto" "$arc/share/fonts/noto-cjk" "$arc/share/doc"
cp "$deb_root/usr/bin/gridrender" "$arc/libexec/gridrender"
libraries | while read -r soname path; do
  cp -L "$path" "$arc/lib/$soname"
  # Licences travel with what is redistributed: the copyright file of each library's package.
  pkg=$(package_of "$path")
  if [ -n "$pkg" ] && [ -f "/usr/share/doc/$pkg/copyright" ]; then
    mkdir -p "$arc/share/doc/$pkg"; cp "/usr/share/doc/$pkg/copyright" "$arc/share/doc/$pkg/"
  fi
done
cp "$dejavu"/*.ttf "$arc/share/fonts/dejavu/"
noto_files | while read -r f; do cp "$noto/$f" "$arc/share/fonts/noto/"; done
cp "$cjk/NotoSansCJK-Regular.ttc" "$cjk/NotoSansCJK-Bold.ttc" "$arc/share/fonts/noto-cjk/"
for pkg in $font_packages; do
  mkdir -p "$arc/share/doc/$pkg"; cp "/usr/share/doc/$pkg/copyright" "$arc/share/doc/$pkg/"
done
cat > "$arc/bin/gridrender" <<'EOF'
#!/bin/sh
# gridrender from the portable archive. Runs libexec/gridrender through the system's dynamic
# loader with lib/ as its only library path (the caller's LD_LIBRARY_PATH is ignored, and the
# programs gridrender starts, rsvg-convert and pdftoppm, keep the system's libraries), and gives
# `render` and `layout` the archive's fonts as --font-dir: the same pinned stack (DejaVu, Noto,
# Noto CJK, Noto Color Emoji) as a Debian install, so the output bytes are the same. A --font-dir
# of your own replaces them, as it replaces the default stack.
set -e
root=$(cd "$(dirname "$(readlink -f "$0")")/.." && pwd -P)
loader=/lib64/ld-linux-x86-64.so.2
if [ "$#" -gt 0 ] && { [ "$1" = render ] || [ "$1" = layout ]; }; then
  own=
  for arg in "$@"; do
    case $arg in --) break ;; --font-dir|--font-dir=*) own=1 ;; esac
  done
  if [ -z "$own" ]; then
    command=$1; shift
    fonts=$root/share/fonts
    set -- "$command" --font-dir "$fonts/dejavu" --font-dir "$fonts/noto" --font-dir "$fonts/noto-cjk" "$@"
  fi
fi
exec "$loader" --library-path "$root/lib" --argv0 "$0" "$root/libexec/gridrender" "$@"
EOF
chmod 0755 "$arc/bin/gridrender"
# The newest glibc symbol version the binary and its libraries use: the oldest glibc it runs on.
glibc_needed=$(objdump -T "$arc/libexec/gridrender" "$arc"/lib/* 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
cat > "$arc/README.txt" <<EOF
gridrender $version for Linux x86_64 (glibc ${glibc_needed#GLIBC_} or newer; no Swift, no -dev packages needed).

  tar -xJf $name.tar.xz
  $name/bin/gridrender render table.csv -o table.png

bin/gridrender is the command to run (link it into a folder on your PATH); it runs
libexec/gridrender with the libraries of lib/ and the pinned fonts of share/fonts/.
Comparing SVG or PDF files needs rsvg-convert and pdftoppm on PATH (Debian: librsvg2-bin,
poppler-utils); PNG needs nothing else. Licences: share/doc/<package>/copyright.
EOF
normalize "$arc"
archive=$out/$name.tar.xz
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner --format=gnu \
    -C "$work" -cf - "$name" | xz -"$level" -T2 > "$archive"

echo "$deb"
echo "$archive"
