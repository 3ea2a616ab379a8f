// The registry row of Keccak-f[1600] (FIPS 202 section 3): the permutation under SHA-3 and SHAKE, traced
// step by step (θ ρ π χ ι), its 5×5 lanes of 64 bits drawn as the spec's grid, and analysed through its
// model and its structural model (θ's column parities, ρ and π moving bits, χ's row neighbours).
#include "core/oracle/keccakrows.h"

#include "core/crypto/keccak.h"

namespace rs::oracle::detail {

PermutationAlgorithm keccakPermutation() {
    constexpr int kBytes = static_cast<int>(crypto::kKeccakStateBytes);
    PermutationAlgorithm p;
    p.id = "keccak-f1600";
    p.displayName = "Keccak-f[1600]";
    p.layout = crypto::keccakLayout();
    p.stateBytes = crypto::kKeccakStateBytes;
    p.standardRounds = crypto::kKeccakRounds;
    // Reduced rounds are Keccak-p[1600, n_r]: the LAST n_r rounds, with their round constants (FIPS 202 3.3).
    p.permuteTraced = [](ByteView state, int rounds, crypto::Trace& trace) {
        crypto::KeccakState a = crypto::keccakStateFromBytes(state);
        trace.layout = crypto::keccakLayout();
        crypto::TraceRecorder rec(trace);
        crypto::keccakP1600Observed(a, rounds == 0 ? crypto::kKeccakRounds : rounds, rec);
        const auto out = crypto::keccakStateBytes(a);
        return Bytes(out.begin(), out.end());
    };
    // The example is the all-zero state, the input of the Keccak team's KeccakF-1600 intermediate values
    // (and of SHA-3's first permutation call on an empty block): round 1's θ, ρ, π and χ leave it zero and ι
    // brings in RC[0], so a student sees where the first bits come from.
    p.explorer.name = "Keccak-f[1600] (permutation)";
    p.explorer.inputs = {{"state",
                          "State A[0..24] (lane x + 5y, little-endian)",
                          kBytes,
                          std::string(2 * crypto::kKeccakStateBytes, '0'),
                          {},
                          {},
                          VariedField::State}};
    p.diffusion.name = "Keccak-f[1600]";
    p.diffusion.stateBytes = kBytes;
    p.diffusion.standardRounds = crypto::kKeccakRounds;
    p.diffusion.cellBits = 64;
    p.diffusion.fields = {{VariedField::State, 8 * kBytes}};
    p.diffusion.fastPath = FastPath::Keccak;
    return p;
}

} // namespace rs::oracle::detail
