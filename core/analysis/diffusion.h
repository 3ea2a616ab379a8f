#pragma once
// Diffusion analysis of the permutation / block ciphers: exact structural (bit-level) dependency
// per round, empirical avalanche and SAC, and LEA-CTR precomputation (paper 003, Fig. 4).
// Plain C++ (no Qt); long runs report progress and honour a cancel flag.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/crypto/trace.h"
#include "core/oracle/algorithminfo.h"

namespace rs::analysis {

/** @brief Input field whose bits are varied: the registry's VariedField (core/oracle/algorithminfo.h), which
 *  names for each algorithm the fields it has, its default first. Bits are numbered as in the field's hex
 *  string: bit i is bit (7 - i % 8) of byte i / 8 (MSB of byte 0 first).
 *
 *  For the Ascon ids the key and nonce are the 16-byte inputs of the AEAD initial state
 *  IV (x0) || K (x1, x2) || N (x3, x4); where field bit i lands depends on how the id loads words:
 *  - "ascon-p", "ascon-128", "ascon-128a" (Ascon v1.2): big-endian words, so field byte j is state
 *    byte 8 + j (key) / 24 + j (nonce) and field bit i is state bit 64 + i / 192 + i.
 *  - "ascon-aead128" (SP 800-232): little-endian words, so field byte j is byte j % 8 counted from
 *    the least significant end of word x1 + j / 8 (key) / x3 + j / 8 (nonce); field bit i is state
 *    bit 64 * w + 64 * (j / 8) + 8 * (7 - j % 8) + i % 8 with j = i / 8 and w = 1 (key) or 3 (nonce).
 *  State bits are numbered as the trace's state bytes (x0..x4, each word big-endian, MSB first).
 *  Plaintext ("pt") is a block cipher's input block, Key ("key") its key (SKINNY: the whole tweakey),
 *  Nonce ("nonce") and State ("state") the Ascon ids' (State also the ML-DSA transforms' polynomial). */
using Field = oracle::VariedField;

/** @brief "pt"/"key"/"nonce"/"state" <-> Field. */
std::optional<Field> fieldFromName(const std::string& name);
std::string fieldName(Field f);

/** @brief The first algorithm of diffusionAlgorithms(): what a request analyses when it names none. */
std::string defaultDiffusionAlgorithm();

/** @brief What to analyse. */
struct DiffusionRequest {
    /** ascon-p (the permutation), ascon-128 / ascon-128a / ascon-aead128 (the AEAD mode's
     *  initialization permutation p^12 with that variant's key and nonce placement, see Field),
     *  lea-128/192/256, skinny-64-64 ... skinny-128-384. The Ascon analyses start from random states:
     *  the placement decides which state bits the varied field bits are.
     *  mldsa-ntt / mldsa-intt: the ML-DSA NTT / NTT⁻¹ (FIPS 204 Algorithms 41, 42), field state (the
     * 1024-byte input polynomial), rounds = layers (8); the dependency is per coefficient
     * (dependency_mldsa.cpp) and samples must be 0: no avalanche/SAC for a transform linear over Z_q
     * (makePlan says why). Any id of diffusionAlgorithms(): every registry row with a diffusion profile. */
    std::string alg = defaultDiffusionAlgorithm();
    int rounds = 0;             ///< 0 = the primitive's standard count (every Ascon id: 12)
    std::optional<Field> field; ///< empty = the default field of the algorithm
    int firstBit = 0;           ///< varied bit range inside the field, inclusive
    int lastBit = -1;           ///< -1 = to the end of the field
    int samples = 0;            ///< random inputs for avalanche/SAC; 0 = structural only
    std::uint64_t seed = 1;     ///< PRNG seed, so runs are reproducible
    bool keepSac = false;       ///< keep every round's full SAC matrix in the result (GUI heatmap)
};

/** @brief One round's figures (after the round's last step). */
struct RoundDiffusion {
    int round = 0;
    /** State bits that structurally depend on at least one varied bit, as a bitmap over the state
     *  (bit numbering as the trace's state bytes, MSB of byte 0 first). */
    std::vector<std::uint8_t> dependentBits;
    double dependentFraction = 0; ///< set bits of dependentBits / state bits
    double pairFraction = 0;      ///< dependent (state bit, varied bit) pairs / all pairs
    bool fullDiffusion = false;   ///< every state bit depends on every varied bit
    // Empirical figures; zero when samples == 0.
    double avalancheMean = 0;                 ///< mean number of flipped state bits per single-bit flip
    std::vector<std::uint32_t> flipHistogram; ///< [k] = flips that changed exactly k state bits
    double sacMaxDeviation = 0;               ///< max over (varied bit, state bit) of |P(flip) - 0.5|
    /** Row-major [variedBit][stateBit] flip probabilities; filled only when keepSac. */
    std::vector<float> sac;
};

/** @brief One LEA round's counter-independent work (the varied bits play the counter). */
struct PrecomputeRound {
    int round = 0;
    std::vector<int> independentWords; ///< output words X_r[i] that do not depend on the varied bits
    int xors = 0, adds = 0, rots = 0;  ///< operations producing those words: precomputable per nonce
    int operandXors = 0;               ///< further key XORs with an independent operand whose result
                         ///< feeds a dependent word (precomputable too, not in the paper's count)
};

/** @brief LEA only: what can be precomputed per nonce. */
struct PrecomputeReport {
    std::vector<PrecomputeRound> rounds; ///< rounds with any independent work (stops at full diffusion)
    int xors = 0, adds = 0, rots = 0;    ///< totals (paper 003: 6 XOR, 3 add, 3 rot)
    int operandXors = 0;
    int fullWordDiffusionRound = -1; ///< first round where every word depends on the varied bits
};

/** @brief Everything one analysis produced. */
struct DiffusionResult {
    std::string algorithm; ///< display name, with the round count when reduced
    crypto::StateLayout layout;
    Field field = Field::State;
    int firstBit = 0, lastBit = 0; ///< the varied range actually used (inclusive)
    int stateBits = 0;
    int rounds = 0;
    int samples = 0;
    int fullDiffusionRound = -1;          ///< first round with fullDiffusion; -1 if never reached
    std::vector<RoundDiffusion> perRound; ///< rounds 1..rounds, in order
    std::optional<PrecomputeReport> precomputable;
    /** Why perRound holds no structural figures (dependentBits empty, the fractions 0): the algorithm has
     *  no structural model (no fast path in its registry row), only its traced model for the avalanche.
     *  Empty when the structural figures are there (every algorithm today). */
    std::string structuralUnavailable;
};

/** @brief Thrown for a bad request (unknown algorithm, field not valid for it, bad range/rounds). */
class AnalysisError : public std::invalid_argument {
  public:
    using std::invalid_argument::invalid_argument;
    /** @brief what() is "argument: message"; argument() names the DiffusionRequest member at fault
     *  ("alg", "field", "bits", "rounds", "samples"), so front ends can name their own option. */
    AnalysisError(std::string argument, const std::string& message)
        : std::invalid_argument(argument + ": " + message), m_argument(std::move(argument)) {}
    /** @brief The request member at fault; empty when not known. */
    const std::string& argument() const noexcept { return m_argument; }

