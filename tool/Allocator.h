//===- Allocator.h - The tool's allocator settings --------------*- C++ -*-===//
//
// lnr-rewrite is linked with mimalloc (tool/CMakeLists.txt). By default
// mimalloc takes memory in 4 KiB pages, each a page fault on first touch:
// a file of 500 nests took some 6,000 of them beyond the start-up's, about
// a fifth of the run's processor time on a virtual machine where a fault
// is dear. Allocator.cpp asks for 2 MiB pages (transparent huge pages,
// madvise'd) from the first segment of every thread. mimalloc reads its
// options once, when it is loaded, before any constructor of the program:
// the settings are made from the program's .preinit_array, which the
// dynamic loader runs before the libraries' initializers. A setting the
// user gives in the environment (MIMALLOC_LARGE_OS_PAGES,
// MIMALLOC_EAGER_COMMIT_DELAY) is kept. Without mimalloc, nothing.
//
// This header has nothing to call: it documents Allocator.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_ALLOCATOR_H
#define LNR_TOOL_ALLOCATOR_H
#endif
