#define KERNEL first
#include "kern_unguarded.h"
int after_first; /* the parser's look-ahead ends here */
#include "takes_t.h"
#undef KERNEL
#define KERNEL second
#include "kern_unguarded.h"
