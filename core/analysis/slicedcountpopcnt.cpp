// The bitsliced avalanche's counting kernel (slicedcount.h) built for CPUs with POPCNT; avalanche.cpp
// calls it only where __builtin_cpu_supports("popcnt") says the instruction exists.
#include "core/analysis/avalanche.h"

#include "core/analysis/slicedcount.h"

namespace rs::analysis::detail {

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
__attribute__((target("popcnt"))) void
accumulateRoundPopcnt(const std::uint64_t* base, const std::uint64_t* twin, int bits, std::uint64_t mask,
                      int lanes, std::uint32_t* counts, std::uint32_t* hist, std::uint64_t* diff) {
    sliced::accumulateRoundBody(base, twin, bits, mask, lanes, counts, hist, diff);
}
#endif

} // namespace rs::analysis::detail