  private:
    std::string m_argument;
};

/** @brief Largest DiffusionRequest::samples accepted (keeps every counter inside 32 bits). */
inline constexpr int kMaxDiffusionSamples = 1'000'000;
/** @brief Most (round, varied bit, state bit) counters an avalanche/SAC run keeps (64 MB of 32-bit
 *  counters): Keccak-f[1600]'s 24 rounds take at most 436 varied bits at once. */
inline constexpr long long kMaxSacCounters = 1LL << 24;

/** @brief The most bits of `alg` one avalanche/SAC run may vary over `rounds` (0 = standard) within
 *  kMaxSacCounters (Keccak-f[1600]: 436); throws AnalysisError for an unknown algorithm. */
int maxAvalancheBits(const std::string& alg, int rounds = 0);

/** @brief Number of bits of `field` for `alg`; 0 when the field is not valid for it.
 *  Throws AnalysisError("alg", ...) for an unknown algorithm. */
int fieldBits(const std::string& alg, Field field);

/** @brief The fields valid for `alg`, default first; throws AnalysisError for an unknown algorithm. */
std::vector<Field> fieldsFor(const std::string& alg);

/** @brief The standard round count of `alg` (Ascon ids 12, LEA 24/28/32, SKINNY 32..56, ML-DSA 8 layers). */
int standardRounds(const std::string& alg);

/** @brief False where the algorithm refuses samples (the ML-DSA transforms, see makePlan); throws
 *  AnalysisError for an unknown algorithm. */
bool hasAvalanche(const std::string& alg);

/** @brief Thrown when the cancel flag was raised. */
class Cancelled : public std::runtime_error {
  public:
    Cancelled() : std::runtime_error("analysis cancelled") {}
};

/** @brief Progress reporting and cancellation for long analyses; both optional. */
struct Progress {
    std::function<void(double fraction)> report; ///< called with 0..1, at most ~100 times a run
    const std::atomic<bool>* cancel = nullptr;   ///< checked often; raising it throws Cancelled
};

/** @brief Runs the analysis. Throws AnalysisError on a bad request, Cancelled on cancel. */
DiffusionResult analyzeDiffusion(const DiffusionRequest& request, const Progress& progress = {});

/** @brief The algorithm ids analyzeDiffusion accepts: every registry row with a diffusion profile, in
 * registry order. */
std::vector<std::string> diffusionAlgorithms();

} // namespace rs::analysis
