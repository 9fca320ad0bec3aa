// Remarks that name the real reason: a format the recovery does not read,
// a position found by a search, a sparse output assigned at an input's
// positions. Each nest is left as it is.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// COO: the coordinates of each nonzero from parallel arrays, read in place
// (test/exec/coo.test: the format is read). MTTKRP has nothing to gain
// per nonzero, as in CSF.
void mttkrp_coo(long nnz, int R, const int *restrict I, const int *restrict J,
                const int *restrict K, const double *restrict vals,
                const double *restrict B, const double *restrict C,
                double *restrict A) {
  for (long x = 0; x < nnz; x++)
    for (int r = 0; r < R; r++)
      A[I[x] * R + r] += vals[x] * B[J[x] * R + r] * C[K[x] * R + r];
}
// CHECK: formats.c:[[@LINE-4]]:3: remark: nest left unchanged: {{.*}} [lnr-no-gain]

// One coordinate per nonzero (a scatter), the operand read at the
// nonzero itself: not a format the recovery reads.
void scatter_one(long nnz, int R, const int *restrict I,
                 const double *restrict vals, const double *restrict B,
                 double *restrict A) {
  for (long x = 0; x < nnz; x++)
    for (int r = 0; r < R; r++)
      A[I[x] * R + r] += vals[x] * B[x * R + r];
}
// CHECK: formats.c:[[@LINE-2]]:9: remark: nest left unchanged: 'I[x]' reads a coordinate from an array indexed by the loop over 'x': a coordinate (COO) format, or a compressed level not walked from its parent's positions, which the recovery does not read; it reads compressed levels ('for (p = pos[i]; p < pos[i + 1]; p++) j = crd[p];') [lnr-unsupported-format]

// DCSR in TACO's default order, each row's whole sum assigned at the
// root's coordinate: the rewrite checks that the coordinates strictly
// increase (exec/dcsr_assigned.test, loaded or read in place), but not
// once a narrower variable holds them: 'short i' may hold 65536 and 0 alike.
void spmm_dcsr_assigned_narrowed(int K, int L, const int *restrict pos1,
                                 const int *restrict crd1,
                                 const int *restrict pos2,
                                 const int *restrict crd2,
                                 const double *restrict vals,
                                 const double *restrict C,
                                 const double *restrict D, double *restrict A) {
  for (int q = pos1[0]; q < pos1[1]; q++) {
    short i = crd1[q];
    for (int l = 0; l < L; l++) {
      double t = 0.0;
      for (int p = pos2[q]; p < pos2[q + 1]; p++) {
        int j = crd2[p];
        for (int k = 0; k < K; k++)
          t += vals[p] * C[j * K + k] * D[k * L + l];
      }
      A[i * L + l] = t;
    }
  }
}
// CHECK: formats.c:[[@LINE-13]]:3: remark: nest left unchanged: 'A[i * L + l]' is assigned a whole sum once per position of the compressed first level walked by 'q', at its coordinate 'i', which is not proved distinct for distinct positions; where one is listed twice only the last sum is kept [lnr-assign-in-reduction]

// A loop from 0 to pos1[1] whose variable is a coordinate's position and
// also a dense index (C[q * K + k]): neither a compressed first level
// walked from 0 (test/lit/fuse/compressed-root-from-zero.c) nor a dense
// loop over rows.
void spmm_dcsr_from_zero_dense(
    int K, int L, const int *restrict pos1, const int *restrict crd1,
    const int *restrict pos2, const int *restrict crd2,
    const double *restrict vals, const double *restrict C,
    const double *restrict D, const double *restrict E, double *restrict A) {
  for (int q = 0; q < pos1[1]; q++)
    for (int p = pos2[q]; p < pos2[q + 1]; p++)
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A[crd1[q] * L + l] +=
              vals[p] * C[q * K + k] * D[crd2[p] * K + k] * E[k * L + l];
}
// CHECK: formats.c:[[@LINE-3]]:13: remark: nest left unchanged: 'crd1[q]' reads a coordinate {{.*}} [lnr-unsupported-format]

// A position found by a binary search (TACO's position split).
int search(const int *crd, int lo, int hi, int key);
void spmv_search(int n, const int *restrict pos, const int *restrict crd,
                 const double *restrict vals, const double *restrict x,
                 const double *restrict w, double *restrict y) {
  for (int i = 0; i < n; i++) {
    int start = search(crd, pos[i], pos[i + 1], 0);
    for (int k = 0; k < n; k++)
      y[i] += vals[start] * x[k] * w[k];
  }
}
// CHECK: formats.c:[[@LINE-5]]:5: remark: nest left unchanged: 'start' is set by the call 'search(crd, pos[i], pos[i + 1], 0)'; the recovery reads positions and coordinates from loop headers and arrays only [lnr-unsupported-call]

// TACO's SDDMM with the output in B's pattern, each position assigned: read
// (zeroed where the nest walks it, then accumulated), and a plain SDDMM has
// nothing to fuse.
void sddmm_sparse_out(int n, int K, const int *restrict pos,
                      const int *restrict crd, const double *restrict B_vals,
                      const double *restrict C, const double *restrict D,
                      double *restrict A_vals) {
  for (int i = 0; i < n; i++)
    for (int jB = pos[i]; jB < pos[i + 1]; jB++) {
      int j = crd[jB];
      double tkA_val = 0.0;
      for (int k = 0; k < K; k++)
        tkA_val += B_vals[jB] * C[i * K + k] * D[j * K + k];
      A_vals[jB] = tkA_val;
    }
}
// CHECK: formats.c:[[@LINE-9]]:3: remark: nest left unchanged: {{.*}}distribution removes no loop [lnr-no-gain]
