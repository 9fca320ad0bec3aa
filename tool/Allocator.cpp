//===- Allocator.cpp ------------------------------------------------------===//

#include "tool/Allocator.h"

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

/// Runs before mimalloc is initialized (Allocator.h), with the process's
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
