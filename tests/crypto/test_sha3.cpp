// SHA-3 / SHAKE (FIPS 202) against every record of NIST CAVP's byte-oriented response files
// (resources/vectors/fips202/*.rsp), the sponge's incremental absorb/squeeze against the same answers, and
// Keccak-f[1600]'s round steps against XKCP's published intermediate values
// (resources/vectors/fips202/KeccakF-1600-IntermediateValues.txt).

#include "tests/testsupport.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <functional>
#include <random>
#include <sstream>

#include "core/crypto/keccak.h"
#include "core/crypto/sha3.h"
#include "core/fileio/safefile.h"

using namespace rs::crypto;

namespace {

// A CAVP record's message: Msg holds Len bits (byte-oriented files: Len is a multiple of 8; Len = 0 comes
// with Msg = 00, which stands for the empty message).
Bytes cavpMessage(const rs::core::KatRecord& r) {
    const std::size_t bits = std::stoul(r.text("Len"));
    EXPECT_EQ(bits % 8, 0u) << "byte-oriented file with a bit length";
    Bytes msg = r.hex("Msg");
    EXPECT_GE(msg.size(), bits / 8);
    msg.resize(bits / 8);
    return msg;
}

using HashFn = Bytes (*)(ByteView);

// Every record of a SHA3-x ShortMsg/LongMsg file: the section header [L = x] names the digest size.
void checkSha3File(const std::string& file, std::size_t count, HashFn hash, int digestBits) {
    rs::test::forEachKatRecord("fips202/" + file, count, "Len", [&](const rs::core::KatRecord& r) {
        ASSERT_EQ(r.section.at("L"), std::to_string(digestBits));
        const Bytes md = r.hex("MD");
        ASSERT_EQ(md.size() * 8, static_cast<std::size_t>(digestBits));
        EXPECT_EQ(toHex(hash(cavpMessage(r))), toHex(md));
    });
}

// SHAKE128 or SHAKE256 with either permutation (the model or the fast Keccak-f[1600]).
using XofFn = Bytes (*)(ByteView, std::size_t, KeccakPermutation);
constexpr KeccakPermutation kPerms[] = {KeccakPermutation::Reference, KeccakPermutation::Fast};

// SHAKE ShortMsg/LongMsg: fixed output length from the [Outputlen = n] header.
void checkShakeFile(const std::string& file, std::size_t count, XofFn xof, int outBits) {
    rs::test::forEachKatRecord("fips202/" + file, count, "Len", [&](const rs::core::KatRecord& r) {
        ASSERT_EQ(r.section.at("Outputlen"), std::to_string(outBits));
        const Bytes out = r.hex("Output");
        ASSERT_EQ(out.size() * 8, static_cast<std::size_t>(outBits));
        for (KeccakPermutation p : kPerms)
            EXPECT_EQ(toHex(xof(cavpMessage(r), out.size(), p)), toHex(out)) << static_cast<int>(p);
    });
}

// SHAKE VariableOut: one message length (the [Input Length] header), output length per record.
void checkShakeVariableOut(const std::string& file, std::size_t count, XofFn xof, int inBits) {
    rs::test::forEachKatRecord("fips202/" + file, count, "COUNT", [&](const rs::core::KatRecord& r) {
        ASSERT_EQ(r.section.at("Input Length"), std::to_string(inBits));
        const Bytes msg = r.hex("Msg");
        ASSERT_EQ(msg.size() * 8, static_cast<std::size_t>(inBits));
        const Bytes out = r.hex("Output");
        ASSERT_EQ(r.text("Outputlen"), std::to_string(out.size() * 8));
        for (KeccakPermutation p : kPerms)
            EXPECT_EQ(toHex(xof(msg, out.size(), p)), toHex(out)) << static_cast<int>(p);
    });
}

// Splits n into random pieces (zero-length pieces included) and calls f(offset, length) for each.
void randomPieces(std::mt19937& rng, std::size_t n, std::size_t maxPiece,
                  const std::function<void(std::size_t, std::size_t)>& f) {
    std::size_t at = 0;
    while (at < n) {
        const std::size_t len =
            std::min(n - at, std::uniform_int_distribution<std::size_t>(0, maxPiece)(rng));
        f(at, len);
        at += len;
    }
    f(at, 0);
}

// Absorbs msg in random pieces, squeezes outBytes in random pieces.
Bytes piecewise(KeccakSponge s, std::mt19937& rng, ByteView msg, std::size_t outBytes, std::size_t maxPiece) {
    randomPieces(rng, msg.size(), maxPiece,
                 [&](std::size_t at, std::size_t len) { s.absorb(msg.subspan(at, len)); });
    Bytes out(outBytes);
    randomPieces(rng, outBytes, maxPiece, [&](std::size_t at, std::size_t len) {
        s.squeeze(std::span<std::uint8_t>(out).subspan(at, len));
    });
    return out;
}

} // namespace

