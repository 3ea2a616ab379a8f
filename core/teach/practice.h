#pragma once
// Practice mode ("Your turn", issue 34): the student enters the state after one trace step, or one part
// of it, and every bit is checked against the model's trace. The parts, by state layout:
//   whole state  every layout: Ascon x0..x4 as 16 hex digits each, LEA X[0..3] as 8 hex digits each (the
//                word's value), SKINNY the 16 cells row by row (1 or 2 hex digits each), ML-DSA the 256
//                coefficients in decimal
//   sbox-column  Ascon: column j (bit 63−j of x0..x4) as 5 binary digits x0 x1 x2 x3 x4
//   row          Ascon: word x<i>; SKINNY: row i's four cells; ML-DSA: coefficients 16i..16i+15
//   column       SKINNY: column j's four cells, top to bottom
//   word         LEA: word X[i]
//   pair         ML-DSA: the butterfly pair of coefficient i in the step's layer ((i, i ± len), in index
//                order), in decimal
// Entries may separate cells with spaces, commas or nothing (fixed-width hex and binary cells); hex may be
// upper or lower case. Bits are numbered as the explorer numbers them (MSB of byte 0 first).
//
// Feedback names every wrong bit ("x2 bit 37") and, for it, the spec's formula with this run's values:
// Ascon's S-box as the spec's algebraic normal form, the moves of p_L / ShiftRows / LEA's rotations
// (core/teach/bitmoves.h), SKINNY's MixColumns rows; every other step its rule (practicerules.h: the
// spec's formula and the constants it needs, never this run's results). Plain C++ (no Qt).

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/trace.h"
#include "core/teach/lesson.h"

namespace rs::teach {

/** @brief A practice part that does not fit the step (a SKINNY column of an Ascon state, index out of range).
 */
class PracticeError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief How the student writes a cell's value. */
enum class EntryFormat { Binary, Hex, Decimal };

/** @brief One entered value: its name and its state bits, most significant first. */
struct PracticeCell {
    std::string label;     ///< "x2", "cell 5", "X[1]", "coefficient 17"
    std::vector<int> bits; ///< state bit numbers (MSB of byte 0 first), the value's MSB first
};

/** @brief What the student enters at one step. */
struct PracticeTarget {
    std::size_t step = 0;    ///< the trace step whose state is asked for (the state after that step)
    std::string description; ///< "column 5 (bit 58 of x0..x4) after round 1's substitution layer"
    std::string entryHelp;   ///< "5 binary digits: x0 x1 x2 x3 x4"
    EntryFormat format = EntryFormat::Hex;
    std::vector<PracticeCell> cells;
    /** @brief Every asked bit, cell by cell. */
    std::vector<int> allBits() const;
};

/** @brief The result of one attempt. */
struct PracticeCheck {
    std::string parseError;      ///< non-empty: the entry could not be read (nothing checked)
    std::vector<int> wrongBits;  ///< state bit numbers entered wrong, ascending
    std::vector<int> wrongCells; ///< indices into PracticeTarget::cells
    int checkedBits = 0;
    std::vector<std::string> feedback; ///< one line per wrong bit (at most kFeedbackLines, then a count)
    bool correct() const { return parseError.empty() && wrongBits.empty() && checkedBits > 0; }
};

inline constexpr std::size_t kFeedbackLines = 12;

/** @brief The target for a practice stop at trace step `step`; PracticeError when the part does not fit. */
PracticeTarget practiceTarget(const crypto::Trace& trace, std::size_t step, const LessonPractice& practice);

/** @brief Reads the entry and checks every asked bit against trace.steps[target.step]. */
PracticeCheck checkPractice(const crypto::Trace& trace, const PracticeTarget& target, std::string_view entry);

/** @brief The right entry, in the target's format (the "reveal" answer). */
std::string practiceAnswer(const crypto::Trace& trace, const PracticeTarget& target);

/** @brief The hints in the order they are given (three): the step's rule (practicerules.h, which works
 *  out no part of the answer), the values the part is computed from, the first cell's value. */
std::vector<std::string> practiceHints(const crypto::Trace& trace, const PracticeTarget& target);

/** @brief Why state bit `bit` after trace step `step` has its value: the spec's formula with this run's
 *  values ("x2 bit 37 = x2[37] ⊕ x2[18] ⊕ x2[9] before p_L = 1 ⊕ 0 ⊕ 1 = 0"). */
std::string bitFormula(const crypto::Trace& trace, std::size_t step, int bit);

/** @brief The explorer's name of state bit `bit` of a layout: "x2 bit 37", "cell 5 bit 3", "X[1] bit 7",
 *  "coefficient 17 bit 4"; "bit N" for unknown layouts. */
std::string stateBitName(const crypto::StateLayout& layout, int bit);

/** @brief Checks every practice stop of a lesson against its trace (PracticeError naming the stop). */
void validatePractice(const Lesson& lesson, const crypto::Trace& trace);

} // namespace rs::teach
