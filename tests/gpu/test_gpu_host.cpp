// The CUDA back end's logic on the CPU: the __host__ __device__ per-block functions against rs_crypto for
// the official vectors and random inputs, every variant's launch (thread mapping, CTR counters, tails,
// several blocks per thread, one message per thread) emulated thread by thread against the C++ model,
// and roundscope-gpu's arithmetic (sizes, medians, paper 004's speedup and efficiency); the sweep's inputs
// are the oracle's.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "core/crypto/blockmodes.h"
#include "core/crypto/lea.h"
#include "core/crypto/skinny.h"
#include "core/oracle/oracle.h"
#include "gpu/device/ascon.h"
#include "gpu/device/threadbody.h"
#include "gpu/host/gpusetup.h"
#include "gpu/host/gpustats.h"
#include "tests/testsupport.h"

namespace {

using namespace rs::gpu;
using rs::crypto::Bytes;
using rs::crypto::toHex;

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& v : b)
        v = static_cast<std::uint8_t>(rng());
    return b;
}

/** The three device forms of SKINNY-128 on one block. */
std::array<Bytes, 3> skinnyForms(const Bytes& tweakey, const Bytes& pt) {
    const SkinnyTables t = makeSkinnyTables(tweakey);
    const Block128 in = loadBlock(pt.data());
    const Block128 outs[3] = {
        skinnyEncryptTables(in, t.t, t.rc, t.tk, t.rounds),
        skinnyEncryptTablesFolded(in, t.t, t.k, t.rounds),
        skinnyEncryptSbox(
            in, [&](std::uint32_t b) { return t.sbox[b]; }, t.k, t.rounds),
    };
    std::array<Bytes, 3> r;
    for (int i = 0; i < 3; ++i) {
        r[i].resize(16);
        storeBlock(r[i].data(), outs[i]);
    }
    return r;
}

TEST(GpuSkinny, DeviceFormsMatchThePaperVectors) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    int checked = 0;
    for (const auto& rec : recs) {
        const std::string alg = rec.text("Algorithm");
        if (alg.rfind("SKINNY-128-", 0) != 0) continue; // the kernels are SKINNY-128 (8-bit cells)
        SCOPED_TRACE(alg);
        for (const Bytes& out : skinnyForms(rec.hex("Tweakey"), rec.hex("PT")))
            EXPECT_EQ(toHex(out), toHex(rec.hex("CT")));
        ++checked;
    }
    EXPECT_EQ(checked, 3); // 128-128, 128-256, 128-384
}

TEST(GpuSkinny, DeviceFormsMatchTheModelOnRandomBlocks) {
    std::mt19937 rng(4004);
    for (const std::size_t tk : {16u, 32u, 48u})
        for (int trial = 0; trial < 200; ++trial) {
            const Bytes key = randomBytes(rng, tk), pt = randomBytes(rng, 16);
            const rs::crypto::Skinny model(tk == 16   ? rs::crypto::SkinnyVariant::S128_128
                                           : tk == 32 ? rs::crypto::SkinnyVariant::S128_256
                                                      : rs::crypto::SkinnyVariant::S128_384,
                                           key);
            Bytes want(16);
            model.encryptBlock(pt.data(), want.data());
            for (const Bytes& out : skinnyForms(key, pt))
                ASSERT_EQ(toHex(out), toHex(want)) << "tweakey " << toHex(key);
        }
}

