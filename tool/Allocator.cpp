//===- Allocator.cpp - The tool's allocator settings ---------------------===//
//
// lnr-rewrite is linked with mimalloc (tool/CMakeLists.txt). By default
// mimalloc takes memory in 4 KiB pages, each a page fault on first touch:
// a file of 500 nests took some 6,000 of them beyond the start-up's, about
// a fifth of the run's processor time on a virtual machine where a fault
// is dear. This file asks for 2 MiB pages from the first segment of
// every thread: mimalloc first tries the system's reserved huge pages
// (MAP_HUGETLB; a machine with none reserved refuses) and otherwise takes
// transparent huge pages (madvise MADV_HUGEPAGE, which the kernel honours
// when /sys/kernel/mm/transparent_hugepage/enabled is 'madvise' or
// 'always'). The settings are made from the program's .preinit_array,
// which the dynamic loader runs before the libraries' initializers, so
// that they hold for the memory mimalloc takes before main too (the
// libraries' static constructors, the main thread's first segment). A
// setting the user gives in the environment (MIMALLOC_LARGE_OS_PAGES,
// MIMALLOC_EAGER_COMMIT_DELAY, in any case, as mimalloc reads them) is
// kept. Without mimalloc, nothing.
//
// Nothing to call: the loader runs tuneAllocator.
//
//===----------------------------------------------------------------------===//

#ifdef LNR_MIMALLOC
#include <mimalloc.h>

namespace {

/// Whether Entry ('NAME=value') names Variable, in any case: mimalloc
/// reads its variables so ('mimalloc_verbose=1' counts).
bool names(const char *Entry, const char *Variable) {
  for (; *Variable; ++Entry, ++Variable) {
    char C = *Entry >= 'a' && *Entry <= 'z' ? char(*Entry - 'a' + 'A') : *Entry;
    if (C != *Variable)
      return false;
  }
  return *Entry == '=';
}

/// Whether the environment Env sets Variable (upper case).
bool given(char **Env, const char *Variable) {
  for (; Env && *Env; ++Env)
    if (names(*Env, Variable))
      return true;
  return false;
}

/// Runs before mimalloc is initialized (above), with the process's
/// environment as the loader passes it: the C library is not initialized
/// yet, so no getenv, no locale and no allocation.
void tuneAllocator(int, char **, char **Env) {
  if (!given(Env, "MIMALLOC_LARGE_OS_PAGES"))
    mi_option_set(mi_option_large_os_pages, 1);
  // The first segment of a thread is otherwise committed page by page, in
  // small pages: the parser's thread would fault on much of its memory.
  if (!given(Env, "MIMALLOC_EAGER_COMMIT_DELAY"))
    mi_option_set(mi_option_eager_commit_delay, 0);
}

[[gnu::used, gnu::section(".preinit_array")]] void (*const TuneAllocator)(
    int, char **, char **) = &tuneAllocator;

} // namespace
#endif
