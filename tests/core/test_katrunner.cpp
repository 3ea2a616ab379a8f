// The one KAT comparator: every official file's records of an operation become oracle inputs and known
// answers, a back end (here the C++ model, or a deliberately wrong or batching stand-in) computes them, and
// oracle::verify judges each; records of another algorithm, key size or mode are skipped, malformed ones
// fail without reaching the back end.
#include "tests/testsupport.h"

#include "core/katrunner.h"
#include "core/oracle/oracle.h"

namespace {

using namespace rs::core;
using rs::crypto::Bytes;
using rs::oracle::Inputs;
using rs::oracle::operation;

std::vector<KatRecord> file(const std::string& relative) {
    return readKatFile(rs::test::vectorPath(relative));
}

TEST(KatRunner, TheModelPassesEveryOfficialFileOfEachOperation) {
    struct Case {
        const char* op;
        const char* file;
        int passed, skipped;
    };
    const Case cases[] = {
        {"ascon-128", "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt", 1089, 0},
        {"ascon-128a", "ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt", 1089, 0},
        {"ascon-aead128", "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt", 1089, 0},
        {"lea-128-ecb", "lea/lea_kisa_ecb.txt", 10, 20},
        {"lea-192-ecb", "lea/lea_kisa_ecb.txt", 10, 20},
        {"lea-256-ctr", "lea/lea_kisa_ctr.txt", 10, 20},
        {"lea-192-ecb", "lea/lea_spec_kat.txt", 1, 2},
        {"lea-128-gcm", "lea/lea_kisa_gcm.txt", 10, 20},
        {"skinny-64-192-ecb", "skinny/skinny_paper_kat.txt", 1, 5},
        {"skinny-128-256-ecb", "skinny/skinny_paper_kat.txt", 1, 5},
        // The other mode's records are not this operation's: nothing applies.
        {"lea-128-ctr", "lea/lea_kisa_ecb.txt", 0, 30},
        {"lea-128-ecb", "lea/lea_kisa_ctr.txt", 0, 30},
        {"lea-128-ctr", "lea/lea_kisa_gcm.txt", 0, 30}, // GCM's IV and Tag make an AEAD record
    };
    for (const Case& c : cases) {
        const auto op = operation(c.op);
        const KatOutcome o = runKat(op, file(c.file), modelDevice(op));
        EXPECT_EQ(o.passed, c.passed) << c.op << " " << c.file;
        EXPECT_EQ(o.failed, 0) << c.op << " " << c.file << ": " << (o.failures.empty() ? "" : o.failures[0]);
        EXPECT_EQ(o.skipped, c.skipped) << c.op << " " << c.file;
    }
}

TEST(KatRunner, AWrongBackEndIsNamedByRecordAndFirstDifferingByte) {
    const auto op = operation("ascon-aead128");
    const auto records = file("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt");
    int calls = 0;
    const KatDevice wrong = oneAtATime([&](const Inputs& in) {
        Bytes out = rs::oracle::referenceOutput(op, in);
        if (++calls == 18) out[3] ^= 0x01; // the 18th record only
        return out;
    });
    const KatOutcome o = runKat(op, records, wrong);
    EXPECT_EQ(o.passed, 1088);
    ASSERT_EQ(o.failed, 1);
    const Bytes want = records[17].hex("CT");
    char got[3], kat[3];
    std::snprintf(got, sizeof got, "%02x", want[3] ^ 1);
    std::snprintf(kat, sizeof kat, "%02x", want[3]);
    EXPECT_EQ(o.failures.front(), "Count = 18 (line " + std::to_string(records[17].line) +
                                      "): output byte 3 is " + got + ", the KAT gives " + kat);
}

TEST(KatRunner, ABatchingBackEndGetsTheRestAndReportsProgressPerBatch) {
    const auto op = operation("lea-128-ctr");
    const auto records = file("lea/lea_kisa_ctr.txt");
    std::vector<std::size_t> offered;
    const KatDevice threeAtATime = [&](std::span<const Inputs> in) {
        offered.push_back(in.size());
        std::vector<Bytes> out;
        for (std::size_t i = 0; i < std::min<std::size_t>(3, in.size()); ++i)
            out.push_back(rs::oracle::referenceOutput(op, in[i]));
        return out;
    };
    std::vector<std::pair<int, int>> progress;
    KatControl control;
    control.progress = [&](int done, int total) { progress.emplace_back(done, total); };
    const KatOutcome o = runKat(op, records, threeAtATime, control);
    EXPECT_EQ(o.passed, 10);
    EXPECT_EQ(offered, (std::vector<std::size_t>{10, 7, 4, 1})); // every call sees all that is left
    EXPECT_EQ(progress, (std::vector<std::pair<int, int>>{{3, 10}, {6, 10}, {9, 10}, {10, 10}}));

    // A back end that returns nothing (or more than it was given) is an error, never a pass.
    const KatDevice none = [](std::span<const Inputs>) { return std::vector<Bytes>{}; };
    EXPECT_THROW(runKat(op, records, none), KatError);
    const KatDevice tooMany = [&](std::span<const Inputs> in) { return std::vector<Bytes>(in.size() + 1); };
    EXPECT_THROW(runKat(op, records, tooMany), KatError);
}

TEST(KatRunner, CancelStopsBeforeTheNextBatch) {
    const auto op = operation("lea-256-ecb");
    int calls = 0;
    KatControl control;
    control.cancelled = [&] { return calls == 4; };
    const KatOutcome o = runKat(op, file("lea/lea_kisa_ecb.txt"), oneAtATime([&](const Inputs& in) {
                                    ++calls;
                                    return rs::oracle::referenceOutput(op, in);
                                }),
                                control);
    EXPECT_EQ(calls, 4);
    EXPECT_EQ(o.passed, 4);
}

TEST(KatRunner, MalformedRecordsFailWithoutReachingTheBackEnd) {
    const auto records = parseKat("Count = 1\nKey = 000102030405060708090A0B0C0D0E0F\n"
                                  "Nonce = 0001\nPT = \nAD = \nCT = 00000000000000000000000000000000\n\n"
                                  "Count = 2\nKey = 00\nNonce = 00\nPT = \nAD = \nCT = 00\n\n"
                                  "Count = 3\nAlgorithm = LEA-128\nKey = 000102030405060708090A0B0C0D0E0F\n"
                                  "PT = 0011\nCT = 0011\n");
    int calls = 0;
    const KatDevice counting = [&](std::span<const Inputs> in) {
        calls += static_cast<int>(in.size());
        return std::vector<Bytes>(in.size());
    };
    const KatOutcome aead = runKat(operation("ascon-128"), records, counting);
    EXPECT_EQ(aead.failed, 1);
    EXPECT_EQ(aead.skipped, 2); // a 1-byte key, and a block-cipher record
    ASSERT_EQ(aead.failures.size(), 1u);
    EXPECT_EQ(aead.failures[0], "Count = 1 (line 1): nonce is 2 bytes");
    const KatOutcome ecb = runKat(operation("lea-128-ecb"), records, counting);
    EXPECT_EQ(ecb.failed, 1);
    ASSERT_EQ(ecb.failures.size(), 1u);
    EXPECT_EQ(ecb.failures[0], "Count = 3 (line 15): PT is 2 bytes, not whole 16-byte blocks");
    EXPECT_EQ(calls, 0);
    EXPECT_THROW(runKat(operation("ascon-128"), {}, counting), KatError);
}

TEST(KatRunner, TheBlockModeOfAFileComesFromItsRecords) {
    const auto* lea = rs::oracle::findBlock("lea-192");
    ASSERT_NE(lea, nullptr);
    EXPECT_EQ(blockKatOperation(*lea, file("lea/lea_kisa_ctr.txt")).id, "lea-192-ctr");
    EXPECT_EQ(blockKatOperation(*lea, file("lea/lea_kisa_ecb.txt")).id, "lea-192-ecb");
    EXPECT_EQ(blockKatOperation(*lea, file("lea/lea_kisa_gcm.txt")).id, "lea-192-ecb"); // no CTR record
}

TEST(KatRunner, AeadSchemesMustAlsoOpenWhatTheySealed) {
    const auto* model = rs::oracle::findAead("ascon-128a");
    ASSERT_NE(model, nullptr);
    const auto records = file("ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt");
    EXPECT_EQ(runAeadKat(*model, records).passed, 1089);
    // Right ciphertexts and tags, but the last bit of the tag is not checked.
    rs::oracle::AeadAlgorithm lax = *model;
    using rs::crypto::ByteView;
    lax.decrypt = [model](ByteView key, ByteView nonce, ByteView ad, ByteView ct, ByteView tag) {
        Bytes t(tag.begin(), tag.end());
        if (auto pt = model->decrypt(key, nonce, ad, ct, t)) return pt;
        t.back() ^= 0x01;
        return model->decrypt(key, nonce, ad, ct, t);
    };
    const KatOutcome o = runAeadKat(lax, records);
    EXPECT_EQ(o.passed, 0);
    EXPECT_EQ(o.failed, 1089);
    EXPECT_NE(o.failures.back().find("decryption accepted a tampered tag"), std::string::npos);
}

} // namespace
