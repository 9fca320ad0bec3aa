// Bad input: the nest spelled with digraphs ('<:' ':>' for brackets, '<%'
// '%>' for braces; C99 6.4.6). Found by the review of bad inputs (the tool fused the nest
// and its formatter split every digraph, 'rowptr < : i : >': the rewrite
// did not compile); fixed: the nest is left unchanged with its remark.
// RUN: lnr-rewrite %s -- > %t.out 2> %t.err
// RUN: diff %s %t.out
// RUN: FileCheck --implicit-check-not=remark: %s < %t.err
// CHECK: digraphs.c:{{[0-9]+}}:{{[0-9]+}}: remark: nest left unchanged: the nest is spelled with the digraph{{.*}}[lnr-{{[a-z-]+}}]

void sddmm_spmm(int n, int K, int L, const int *rowptr, const int *colidx,
                const double *vals, const double *C, const double *D,
                const double *E, double *restrict A) <%
  for (int i = 0; i < n; i++)
    for (int p = rowptr<:i:>; p < rowptr<:i + 1:>; p++) <%
      int j = colidx<:p:>;
      for (int k = 0; k < K; k++)
        for (int l = 0; l < L; l++)
          A<:i * L + l:> += vals<:p:> * C<:i * K + k:> * D<:j * K + k:> * E<:j * L + l:>;
    %>
%>