TEST(GpuSkinny, TablesAreTheSboxSpreadOverMixColumnsRows) {
    const SkinnyTables t = makeSkinnyTables(Bytes(32, 0));
    EXPECT_EQ(t.rounds, 48);
    for (int b = 0; b < 256; ++b) {
        const std::uint32_t s = rs::crypto::skinnySbox8(static_cast<std::uint8_t>(b));
        EXPECT_EQ(t.sbox[b], s);
        EXPECT_EQ(t.t[0][b], s | s << 8 | s << 24);  // row 0 feeds output rows 0, 1, 3
        EXPECT_EQ(t.t[1][b], s << 16);               // row 1 feeds row 2
        EXPECT_EQ(t.t[2][b], s | s << 16 | s << 24); // row 2 feeds rows 0, 2, 3
        EXPECT_EQ(t.t[3][b], s);                     // row 3 feeds row 0
    }
    for (int r = 0; r < t.rounds; ++r)
        for (int c = 0; c < 4; ++c)
            EXPECT_EQ(t.k[r][c], t.rc[r][c] ^ t.tk[r][c]);
    EXPECT_THROW(makeSkinnyTables(Bytes(24, 0)), rs::crypto::InvalidArgument);
}

TEST(GpuLea, DeviceBlockMatchesTheKisaVectorsAndTheModel) {
    rs::test::forEachKatRecord("lea/lea_kisa_ecb.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
        const LeaSchedule s = makeLeaSchedule(r.hex("Key"));
        const Bytes pt = r.hex("PT"), ct = r.hex("CT");
        ASSERT_EQ(pt.size() % 16, 0u);
        for (std::size_t i = 0; i < pt.size(); i += 16) {
            Bytes out(16);
            storeBlock(out.data(), leaEncrypt(loadBlock(pt.data() + i), s.rk, s.rounds));
            EXPECT_EQ(toHex(out), toHex(Bytes(ct.begin() + static_cast<long>(i),
                                              ct.begin() + static_cast<long>(i) + 16)));
        }
    });
    std::mt19937 rng(3003);
    for (const std::size_t kb : {16u, 24u, 32u})
        for (int trial = 0; trial < 100; ++trial) {
            const Bytes key = randomBytes(rng, kb), pt = randomBytes(rng, 16);
            const rs::crypto::Lea model(key);
            Bytes want(16), got(16);
            model.encryptBlock(pt.data(), want.data());
            const LeaSchedule s = makeLeaSchedule(key);
            storeBlock(got.data(), leaEncrypt(loadBlock(pt.data()), s.rk, s.rounds));
            ASSERT_EQ(toHex(got), toHex(want));
        }
}

TEST(GpuAscon, DeviceAeadMatchesEveryKatRecord) {
    rs::test::forEachKatRecord(
        "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt", 1089, "Count", [&](const rs::core::KatRecord& r) {
            const Bytes key = r.hex("Key"), nonce = r.hex("Nonce"), ad = r.hex("AD"), pt = r.hex("PT");
            Bytes out(pt.size() + 16);
            asconAead128Encrypt(key.data(), nonce.data(), ad.data(), ad.size(), pt.data(), pt.size(),
                                out.data(), out.data() + pt.size());
            EXPECT_EQ(toHex(out), toHex(r.hex("CT")));
        });
}

TEST(GpuThreads, CounterBlocksAddBigEndianAndWrap) {
    const Bytes iv = rs::test::hex("000102030405060708090a0b0c0d0eff");
    Bytes a(16), b(16);
    storeBlock(a.data(), counterBlock(loadBlock(iv.data()), 1));
    EXPECT_EQ(toHex(a), "000102030405060708090A0B0C0D0F00");
    const Bytes top(16, 0xff);
    storeBlock(b.data(), counterBlock(loadBlock(top.data()), 2));
    EXPECT_EQ(toHex(b), "00000000000000000000000000000001"); // wraps modulo 2^128
    const Bytes lowFull = rs::test::hex("0000000000000001ffffffffffffffff");
    storeBlock(b.data(), counterBlock(loadBlock(lowFull.data()), 1));
    EXPECT_EQ(toHex(b), "00000000000000020000000000000000"); // carry into the high half
    EXPECT_EQ(threadsFor(0, 1), 0u);
    EXPECT_EQ(threadsFor(1, 1), 1u);
    EXPECT_EQ(threadsFor(17, 1), 2u);
    EXPECT_EQ(threadsFor(16 * 9, 4), 3u);
}

