//===- Allocator.cpp ------------------------------------------------------===//

#include "tool/Allocator.h"

#ifdef LNR_MIMALLOC
#include <mimalloc.h>

#include <cstring>

namespace {

/// Whether the environment Env sets Variable.
bool given(char **Env, const char *Variable) {
  size_t Length = std::strlen(Variable);
  for (; Env && *Env; ++Env)
    if (!std::strncmp(*Env, Variable, Length) && (*Env)[Length] == '=')
      return true;
  return false;
}

/// Runs before mimalloc is initialized (Allocator.h), with the process's
/// environment as the loader passes it: the C library is not initialized
/// yet, so no getenv and no allocation.
void tuneAllocator(int, char **, char **Env) {
  if (!given(Env, "MIMALLOC_LARGE_OS_PAGES"))
    mi_option_set(mi_option_large_os_pages, 1);
  // The first segments of a thread are otherwise committed page by page,
  // in small pages: the parser's thread would fault on most of its memory.
  if (!given(Env, "MIMALLOC_EAGER_COMMIT_DELAY"))
    mi_option_set(mi_option_eager_commit_delay, 0);
}

[[gnu::used, gnu::section(".preinit_array")]] void (*const TuneAllocator)(
    int, char **, char **) = &tuneAllocator;

} // namespace
#endif