// ---- SHA3-224/256/384/512: every record of the CAVP SHA3AllBytes1-28-16 files ----

TEST(Sha3Cavp, Sha3_224ShortMsg) {
    checkSha3File("SHA3_224ShortMsg.rsp", 145, sha3_224, 224);
}
TEST(Sha3Cavp, Sha3_224LongMsg) {
    checkSha3File("SHA3_224LongMsg.rsp", 100, sha3_224, 224);
}
TEST(Sha3Cavp, Sha3_256ShortMsg) {
    checkSha3File("SHA3_256ShortMsg.rsp", 137, sha3_256, 256);
}
TEST(Sha3Cavp, Sha3_256LongMsg) {
    checkSha3File("SHA3_256LongMsg.rsp", 100, sha3_256, 256);
}
TEST(Sha3Cavp, Sha3_384ShortMsg) {
    checkSha3File("SHA3_384ShortMsg.rsp", 105, sha3_384, 384);
}
TEST(Sha3Cavp, Sha3_384LongMsg) {
    checkSha3File("SHA3_384LongMsg.rsp", 100, sha3_384, 384);
}
TEST(Sha3Cavp, Sha3_512ShortMsg) {
    checkSha3File("SHA3_512ShortMsg.rsp", 73, sha3_512, 512);
}
TEST(Sha3Cavp, Sha3_512LongMsg) {
    checkSha3File("SHA3_512LongMsg.rsp", 100, sha3_512, 512);
}

// ---- SHAKE128/256: every record of the CAVP SHAKE3AllBytesGT files ----

TEST(ShakeCavp, Shake128ShortMsg) {
    checkShakeFile("SHAKE128ShortMsg.rsp", 337, shake128, 128);
}
TEST(ShakeCavp, Shake128LongMsg) {
    checkShakeFile("SHAKE128LongMsg.rsp", 100, shake128, 128);
}
TEST(ShakeCavp, Shake128VariableOut) {
    checkShakeVariableOut("SHAKE128VariableOut.rsp", 1126, shake128, 128);
}
TEST(ShakeCavp, Shake256ShortMsg) {
    checkShakeFile("SHAKE256ShortMsg.rsp", 273, shake256, 256);
}
TEST(ShakeCavp, Shake256LongMsg) {
    checkShakeFile("SHAKE256LongMsg.rsp", 100, shake256, 256);
}
TEST(ShakeCavp, Shake256VariableOut) {
    checkShakeVariableOut("SHAKE256VariableOut.rsp", 1246, shake256, 256);
}

// ---- incremental use of the sponge ----

// Every LongMsg record (messages of many rate blocks) absorbed in random pieces, its output squeezed in
// random pieces, gives the file's answer; so does every VariableOut record (outputs up to 250 bytes, more
// than one SHAKE256 block; pieces of 0..20 bytes, so most start and end inside a lane). Both permutations.
TEST(ShakeIncremental, RandomPiecesGiveTheCavpAnswers) {
    std::mt19937 rng(202);
    struct File {
        const char* name;
        std::size_t count;
        std::function<KeccakSponge(KeccakPermutation)> make;
        const char* label;
        std::size_t maxPiece;
    };
    const auto s128 = [](KeccakPermutation p) -> KeccakSponge { return Shake128(p); };
    const auto s256 = [](KeccakPermutation p) -> KeccakSponge { return Shake256(p); };
    const File files[] = {{"SHAKE128LongMsg.rsp", 100, s128, "Len", 300},
                          {"SHAKE256LongMsg.rsp", 100, s256, "Len", 300},
                          {"SHAKE128VariableOut.rsp", 1126, s128, "COUNT", 20},
                          {"SHAKE256VariableOut.rsp", 1246, s256, "COUNT", 20}};
    for (const File& f : files)
        rs::test::forEachKatRecord(std::string("fips202/") + f.name, f.count, f.label, [&](const auto& r) {
            const Bytes msg = r.has("Len") ? cavpMessage(r) : r.hex("Msg");
            const Bytes out = r.hex("Output");
            for (KeccakPermutation p : kPerms)
                EXPECT_EQ(toHex(piecewise(f.make(p), rng, msg, out.size(), f.maxPiece)), toHex(out))
                    << f.name << " permutation " << static_cast<int>(p);
        });
}

