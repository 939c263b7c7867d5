// System library shim for libpng (pkg-config), provided by Debian's libpng-dev.
#include <png.h>
