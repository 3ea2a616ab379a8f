#pragma once
// The state grid's geometry lives in rs_teach_render (app/teach/stategeometry.h), shared by the state
// view, the presentation view and the step exports; the explorer keeps its names.

#include "app/teach/stategeometry.h"

namespace rs::gui {

using teach::stateBit;
using teach::StateGeometry;

/** @brief The ML-DSA polynomial (16 × 16 coefficients of 32 bits): drawn as hex cells, since 512 bits a row
 *  would not fit, with no bit-movement model (its butterflies add and multiply mod q); its rounds are the
 *  NTT's layers. */
inline bool isPolynomialLayout(const crypto::StateLayout& layout) {
    return layout.name == "mldsa-poly";
}

} // namespace rs::gui
