// System library shim for libjpeg-turbo's libjpeg API (pkg-config `libjpeg`), provided by
// Debian's libjpeg-dev (libjpeg62-turbo-dev). jpeglib.h needs FILE and size_t declared first.
#include <stdio.h>
#include <jpeglib.h>
