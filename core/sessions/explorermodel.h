#pragma once
// The Round Explorer's plain model: which algorithms it offers, their input fields and defaults (the
// spec examples), all read from the algorithm registry's rows (core/oracle/algorithminfo.h: a row with
// explorer inputs is offered), and one traced run through the row's model. The hex rules are core/inputs'.
// Plain C++; CipherSession wraps it for the GUI.

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

namespace rs::oracle {
struct AlgorithmRef;
struct MlDsaSchemeAlgorithm;
} // namespace rs::oracle

namespace rs::sessions {

using crypto::Bytes;

/** @brief What kind of primitive an explorer algorithm traces: Transform is a ring transform (the ML-DSA
 *  NTT and NTT⁻¹ of FIPS 204), whose state is 256 coefficients mod q and whose rounds are its 8 layers;
 *  Process is a whole scheme operation stepped through (ML-DSA signing: the key's vectors, then every attempt
 *  of the rejection loop, one polynomial a step; its "rounds" are the attempts, however many it takes). */
enum class ExplorerKind { Permutation, Aead, Block, Transform, Process };

/** @brief One hex input of an algorithm, and the field analyzeDiffusion varies for it. */
struct ExplorerField : inputs::HexField {
    std::optional<analysis::Field> analysisField;
};

/** @brief An algorithm the explorer can trace: a registry row with explorer inputs. */
struct ExplorerAlgorithm {
    std::string id;          ///< registry id
    std::string displayName; ///< the row's explorer name (else its exact variant name)
    ExplorerKind kind = ExplorerKind::Block;
    const oracle::AlgorithmRef* row = nullptr; ///< the registry row it traces (nullptr for a Process)
    const oracle::MlDsaSchemeAlgorithm* scheme = nullptr; ///< a Process: the scheme operation's row
    std::vector<ExplorerField> fields;
    int maxRounds = 0;        ///< 0 = fixed round counts (the AEAD modes, the ML-DSA transforms)
    std::string fixedRounds;  ///< what the fixed rounds are ("p¹² and p⁶", "8 layers"); maxRounds 0 only
    std::string outputTitle;  ///< a transform's output ("NTT output"); empty = by kind
    std::string outputNote;   ///< the output's order ("the spec's bit-reversed order")
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

/** @brief How finely runExplorer traces: the spec's steps, or with sub-steps where an algorithm has them
 *  in its model (the ML-DSA transforms: every butterfly of each layer). LEA's sub-steps are a view
 *  expansion of the round steps instead (core/teach/substeps.h), applied by CipherSession. */
enum class ExplorerDetail { Steps, Substeps };

/**
 * @brief Traces one run; inputs holds every field's bytes (validated), rounds 0 = standard.
 * Throws crypto::InvalidArgument for inputs the cipher rejects (an ML-DSA coefficient ≥ q).
 */
ExplorerRun runExplorer(const ExplorerAlgorithm& alg, const std::map<std::string, Bytes>& inputs, int rounds,
                        ExplorerDetail detail = ExplorerDetail::Steps);

/** @brief The input bit a twin flips first: bit 0 (MSB of byte 0), except for the ML-DSA polynomial,
 *  whose bit 0 is a coefficient's always-zero top bit: there the least significant bit of coefficient 0
 *  (field bit 31). */
int defaultFlipBit(const ExplorerAlgorithm& alg, std::string_view field);

/** @brief Why flipping `bit` of the field's bytes gives an input the algorithm rejects, in words a
 *  student can act on; empty when the flipped input is valid. For the ML-DSA polynomial: the flip makes
 *  coefficient c ≥ q (its bits 31..23 always do, since every coefficient is < q < 2²³). */
std::string flipInputError(const ExplorerAlgorithm& alg, std::string_view field, const Bytes& bytes, int bit);

/** @brief For the ML-DSA transforms: per step, the number of coefficients (32-bit cells) in which the twin
 *  differs from the main trace; empty when the step counts differ. For a trace of another layout: the
 *  differing cells of its layout's cellBits (bits for 1-bit cells). */
std::vector<int> twinCellsPerStep(const crypto::Trace& main, const crypto::Trace& twin);

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
