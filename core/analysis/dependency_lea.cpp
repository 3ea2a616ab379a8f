// Structural dependency through LEA (KS X 3246): the key schedule when the key is varied, then the
// ARX rounds X'[0] = ROL9((X0^RK0) + (X1^RK1)), X'[1] = ROR5((X1^RK2) + (X2^RK3)),
// X'[2] = ROR3((X2^RK4) + (X3^RK5)), X'[3] = X0.
#include "core/analysis/dependency.h"

#include "core/crypto/lea.h"

#include <array>
#include <bit>

namespace rs::analysis::detail {

namespace {

// A 32-bit word as 32 dependency rows (row b = bit b of the word).
using Word = BitMatrix;

// The key schedule's constants and rotations, shared with the model.
constexpr const auto& kDelta = crypto::kLeaDelta;
constexpr const auto& kKeyRot = crypto::kLeaKeyRotations;

Word rotl(const Word& x, int k) {
    Word out(32, x.cols());
    for (int b = 0; b < 32; ++b)
        out.copyRow((b + k) % 32, x, b);
    return out;
}

Word rotr(const Word& x, int k) {
    return rotl(x, 32 - k);
}

// XOR: each output bit depends on both input bits.
Word orWords(const Word& a, const Word& b) {
    Word out = a;
    for (int k = 0; k < 32; ++k)
        out.orRow(k, b, k);
    return out;
}

// Modular addition of two unknown words: sum bit k = a_k ^ b_k ^ carry_k, and carry_k can carry any
// of bits 0..k-1 of both operands, so bit k depends on bits 0..k of a and b.
Word add(const Word& a, const Word& b) {
    Word out(32, a.cols());
    Word acc(1, a.cols());
    for (int k = 0; k < 32; ++k) {
        acc.orRow(0, a, k);
        acc.orRow(0, b, k);
        out.copyRow(k, acc, 0);
    }
    return out;
}

// Addition of a known constant c: below c's lowest set bit t no carry can be generated (carry_0 = 0
// and every c_i = 0), so those sum bits depend only on themselves; from t on, a carry out of bit i
// can reach every higher bit, so bit k depends on a_t..a_k. Exact for every constant.
Word addConst(const Word& a, std::uint32_t c) {
    const int t = c == 0 ? 32 : std::countr_zero(c);
    Word out(32, a.cols());
    Word acc(1, a.cols());
    for (int k = 0; k < 32; ++k) {
        out.copyRow(k, acc, 0);
        out.orRow(k, a, k);
        if (k >= t) acc.orRow(0, a, k);
    }
    return out;
}

// Key field bit f: byte f / 8 of the key, its bit 7 - f % 8; the key bytes are little-endian words.
void placeBit(std::vector<Word>& words, int fieldBit, int column) {
    const int byte = fieldBit / 8;
    words[static_cast<std::size_t>(byte / 4)].set(8 * (byte % 4) + 7 - fieldBit % 8, column);
}

// Dependency rows of RK_0..RK_{rounds-1}, six words each, following lea.cpp's keySchedule.
std::vector<std::array<Word, 6>> roundKeyDependency(const Plan& plan, const std::vector<Word>& key) {
    const int words = plan.keyBytes / 4;
    std::vector<Word> t = key;
    t.resize(8, Word(32, plan.varied()));
    std::vector<std::array<Word, 6>> rk;
    rk.reserve(static_cast<std::size_t>(plan.rounds));
    for (int i = 0; i < plan.rounds; ++i) {
        const std::uint32_t d = kDelta[static_cast<std::size_t>(i % words)];
        std::array<Word, 6> k;
        // T[w] <- ROL_rot[j](T[w] + ROL_{i+j}(delta)); the word index w per key size as in the model.
        auto update = [&](int w, int j) {
            Word& tw = t[static_cast<std::size_t>(w)];
            tw = rotl(addConst(tw, std::rotl(d, i + j)), kKeyRot[static_cast<std::size_t>(j)]);
        };
        if (words == 4) {
            for (int j = 0; j < 4; ++j)
                update(j, j);
            k = {t[0], t[1], t[2], t[1], t[3], t[1]};
        } else if (words == 6) {
            for (int j = 0; j < 6; ++j) {
                update(j, j);
                k[static_cast<std::size_t>(j)] = t[static_cast<std::size_t>(j)];
            }
        } else {
            for (int j = 0; j < 6; ++j) {
                const int w = (6 * i + j) % 8;
                update(w, j);
                k[static_cast<std::size_t>(j)] = t[static_cast<std::size_t>(w)];
            }
        }
        rk.push_back(std::move(k));
    }
    return rk;
}

// Trace numbering: X[w] is state bytes 4w..4w+3 little-endian, so its bit b sits in byte 4w + b / 8.
constexpr int stateBit(int word, int bit) noexcept {
    return 8 * (4 * word + bit / 8) + 7 - bit % 8;
}

} // namespace

std::vector<BitMatrix> leaDependency(const Plan& plan, const std::atomic<bool>* cancel) {
    const int n = plan.varied();
    std::vector<Word> x(4, Word(32, n));
    std::vector<Word> key(static_cast<std::size_t>(plan.keyBytes / 4), Word(32, n));
    // The plaintext bytes load into X[0..3] exactly as the key bytes load into T[0..].
    for (int v = 0; v < n; ++v)
        placeBit(plan.field == Field::Key ? key : x, plan.fieldBit(v), v);
    const auto rk = roundKeyDependency(plan, key);

    std::vector<BitMatrix> rounds;
    rounds.reserve(static_cast<std::size_t>(plan.rounds));
    for (int r = 0; r < plan.rounds; ++r) {
        checkCancel(cancel);
        const auto& k = rk[static_cast<std::size_t>(r)];
        // Round-key XORs merge the key's dependency into each operand (none when only pt varies).
        std::vector<Word> next(4);
        next[0] = rotl(add(orWords(x[0], k[0]), orWords(x[1], k[1])), 9);
        next[1] = rotr(add(orWords(x[1], k[2]), orWords(x[2], k[3])), 5);
        next[2] = rotr(add(orWords(x[2], k[4]), orWords(x[3], k[5])), 3);
        next[3] = x[0];
        x = std::move(next);

        BitMatrix state(128, n);
        for (int w = 0; w < 4; ++w)
            for (int b = 0; b < 32; ++b)
                state.copyRow(stateBit(w, b), x[static_cast<std::size_t>(w)], b);
        rounds.push_back(std::move(state));
    }
    return rounds;
}

} // namespace rs::analysis::detail
