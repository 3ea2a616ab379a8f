// The table of bitsliced runners (slicedrunner.h); each family's runner lives in its own file.
#include "core/analysis/slicedrunner.h"

namespace rs::analysis::detail {

std::unique_ptr<SlicedRunner> makeSlicedRunner(const Plan& plan) {
    switch (plan.family) {
    case Family::Ascon:
        return makeSlicedAscon(plan);
    case Family::Lea:
        return makeSlicedLea(plan);
    case Family::Skinny:
        return makeSlicedSkinny(plan);
    case Family::MlDsa:
        return nullptr; // no avalanche for the ring transforms (plan.cpp refuses samples)
    case Family::Keccak:
        return nullptr; // 1600-bit lanes: the reference runner (roundrunner.h) runs the row's model
    case Family::None:
        return nullptr; // no fast path: the reference runner (roundrunner.h) runs the row's model
    }
    return nullptr;
}

} // namespace rs::analysis::detail
