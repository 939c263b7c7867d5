// System library shim for fontconfig (pkg-config), provided by Debian's libfontconfig-dev.
#include <fontconfig/fontconfig.h>
