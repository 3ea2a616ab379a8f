#include "core/crypto/skinny.h"

#include <bit>
#include <span>

namespace rs::crypto {

namespace {

constexpr std::string_view kEncryption = "encryption";
constexpr std::string_view kDecryption = "decryption";

// ---------------------------------------------------------------------------------------------
// Constants of the specification
// ---------------------------------------------------------------------------------------------

constexpr unsigned bitOf(unsigned x, int k) noexcept {
    return (x >> k) & 1u;
}

// S8 (paper, Section 2.3): four iterations of "x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2)", each but the
// last followed by the bit permutation (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5); the last
// iteration ends with the swap of x1 and x2 instead. Built from that description at compile time,
// so no 256-entry table is transcribed by hand.
constexpr std::uint8_t s8FromSpec(unsigned x) noexcept {
    for (int i = 0; i < 4; ++i) {
        x ^= ~((x >> 3) | (x >> 2)) & 0x11u;
        if (i < 3) {
            x = bitOf(x, 2) << 7 | bitOf(x, 1) << 6 | bitOf(x, 7) << 5 | bitOf(x, 6) << 4 | bitOf(x, 4) << 3 |
                bitOf(x, 0) << 2 | bitOf(x, 3) << 1 | bitOf(x, 5);
        } else {
            x = (x & 0xF9u) | bitOf(x, 1) << 2 | bitOf(x, 2) << 1;
        }
    }
    return static_cast<std::uint8_t>(x);
}

struct S8Tables {
    std::array<std::uint8_t, 256> fwd{};
    std::array<std::uint8_t, 256> inv{};
    // Row-word tables: sub[j][x] = S8(x) placed in byte j, so SubCells on a 4-cell row word is four
    // lookups XORed together with no shifting of the results.
    std::array<std::array<std::uint32_t, 256>, 4> sub{};
    std::array<std::array<std::uint32_t, 256>, 4> invSub{};
};

constexpr S8Tables makeS8Tables() noexcept {
    S8Tables t;
    for (unsigned x = 0; x < 256; ++x) {
        t.fwd[x] = s8FromSpec(x);
        t.inv[t.fwd[x]] = static_cast<std::uint8_t>(x);
    }
    for (int j = 0; j < 4; ++j) {
        for (unsigned x = 0; x < 256; ++x) {
            t.sub[j][x] = std::uint32_t(t.fwd[x]) << (8 * j);
            t.invSub[j][x] = std::uint32_t(t.inv[x]) << (8 * j);
        }
    }
    return t;
}

constexpr S8Tables kS8 = makeS8Tables();
static_assert(kS8.fwd[0x00] == 0x65 && kS8.fwd[0x01] == 0x4C && kS8.fwd[0xFF] == 0xFF,
              "S8 does not match the first/last entries of the paper's table");

// Round constants (paper, "AddConstants"): a 6-bit affine LFSR (rc5..rc0) starting at zero, updated
// *before* each round as (rc5..rc0) -> (rc4, rc3, rc2, rc1, rc0, rc5 ^ rc4 ^ 1).
constexpr std::array<std::uint8_t, Skinny::kMaxRounds> makeRoundConstants() noexcept {
    std::array<std::uint8_t, Skinny::kMaxRounds> rc{};
    unsigned v = 0;
    for (auto& c : rc) {
        v = ((v << 1) & 0x3Eu) | (bitOf(v, 5) ^ bitOf(v, 4) ^ 1u);
        c = static_cast<std::uint8_t>(v);
    }
    return rc;
}

constexpr auto kRoundConstants = makeRoundConstants();
static_assert(kRoundConstants[0] == 0x01 && kRoundConstants[5] == 0x3E && kRoundConstants[55] == 0x0A,
              "round constants do not match the paper's sequence");

// Tweakey cell permutation PT (paper, "AddRoundTweakey"): TK[i] <- TK[PT[i]].
constexpr std::array<int, 16> kPT = {9, 15, 8, 13, 10, 14, 12, 11, 0, 1, 2, 3, 4, 5, 6, 7};

// Cell LFSRs applied to the first two rows of TK2 and TK3 after PT.
constexpr std::uint8_t lfsrTk2(unsigned x, bool wide) noexcept {
    // 4-bit: (x3,x2,x1,x0) -> (x2,x1,x0,x3^x2); 8-bit: (x7..x0) -> (x6..x0, x7^x5)
    return wide ? std::uint8_t(((x << 1) & 0xFEu) | (bitOf(x, 7) ^ bitOf(x, 5)))
                : std::uint8_t(((x << 1) & 0x0Eu) | (bitOf(x, 3) ^ bitOf(x, 2)));
}
constexpr std::uint8_t lfsrTk3(unsigned x, bool wide) noexcept {
    // 4-bit: (x3,x2,x1,x0) -> (x0^x3,x3,x2,x1); 8-bit: (x7..x0) -> (x0^x6, x7..x1)
    return wide ? std::uint8_t((x >> 1) | (bitOf(x, 0) ^ bitOf(x, 6)) << 7)
                : std::uint8_t((x >> 1) | (bitOf(x, 0) ^ bitOf(x, 3)) << 3);
}

// ---------------------------------------------------------------------------------------------
// SKINNY-128: the state is four row words, cell 4i+j in byte j of row word i (little-endian), so
// loading the block with loadLe32 gives the rows directly.
// ---------------------------------------------------------------------------------------------

struct State128 {
    std::uint32_t row[4];
};

inline State128 load128(const std::uint8_t* p) noexcept {
    return {{loadLe32(p), loadLe32(p + 4), loadLe32(p + 8), loadLe32(p + 12)}};
}
inline void store128(std::uint8_t* p, const State128& s) noexcept {
    for (int i = 0; i < 4; ++i)
        storeLe32(p + 4 * i, s.row[i]);
}

inline std::uint32_t subRow(const std::array<std::array<std::uint32_t, 256>, 4>& t,
                            std::uint32_t x) noexcept {
    return t[0][x & 0xFF] ^ t[1][(x >> 8) & 0xFF] ^ t[2][(x >> 16) & 0xFF] ^ t[3][x >> 24];
}

// Written out row by row: as a loop over the array, GCC's SLP vectorizer packs the rows into an SSE
// register and then spends most of the round moving bytes between it and the table indices.
inline void subCells128(const std::array<std::array<std::uint32_t, 256>, 4>& t, State128& s) noexcept {
    s.row[0] = subRow(t, s.row[0]);
    s.row[1] = subRow(t, s.row[1]);
    s.row[2] = subRow(t, s.row[2]);
    s.row[3] = subRow(t, s.row[3]);
}

template <class Obs>
void record128(Obs& obs, std::string_view phase, int round, std::string_view step, const State128& s,
               const std::uint32_t* rtk = nullptr) {
    std::array<std::uint8_t, 16> bytes{};
    store128(bytes.data(), s);
    std::array<std::uint8_t, 8> key{};
    std::span<const std::uint8_t> keySpan;
    if (rtk != nullptr) {
        storeLe32(key.data(), rtk[0]);
        storeLe32(key.data() + 4, rtk[1]);
        keySpan = key;
    }
    obs.step(phase, -1, round, step, bytes, keySpan);
}

template <class Obs>
void encrypt128(const std::uint32_t* rtk, int rounds, const std::uint8_t* in, std::uint8_t* out, Obs& obs) {
    State128 s = load128(in);
    if constexpr (Obs::enabled) record128(obs, kEncryption, 0, "input", s);
    for (int r = 0; r < rounds; ++r) {
        const int round = r + 1;
        const std::uint32_t* k = rtk + 2 * r;
        // SubCells: S8 on every cell.
        subCells128(kS8.sub, s);
        if constexpr (Obs::enabled) record128(obs, kEncryption, round, "SubCells", s);
        // AddConstants: c0 = rc3..rc0 into cell 0, c1 = rc5 rc4 into cell 4, c2 = 0x2 into cell 8.
        const std::uint32_t rc = kRoundConstants[r];
        s.row[0] ^= rc & 0x0F;
        s.row[1] ^= rc >> 4;
        s.row[2] ^= 0x02;
        if constexpr (Obs::enabled) record128(obs, kEncryption, round, "AddConstants", s);
        // AddRoundTweakey: only the first two rows receive tweakey material.
        s.row[0] ^= k[0];
        s.row[1] ^= k[1];
        if constexpr (Obs::enabled) record128(obs, kEncryption, round, "AddRoundTweakey", s, k);
        // ShiftRows: row i rotates right by i cells; with cell j in byte j that is a left rotation
        // of the word by 8*i bits.
        s.row[1] = std::rotl(s.row[1], 8);
        s.row[2] = std::rotl(s.row[2], 16);
        s.row[3] = std::rotl(s.row[3], 24);
        if constexpr (Obs::enabled) record128(obs, kEncryption, round, "ShiftRows", s);
        // MixColumns with M = [1 0 1 1; 1 0 0 0; 0 1 1 0; 1 0 1 0], all four columns at once:
        // (a, b, c, d) -> (a^c^d, a, b^c, a^c).
        const std::uint32_t a = s.row[0], b = s.row[1] ^ s.row[2], c = s.row[2] ^ s.row[0];
        s.row[0] = s.row[3] ^ c;
        s.row[1] = a;
        s.row[2] = b;
        s.row[3] = c;
        if constexpr (Obs::enabled) record128(obs, kEncryption, round, "MixColumns", s);
    }
    store128(out, s);
}

template <class Obs>
void decrypt128(const std::uint32_t* rtk, int rounds, const std::uint8_t* in, std::uint8_t* out, Obs& obs) {
    State128 s = load128(in);
    if constexpr (Obs::enabled) record128(obs, kDecryption, 0, "input", s);
    for (int r = rounds - 1; r >= 0; --r) {
        const int round = rounds - r;
        const std::uint32_t* k = rtk + 2 * r;
        // inverse MixColumns: from (a^c^d, a, b^c, a^c) recover a, c, b, d in that order.
        const std::uint32_t a = s.row[1], c = s.row[3] ^ a, b = s.row[2] ^ c, d = s.row[0] ^ s.row[3];
        s.row[0] = a;
        s.row[1] = b;
        s.row[2] = c;
        s.row[3] = d;
        if constexpr (Obs::enabled) record128(obs, kDecryption, round, "inverse MixColumns", s);
        // inverse ShiftRows: row i rotates left by i cells.
        s.row[1] = std::rotr(s.row[1], 8);
        s.row[2] = std::rotr(s.row[2], 16);
        s.row[3] = std::rotr(s.row[3], 24);
        if constexpr (Obs::enabled) record128(obs, kDecryption, round, "inverse ShiftRows", s);
        // AddRoundTweakey and AddConstants are XORs, hence their own inverses.
        s.row[0] ^= k[0];
        s.row[1] ^= k[1];
        if constexpr (Obs::enabled) record128(obs, kDecryption, round, "AddRoundTweakey", s, k);
        const std::uint32_t rc = kRoundConstants[r];
        s.row[0] ^= rc & 0x0F;
        s.row[1] ^= rc >> 4;
        s.row[2] ^= 0x02;
        if constexpr (Obs::enabled) record128(obs, kDecryption, round, "AddConstants", s);
        // inverse SubCells: S8^-1 on every cell.
        subCells128(kS8.invSub, s);
        if constexpr (Obs::enabled) record128(obs, kDecryption, round, "inverse SubCells", s);
    }
    store128(out, s);
}

// ---------------------------------------------------------------------------------------------
// SKINNY-64: the state is one 64-bit word loaded big-endian, so cell 0 (the high nibble of byte 0)
// is the top nibble and row i is the 16-bit field at bits 63-16i .. 48-16i.
// ---------------------------------------------------------------------------------------------

constexpr std::uint64_t kNibbleBit0 = 0x1111111111111111ULL;

// S4 (paper, Section 2.3) on all 16 nibbles at once: x0 ^= NOR(x3, x2), then the nibble rotation
// (x3,x2,x1,x0) -> (x2,x1,x0,x3); four times, without the rotation the last time. Bit-parallel,
// so it needs no table and runs in constant time.
inline std::uint64_t mix4(std::uint64_t s) noexcept {
    return s ^ (~((s >> 3) | (s >> 2)) & kNibbleBit0);
}
inline std::uint64_t rotNibblesLeft(std::uint64_t s) noexcept {
    return ((s << 1) & 0xEEEEEEEEEEEEEEEEULL) | ((s >> 3) & kNibbleBit0);
}
inline std::uint64_t rotNibblesRight(std::uint64_t s) noexcept {
    return ((s >> 1) & 0x7777777777777777ULL) | ((s << 3) & 0x8888888888888888ULL);
}
inline std::uint64_t subCells64(std::uint64_t s) noexcept {
    for (int i = 0; i < 3; ++i)
        s = rotNibblesLeft(mix4(s));
    return mix4(s);
}
// Each mix step is an involution (it changes x0 from x3, x2 only), so the inverse runs the steps
// backwards: mix, then three times (rotate right, mix).
inline std::uint64_t invSubCells64(std::uint64_t s) noexcept {
    s = mix4(s);
    for (int i = 0; i < 3; ++i)
        s = mix4(rotNibblesRight(s));
    return s;
}

inline std::uint64_t row64(std::uint64_t s, int i) noexcept {
    return (s >> (48 - 16 * i)) & 0xFFFF;
}
inline std::uint64_t rows64(std::uint64_t r0, std::uint64_t r1, std::uint64_t r2, std::uint64_t r3) noexcept {
    return r0 << 48 | r1 << 32 | r2 << 16 | r3;
}
// Rotates a 16-bit row right by n cells (4n bits): the leftmost cell of a row is its top nibble.
inline std::uint64_t rotRowRight(std::uint64_t row, int n) noexcept {
    return ((row >> (4 * n)) | (row << (16 - 4 * n))) & 0xFFFF;
}

template <class Obs>
void record64(Obs& obs, std::string_view phase, int round, std::string_view step, std::uint64_t s,
              const std::uint32_t* rtk = nullptr) {
    std::array<std::uint8_t, 8> bytes{};
    storeBe64(bytes.data(), s);
    std::array<std::uint8_t, 4> key{};
    std::span<const std::uint8_t> keySpan;
    if (rtk != nullptr) {
        storeBe32(key.data(), *rtk);
        keySpan = key;
    }
    obs.step(phase, -1, round, step, bytes, keySpan);
}

template <class Obs>
void encrypt64(const std::uint32_t* rtk, int rounds, const std::uint8_t* in, std::uint8_t* out, Obs& obs) {
    std::uint64_t s = loadBe64(in);
    if constexpr (Obs::enabled) record64(obs, kEncryption, 0, "input", s);
    for (int r = 0; r < rounds; ++r) {
        const int round = r + 1;
        // SubCells: S4 on every cell.
        s = subCells64(s);
        if constexpr (Obs::enabled) record64(obs, kEncryption, round, "SubCells", s);
        // AddConstants: c0 = rc3..rc0 into cell 0, c1 = rc5 rc4 into cell 4, c2 = 0x2 into cell 8.
        const std::uint64_t rc = kRoundConstants[r];
        s ^= (rc & 0x0F) << 60 | (rc >> 4) << 44 | std::uint64_t{0x2} << 28;
        if constexpr (Obs::enabled) record64(obs, kEncryption, round, "AddConstants", s);
        // AddRoundTweakey: the first two rows are the top 32 bits.
        s ^= std::uint64_t{rtk[r]} << 32;
        if constexpr (Obs::enabled) record64(obs, kEncryption, round, "AddRoundTweakey", s, rtk + r);
        // ShiftRows: row i rotates right by i cells.
        s = rows64(row64(s, 0), rotRowRight(row64(s, 1), 1), rotRowRight(row64(s, 2), 2),
                   rotRowRight(row64(s, 3), 3));
        if constexpr (Obs::enabled) record64(obs, kEncryption, round, "ShiftRows", s);
        // MixColumns, (a, b, c, d) -> (a^c^d, a, b^c, a^c) on 16-bit rows (all columns at once).
        {
            const std::uint64_t a = row64(s, 0), b = row64(s, 1), c = row64(s, 2), d = row64(s, 3);
            s = rows64(a ^ c ^ d, a, b ^ c, a ^ c);
        }
        if constexpr (Obs::enabled) record64(obs, kEncryption, round, "MixColumns", s);
    }
    storeBe64(out, s);
}

template <class Obs>
void decrypt64(const std::uint32_t* rtk, int rounds, const std::uint8_t* in, std::uint8_t* out, Obs& obs) {
    std::uint64_t s = loadBe64(in);
    if constexpr (Obs::enabled) record64(obs, kDecryption, 0, "input", s);
    for (int r = rounds - 1; r >= 0; --r) {
        const int round = rounds - r;
        // inverse MixColumns: from (a^c^d, a, b^c, a^c) recover a, c, b, d.
        {
            const std::uint64_t a = row64(s, 1), c = row64(s, 3) ^ a, b = row64(s, 2) ^ c;
            const std::uint64_t d = row64(s, 0) ^ row64(s, 3);
            s = rows64(a, b, c, d);
        }
        if constexpr (Obs::enabled) record64(obs, kDecryption, round, "inverse MixColumns", s);
        // inverse ShiftRows: row i rotates left by i cells, i.e. right by 4 - i.
        s = rows64(row64(s, 0), rotRowRight(row64(s, 1), 3), rotRowRight(row64(s, 2), 2),
                   rotRowRight(row64(s, 3), 1));
        if constexpr (Obs::enabled) record64(obs, kDecryption, round, "inverse ShiftRows", s);
        // AddRoundTweakey and AddConstants are XORs, hence their own inverses.
        s ^= std::uint64_t{rtk[r]} << 32;
        if constexpr (Obs::enabled) record64(obs, kDecryption, round, "AddRoundTweakey", s, rtk + r);
        const std::uint64_t rc = kRoundConstants[r];
        s ^= (rc & 0x0F) << 60 | (rc >> 4) << 44 | std::uint64_t{0x2} << 28;
        if constexpr (Obs::enabled) record64(obs, kDecryption, round, "AddConstants", s);
        // inverse SubCells: S4^-1 on every cell.
        s = invSubCells64(s);
        if constexpr (Obs::enabled) record64(obs, kDecryption, round, "inverse SubCells", s);
    }
    storeBe64(out, s);
}

struct VariantInfo {
    SkinnyVariant variant;
    std::string_view name;
    std::string_view id;
    std::size_t blockBytes;
    std::size_t tweakeyBytes;
    int rounds;
};

// Paper, Table 2 (tweakey size t = z * n, number of rounds).
constexpr std::array<VariantInfo, 6> kVariants = {{
    {SkinnyVariant::S64_64, "SKINNY-64-64", "skinny-64-64", 8, 8, 32},
    {SkinnyVariant::S64_128, "SKINNY-64-128", "skinny-64-128", 8, 16, 36},
    {SkinnyVariant::S64_192, "SKINNY-64-192", "skinny-64-192", 8, 24, 40},
    {SkinnyVariant::S128_128, "SKINNY-128-128", "skinny-128-128", 16, 16, 40},
    {SkinnyVariant::S128_256, "SKINNY-128-256", "skinny-128-256", 16, 32, 48},
    {SkinnyVariant::S128_384, "SKINNY-128-384", "skinny-128-384", 16, 48, 56},
}};

const VariantInfo& info(SkinnyVariant v) noexcept {
    for (const auto& i : kVariants)
        if (i.variant == v) return i;
    return kVariants[0]; // unreachable for valid enumerators
}

} // namespace

std::string_view skinnyName(SkinnyVariant v) noexcept {
    return info(v).name;
}

std::optional<SkinnyVariant> skinnyVariantFromId(std::string_view id) noexcept {
    for (const auto& i : kVariants)
        if (i.id == id) return i.variant;
    return std::nullopt;
}

std::size_t skinnyTweakeyBytes(SkinnyVariant v) noexcept {
    return info(v).tweakeyBytes;
}
std::size_t skinnyBlockBytes(SkinnyVariant v) noexcept {
    return info(v).blockBytes;
}
int skinnyRounds(SkinnyVariant v) noexcept {
    return info(v).rounds;
}

// The single-cell S-boxes go through the same code as the ciphers' SubCells layers.
std::uint8_t skinnySbox4(std::uint8_t x) noexcept {
    return std::uint8_t(subCells64(x & 0x0Fu) & 0x0Fu);
}
std::uint8_t skinnySbox4Inverse(std::uint8_t x) noexcept {
    return std::uint8_t(invSubCells64(x & 0x0Fu) & 0x0Fu);
}
std::uint8_t skinnySbox8(std::uint8_t x) noexcept {
    return std::uint8_t(subRow(kS8.sub, x));
}
std::uint8_t skinnySbox8Inverse(std::uint8_t x) noexcept {
    return std::uint8_t(subRow(kS8.invSub, x));
}

// The key schedule below and the analysis (tweakey dependency) share these definitions.
const std::array<int, 16>& skinnyTweakeyPermutation() noexcept {
    return kPT;
}
std::uint8_t skinnyLfsrTk2(std::uint8_t cell, bool wideCells) noexcept {
    return lfsrTk2(cell, wideCells);
}
std::uint8_t skinnyLfsrTk3(std::uint8_t cell, bool wideCells) noexcept {
    return lfsrTk3(cell, wideCells);
}

Skinny::Skinny(SkinnyVariant variant, ByteView tweakey, int rounds) : m_variant(variant) {
    const VariantInfo& vi = info(variant);
    if (tweakey.size() != vi.tweakeyBytes)
        throw InvalidArgument("tweakey must be " + std::to_string(vi.tweakeyBytes) + " bytes for " +
                              std::string(vi.name) + ", got " + std::to_string(tweakey.size()));
    if (rounds < 0 || rounds > vi.rounds)
        throw InvalidArgument("rounds must be 1.." + std::to_string(vi.rounds) + " for " +
                              std::string(vi.name) + " (0 = standard), got " + std::to_string(rounds));
    m_rounds = rounds == 0 ? vi.rounds : rounds;
    m_wide = vi.blockBytes == 16;

    // Unpack TK1..TKz into cells (row by row, same cell order as the state).
    const std::size_t z = vi.tweakeyBytes / vi.blockBytes;
    std::array<std::array<std::uint8_t, 16>, 3> tk{};
    for (std::size_t t = 0; t < z; ++t) {
        const std::uint8_t* p = tweakey.data() + t * vi.blockBytes;
        for (int i = 0; i < 16; ++i)
            tk[t][i] =
                m_wide ? p[i] : static_cast<std::uint8_t>(i % 2 == 0 ? p[i / 2] >> 4 : p[i / 2] & 0x0F);
    }

    for (int r = 0; r < m_rounds; ++r) {
        // Round tweakey: the first two rows of TK1 ^ TK2 ^ TK3.
        std::array<std::uint8_t, 8> cells{};
        for (std::size_t t = 0; t < z; ++t)
            for (int i = 0; i < 8; ++i)
                cells[i] ^= tk[t][i];
        if (m_wide) {
            m_rtk[2 * r] = loadLe32(cells.data());
            m_rtk[2 * r + 1] = loadLe32(cells.data() + 4);
        } else {
            std::uint32_t w = 0;
            for (int i = 0; i < 8; ++i)
                w = (w << 4) | cells[i];
            m_rtk[r] = w;
        }
        // Tweakey update for the next round: PT on every array, then the cell LFSRs on the first
        // two rows of TK2 and TK3 (TK1 has no LFSR).
        for (std::size_t t = 0; t < z; ++t) {
            std::array<std::uint8_t, 16> next{};
            for (int i = 0; i < 16; ++i)
                next[i] = tk[t][kPT[i]];
            for (int i = 0; i < 8; ++i) {
                if (t == 1) next[i] = lfsrTk2(next[i], m_wide);
                if (t == 2) next[i] = lfsrTk3(next[i], m_wide);
            }
            tk[t] = next;
        }
    }
}

std::size_t Skinny::blockSize() const noexcept {
    return m_wide ? 16 : 8;
}

std::string Skinny::name() const {
    return std::string(skinnyName(m_variant));
}

void Skinny::encryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    NoTrace none;
    if (m_wide)
        encrypt128(m_rtk.data(), m_rounds, in, out, none);
    else
        encrypt64(m_rtk.data(), m_rounds, in, out, none);
}

