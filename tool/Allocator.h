//===- Allocator.h - The tool's allocator settings --------------*- C++ -*-===//
//
// lnr-rewrite is linked with mimalloc (tool/CMakeLists.txt). By default
// mimalloc takes memory in 4 KiB pages, each a page fault on first touch:
// a file of 500 nests took some 6,000 of them beyond the start-up's, about
// a fifth of the run's processor time on a virtual machine where a fault
// is dear. Allocator.cpp asks for 2 MiB pages from the first segment of
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
// This header has nothing to call: it documents Allocator.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_TOOL_ALLOCATOR_H
#define LNR_TOOL_ALLOCATOR_H
#endif