TEST(GpuThreads, EveryVariantsLaunchEqualsTheModel) {
    std::mt19937 rng(2024);
    int launches = 0;
    for (const Variant& v : variants()) {
        SCOPED_TRACE(v.algorithm + "/" + v.id);
        const bool ecb = v.algorithm.find("-ecb") != std::string::npos;
        const bool aead = v.algorithm == "ascon-aead128";
        for (const std::size_t bytes : {0u, 1u, 15u, 16u, 17u, 48u, 63u, 64u, 65u, 1000u, 4096u, 4101u}) {
            if (ecb && bytes % 16) continue;
            LaunchInputs in;
            in.key = randomBytes(rng, v.algorithm.rfind("skinny", 0) == 0 ? 32 : 16);
            // CTR near the wrap, so counters carry across 64 bits and 128 bits inside one launch.
            in.iv = launches % 2 ? Bytes(16, 0xff) : randomBytes(rng, 16);
            in.iv[15] = 0xf0;
            in.message = randomBytes(rng, bytes);
            if (aead) {
                in.ad = randomBytes(rng, bytes % 37);
                in.messages = 1 + bytes % 7;
            }
            ASSERT_EQ(toHex(emulateLaunch(v, in)), toHex(referenceOutput(v, in))) << bytes << " bytes";
            ++launches;
        }
    }
    EXPECT_GT(launches, 80);
}

TEST(GpuThreads, KisaCtrVectorsThroughEveryLeaLaunch) {
    int variantsRun = 0;
    for (const Variant& v : variants()) {
        if (v.algorithm != "lea-128-ctr") continue;
        ++variantsRun;
        SCOPED_TRACE(v.id);
        // The kernels take any LEA key length: the KISA file has LEA-128/192/256.
        rs::test::forEachKatRecord("lea/lea_kisa_ctr.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
            LaunchInputs in;
            in.key = r.hex("Key");
            in.iv = r.hex("IV");
            in.message = r.hex("PT");
            EXPECT_EQ(toHex(emulateLaunch(v, in)), toHex(r.hex("CT")));
            EXPECT_EQ(toHex(referenceOutput(v, in)), toHex(r.hex("CT"))); // the oracle's, for any key size
        });
    }
    EXPECT_EQ(variantsRun, 2);
}

TEST(GpuThreads, TheReferenceIsTheOraclesOperationOfTheLaunch) {
    const Variant* lea = findVariant("lea-128-ctr", "const-rk");
    const Variant* skinny = findVariant("skinny-128-256-ecb", "paper");
    const Variant* ascon = findVariant("ascon-aead128", "thread-per-message");
    ASSERT_TRUE(lea && skinny && ascon);
    EXPECT_EQ(launchOperation(*lea, Bytes(16, 0)).id, "lea-128-ctr");
    EXPECT_EQ(launchOperation(*lea, Bytes(24, 0)).id, "lea-192-ctr");
    EXPECT_EQ(launchOperation(*skinny, Bytes(48, 0)).id, "skinny-128-384-ecb");
    EXPECT_EQ(launchOperation(*skinny, Bytes(20, 0)).id, "skinny-128-256-ecb"); // none: the oracle says so
    // K Ascon messages: message i is the oracle's output under nonce + i.
    LaunchInputs in;
    in.key = Bytes(16, 7);
    in.iv = Bytes(16, 0xff);
    in.ad = Bytes(3, 1);
    in.message = Bytes(20, 2);
    in.messages = 3;
    const Bytes all = referenceOutput(*ascon, in);
    ASSERT_EQ(all.size(), 3u * 36u);
    const auto op = rs::oracle::operation("ascon-aead128");
    for (std::uint64_t i = 0; i < 3; ++i) {
        const auto n = messageNonce(in.iv, i);
        const Bytes one =
            rs::oracle::referenceOutput(op, {in.key, Bytes(n.begin(), n.end()), in.ad, in.message});
        EXPECT_EQ(
            Bytes(all.begin() + static_cast<long>(36 * i), all.begin() + static_cast<long>(36 * (i + 1))),
            one);
    }
}

