// System library shim for fribidi (pkg-config), provided by Debian's libfribidi-dev: the
// Unicode bidirectional algorithm (UAX #9).
#include <fribidi.h>

// FRIBIDI_PAR_ON is a macro Swift cannot import: a paragraph whose direction is its first
// strong character's (left to right when it has none).
static inline FriBidiParType nightstand_fribidi_auto_direction(void) { return FRIBIDI_PAR_ON; }
