/* Included first (-include) in the rewritten kernels of alloc_fail.test:
 * their malloc, calloc and free go through alloc_fail_main.c, which counts
 * them and makes the allocations it is told to fail return NULL. */
#include <stdlib.h>
#ifdef __cplusplus
extern "C" {
#endif
void *lnr_test_malloc(size_t size);
void *lnr_test_calloc(size_t count, size_t size);
void lnr_test_free(void *p);
#ifdef __cplusplus
}
#endif
#define malloc lnr_test_malloc
#define calloc lnr_test_calloc
#define free lnr_test_free