// SHA3-256 through the sponge class (rate 136, domain byte 0x06), in random pieces, on every LongMsg record,
// with either permutation.
TEST(Sha3Incremental, Sha3_256LongMsgInRandomPieces) {
    std::mt19937 rng(256);
    rs::test::forEachKatRecord("fips202/SHA3_256LongMsg.rsp", 100, "Len", [&](const auto& r) {
        const Bytes msg = cavpMessage(r);
        for (KeccakPermutation p : kPerms)
            EXPECT_EQ(toHex(piecewise(KeccakSponge(136, 0x06, p), rng, msg, 32, 200)), toHex(r.hex("MD")))
                << static_cast<int>(p);
    });
}

// Long outputs (many squeeze blocks) and messages straddling the rate: pieces equal one squeeze.
TEST(ShakeIncremental, LongOutputsInPiecesEqualOneShot) {
    std::mt19937 rng(128);
    for (std::size_t msgLen : {0, 1, 135, 136, 137, 167, 168, 169, 1000}) {
        Bytes msg(msgLen);
        for (auto& b : msg)
            b = static_cast<std::uint8_t>(rng());
        for (int trial = 0; trial < 4; ++trial)
            for (KeccakPermutation p : kPerms) {
                EXPECT_EQ(toHex(piecewise(Shake128(p), rng, msg, 2000, trial * 100 + 13)),
                          toHex(shake128(msg, 2000)))
                    << msgLen;
                EXPECT_EQ(toHex(piecewise(Shake256(p), rng, msg, 2000, trial * 100 + 13)),
                          toHex(shake256(msg, 2000)))
                    << msgLen;
            }
        // A longer squeeze begins with the shorter one (an XOF's output is a prefix-consistent stream).
        const Bytes longOut = shake256(msg, 2000);
        EXPECT_EQ(toHex(Bytes(longOut.begin(), longOut.begin() + 77)), toHex(shake256(msg, 77)));
    }
}

TEST(KeccakSponge, AbsorbAfterSqueezeThrowsAndResetStartsOver) {
    const Bytes msg = rs::test::hex("0e");
    Shake128 s;
    s.absorb(msg);
    const Bytes first = s.squeeze(16);
    EXPECT_EQ(toHex(first), "FA996DAFAA208D72287C23BC4ED4BFD5"); // SHAKE128ShortMsg.rsp, Len = 8
    EXPECT_THROW(s.absorb(msg), InvalidArgument);
    s.reset();
    s.absorb(msg);
    EXPECT_EQ(toHex(s.squeeze(16)), toHex(first));
}

// ---- Keccak-f[1600] against XKCP's KeccakF-1600-IntermediateValues.txt ----

namespace {

// The file's two examples: the all-zero input, then the first example's output permuted again. Each has
// the input (200 bytes, then 5 rows (y) of 5 lanes (x) in hex), the state after every step of rounds 0..23
// (θ, ρ, π, χ, ι; lanes) and the output (bytes).
struct XkcpExample {
    KeccakState input{};
    Bytes inputBytes;
    std::vector<KeccakState> steps; // 24 x 5, round-major
    KeccakState output{};
    Bytes outputBytes;
};

struct XkcpFile {
    std::array<std::uint64_t, 24> rc{};
    std::array<int, 25> rho{}; // index x + 5y
    std::vector<XkcpExample> examples;
};

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
        if (!l.empty() && l.back() == '\r') l.pop_back();
        out.push_back(l);
    }
    return out;
}

KeccakState readLanes(const std::vector<std::string>& ls, std::size_t at) {
    KeccakState a{};
    for (int y = 0; y < 5; ++y) {
        std::istringstream row(ls.at(at + static_cast<std::size_t>(y)));
        for (int x = 0; x < 5; ++x) {
            std::string word;
            row >> word;
            EXPECT_EQ(word.size(), 16u) << "line " << at + y + 1;
            if (word.size() != 16) return a;
            a[static_cast<std::size_t>(x + 5 * y)] = loadBe64(fromHex(word).data());
        }
    }
    return a;
}

Bytes readByteLine(const std::string& line) {
    std::string hex;
    for (char c : line)
        if (std::isxdigit(static_cast<unsigned char>(c))) hex += c;
    return fromHex(hex);
}

