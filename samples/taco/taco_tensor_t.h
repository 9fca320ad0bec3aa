/* The tensor struct of TACO's generated C code (taco/src/codegen), declared
 * the way its generated files declare it, so samples parse on their own. */
#ifndef TACO_TENSOR_T_DEFINED
#define TACO_TENSOR_T_DEFINED
#include <stdint.h>
#include <stdlib.h>

#define TACO_MIN(_a, _b) ((_a) < (_b) ? (_a) : (_b))
#define TACO_MAX(_a, _b) ((_a) > (_b) ? (_a) : (_b))

typedef enum { taco_mode_dense, taco_mode_sparse } taco_mode_t;

typedef struct {
  int32_t order;         // tensor order (number of modes)
  int32_t *dimensions;   // tensor dimensions
  int32_t csize;         // component size
  int32_t *mode_ordering; // mode storage ordering
  taco_mode_t *mode_types; // mode storage types
  uint8_t ***indices;    // tensor index data (per mode)
  uint8_t *vals;         // tensor values
  uint8_t *fill_value;   // tensor fill value
  int32_t vals_size;     // values array size
} taco_tensor_t;

/* The last position in array[start..end] whose value is at most target
 * (end when array[end] is), as the preamble of TACO's generated files
 * defines it: a position split finds the row of a chunk's first nonzero
 * with it. */
static inline int taco_binarySearchBefore(int *array, int arrayStart,
                                          int arrayEnd, int target) {
  int low = arrayStart, high = arrayEnd;
  if (array[arrayEnd] <= target)
    return arrayEnd;
  while (high - low > 1) {
    int middle = low + (high - low) / 2;
    if (array[middle] <= target)
      low = middle;
    else
      high = middle;
  }
  return low;
}
#endif
