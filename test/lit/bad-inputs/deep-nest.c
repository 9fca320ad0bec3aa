// Bad input: twelve nested loops (deeper than the fuzzer's six indices):
// A(i0) += X(i0,i1) * Y(i2,...,i11). Expected: fused (the sum over
// Y is computed once), the rewrite proved by execution (Inputs/deep_main.c,
// N = 1, 2 and 3, 1 and 2 threads).
// RUN: lnr-rewrite %s -- > %t.rewritten.c 2> %t.err
// RUN: FileCheck %s < %t.err
// CHECK: deep-nest.c:{{[0-9]+}}:3: remark: fused 'A(i0) += X(i0,i1) * Y(i2,i3,i4,i5,i6,i7,i8,i9,i10,i11)'{{.*}}[lnr-fuse]
// RUN: %cc -O2 -fopenmp -w -c -x c %s -Ddeep=lnr_original -o %t.orig.o
// RUN: %cc -O2 -fopenmp -w -c -x c %t.rewritten.c -Ddeep=lnr_rewritten -o %t.rewr.o
// RUN: %cc -O2 -fopenmp %S/Inputs/deep_main.c %t.orig.o %t.rewr.o -lm -o %t.exe
// RUN: %t.exe | FileCheck --check-prefix=EXEC %s
// EXEC: PASS

void deep(int N, const double *X, const double *Y, double *restrict A) {
  for (int i0 = 0; i0 < N; i0++)
    for (int i1 = 0; i1 < N; i1++)
      for (int i2 = 0; i2 < N; i2++)
        for (int i3 = 0; i3 < N; i3++)
          for (int i4 = 0; i4 < N; i4++)
            for (int i5 = 0; i5 < N; i5++)
              for (int i6 = 0; i6 < N; i6++)
                for (int i7 = 0; i7 < N; i7++)
                  for (int i8 = 0; i8 < N; i8++)
                    for (int i9 = 0; i9 < N; i9++)
                      for (int i10 = 0; i10 < N; i10++)
                        for (int i11 = 0; i11 < N; i11++)
                          A[i0] += X[i0 * N + i1] * Y[((((((((i2 * N + i3) * N + i4) * N + i5) * N + i6) * N + i7) * N + i8) * N + i9) * N + i10) * N + i11];
}
