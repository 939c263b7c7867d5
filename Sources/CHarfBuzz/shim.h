// System library shim for harfbuzz (pkg-config), provided by Debian's libharfbuzz-dev:
// OpenType shaping of complex scripts (Arabic joining, marks, ligatures).
#include <hb.h>