XkcpFile readXkcp() {
    const std::string path = rs::test::vectorPath("fips202/KeccakF-1600-IntermediateValues.txt");
    const auto ls = lines(rs::fileio::readFileBounded(path, 1 << 20, "XKCP intermediate values"));
    XkcpFile f;
    for (std::size_t i = 0; i < ls.size(); ++i) {
        const std::string& l = ls[i];
        unsigned x = 0, y = 0, off = 0;
        char hex[17] = {};
        if (std::sscanf(l.c_str(), "RC[%u][0][0] = %16s", &x, hex) == 2) {
            f.rc.at(x) = loadBe64(fromHex(hex).data());
        } else if (std::sscanf(l.c_str(), "RhoOffset[%u][%u] = %u", &x, &y, &off) == 3) {
            f.rho.at(x + 5 * y) = static_cast<int>(off);
        } else if (l == "Input of permutation:") {
            f.examples.emplace_back();
            f.examples.back().inputBytes = readByteLine(ls.at(i + 1));
            EXPECT_EQ(ls.at(i + 3), "Same, with lanes as 64-bit words:");
            f.examples.back().input = readLanes(ls, i + 4);
        } else if (l.rfind("After ", 0) == 0) {
            f.examples.back().steps.push_back(readLanes(ls, i + 1));
        } else if (l == "State after permutation:") {
            // The output is listed as bytes only; as lanes it is the state after the last ι.
            f.examples.back().outputBytes = readByteLine(ls.at(i + 1));
            if (!f.examples.back().steps.empty()) f.examples.back().output = f.examples.back().steps.back();
        }
    }
    return f;
}

std::string stateHex(const KeccakState& a) {
    const auto b = keccakStateBytes(a);
    return toHex(b);
}

const char* const kStepNames[5] = {"θ theta", "ρ rho", "π pi", "χ chi", "ι iota"};

} // namespace

TEST(KeccakF1600Xkcp, FileHasTwoCompleteExamples) {
    const XkcpFile f = readXkcp();
    ASSERT_EQ(f.examples.size(), 2u);
    for (const auto& e : f.examples) {
        EXPECT_EQ(e.steps.size(), 120u);
        EXPECT_EQ(e.inputBytes.size(), kKeccakStateBytes);
        EXPECT_EQ(e.outputBytes.size(), kKeccakStateBytes);
    }
    EXPECT_EQ(stateHex(f.examples[1].input), stateHex(f.examples[0].output));
}

TEST(KeccakF1600Xkcp, RoundConstantsAndRhoOffsets) {
    const XkcpFile f = readXkcp();
    for (int i = 0; i < 24; ++i)
        EXPECT_EQ(kKeccakRoundConstants[i], f.rc[i]) << "RC[" << i << "]";
    for (int i = 0; i < 25; ++i)
        EXPECT_EQ(kKeccakRhoOffsets[i], f.rho[i]) << "lane x = " << i % 5 << ", y = " << i / 5;
}

// Keccak-f[1600] of the all-zero state, and of that output, equal the file's; the byte order of
// keccakStateBytes equals the file's byte listing.
TEST(KeccakF1600Xkcp, ZeroStateAndItsImage) {
    const XkcpFile f = readXkcp();
    ASSERT_EQ(f.examples.size(), 2u);
    KeccakState a{};
    keccakF1600(a);
    EXPECT_EQ(stateHex(a), stateHex(f.examples[0].output));
    EXPECT_EQ(stateHex(a), toHex(f.examples[0].outputBytes));
    keccakF1600(a);
    EXPECT_EQ(stateHex(a), stateHex(f.examples[1].output));
    EXPECT_EQ(stateHex(a), toHex(f.examples[1].outputBytes));
    EXPECT_EQ(stateHex(keccakStateFromBytes(f.examples[1].inputBytes)), toHex(f.examples[1].inputBytes));
    EXPECT_EQ(stateHex(f.examples[1].input), toHex(f.examples[1].inputBytes));
}

