#pragma once
// The state grid's geometry lives in rs_teach_render (app/teach/stategeometry.h), shared by the state
// view, the presentation view and the step exports; the explorer keeps its names.

#include "app/teach/stategeometry.h"

#include <QRegularExpression>
#include <string>

namespace rs::gui {

using teach::stateBit;
using teach::StateGeometry;

/** @brief The ML-DSA polynomial (16 × 16 coefficients of 32 bits): drawn as hex cells, since 512 bits a row
 *  would not fit, with no bit-movement model (its butterflies add and multiply mod q); its rounds are the
 *  NTT's layers. */
inline bool isPolynomialLayout(const crypto::StateLayout& layout) {
    return layout.name == "mldsa-poly";
}

/** @brief The coefficients an ML-DSA butterfly step combines, read from its step name
 *  ("layer L butterfly k: (a, b), ζ = …", crypto::mldsaButterflyStepName); a = b = -1 for any other step. */
struct ButterflyPair {
    int a = -1, b = -1;
    bool valid() const { return a >= 0 && b >= 0; }
};

inline ButterflyPair butterflyPairOf(const std::string& stepName) {
    static const QRegularExpression re(QStringLiteral("^layer \\d+ butterfly \\d+: \\((\\d+), (\\d+)\\)"));
    const QRegularExpressionMatch m = re.match(QString::fromStdString(stepName));
    if (!m.hasMatch()) return {};
    return {m.captured(1).toInt(), m.captured(2).toInt()};
}

} // namespace rs::gui
