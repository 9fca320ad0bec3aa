/* Included first (-include) in the nomem variants of a fuzz case's rewrite
 * (lnr_fuzz.py): its malloc, calloc and free go through fuzz_support.c,
 * which makes the allocations the driver's policy says fail return NULL. */
#include <stdlib.h>
void *fz_test_malloc(size_t size);
void *fz_test_calloc(size_t count, size_t size);
void fz_test_free(void *p);
#define malloc fz_test_malloc
#define calloc fz_test_calloc
#define free fz_test_free
