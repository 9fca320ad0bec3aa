// OpenMP constructs whose statement is not a captured region ('atomic',
// 'critical', 'master') in the function: the tool reads past them (it
// crashed on them), reports the nest after them and exits 0.
// RUN: lnr-rewrite --remarks=all %s -- -fopenmp > %t.c 2> %t.err
// RUN: diff %s %t.c
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

void count(int n, double *restrict x, double *restrict s) {
#pragma omp parallel
  {
#pragma omp atomic
    s[0] += 1.0;
#pragma omp critical
    { s[1] += 1.0; }
#pragma omp master
    s[2] += 1.0;
  }
  for (int i = 0; i < n; i++)
    x[i] *= 2.0;
}
// CHECK: omp-constructs-without-region.c:[[@LINE-2]]:5: remark: nest left unchanged: {{.*}}[lnr-unsupported-statement]
