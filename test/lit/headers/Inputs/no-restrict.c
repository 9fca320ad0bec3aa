/* Includes kern.h with 'restrict' defined away: the header's nest is then a
   possible alias here, and fused for main.c. */
#define restrict
#include "kern.h"
