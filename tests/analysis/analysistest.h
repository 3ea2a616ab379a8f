#pragma once
// Helpers shared by the analysis tests: requests in one line, and the trace bit numbering of each
// cipher written out again from the layouts' documented encodings (not taken from the analysis).

#include <gtest/gtest.h>

#include "core/analysis/diffusion.h"
#include "core/analysis/structural.h"

#include <set>
#include <string>

namespace rs::test {

inline analysis::DiffusionRequest request(const std::string& alg, analysis::Field field, int first = 0,
                                          int last = -1, int rounds = 0, int samples = 0) {
    analysis::DiffusionRequest r;
    r.alg = alg;
    r.field = field;
    r.firstBit = first;
    r.lastBit = last;
    r.rounds = rounds;
    r.samples = samples;
    return r;
}

/** @brief Ascon: bit b (0 = LSB) of word xw; the words are big-endian in the state bytes. */
inline int asconBit(int w, int b) {
    return 64 * w + 63 - b;
}
/** @brief LEA: bit b of X[w]; the words are little-endian in the state (and plaintext) bytes. */
inline int leaBit(int w, int b) {
    return 8 * (4 * w + b / 8) + 7 - b % 8;
}
/** @brief SKINNY: bit b (0 = LSB) of cell c, cells of cellBits bits packed MSB first. */
inline int skinnyBit(int cellBits, int c, int b) {
    return cellBits * c + cellBits - 1 - b;
}

/** @brief The set bits of a dependentBits bitmap (MSB of byte 0 = bit 0). */
inline std::set<int> bitsOf(const std::vector<std::uint8_t>& bitmap) {
    std::set<int> s;
    for (std::size_t i = 0; i < 8 * bitmap.size(); ++i)
        if ((bitmap[i / 8] >> (7 - i % 8)) & 1u) s.insert(static_cast<int>(i));
    return s;
}

/** @brief The state bits whose row of m has any bit set. */
inline std::set<int> dependentRows(const analysis::BitMatrix& m) {
    std::set<int> s;
    for (int r = 0; r < m.rows(); ++r)
        if (m.rowAny(r)) s.insert(r);
    return s;
}

} // namespace rs::test
