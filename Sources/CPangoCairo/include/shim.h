// Pango, PangoCairo, PangoFc and fontconfig, as one Clang module for GridDrawing.
//
// `pango` beside this file is a link to /usr/include/pango-1.0/pango (Debian's libpango1.0-dev),
// so `<pango/…>` resolves through this target's include directory. See PangoHeaders.c for why
// pango is not found through pkg-config. GLib, FreeType and cairo headers come from CCairo's
// pkg-config (`cairo`), HarfBuzz's from CHarfBuzz (`harfbuzz`); fontconfig is in /usr/include.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <fontconfig/fontconfig.h>
