//===- MappedSchedule.h - Separate kernels with a function between -*- C++
//-*-=//
//
// A producer that stores its sum through an element-wise function
// (`T[p] = 1 / (1 + exp(-s));`, NestSource::Map) composed with the nest that
// reads T: the function is applied to each element once its sum is
// complete, so no schedule may split the producer's factors apart or move a
// consumer's factor inside the function. The one schedule written is the
// two nests as written with their common loops fused: the producer's
// factors summed into a scalar, the function applied to it, then the
// consumer. Clang-free.
//
//===----------------------------------------------------------------------===//
#ifndef LNR_REWRITE_MAPPEDSCHEDULE_H
#define LNR_REWRITE_MAPPEDSCHEDULE_H

#include "analysis/ir/Kernel.h"
#include "analysis/ir/Refusal.h"
#include "analysis/ir/Schedule.h"
#include "analysis/source/NestSource.h"

namespace lnr::rewrite {

/// The fused schedule of a composed kernel whose producer's sum goes
/// through S.Map, with the function on its temporary; why there is none
/// (the function alone, with no consumer composed; a temporary that would
/// not be one element).
OrRefusal<ir::Schedule> mappedSchedule(const ir::Kernel &K, const NestSource &S,
                                       const ir::SchedulerOptions &Opts);

} // namespace lnr::rewrite

#endif
