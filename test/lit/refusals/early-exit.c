// A jump out of a loop as the last statement of its body: the nest may stop
// before it has visited every nonzero.
// RUN: lnr-rewrite --remarks=all %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err

// A stub whose update has not been written yet.
void row_scan_break(int n, const int *rowptr, const int *colidx) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      break;
    }
}
// CHECK: refusals/early-exit.c:[[@LINE-3]]:7: remark: nest left unchanged: the nest may leave a loop early [lnr-early-exit]

void row_scan_continue(int n, const int *rowptr, const int *colidx) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      continue;
    }
}
// CHECK: refusals/early-exit.c:[[@LINE-3]]:7: remark: nest left unchanged: the nest may leave a loop early [lnr-early-exit]

void first_row_return(int n, int L, const int *rowptr, const int *colidx) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      for (int l = 0; l < L; l++)
        return;
    }
}
// CHECK: refusals/early-exit.c:[[@LINE-3]]:9: remark: nest left unchanged: the nest may leave a loop early [lnr-early-exit]

void row_scan_goto(int n, const int *rowptr, const int *colidx) {
  for (int i = 0; i < n; i++)
    for (int p = rowptr[i]; p < rowptr[i + 1]; p++) {
      int j = colidx[p];
      goto done;
    }
done:;
}
// CHECK: refusals/early-exit.c:[[@LINE-4]]:7: remark: nest left unchanged: the nest may leave a loop early [lnr-early-exit]
