/* Counts the runs of a rewrite's fallback nest: a test replaces the
 * fallback's marker comment with 'lnr_fallback_runs++', and this prints
 * the count when the program ends, for FileCheck. */
#include <stdio.h>

int lnr_fallback_runs;

__attribute__((destructor)) static void report_fallback_runs(void) {
  printf("fallback runs: %d\n", lnr_fallback_runs);
}
