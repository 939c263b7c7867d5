// System library shim for libdrm (pkg-config), provided by Debian's libdrm-dev.
#include <xf86drm.h>
#include <xf86drmMode.h>
