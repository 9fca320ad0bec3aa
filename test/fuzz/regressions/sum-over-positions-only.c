// Fuzz regression (lnr_fuzz.py seed 77, case 25): an accumulator summed
// over a level walked by its positions only ('for (q = pos2[i]; ...)', no
// coordinate loaded). Reading whether the stored sum is scaled named the
// index of each loop inside the sum, a compressed loop's by its coordinate,
// which this one has none of: the tool crashed. The sum stored unscaled
// is read as before (and fused); scaled, it is refused by name.
// RUN: lnr-rewrite --remarks=all %s -- > %t.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: remark: fused {{.*}} [lnr-fuse]
// CHECK: remark: nest left unchanged: the sum 'sum' is scaled after a loop over a compressed level{{.*}} [lnr-unsupported-statement]
void unscaled(int I, int K, int L, const int *pos2, const double *Bv,
              const double *C, double *restrict A) {
  for (int l = 0; l < L; l++)
    for (int i = 0; i < I; i++)
      for (int k = 0; k < K; k++) {
        double sum = 0.0;
        for (int q = pos2[i]; q < pos2[i + 1]; q++)
          sum += Bv[q] * C[k * L + l];
        A[k * I + i] = A[k * I + i] + sum;
      }
}

void scaled(int I, int K, int L, const int *pos2, const double *Bv,
            const double *C, double *restrict A) {
  for (int l = 0; l < L; l++)
    for (int i = 0; i < I; i++)
      for (int k = 0; k < K; k++) {
        double sum = 0.0;
        for (int q = pos2[i]; q < pos2[i + 1]; q++)
          sum += Bv[q];
        A[k * I + i] += C[k * L + l] * sum;
      }
}