TEST(GpuThreads, SkinnyPaperVectorThroughEveryEcbLaunch) {
    const auto recs = rs::core::readKatFile(rs::test::vectorPath("skinny/skinny_paper_kat.txt"));
    int checked = 0;
    for (const auto& rec : recs) {
        if (rec.text("Algorithm") != "SKINNY-128-256") continue;
        for (const Variant& v : variants()) {
            if (v.algorithm != "skinny-128-256-ecb") continue;
            LaunchInputs in;
            in.key = rec.hex("Tweakey");
            in.message = rec.hex("PT");
            EXPECT_EQ(toHex(emulateLaunch(v, in)), toHex(rec.hex("CT"))) << v.id;
            ++checked;
        }
    }
    EXPECT_EQ(checked, 4);
}

TEST(GpuThreads, BadInputsAreRefused) {
    const Variant* ecb = findVariant("skinny-128-256-ecb", "paper");
    ASSERT_NE(ecb, nullptr);
    LaunchInputs in;
    in.key = Bytes(32, 1);
    in.message = Bytes(17, 0);
    EXPECT_THROW(referenceOutput(*ecb, in), rs::crypto::InvalidArgument);
    EXPECT_THROW(emulateLaunch(*ecb, in), rs::crypto::InvalidArgument);
    const Variant* ctr = findVariant("lea-128-ctr", "const-rk");
    ASSERT_NE(ctr, nullptr);
    in.key = Bytes(16, 1);
    in.iv = Bytes(8, 0); // not a whole block
    EXPECT_THROW(referenceOutput(*ctr, in), rs::crypto::InvalidArgument);
    EXPECT_EQ(findVariant("skinny-128-256-ecb", "nope"), nullptr);
    EXPECT_EQ(findVariant("aes-128-ecb", "paper"), nullptr);
}

TEST(GpuVariants, BaselineFirstAndAsThePaperSays) {
    const auto algs = gpuAlgorithms();
    EXPECT_EQ(algs, (std::vector<std::string>{"skinny-128-256-ecb", "skinny-128-256-ctr", "lea-128-ctr",
                                              "ascon-aead128"}));
    for (const char* alg : {"skinny-128-256-ecb", "skinny-128-256-ctr"}) {
        const Variant* paper = findVariant(alg, "paper");
        ASSERT_NE(paper, nullptr);
        EXPECT_EQ(paper->threadsPerBlock, 512); // paper 004: 512 threads per block
        EXPECT_EQ(paper->blocksPerThread, 1);   // one 16-byte block per thread
        const auto first = std::find_if(variants().begin(), variants().end(),
                                        [&](const Variant& v) { return v.algorithm == alg; });
        EXPECT_EQ(&*first, paper); // the baseline comes first
    }
}

TEST(GpuVariants, TheKernelTableSaysWhichKernelsLaunchMessages) {
    // Every row computes a registry operation; a launch of whole messages (one per thread, each under its
    // own nonce) is an AEAD's, as the registry says, not an id spelled at each user (roundscope-gpu,
    // the cuda runner, GpuSession, the CUDA back end).
    for (const Variant& v : variants()) {
        const rs::oracle::Operation op = rs::oracle::operation(v.algorithm);
        EXPECT_EQ(launchesMessages(v), op.aead != nullptr) << v.algorithm << " " << v.id;
        EXPECT_EQ(launchesMessages(v.algorithm), launchesMessages(v));
    }
    EXPECT_TRUE(launchesMessages("ascon-aead128"));
    EXPECT_FALSE(launchesMessages("lea-128-ctr"));
    EXPECT_FALSE(launchesMessages("no-such-algorithm"));
}

