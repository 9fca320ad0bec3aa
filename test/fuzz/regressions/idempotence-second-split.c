// Fuzz regression (lnr_fuzz.py seed 42000, case 139, reduced): the first
// run splits the sum over j of E(j) out of the nest and leaves the rest in
// the file's loop order (n outermost); a second run read that rewritten
// nest as a kernel of its own and split it again, the sum over n of C(n)
// moved inside. A run on the tool's own output changes nothing: the nests
// of a rewrite (after its summary comment) are left alone.
// RUN: lnr-rewrite %s -- -I%samples/taco > %t.once.c 2> %t.err
// RUN: FileCheck --check-prefix=REMARK %s < %t.err
// RUN: lnr-rewrite %t.once.c -- -I%samples/taco > %t.twice.c 2> %t.twice.err
// RUN: diff %t.once.c %t.twice.c
// REMARK: remark: fused
// Silent by the default policy; the nest a search would fuse again says
// why it is left under --remarks=all.
// RUN: count 0 < %t.twice.err
// RUN: lnr-rewrite --remarks=all %t.once.c -- -I%samples/taco 2>&1 > /dev/null | FileCheck --check-prefix=ALL %s
// ALL: part of lnr-rewrite's rewrite of a nest {{.*}}[lnr-already-fused]
//
// The nest as the body of an 'if' without braces: the rewrite is the block
// it gets, the summary first in it.
// RUN: sed -e 's/double alpha) {/double alpha, int c) {/' -e 's/^  for (int n = 0;/  if (c)\n  for (int n = 0;/' %s > %t.if.c
// RUN: lnr-rewrite %t.if.c -- -I%samples/taco > %t.if.once.c 2> /dev/null
// RUN: lnr-rewrite %t.if.once.c -- -I%samples/taco > %t.if.twice.c 2> /dev/null
// RUN: diff %t.if.once.c %t.if.twice.c
// RUN: grep -q 'lnr-rewrite: A' %t.if.once.c
//
// A summary reflowed after its first word (a long tensor name, 40
// columns): the comment is known by its words, not by its lines.
// RUN: rm -rf %t.narrow && mkdir %t.narrow
// RUN: printf 'BasedOnStyle: LLVM\nColumnLimit: 40\n' > %t.narrow/.clang-format
// RUN: sed -e 's/A_vals/accumulated_output_vals/g' -e 's/A1_dimension/acc1_dimension/g' -e 's/\bA\b/accumulated_output_tensor/g' %s > %t.narrow/k.c
// RUN: lnr-rewrite -i %t.narrow/k.c -- -I%samples/taco 2> /dev/null
// RUN: grep -A1 '/\* lnr-rewrite:$' %t.narrow/k.c | FileCheck --check-prefix=WRAPPED %s
// WRAPPED: accumulated_output
// RUN: cp %t.narrow/k.c %t.narrow/once.c
// RUN: lnr-rewrite -i %t.narrow/k.c -- -I%samples/taco 2> /dev/null
// RUN: diff %t.narrow/once.c %t.narrow/k.c
// RUN: lnr-rewrite --check %t.narrow/k.c -- -I%samples/taco 2> /dev/null
#include "taco_tensor_t.h"

int kern(taco_tensor_t *A,
    taco_tensor_t *B,
    taco_tensor_t *C,
    taco_tensor_t *D,
    taco_tensor_t *E,
    taco_tensor_t *F,
    double alpha) {
  int A1_dimension = (int)(A->dimensions[0]);
  double* restrict A_vals = (double*)(A->vals);
  int B1_dimension = (int)(B->dimensions[0]);
  int B2_dimension = (int)(B->dimensions[1]);
  int* restrict B2_pos = (int*)(B->indices[1][0]);
  int* restrict B2_crd = (int*)(B->indices[1][1]);
  int* restrict B3_pos = (int*)(B->indices[2][0]);
  int* restrict B3_crd = (int*)(B->indices[2][1]);
  double* restrict B_vals = (double*)(B->vals);
  int C1_dimension = (int)(C->dimensions[0]);
  double* restrict C_vals = (double*)(C->vals);
  int D1_dimension = (int)(D->dimensions[0]);
  int D2_dimension = (int)(D->dimensions[1]);
  double* restrict D_vals = (double*)(D->vals);
  int E1_dimension = (int)(E->dimensions[0]);
  double* restrict E_vals = (double*)(E->vals);
  int F2_dimension = (int)(F->dimensions[1]);
  double* restrict F_vals = (double*)(F->vals);

  for (int n = 0; n < C1_dimension; n++) {
    for (int k = 0; k < B1_dimension; k++) {
      for (int lB = B2_pos[k]; lB < B2_pos[k + 1]; lB++) {
        int l = B2_crd[lB];
        for (int m = 0; m < D1_dimension; m++) {
          int mD = m * D2_dimension + l;
          for (int j = 0; j < E1_dimension; j++) {
            for (int iB = B3_pos[lB]; iB < B3_pos[lB + 1]; iB++) {
              int i = B3_crd[iB];
              int iF = m * F2_dimension + i;
              A_vals[i] += alpha * F_vals[iF] * D_vals[mD] * E_vals[j] * B_vals[iB] * C_vals[n];
            }
          }
        }
      }
    }
  }
  return 0;
}
