/* Includes kern.h too: its nest is rewritten once for both files. */
#include "kern.h"

void other(void) {}