TEST(GpuStats, SizesMediansAndThePapersSpeedup) {
    EXPECT_EQ(parseSize("16"), 16u);
    EXPECT_EQ(parseSize("64M"), 64u << 20);
    EXPECT_EQ(parseSize("1k"), 1024u);
    EXPECT_THROW(parseSize("x"), std::invalid_argument);
    EXPECT_THROW(parseSize("-1"), std::invalid_argument);
    EXPECT_THROW(parseSize("4T"), std::invalid_argument);
    EXPECT_THROW(parseSize("99999999999G"), std::invalid_argument);
    EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
    EXPECT_DOUBLE_EQ(median({4, 1, 3, 2}), 2.5);
    EXPECT_DOUBLE_EQ(median({}), 0);
    // Paper 004's ECB peak: E = 671 means S = 1 - 1/671 = 99.85 %.
    const Speedup s = speedup(671.0, 1.0);
    EXPECT_DOUBLE_EQ(s.e, 671.0);
    EXPECT_NEAR(s.s, 0.99851, 1e-5);
    const Speedup slower = speedup(1.0, 4.0); // below 64 B the CPU wins: E < 1, S < 0
    EXPECT_DOUBLE_EQ(slower.e, 0.25);
    EXPECT_DOUBLE_EQ(slower.s, -3.0);
    EXPECT_TRUE(std::isnan(speedup(0, 1).e));
    EXPECT_EQ(jsonNumber(NAN), "null");
    EXPECT_EQ(statsJson({2, 1, 3}), R"({"min":1,"median":2,"max":3,"samples":[2,1,3]})");
    EXPECT_EQ(jsonString("a\"b\\\n"), R"("a\"b\\\u000a")");
    const LaunchInputs a = sweepInputs("ascon-aead128", 1024, 64);
    EXPECT_EQ(a.messages, 16u);
    EXPECT_EQ(a.message.size(), 64u);
    EXPECT_EQ(sweepInputs("skinny-128-256-ctr", 32, 64).key.size(), 32u);
    EXPECT_EQ(sweepInputs("lea-128-ctr", 32, 64).message, sweepInputs("lea-128-ctr", 32, 64).message);
}

TEST(GpuSweep, ItsInputsAreTheOraclesForThePoint) {
    // The same bytes a campaign run of the point gets (oracle::makeInputs), not a generator of its own.
    for (const std::string alg : {"lea-128-ctr", "skinny-128-256-ecb", "skinny-128-256-ctr"}) {
        const LaunchInputs in = sweepInputs(alg, 4096, 64);
        const rs::oracle::Inputs want = rs::oracle::makeInputs(alg, 4096, 0);
        EXPECT_EQ(in.key, want.key) << alg;
        EXPECT_EQ(in.iv, want.nonce) << alg; // CTR's counter block; none for ECB
        EXPECT_EQ(in.message, want.message) << alg;
        EXPECT_EQ(in.messages, 1u) << alg;
    }
    const LaunchInputs a = sweepInputs("ascon-aead128", 1024, 64);
    const rs::oracle::Inputs want = rs::oracle::makeInputs("ascon-aead128", 64, 16);
    EXPECT_EQ(a.key, want.key);
    EXPECT_EQ(a.iv, want.nonce);
    EXPECT_EQ(a.ad, want.ad);
    EXPECT_EQ(a.message, want.message);
    EXPECT_EQ(a.messages, 16u);
    // A launch's known answer is the oracle's for every message: message i under nonce + i.
    const Variant& v = *findVariant("ascon-aead128", "thread-per-message");
    const Bytes all = referenceOutput(v, a);
    const std::size_t stride = a.message.size() + 16;
    ASSERT_EQ(all.size(), stride * a.messages);
    const auto op = rs::oracle::operation("ascon-aead128");
    EXPECT_EQ(Bytes(all.begin() + 5 * stride, all.begin() + 6 * stride),
              rs::oracle::referenceOutput(op, rs::oracle::messageInputs(want, 5)));
}

} // namespace
