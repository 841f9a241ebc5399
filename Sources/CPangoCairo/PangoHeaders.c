// CPangoCairo is a C target (with this one, empty translation unit) instead of a pkg-config
// system library so that `swift build` prints no warning.
//
// pkg-config's `pangocairo` pulls in gio-2.0 → gmodule-no-export-2.0, whose Cflags carry
// `-pthread`; SwiftPM refuses that flag with "warning: prohibited flag(s): -pthread" on every
// build of every package that depends on this one. The flag is meaningless for a Clang module
// import (it only matters when compiling and linking C code that uses threads, and the Swift
// runtime already links libpthread), so nothing is lost by not asking pkg-config for pango. The
// include paths pango needs come from the CCairo (`cairo`: GLib, FreeType, cairo) and CHarfBuzz
// (`harfbuzz`) system libraries, which carry no `-pthread`, and from the `include/pango` link.
#include "shim.h"
