#pragma once
// Helpers of the GUI tests: reference traces computed straight from the cipher models (not through
// the session), and an image check for "something was drawn".

#include <QImage>
#include <QSet>

#include "core/crypto/asconpermutation.h"
#include "core/crypto/bytes.h"
#include "core/oracle/algorithms.h"
#include "core/sessions/explorermodel.h"

namespace rs::test {

/** @brief The trace of an explorer algorithm's spec example, computed from the models directly. */
inline crypto::Trace referenceTrace(const std::string& id) {
    const auto* alg = sessions::findExplorerAlgorithm(id);
    const auto hex = [&](const char* name) { return crypto::fromHex(alg->field(name)->defaultHex); };
    crypto::Trace t;
    if (id == "ascon-p") {
        crypto::AsconState s = crypto::asconStateFromBytes(hex("state"));
        crypto::asconPermuteTraced(s, 12, t);
    } else if (const auto* aead = oracle::findAead(id)) {
        aead->encryptTraced(hex("key"), hex("nonce"), hex("ad"), hex("pt"), t);
    } else if (const auto* block = oracle::findBlock(id)) {
        const auto pt = hex("pt");
        crypto::Bytes out(pt.size());
        block->make(hex("key"), 0)->encryptBlockTraced(pt.data(), out.data(), t);
    }
    return t;
}

/** @brief True when two traces have the same steps (names, rounds, states). */
inline bool sameSteps(const crypto::Trace& a, const crypto::Trace& b) {
    if (a.steps.size() != b.steps.size()) return false;
    for (std::size_t i = 0; i < a.steps.size(); ++i) {
        const auto &x = a.steps[i], &y = b.steps[i];
        if (x.phase != y.phase || x.block != y.block || x.round != y.round || x.step != y.step ||
            x.state != y.state || x.roundKey != y.roundKey)
            return false;
    }
    return true;
}

/** @brief Number of distinct colours in an image (stops counting at `cap`). */
inline int distinctColours(const QImage& image, int cap = 1000) {
    QSet<QRgb> seen;
    const QImage img = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < img.height(); y += 2)
        for (int x = 0; x < img.width(); x += 2) {
            seen.insert(img.pixel(x, y));
            if (seen.size() >= cap) return cap;
        }
    return static_cast<int>(seen.size());
}

} // namespace rs::test
