/* Includes a kernel from a system header (-isystem): never rewritten. */
#include <syskern.h>
#include "kern.h"
