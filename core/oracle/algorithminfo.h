#pragma once
// What every row of the algorithm registry (algorithms.h) carries besides its model: the inputs the
// explorer edits (with the spec's example values), the official vector files, the trace layout, what
// the diffusion analysis needs (sizes, fields, rounds, its optional fast path) and the cpu target's fast
// path. The other layers read these instead of keeping their own tables of ids: adding a cipher is one
// registry row plus its model.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/crypto/trace.h"

namespace rs::oracle {

/** @brief The input field whose bits the diffusion analysis varies (analysis::Field is this type).
 *  Bits are numbered as in the field's hex string: bit i is bit (7 - i % 8) of byte i / 8. */
enum class VariedField {
    Plaintext, ///< "pt": a block cipher's input block
    Key,       ///< "key": the key (the whole tweakey for SKINNY); the Ascon ids: the key words x1, x2
    Nonce,     ///< "nonce": the Ascon ids only, the nonce words x3, x4
    State,     ///< "state": a permutation's or a transform's whole input state
};

/** @brief One hex input of an algorithm as the explorer edits it. */
struct InputField {
    std::string name;    ///< "state", "key", "nonce", "ad", "pt", "poly"
    std::string label;   ///< shown beside the field, e.g. "Tweakey TK1‖TK2"
    int bytes = -1;      ///< exact length, or -1 for any length (AD, an AEAD's plaintext)
    std::string example; ///< the spec's example value, hex
    /** Optional rule beyond hex and length (an ML-DSA coefficient must be < q): the error message, empty
     *  when the bytes are valid. */
    std::function<std::string(const crypto::Bytes&)> check{};
    /** Optional random value for a field whose check rejects uniform bytes. */
    std::function<crypto::Bytes()> random{};
    /** The analysis field this input is; empty when the analysis does not vary it (AD, an AEAD's
     *  plaintext). */
    std::optional<VariedField> varied{};
};

/** @brief The explorer's view of a row. A row with no inputs is not in the explorer. */
struct ExplorerProfile {
    std::string name;               ///< the explorer's name; empty = the row's displayName
    std::vector<InputField> inputs; ///< in form order; empty = not traced by the explorer
    std::string fixedRounds;        ///< rows whose rounds are fixed: "p¹² and p⁶", "8 layers", ...
    std::string outputTitle;        ///< a transform's output ("NTT output"); empty = by kind
    std::string outputNote;         ///< what the output's order is ("the spec's bit-reversed order")
};

/** @brief The analysis' optional fast paths: exact structural propagation and the bitsliced avalanche
 *  written for one family. None: the generic traced path (avalanche through the row's traced model, no
 *  structural dependency). */
enum class FastPath { None, Ascon, Lea, Skinny, MlDsa, Keccak };

/** @brief The cpu target's fast path of a row (core/campaign: cpufastblock.h, cpumessages.h), beside the
 *  step-by-step model the oracle answers with; cpu.impl = fast takes it. None: the model, or the row's
 *  allocation-free encryptInto where it has one. */
enum class CpuFastPath {
    None,
    LeaBlocks,    ///< LEA ECB and CTR on SSE2/AVX2 (crypto::LeaFast)
    SkinnyBlocks, ///< SKINNY-128 ECB and CTR, bitsliced (crypto::SkinnyFast)
    LeaGcm,       ///< LEA-GCM: the LEA fast path and carry-less GHASH (crypto/gcmfast.h)
    AsconLanes,   ///< Ascon-AEAD128's many-message runs in SIMD lanes (crypto::asconAead128EncryptMulti)
};

/** @brief One field the analysis may vary, and its size. */
struct FieldBits {
    VariedField field = VariedField::State;
    int bits = 0;
};

/** @brief What the diffusion analysis needs to know about a row (core/analysis builds its plan from it).
 *  A row whose profile has stateBytes 0 is not analysed. */
struct DiffusionProfile {
    std::string name;   ///< the analysis' name: "Ascon-AEAD128 (SP 800-232) initialization", "LEA-128"
    int stateBytes = 0; ///< the traced state (a block cipher's block)
    int keyBytes = 0;   ///< a separate key input (LEA key, SKINNY tweakey); 0 = none
    int cellBits = 0;   ///< the state's cell size where the analysis counts cells (SKINNY 4 or 8, ML-DSA 32)
    int standardRounds = 0;             ///< the standard count (every Ascon id: the initialization's p^12)
    std::string roundWord = "rounds";   ///< "layers" for the ML-DSA transforms
    std::vector<FieldBits> fields;      ///< the fields a request may vary, the default first
    std::string noAvalanche;            ///< why samples are refused; empty = avalanche allowed
    FastPath fastPath = FastPath::None; ///< the structural / bitsliced fast path, if any
    bool littleEndianWords = false;     ///< Ascon: key and nonce words loaded little-endian (SP 800-232)
};

/** @brief The part every registry row shares. */
struct AlgorithmInfo {
    std::string id;                       ///< CLI id, e.g. "ascon-aead128", "lea-128", "mldsa-ntt"
    std::string displayName;              ///< exact variant name, e.g. "Ascon-AEAD128 (SP 800-232)"
    crypto::StateLayout layout;           ///< how the row's trace states are drawn; empty when it has none
    std::vector<std::string> vectorFiles; ///< official vector files (under resources/vectors) of the row;
                                          ///< a block cipher: its ECB/block records
    ExplorerProfile explorer;             ///< the Round Explorer's inputs; empty = not in the explorer
    DiffusionProfile diffusion;           ///< the analysis' view; stateBytes 0 = not analysed
    CpuFastPath cpuFastPath = CpuFastPath::None; ///< the cpu target's fast path, if any
};

} // namespace rs::oracle
