// System library shim for freetype2 (pkg-config), provided by Debian's libfreetype-dev.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_GLYPH_H
#include FT_OUTLINE_H
#include FT_SIZES_H
#include FT_TRUETYPE_TABLES_H
#include FT_ADVANCES_H