void Skinny::decryptBlock(const std::uint8_t* in, std::uint8_t* out) const noexcept {
    NoTrace none;
    if (m_wide)
        decrypt128(m_rtk.data(), m_rounds, in, out, none);
    else
        decrypt64(m_rtk.data(), m_rounds, in, out, none);
}

// The traced paths go through the StepSink instantiation, so recorder and analysis share one copy.
void Skinny::encryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const {
    trace.layout = layout();
    TraceRecorder rec(trace);
    encryptBlockObserved(in, out, rec);
}

void Skinny::decryptBlockTraced(const std::uint8_t* in, std::uint8_t* out, Trace& trace) const {
    trace.layout = layout();
    TraceRecorder rec(trace);
    StepSink& sink = rec;
    if (m_wide)
        decrypt128(m_rtk.data(), m_rounds, in, out, sink);
    else
        decrypt64(m_rtk.data(), m_rounds, in, out, sink);
}

void Skinny::encryptBlockObserved(const std::uint8_t* in, std::uint8_t* out, StepSink& sink) const {
    if (m_wide)
        encrypt128(m_rtk.data(), m_rounds, in, out, sink);
    else
        encrypt64(m_rtk.data(), m_rounds, in, out, sink);
}

StateLayout Skinny::layout() const {
    if (m_wide)
        return {"skinny-128",
                4,
                4,
                8,
                "",
                "16 bytes, one cell per byte: cells 0..15 row by row (cell 4*row+col = byte 4*row+col)"};
    return {"skinny-64",
            4,
            4,
            4,
            "",
            "8 bytes, two cells per byte: cells 0..15 row by row, cell 2k = high nibble of byte k, "
            "cell 2k+1 = low nibble"};
}

} // namespace rs::crypto
