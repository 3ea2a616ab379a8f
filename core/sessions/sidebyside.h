#pragma once
// Side by side (issue 17, teaching): two explorer runs stepped together. Plain C++: how one shared step
// position maps onto each side's trace, which input fields the two sides share (the plaintext), and how
// two states compare (bit for bit only when their layouts agree; else each side's Hamming weight).

#include <string>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"
#include "core/sessions/explorermodel.h"

namespace rs::sessions {

/**
 * @brief The alignment rule: by step index, each side clamped to its last step. The shared position runs
 * over 0..max(n) - 1 (the longer trace); a shorter trace stays on its last step (its final state) once the
 * position passes its end. Returns -1 when the side has no steps.
 */
int alignedStep(int position, int stepCount);

/** @brief The number of shared positions: the longer trace's step count (0 when both are empty). */
int sharedStepCount(int leftSteps, int rightSteps);

/** @brief The plaintext fields both algorithms have, by name ("pt", "state"), in a's field order. */
std::vector<std::string> sharedPlaintextFields(const ExplorerAlgorithm& a, const ExplorerAlgorithm& b);

/** @brief The field a one-bit change is made in: "pt" or "state" when the algorithm has one, else the first
 *  field. */
std::string plaintextField(const ExplorerAlgorithm& a);

/** @brief Number of one bits. */
int hammingWeight(const crypto::Bytes& bytes);

/** @brief How two states at the aligned steps compare. */
struct StateComparison {
    bool comparable = false; ///< same layout (name and geometry) and the same number of bytes
    int bits = 0;            ///< state bits (of each side when comparable)
    int differing = 0;       ///< differing bits; 0 when not comparable
    int leftBits = 0, rightBits = 0;
    int leftWeight = 0, rightWeight = 0; ///< Hamming weights, always filled
};

/** @brief Compares two states drawn in layouts a and b (bit for bit only when the layouts agree). */
StateComparison compareStates(const crypto::StateLayout& a, const crypto::Bytes& left,
                              const crypto::StateLayout& b, const crypto::Bytes& right);

} // namespace rs::sessions
