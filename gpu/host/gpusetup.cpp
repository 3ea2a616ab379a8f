#include "gpu/host/gpusetup.h"

#include <algorithm>

#include "core/crypto/lea.h"
#include "core/crypto/skinny.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "gpu/device/ascon.h"
#include "gpu/device/threadbody.h"

namespace rs::gpu {

namespace {

crypto::SkinnyVariant skinnyFor(std::size_t tweakeyBytes) {
    switch (tweakeyBytes) {
    case 16:
        return crypto::SkinnyVariant::S128_128;
    case 32:
        return crypto::SkinnyVariant::S128_256;
    case 48:
        return crypto::SkinnyVariant::S128_384;
    default:
        throw crypto::InvalidArgument("SKINNY-128 tweakey must be 16, 32 or 48 bytes, got " +
                                      std::to_string(tweakeyBytes));
    }
}

bool isCtr(const Variant& v) {
    return v.algorithm.size() > 4 && v.algorithm.compare(v.algorithm.size() - 4, 4, "-ctr") == 0;
}
bool isSkinny(const Variant& v) {
    return v.algorithm.rfind("skinny-", 0) == 0;
}

void checkBlockInputs(const Variant& v, const LaunchInputs& in) {
    if (isCtr(v))
        crypto::requireLength("CTR IV", in.iv, 16);
    else if (in.message.size() % 16 != 0)
        throw crypto::InvalidArgument("ECB needs whole 16-byte blocks, got " +
                                      std::to_string(in.message.size()) + " bytes");
}

/** The block cipher of a block-mode variant, as the thread function calls it. */
template <int B, class Encrypt>
crypto::Bytes emulateBlocks(const LaunchInputs& in, bool ctr, const Encrypt& encrypt) {
    crypto::Bytes out(in.message.size());
    const Block128 iv = ctr ? loadBlock(in.iv.data()) : Block128{};
    const std::uint64_t threads = threadsFor(in.message.size(), B);
    for (std::uint64_t g = 0; g < threads; ++g)
        blockModeThread<B>(g, threads, in.message.data(), out.data(), in.message.size(), ctr, iv, encrypt);
    return out;
}

template <class Encrypt>
crypto::Bytes emulateBlocksB(int blocksPerThread, const LaunchInputs& in, bool ctr, const Encrypt& e) {
    switch (blocksPerThread) {
    case 1:
        return emulateBlocks<1>(in, ctr, e);
    case 4:
        return emulateBlocks<4>(in, ctr, e);
    default:
        throw crypto::InvalidArgument("no emulation for " + std::to_string(blocksPerThread) +
                                      " blocks per thread");
    }
}

} // namespace

SkinnyTables makeSkinnyTables(crypto::ByteView tweakey) {
    const crypto::Skinny cipher(skinnyFor(tweakey.size()), tweakey);
    SkinnyTables t{};
    t.rounds = cipher.rounds();
    for (int b = 0; b < 256; ++b) {
        const std::uint32_t s = crypto::skinnySbox8(static_cast<std::uint8_t>(b));
        t.sbox[b] = s;
        for (int row = 0; row < 4; ++row)
            t.t[row][b] = s * skinnyRowSpread(row);
    }
    std::uint8_t rc = 0;
    for (int r = 0; r < t.rounds; ++r) {
        rc = skinnyNextConstant(rc);
        std::uint8_t c[16] = {};
        c[0] = rc & 0x0f;
        c[4] = rc >> 4;
        c[8] = 0x02;
        std::uint8_t k[16] = {};
        const auto rtk = cipher.roundTweakey(r);
        store32le(k, rtk[0]);
        store32le(k + 4, rtk[1]);
        const Block128 rcCols = skinnyKeyAfterLinearLayer(c), tkCols = skinnyKeyAfterLinearLayer(k);
        for (int col = 0; col < 4; ++col) {
            t.rc[r][col] = rcCols.w[col];
            t.tk[r][col] = tkCols.w[col];
            t.k[r][col] = rcCols.w[col] ^ tkCols.w[col];
        }
    }
    return t;
}

LeaSchedule makeLeaSchedule(crypto::ByteView key) {
    const crypto::Lea lea(key);
    LeaSchedule s{};
    const auto& rks = lea.roundKeys();
    s.rounds = static_cast<int>(rks.size());
    for (int r = 0; r < s.rounds; ++r)
        for (int i = 0; i < 6; ++i)
            s.rk[r][i] = rks[static_cast<std::size_t>(r)][static_cast<std::size_t>(i)];
    return s;
}

const std::vector<Variant>& variants() {
    static const std::vector<Variant> list = [] {
        std::vector<Variant> v;
        for (const char* alg : {"skinny-128-256-ecb", "skinny-128-256-ctr"}) {
            v.push_back(
                {alg, "paper", 1, 512,
                 "paper 004: T-tables and round keys in constant memory, 4 lookups + 5 XORs per column, "
                 "one block per thread, 512 threads per block"});
            v.push_back({alg, "shared-tables", 1, 512,
                         "T-tables copied to shared memory per thread block, RC'^TK' folded (4 XORs)"});
            v.push_back(
                {alg, "shared-sbox", 1, 256,
                 "S-box replicated 32x in shared memory (one copy per bank: no conflicts), T values by "
                 "multiplication, bytes by __byte_perm, folded keys"});
            v.push_back({alg, "shared-sbox-x4", 4, 256, "shared-sbox with 4 blocks per thread"});
        }
        v.push_back(
            {"lea-128-ctr", "const-rk", 1, 256, "round keys in constant memory, one block per thread"});
        v.push_back(
            {"lea-128-ctr", "const-rk-x4", 4, 256, "round keys in constant memory, 4 blocks per thread"});
        v.push_back({"ascon-aead128", "thread-per-message", 1, 128,
                     "one independent message per thread (nonce + i), state in registers"});
        return v;
    }();
    return list;
}

const Variant* findVariant(std::string_view algorithm, std::string_view id) {
    for (const Variant& v : variants())
        if (v.algorithm == algorithm && v.id == id) return &v;
    return nullptr;
}

std::vector<std::string> gpuAlgorithms() {
    std::vector<std::string> out;
    for (const Variant& v : variants())
        if (std::find(out.begin(), out.end(), v.algorithm) == out.end()) out.push_back(v.algorithm);
    return out;
}

bool launchesMessages(const Variant& v) {
    return launchesMessages(v.algorithm);
}

bool launchesMessages(std::string_view algorithm) {
    return oracle::findAead(algorithm) != nullptr;
}

std::array<std::uint8_t, 16> messageNonce(crypto::ByteView nonce, std::uint64_t i) {
    crypto::requireLength("nonce", nonce, 16);
    std::array<std::uint8_t, 16> n{};
    storeBlock(n.data(), counterBlock(loadBlock(nonce.data()), i));
    return n;
}

oracle::Operation launchOperation(const Variant& v, crypto::ByteView key) {
    oracle::Operation op = oracle::operation(v.algorithm);
    if (!op.block || key.size() == op.block->keyBytes) return op;
    // The block kernels take every key size of their cipher (LEA-128/192/256, SKINNY-128-128/256/384): the
    // operation is that cipher's, named as the registry names it ("lea-" + key bits).
    const std::string& cipher = op.block->id;
    const std::string family = cipher.substr(0, cipher.rfind('-') + 1);
    const std::string mode = op.ctr ? "-ctr" : "-ecb";
    if (auto sized = oracle::findOperation(family + std::to_string(key.size() * 8) + mode)) return *sized;
    return op; // no such cipher: the oracle refuses the key by name
}

crypto::Bytes referenceOutput(const Variant& v, const LaunchInputs& in) {
    // The oracle's reference output of every message the launch computes; the GPU's part is only how a
    // launch packs them (AEAD: message i under nonce + i, each ciphertext‖tag in turn).
    const oracle::Operation op = launchOperation(v, in.key);
    if (!op.aead) {
        checkBlockInputs(v, in);
        return oracle::referenceOutput(op, {in.key, in.iv, {}, in.message});
    }
    crypto::Bytes out;
    out.reserve((in.message.size() + op.aead->tagBytes) * in.messages);
    const oracle::Inputs first{in.key, in.iv, in.ad, in.message};
    for (std::uint64_t i = 0; i < in.messages; ++i) {
        const crypto::Bytes one = oracle::referenceOutput(op, oracle::messageInputs(first, i));
        out.insert(out.end(), one.begin(), one.end());
    }
    return out;
}

crypto::Bytes emulateLaunch(const Variant& v, const LaunchInputs& in) {
    if (launchesMessages(v)) { // the one message kernel, Ascon-AEAD128's thread-per-message
        crypto::requireLength("key", in.key, 16);
        const std::size_t stride = in.message.size() + 16;
        crypto::Bytes out(stride * in.messages);
        for (std::uint64_t i = 0; i < in.messages; ++i) { // one thread per message
            const auto n = messageNonce(in.iv, i);
            asconAead128Encrypt(in.key.data(), n.data(), in.ad.data(), in.ad.size(), in.message.data(),
                                in.message.size(), out.data() + i * stride,
                                out.data() + i * stride + in.message.size());
        }
        return out;
    }
    checkBlockInputs(v, in);
    const bool ctr = isCtr(v);
    if (isSkinny(v)) {
        const SkinnyTables t = makeSkinnyTables(in.key);
        if (v.id == "paper")
            return emulateBlocksB(v.blocksPerThread, in, ctr, [&](const Block128& b) {
                return skinnyEncryptTables(b, t.t, t.rc, t.tk, t.rounds);
            });
        if (v.id == "shared-tables")
            return emulateBlocksB(v.blocksPerThread, in, ctr, [&](const Block128& b) {
                return skinnyEncryptTablesFolded(b, t.t, t.k, t.rounds);
            });
        return emulateBlocksB(v.blocksPerThread, in, ctr, [&](const Block128& b) {
            return skinnyEncryptSbox(
                b, [&](std::uint32_t x) { return t.sbox[x]; }, t.k, t.rounds);
        });
    }
    const LeaSchedule s = makeLeaSchedule(in.key);
    return emulateBlocksB(v.blocksPerThread, in, ctr,
                          [&](const Block128& b) { return leaEncrypt(b, s.rk, s.rounds); });
}

} // namespace rs::gpu
