// The registry's rows: each algorithm's model, sizes, spec examples, official vector files, trace layout and
// analysis profile, written once. The tables and lookups are in algorithms.cpp.
#include "core/oracle/algorithmrows.h"
#include "core/oracle/keccakrows.h"

#include "core/crypto/asconhash.h"
#include "core/crypto/asconpermutation.h"
#include "core/crypto/gcm.h"
#include "core/crypto/lea.h"
#include "core/crypto/sha3.h"
#include "core/crypto/skinny.h"

#include <random>

namespace rs::oracle::detail {

namespace {

using F = VariedField;

// ---- Ascon: the permutation, the AEAD modes (v1.2 and SP 800-232), hash and XOF ----

// The Ascon-128 v1.2 initial state IV || K || N for the KAT key and nonce: a state a student can
// recognise (the IV word and two counting patterns) that still mixes fully.
constexpr const char* kAsconInitialState = "80400C0600000000"
                                           "0001020304050607"
                                           "08090A0B0C0D0E0F"
                                           "1011121314151617"
                                           "18191A1B1C1D1E1F";

// Ascon's 320-bit state and the fields the analysis varies in it: the AEAD initial state is
// IV (x0) || key (x1, x2) || nonce (x3, x4).
constexpr int kAsconStateBits = 320, kAsconFieldBits = 128, kAsconRounds = 12;

PermutationAlgorithm asconPermutation() {
    PermutationAlgorithm p;
    p.id = "ascon-p";
    p.displayName = "Ascon-p";
    p.layout = crypto::asconLayout();
    p.stateBytes = 40;
    p.standardRounds = kAsconRounds;
    p.permuteTraced = [](ByteView state, int rounds, crypto::Trace& trace) {
        crypto::AsconState s = crypto::asconStateFromBytes(state);
        crypto::asconPermuteTraced(s, rounds == 0 ? kAsconRounds : rounds, trace);
        return crypto::asconStateBytes(s);
    };
    p.explorer.name = "Ascon-p (permutation)";
    p.explorer.inputs = {{"state", "State x0‖x1‖x2‖x3‖x4", 40, kAsconInitialState, {}, {}, F::State}};
    p.diffusion.name = "Ascon-p";
    p.diffusion.stateBytes = 40;
    p.diffusion.standardRounds = kAsconRounds;
    p.diffusion.fields = {
        {F::State, kAsconStateBits}, {F::Key, kAsconFieldBits}, {F::Nonce, kAsconFieldBits}};
    p.diffusion.fastPath = FastPath::Ascon;
    return p;
}

AeadAlgorithm asconAead(std::string id, crypto::AsconAeadVariant v, std::string katFile) {
    AeadAlgorithm a;
    a.id = std::move(id);
    a.displayName = std::string(crypto::asconAeadName(v));
    a.ascon = v;
    a.layout = crypto::asconLayout();
    a.vectorFiles = {"ascon/" + std::move(katFile)};
    // The oracle's answer and cpu.impl = reference are the step-by-step model (the code the explorer
    // traces), never the fast path it judges.
    a.encrypt = [v](ByteView k, ByteView n, ByteView ad, ByteView pt) {
        return crypto::asconEncryptModel(v, k, n, ad, pt);
    };
    a.decrypt = [v](ByteView k, ByteView n, ByteView ad, ByteView ct, ByteView tag) {
        return crypto::asconDecryptModel(v, k, n, ad, ct, tag);
    };
    a.encryptTraced = [v](ByteView k, ByteView n, ByteView ad, ByteView pt, crypto::Trace& t) {
        return crypto::asconEncryptTraced(v, k, n, ad, pt, t);
    };
    a.encryptInto = [v](ByteView k, ByteView n, ByteView ad, ByteView pt, std::span<std::uint8_t> ct,
                        std::span<std::uint8_t> tag) { crypto::asconEncryptInto(v, k, n, ad, pt, ct, tag); };
    a.decryptInto = [v](ByteView k, ByteView n, ByteView ad, ByteView ct, ByteView tag,
                        std::span<std::uint8_t> pt) {
        return crypto::asconDecryptInto(v, k, n, ad, ct, tag, pt);
    };
    // Key and nonce as in the LWC KAT files (Count = 1), a short AD and one plaintext block.
    a.explorer.inputs = {{"key", "Key", 16, "000102030405060708090A0B0C0D0E0F", {}, {}, F::Key},
                         {"nonce", "Nonce", 16, "101112131415161718191A1B1C1D1E1F", {}, {}, F::Nonce},
                         {"ad", "Associated data", -1, "30313233"},
                         {"pt", "Plaintext", -1, "202122232425262728292A2B2C2D2E2F"}};
    // p^a = 12 for all three; p^b = 6 for Ascon-128 v1.2, 8 for Ascon-128a and Ascon-AEAD128.
    a.explorer.fixedRounds = v == crypto::AsconAeadVariant::Ascon128v12 ? "p¹² and p⁶" : "p¹² and p⁸";
    // The analysis: the initialization permutation p^a, with the key and nonce loaded as this variant
    // loads them (SP 800-232 little-endian words, v1.2 big-endian). A mode's nonce changes per message:
    // the field whose diffusion matters most comes first.
    a.diffusion.name = a.displayName + " initialization";
    a.diffusion.stateBytes = 40;
    a.diffusion.standardRounds = kAsconRounds;
    a.diffusion.fields = {
        {F::Nonce, kAsconFieldBits}, {F::Key, kAsconFieldBits}, {F::State, kAsconStateBits}};
    a.diffusion.fastPath = FastPath::Ascon;
    a.diffusion.littleEndianWords = v == crypto::AsconAeadVariant::AsconAead128;
    if (v == crypto::AsconAeadVariant::AsconAead128) a.cpuFastPath = CpuFastPath::AsconLanes;
    return a;
}

HashAlgorithm asconHash(std::string id, crypto::AsconHashVariant v, bool xof, std::string katFile) {
    HashAlgorithm h;
    h.id = std::move(id);
    h.displayName = std::string(crypto::asconHashName(v));
    h.vectorFiles = {"ascon/" + std::move(katFile)};
    h.extendable = xof;
    h.defaultOutBytes = 32;
    h.hash = [v](ByteView msg, std::size_t out) { return crypto::asconHash(v, msg, out); };
    return h;
}

// ---- SHA-3 and SHAKE (FIPS 202) ----

// A FIPS 202 function: SHA3-224/256/384/512 (a fixed digest of outBytes) or SHAKE128/256 (an XOF; its default
// output is twice its security strength: 32 and 64 bytes). The vectors are byte-oriented records of NIST's
// CAVP ShortMsg files (resources/vectors/SOURCES.md, sha3/).
HashAlgorithm fips202(std::string id, std::string displayName, std::size_t outBytes, std::string katFile) {
    HashAlgorithm h;
    h.id = std::move(id);
    h.displayName = std::move(displayName);
    h.vectorFiles = {"sha3/" + std::move(katFile)};
    h.defaultOutBytes = outBytes;
    return h;
}

HashAlgorithm sha3Hash(std::string id, std::string name, std::size_t outBytes, Bytes (*digest)(ByteView),
                       std::string katFile) {
    HashAlgorithm h = fips202(std::move(id), std::move(name), outBytes, std::move(katFile));
    h.hash = [digest](ByteView msg, std::size_t) { return digest(msg); };
    // The fast path: the same sponge (rate 200 - 2 x digest bytes, domain bits 01) over the fast permutation.
    h.hashFast = [outBytes](ByteView msg, std::size_t) {
        crypto::KeccakSponge sponge(crypto::kKeccakStateBytes - 2 * outBytes, 0x06,
                                    crypto::KeccakPermutation::Fast);
        sponge.absorb(msg);
        return sponge.squeeze(outBytes);
    };
    return h;
}

HashAlgorithm shakeXof(std::string id, std::string name, std::size_t outBytes,
                       Bytes (*xof)(ByteView, std::size_t, crypto::KeccakPermutation), std::string katFile) {
    HashAlgorithm h = fips202(std::move(id), std::move(name), outBytes, std::move(katFile));
    h.extendable = true;
    h.hash = [xof](ByteView msg, std::size_t out) {
        return xof(msg, out, crypto::KeccakPermutation::Reference);
    };
    h.hashFast = [xof](ByteView msg, std::size_t out) {
        return xof(msg, out, crypto::KeccakPermutation::Fast);
    };
    return h;
}

// ---- LEA (KS X 3246) and LEA-GCM ----

AeadAlgorithm leaGcm(int bits) {
    AeadAlgorithm a;
    a.id = "lea-" + std::to_string(bits) + "-gcm";
    a.displayName = "LEA-" + std::to_string(bits) + "-GCM";
    a.vectorFiles = {"lea/lea_kisa_gcm.txt"};
    a.keyBytes = static_cast<std::size_t>(bits / 8);
    a.nonceBytes = 12;
    a.encrypt = [](ByteView k, ByteView n, ByteView ad, ByteView pt) {
        return crypto::gcmEncrypt(crypto::Lea(k), n, ad, pt);
    };
    a.decrypt = [](ByteView k, ByteView n, ByteView ad, ByteView ct, ByteView tag) {
        return crypto::gcmDecrypt(crypto::Lea(k), n, ad, ct, tag);
    };
    a.cpuFastPath = CpuFastPath::LeaGcm;
    return a;
}

// A block cipher's explorer inputs and analysis profile: the key (or whole tweakey) and the block, both
// varied by the analysis, the block first.
void blockProfiles(BlockAlgorithm& b, std::string keyLabel, std::string keyExample, std::string ptExample) {
    const int kb = static_cast<int>(b.keyBytes), bb = static_cast<int>(b.blockBytes);
    b.explorer.inputs = {{"key", std::move(keyLabel), kb, std::move(keyExample), {}, {}, F::Key},
                         {"pt", "Plaintext", bb, std::move(ptExample), {}, {}, F::Plaintext}};
    b.diffusion.name = b.displayName;
    b.diffusion.stateBytes = bb;
    b.diffusion.keyBytes = kb;
    b.diffusion.standardRounds = b.standardRounds;
    b.diffusion.fields = {{F::Plaintext, 8 * bb}, {F::Key, 8 * kb}};
}

// The examples are the spec's (KS X 3246 appendix), as in resources/vectors/lea/lea_spec_kat.txt.
BlockAlgorithm lea(int bits, std::string keyExample, std::string ptExample) {
    BlockAlgorithm b;
    b.id = "lea-" + std::to_string(bits);
    b.displayName = "LEA-" + std::to_string(bits);
    b.layout = crypto::Lea::layout();
    b.vectorFiles = {"lea/lea_kisa_ecb.txt", "lea/lea_spec_kat.txt"};
    b.ctrVectorFiles = {"lea/lea_kisa_ctr.txt"};
    b.keyBytes = static_cast<std::size_t>(bits / 8);
    b.blockBytes = 16;
    b.standardRounds = crypto::Lea::standardRounds(b.keyBytes);
    b.make = [](ByteView key, int rounds) -> std::unique_ptr<crypto::TracedBlockCipher> {
        return std::make_unique<crypto::Lea>(key, rounds);
    };
    blockProfiles(b, "Key", std::move(keyExample), std::move(ptExample));
    b.diffusion.fastPath = FastPath::Lea;
    b.cpuFastPath = CpuFastPath::LeaBlocks;
    return b;
}

// ---- SKINNY (Beierle et al., CRYPTO 2016) ----

std::string tweakeyLabel(std::size_t z) {
    std::string label = "Tweakey TK1";
    for (std::size_t i = 2; i <= z; ++i)
        label += "‖TK" + std::to_string(i);
    return label;
}

// The examples are the paper's test vectors (appendix B), as in resources/vectors/skinny.
BlockAlgorithm skinny(crypto::SkinnyVariant v, std::string id, std::string keyExample,
                      std::string ptExample) {
    BlockAlgorithm b;
    b.id = std::move(id);
    b.displayName = std::string(crypto::skinnyName(v));
    b.keyBytes = crypto::skinnyTweakeyBytes(v);
    b.blockBytes = crypto::skinnyBlockBytes(v);
    b.standardRounds = crypto::skinnyRounds(v);
    b.layout = crypto::Skinny(v, crypto::Bytes(b.keyBytes, 0), 1).layout();
    b.vectorFiles = {"skinny/skinny_paper_kat.txt"}; // no official CTR vectors
    b.make = [v](ByteView key, int rounds) -> std::unique_ptr<crypto::TracedBlockCipher> {
        return std::make_unique<crypto::Skinny>(v, key, rounds);
    };
    blockProfiles(b, tweakeyLabel(b.keyBytes / b.blockBytes), std::move(keyExample), std::move(ptExample));
    b.diffusion.cellBits = b.blockBytes == 16 ? 8 : 4;
    b.diffusion.fastPath = FastPath::Skinny;
    if (b.blockBytes == 16) b.cpuFastPath = CpuFastPath::SkinnyBlocks; // the bitsliced code is SKINNY-128's
    return b;
}

// ---- ML-DSA (FIPS 204) ring operations ----

// The explorer's check of a polynomial: "ML-DSA polynomial: coefficient 5 is 9000000, not in [0, q =
// 8380417)" names the field as the other field errors do: "Polynomial: coefficient 5 is ...".
std::string mldsaCheck(const crypto::Bytes& bytes) {
    try {
        crypto::mldsaPolyFromBytes(bytes);
    } catch (const crypto::InvalidArgument& e) {
        constexpr std::string_view prefix = "ML-DSA polynomial: ";
        const std::string what = e.what();
        return "Polynomial: " + (what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what);
    }
    return {};
}

crypto::Bytes mldsaRandom() {
    thread_local std::mt19937 engine{std::random_device{}()};
    std::uniform_int_distribution<std::int32_t> d(0, crypto::kMlDsaQ - 1);
    crypto::MlDsaPoly p{};
    for (auto& c : p)
        c = d(engine);
    return crypto::mldsaPolyToBytes(p);
}

MlDsaAlgorithm mldsa(std::string id, std::string displayName, MlDsaKind kind) {
    MlDsaAlgorithm m;
    m.id = std::move(id);
    m.displayName = std::move(displayName);
    m.kind = kind;
    m.twoOperands = kind == MlDsaKind::MultiplyNtt || kind == MlDsaKind::AddNtt;
    m.layout = crypto::mldsaPolyLayout();
    m.vectorFiles = {"mldsa/mldsa_ring_kat.txt"};
    return m;
}

// The transforms NTT and NTT⁻¹: one 1024-byte polynomial (256 big-endian 32-bit coefficients, each < q), 8
// layers. The explorer's NTT starts from w = (0, 1, 2, ..., 255), the polynomial 0 + 1·X + 2·X² + ... a
// student recognises; the inverse from NTT(w), so stepping it ends on that same polynomial.
MlDsaAlgorithm mldsaTransform(std::string id, std::string displayName, bool inverse) {
    MlDsaAlgorithm m =
        mldsa(std::move(id), std::move(displayName), inverse ? MlDsaKind::InverseNtt : MlDsaKind::Ntt);
    m.transformTraced = [inverse](ByteView poly, crypto::Trace& trace, crypto::MlDsaTraceDetail detail) {
        const crypto::MlDsaPoly p = crypto::mldsaPolyFromBytes(poly);
        return crypto::mldsaPolyToBytes(inverse ? crypto::mldsaInverseNttTraced(p, trace, detail)
                                                : crypto::mldsaNttTraced(p, trace, detail));
    };
    crypto::MlDsaPoly counting{};
    for (std::size_t i = 0; i < crypto::kMlDsaN; ++i)
        counting[i] = static_cast<std::int32_t>(i);
    const crypto::MlDsaPoly start = inverse ? crypto::mldsaNtt(counting) : counting;
    const std::string name = inverse ? "ML-DSA INTT" : "ML-DSA NTT";
    const int polyBytes = 4 * static_cast<int>(crypto::kMlDsaN);
    m.explorer.name = name;
    m.explorer.inputs = {{"poly", "Polynomial", polyBytes, crypto::toHex(crypto::mldsaPolyToBytes(start)),
                          mldsaCheck, mldsaRandom, F::State}};
    m.explorer.fixedRounds = inverse ? "8 layers and × 256⁻¹" : "8 layers";
    m.explorer.outputTitle = inverse ? "NTT⁻¹ output" : "NTT output";
    m.explorer.outputNote = inverse ? "coefficients in index order" : "the spec's bit-reversed order";
    // Rounds are the layers (len = 128 ... 1 for the NTT, 1 ... 128 for NTT⁻¹); the dependency is per
    // coefficient. No avalanche/SAC: the transforms are linear over Z_q, so which coefficients a change
    // reaches is fixed by the butterfly network (exactly the structural chart), and the flip probability
    // of single bits of mod-q residues, from inputs that must stay below q, measures the binary encoding
    // of the residues, not the transform.
    m.diffusion.name = name;
    m.diffusion.stateBytes = polyBytes;
    m.diffusion.cellBits = 32;
    m.diffusion.standardRounds = 8;
    m.diffusion.roundWord = "layers";
    m.diffusion.fields = {{F::State, 8 * polyBytes}};
    m.diffusion.noAvalanche =
        "the transform is linear over Z_q, so a changed coefficient reaches exactly the "
        "coefficients of the structural chart (2^k after layer k); bit-flip statistics "
        "of mod-q residues would not measure it";
    m.diffusion.fastPath = FastPath::MlDsa;
    return m;
}

} // namespace

std::vector<PermutationAlgorithm> permutationRows() {
    return {asconPermutation(), keccakPermutation()};
}

std::vector<AeadAlgorithm> aeadRows() {
    using V = crypto::AsconAeadVariant;
    return {asconAead("ascon-128", V::Ascon128v12, "ascon128v12_LWC_AEAD_KAT_128_128.txt"),
            asconAead("ascon-128a", V::Ascon128av12, "ascon128av12_LWC_AEAD_KAT_128_128.txt"),
            asconAead("ascon-aead128", V::AsconAead128, "asconaead128_LWC_AEAD_KAT_128_128.txt"),
            leaGcm(128),
            leaGcm(192),
            leaGcm(256)};
}

std::vector<BlockAlgorithm> blockRows() {
    using V = crypto::SkinnyVariant;
    return {
        lea(128, "0F1E2D3C4B5A69788796A5B4C3D2E1F0", "101112131415161718191A1B1C1D1E1F"),
        lea(192, "0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A59687", "202122232425262728292A2B2C2D2E2F"),
        lea(256, "0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A5968778695A4B3C2D1E0F",
            "303132333435363738393A3B3C3D3E3F"),
        skinny(V::S64_64, "skinny-64-64", "F5269826FC681238", "06034F957724D19D"),
        skinny(V::S64_128, "skinny-64-128", "9EB93640D088DA6376A39D1C8BEA71E1", "CF16CFE8FD0F98AA"),
        skinny(V::S64_192, "skinny-64-192", "ED00C85B120D68618753E24BFD908F60B2DBB41B422DFCD0",
               "530C61D35E8663C3"),
        skinny(V::S128_128, "skinny-128-128", "4F55CFB0520CAC52FD92C15F37073E93",
               "F20ADB0EB08B648A3B2EEED1F0ADDA14"),
        skinny(V::S128_256, "skinny-128-256",
               "009CEC81605D4AC1D2AE9E3085D7A1F31AC123EBFC00FDDCF01046CEEDDFCAB3",
               "3A0C47767A26A68DD382A695E7022E25"),
        skinny(V::S128_384, "skinny-128-384",
               "DF889548CFC7EA52D296339301797449AB588A34A47F1AB2DFE9C8293FBEA9A5AB1AFAC2611012CD8CEF952618C3E"
               "BE8",
               "A3994B66AD85A3459F44E92B08F550CB"),
    };
}

std::vector<HashAlgorithm> hashRows() {
    using V = crypto::AsconHashVariant;
    return {asconHash("ascon-hash256", V::Hash256, false, "asconhash256_LWC_HASH_KAT_128_256.txt"),
            asconHash("ascon-xof128", V::Xof128, true, "asconxof128_LWC_XOF_KAT_128_512.txt"),
            asconHash("ascon-hash", V::Hashv12, false, "asconhashv12_LWC_HASH_KAT_256.txt"),
            asconHash("ascon-xof", V::Xofv12, true, "asconxofv12_LWC_HASH_KAT_256.txt"),
            sha3Hash("sha3-224", "SHA3-224", 28, crypto::sha3_224, "sha3_224_nist_shortmsg.txt"),
            sha3Hash("sha3-256", "SHA3-256", 32, crypto::sha3_256, "sha3_256_nist_shortmsg.txt"),
            sha3Hash("sha3-384", "SHA3-384", 48, crypto::sha3_384, "sha3_384_nist_shortmsg.txt"),
            sha3Hash("sha3-512", "SHA3-512", 64, crypto::sha3_512, "sha3_512_nist_shortmsg.txt"),
            shakeXof("shake128", "SHAKE128", 32, crypto::shake128, "shake128_nist_shortmsg.txt"),
            shakeXof("shake256", "SHAKE256", 64, crypto::shake256, "shake256_nist_shortmsg.txt")};
}

std::vector<MlDsaAlgorithm> mldsaRows() {
    return {mldsaTransform("mldsa-ntt", "ML-DSA NTT (FIPS 204 Algorithm 41)", false),
            mldsaTransform("mldsa-intt", "ML-DSA NTT⁻¹ (FIPS 204 Algorithm 42)", true),
            mldsa("mldsa-pwm", "ML-DSA MultiplyNTT (FIPS 204 Algorithm 45)", MlDsaKind::MultiplyNtt),
            mldsa("mldsa-pwa", "ML-DSA AddNTT (FIPS 204 Algorithm 44)", MlDsaKind::AddNtt)};
}

} // namespace rs::oracle::detail
