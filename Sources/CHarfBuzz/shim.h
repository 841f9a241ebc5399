// Only for HarfBuzz's include path (pkg-config `harfbuzz`), which pango's headers need; see
// CPangoCairo/PangoHeaders.c. Nothing in Swift calls HarfBuzz directly.
#include <hb.h>
