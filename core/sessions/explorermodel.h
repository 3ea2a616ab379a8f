#pragma once
// The Round Explorer's plain model: which algorithms it offers, their input fields and defaults (the
// spec examples; the hex rules are core/inputs'), and one traced run. Plain C++; CipherSession wraps it
// for the GUI.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/analysis/diffusion.h"
#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"
#include "core/inputs/hexfield.h"
#include "core/teach/lesson.h"

namespace rs::sessions {

using crypto::Bytes;

/** @brief What kind of primitive an explorer algorithm traces. */
enum class ExplorerKind { Permutation, Aead, Block };

/** @brief One hex input of an algorithm, and the field analyzeDiffusion varies for it. */
struct ExplorerField : inputs::HexField {
    std::optional<analysis::Field> analysisField;
};

/** @brief An algorithm the explorer can trace. */
struct ExplorerAlgorithm {
    std::string id;          ///< registry id: "ascon-p", "ascon-128", "lea-128", "skinny-64-64", ...
    std::string displayName; ///< exact variant name
    ExplorerKind kind = ExplorerKind::Block;
    std::vector<ExplorerField> fields;
    int maxRounds = 0;        ///< 0 = fixed round counts (the AEAD modes)
    std::string diffusionAlg; ///< analyzeDiffusion id (an AEAD mode: its own id, the initialization
                              ///< permutation with that variant's key/nonce placement)
    int diffusionRounds = 0;  ///< standard rounds of diffusionAlg

    /** @brief The field with this name, or nullptr. */
    const ExplorerField* field(std::string_view name) const;
    /** @brief The fields as core/inputs' model takes them (HexInputs). */
    std::vector<inputs::HexField> hexFields() const;
};

/** @brief Every algorithm the explorer offers, in menu order. */
const std::vector<ExplorerAlgorithm>& explorerAlgorithms();

/** @brief Lookup by id; nullptr when unknown. */
const ExplorerAlgorithm* findExplorerAlgorithm(std::string_view id);

/** @brief What the explorer offers (ids, fields and their lengths), as the lesson parser checks lessons. */
teach::LessonCatalog lessonCatalog();

/** @brief The result of one traced run. */
struct ExplorerRun {
    crypto::Trace trace;
    Bytes output; ///< permuted state, output block or ciphertext
    Bytes tag;    ///< AEAD tag (empty otherwise)
};

/**
 * @brief Traces one run; inputs holds every field's bytes (validated), rounds 0 = standard.
 * Throws crypto::InvalidArgument for inputs the cipher rejects.
 */
ExplorerRun runExplorer(const ExplorerAlgorithm& alg, const std::map<std::string, Bytes>& inputs, int rounds);

/** @brief Flips bit i (MSB of byte 0 first, as analyzeDiffusion numbers field bits). */
void flipInputBit(Bytes& bytes, int bit);

/** @brief Number of differing bits of two equally long byte strings. */
int differingBits(const Bytes& a, const Bytes& b);

/** @brief Per step, the number of state bits in which the twin differs from the main trace:
 *  [i] = differingBits(main.steps[i].state, twin.steps[i].state). Empty when the step counts differ
 *  (no twin). The GUI's twin chart and summary and `roundscope-cli trace --flip` all use it. */
std::vector<int> twinFlipsPerStep(const crypto::Trace& main, const crypto::Trace& twin);

/** @brief Indices of the steps that end a round (the last step of each round > 0), in trace order. */
std::vector<int> roundEndSteps(const crypto::Trace& trace);

} // namespace rs::sessions