// keccakP1600Observed reports 1 + 24 x 5 steps: the input, then after every step of every round the
// state XKCP lists; ι carries the round constant; the last state is keccakF1600's result.
TEST(KeccakF1600Xkcp, ObservedStepsEqualTheIntermediateValues) {
    const XkcpFile f = readXkcp();
    ASSERT_EQ(f.examples.size(), 2u);
    for (std::size_t ex = 0; ex < 2; ++ex) {
        SCOPED_TRACE("example " + std::to_string(ex + 1));
        const XkcpExample& e = f.examples[ex];
        ASSERT_EQ(e.steps.size(), 120u);
        KeccakState a = e.input;
        Trace t;
        TraceRecorder rec(t);
        keccakP1600Observed(a, 24, rec);
        ASSERT_EQ(t.steps.size(), 1u + 24u * 5u);
        EXPECT_EQ(t.steps[0].phase, "Keccak-f[1600]");
        EXPECT_EQ(t.steps[0].round, 0);
        EXPECT_EQ(t.steps[0].step, "input");
        EXPECT_EQ(toHex(t.steps[0].state), stateHex(e.input));
        for (int r = 0; r < 24; ++r)
            for (int s = 0; s < 5; ++s) {
                const TraceStep& st = t.steps[static_cast<std::size_t>(1 + 5 * r + s)];
                SCOPED_TRACE("round " + std::to_string(r) + " (XKCP numbering), " + kStepNames[s]);
                EXPECT_EQ(st.phase, "Keccak-f[1600]");
                EXPECT_EQ(st.round, r + 1);
                EXPECT_EQ(st.step, kStepNames[s]);
                EXPECT_EQ(toHex(st.state), stateHex(e.steps[static_cast<std::size_t>(5 * r + s)]));
                if (s == 4) {
                    Bytes rc(8);
                    storeLe64(rc.data(), f.rc[static_cast<std::size_t>(r)]);
                    EXPECT_EQ(toHex(st.roundKey), toHex(rc));
                } else {
                    EXPECT_TRUE(st.roundKey.empty());
                }
            }
        KeccakState g = e.input;
        keccakF1600(g);
        EXPECT_EQ(toHex(t.steps.back().state), stateHex(g));
        EXPECT_EQ(stateHex(a), stateHex(g));
        EXPECT_EQ(stateHex(a), stateHex(e.output));
    }
}

// Keccak-p[1600, n_r] is the last n_r rounds: started from XKCP's state after round 23 - n_r, it ends
// in the file's output, for every n_r; the observed run reports 1 + 5 n_r steps with rounds 1..n_r.
TEST(KeccakP1600, LastRoundsFromTheIntermediateState) {
    const XkcpFile f = readXkcp();
    ASSERT_EQ(f.examples.size(), 2u);
    const XkcpExample& e = f.examples[1];
    ASSERT_EQ(e.steps.size(), 120u);
    for (int n = 1; n <= 24; ++n) {
        SCOPED_TRACE("n_r = " + std::to_string(n));
        const KeccakState start = n == 24 ? e.input : e.steps[static_cast<std::size_t>(5 * (23 - n) + 4)];
        KeccakState a = start;
        keccakP1600(a, n);
        EXPECT_EQ(stateHex(a), stateHex(e.output));
        KeccakState b = start;
        Trace t;
        TraceRecorder rec(t);
        keccakP1600Observed(b, n, rec);
        ASSERT_EQ(t.steps.size(), 1u + 5u * static_cast<std::size_t>(n));
        EXPECT_EQ(t.steps[1].round, 1);
        EXPECT_EQ(t.steps.back().round, n);
        EXPECT_EQ(toHex(t.steps.back().state), stateHex(e.output));
        // The first ι of Keccak-p[1600, n_r] uses RC[24 - n_r].
        Bytes rc(8);
        storeLe64(rc.data(), f.rc[static_cast<std::size_t>(24 - n)]);
        EXPECT_EQ(toHex(t.steps[5].roundKey), toHex(rc));
    }
}

TEST(KeccakP1600, RejectsRoundCountsOutside1To24AndWrongStateSizes) {
    KeccakState a{};
    Trace t;
    TraceRecorder rec(t);
    for (int bad : {-1, 0, 25}) {
        EXPECT_THROW(keccakP1600(a, bad), InvalidArgument) << bad;
        EXPECT_THROW(keccakP1600Observed(a, bad, rec), InvalidArgument) << bad;
    }
    EXPECT_TRUE(t.steps.empty());
    EXPECT_THROW(keccakStateFromBytes(Bytes(199)), InvalidArgument);
    EXPECT_THROW(keccakStateFromBytes(Bytes(201)), InvalidArgument);
    const StateLayout l = keccakLayout();
    EXPECT_EQ(l.rows * l.cols * l.cellBits, 1600);
}
