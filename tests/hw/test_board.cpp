// The board client against the virtual board (roundscope-board-sim: the firmware built for the host over
// the Verilated IP, on a pseudo-terminal): the handshake, every command, all 3 x 1089 KATs on the hardware
// path and the software path, the benchmark, and the faults — corrupted and dropped bytes, a board reset,
// a disconnect in the middle of a batch, a board without the IP — each ending in a right answer or a
// clear error, never a hang, never a wrong result counted as a pass.
#include <gtest/gtest.h>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include "core/campaign/campaignengine.h"
#include "core/crypto/asconaead.h"
#include "hw/board/boardclient.h"
#include "hw/board/boardrunner.h"
#include "hw/ip/ascon/ipprecompute.h"
#include "tests/campaign/runnertest.h"
#include "tests/qtcoreapp.h"
#include "tests/testsupport.h"

namespace {

using namespace rs::hw::board;
using rs::crypto::Bytes;

BoardOptions fast() {
    BoardOptions o;
    o.timeoutMs = 700;
    return o;
}

Bytes seq(std::size_t n, int from) {
    Bytes b(n);
    for (std::size_t i = 0; i < n; ++i)
        b[i] = static_cast<std::uint8_t>(from + static_cast<int>(i));
    return b;
}

/** An LWC AEAD KAT record (CT = ciphertext‖tag) as the file reader makes it. */
rs::core::KatRecord record(const Bytes& key, const Bytes& nonce, const Bytes& ad, const Bytes& pt,
                           const Bytes& ct) {
    rs::core::KatRecord r;
    r.line = 1;
    r.fields = {{"Key", rs::crypto::toHex(key)},
                {"Nonce", rs::crypto::toHex(nonce)},
                {"PT", rs::crypto::toHex(pt)},
                {"AD", rs::crypto::toHex(ad)},
                {"CT", rs::crypto::toHex(ct)}};
    return r;
}

std::string hex2(int byte) {
    char s[3];
    std::snprintf(s, sizeof s, "%02x", byte & 0xff);
    return s;
}

void setField(rs::core::KatRecord& r, const std::string& name, const std::string& value) {
    for (auto& [k, v] : r.fields)
        if (k == name) v = value;
}

TEST(Board, HandshakeAndEveryCommand) {
    VirtualBoard sim;
    BoardClient c;
    const BoardHello h = c.open(sim.start({QStringLiteral("--unroll"), QStringLiteral("2")}));
    EXPECT_EQ(h.protocol, 1);
    EXPECT_TRUE(h.hasHardware());
    EXPECT_EQ(h.unroll, 2);
    EXPECT_EQ(h.firmware, "roundscope-fw 1.0");
    const BoardInfo i = c.info();
    EXPECT_EQ(i.timerHz, 333333333u);
    EXPECT_EQ(i.plHz, 100000000u);
    EXPECT_TRUE(i.ipPresent);
    EXPECT_EQ(c.ping(seq(300, 0)), seq(300, 0)); // zeros inside: COBS

    const Bytes key = seq(16, 0), nonce = seq(16, 16), ad = seq(5, 40), pt = seq(33, 60);
    for (int v = 0; v < 3; ++v) {
        const auto variant = static_cast<rs::crypto::AsconAeadVariant>(v);
        c.loadKey(v, key);
        c.loadNonce(nonce);
        const auto want = rs::crypto::asconEncrypt(variant, key, nonce, ad, pt);
        Bytes wantBytes = want.ct;
        wantBytes.insert(wantBytes.end(), want.tag.begin(), want.tag.end());
        const CryptResult hw = c.encrypt(BoardPath::Hardware, ad, pt),
                          sw = c.encrypt(BoardPath::Software, ad, pt);
        EXPECT_EQ(hw.output, wantBytes) << v;
        EXPECT_EQ(sw.output, wantBytes) << v;
        EXPECT_GT(hw.ipCycles, 0u);
        EXPECT_EQ(sw.ipCycles, 0u);
        EXPECT_GT(hw.ticks, 0u);
        for (const BoardPath p : {BoardPath::Hardware, BoardPath::Software}) {
            EXPECT_EQ(c.decrypt(p, ad, want.ct, want.tag).output, pt);
            Bytes bad = want.tag;
            bad[0] ^= 1;
            try {
                c.decrypt(p, ad, want.ct, bad);
                ADD_FAILURE() << "a bad tag decrypted";
            } catch (const BoardError& e) {
                EXPECT_EQ(e.code(), 6);
                EXPECT_NE(std::string(e.what()).find("authentication failed"), std::string::npos);
            }
        }
    }
    // The IP's precomputed mode: the state after initialisation comes from the host.
    {
        const auto variant = rs::crypto::AsconAeadVariant::AsconAead128;
        const auto s = rs::hw::initialState(variant, key, nonce);
        c.loadKey(2, key);
        c.loadState({s.x[0], s.x[1], s.x[2], s.x[3], s.x[4]});
        const auto want = rs::crypto::asconEncrypt(variant, key, nonce, ad, pt);
        Bytes wantBytes = want.ct;
        wantBytes.insert(wantBytes.end(), want.tag.begin(), want.tag.end());
        const CryptResult pre = c.encrypt(BoardPath::Hardware, ad, pt, true);
        EXPECT_EQ(pre.output, wantBytes);
        EXPECT_LT(pre.ipCycles,
                  c.encrypt(BoardPath::Hardware, ad, pt).ipCycles); // no initialisation in hardware
        EXPECT_THROW(c.encrypt(BoardPath::Software, ad, pt, true), BoardError);
    }
    const BenchResult b = c.bench(BoardPath::Hardware, 64, 20);
    EXPECT_EQ(b.count, 20u);
    EXPECT_EQ(b.size, 64u);
    EXPECT_GT(b.ipCycles, 20u * 20u); // Ascon-AEAD128, 4 blocks, 2 rounds per clock: about 29 clocks each
    EXPECT_GT(b.seconds(), 0.0);
    try {
        c.loadKey(3, key);
        ADD_FAILURE() << "variant 3 accepted";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 9);
    }
    c.reset();
    try {
        c.encrypt(BoardPath::Hardware, {}, pt);
        ADD_FAILURE() << "encrypt without a key";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 5);
    }
    try {
        c.request(0x66, {});
        ADD_FAILURE() << "unknown command answered";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 3);
    }
    EXPECT_EQ(c.retriesUsed(), 0);
}

TEST(Board, TheFirmwareReleasesPlaintextOnlyAfterTheTagVerifies) {
    // 300 bytes do not fit the IP's 128-byte output FIFO: the firmware decrypts in two passes
    // (CONFIG.VERIFY_FIRST): every input word goes over the bus twice, so the decryption's register
    // traffic (and its modelled time, which the GP port's latency dominates) is about 1.5 times the
    // encryption's (one pass in, one out).
    VirtualBoard sim;
    BoardClient c;
    c.open(sim.start());
    const Bytes key = seq(16, 3), nonce = seq(16, 30), ad = seq(7, 9), pt = seq(300, 77);
    c.loadKey(2, key);
    c.loadNonce(nonce);
    const auto want =
        rs::crypto::asconEncrypt(rs::crypto::AsconAeadVariant::AsconAead128, key, nonce, ad, pt);
    const CryptResult enc = c.encrypt(BoardPath::Hardware, ad, pt);
    const CryptResult dec = c.decrypt(BoardPath::Hardware, ad, want.ct, want.tag);
    EXPECT_EQ(dec.output, pt);
    EXPECT_GT(dec.ticks, enc.ticks * 5 / 4);
    for (int which = 0; which < 2; ++which) {
        Bytes ct = want.ct, tag = want.tag;
        (which ? ct[150] : tag[2]) ^= 0x10;
        try {
            c.decrypt(BoardPath::Hardware, ad, ct, tag);
            ADD_FAILURE() << "a tampered message decrypted";
        } catch (const BoardError& e) {
            EXPECT_EQ(e.code(), 6);
        }
    }
}

TEST(Board, AllKatsOnBothPaths) {
    VirtualBoard sim;
    BoardClient c;
    c.open(sim.start());
    const std::pair<int, const char*> files[] = {{0, "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"},
                                                 {1, "ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"},
                                                 {2, "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"}};
    for (const auto& [variant, file] : files) {
        const auto records = rs::core::readKatFile(rs::test::vectorPath(file));
        ASSERT_EQ(records.size(), 1089u);
        int lastDone = 0;
        for (const BoardPath p : {BoardPath::Hardware, BoardPath::Software}) {
            const BoardKatOutcome o = c.runKats(p, variant, records, [&](int done, int total) {
                EXPECT_GT(done, lastDone);
                EXPECT_EQ(total, 1089);
                lastDone = done;
            });
            EXPECT_EQ(o.passed, 1089) << file;
            EXPECT_EQ(o.failed, 0) << (o.failures.empty() ? "" : o.failures.front());
            EXPECT_GT(o.ticks, 0u);
            EXPECT_EQ(lastDone, 1089);
            lastDone = 0;
        }
    }
    // A wrong expectation is a failure, named: the client never trusts the board blindly.
    auto records = rs::core::readKatFile(rs::test::vectorPath("ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"));
    records.resize(40);
    Bytes ct = records[17].hex("CT");
    ct[3] ^= 1;
    setField(records[17], "CT", rs::crypto::toHex(ct));
    const BoardKatOutcome o = c.runKats(BoardPath::Hardware, 0, records);
    EXPECT_EQ(o.passed, 39);
    ASSERT_EQ(o.failed, 1);
    EXPECT_EQ(o.failures.front(), "Count = 18 (line " + std::to_string(records[17].line) +
                                      "): output byte 3 is " + hex2(ct[3] ^ 1) + ", the KAT gives " +
                                      hex2(ct[3]));
}

TEST(BoardFaults, CorruptedAndDroppedBytesAreRetried) {
    const auto records =
        rs::core::readKatFile(rs::test::vectorPath("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"));
    for (const char* fault : {"--corrupt-every", "--drop-every"}) {
        VirtualBoard sim;
        BoardClient c(fast());
        c.open(sim.start({QLatin1String(fault), QStringLiteral("3")}));
        const BoardKatOutcome o = c.runKats(BoardPath::Hardware, 2, records);
        EXPECT_EQ(o.passed, 1089) << fault;
        EXPECT_EQ(o.failed, 0) << fault;
        EXPECT_GT(c.retriesUsed(), 5) << fault;
    }
}

TEST(BoardFaults, DisconnectInTheMiddleOfABatchIsAClearErrorNotAHang) {
    const auto records =
        rs::core::readKatFile(rs::test::vectorPath("ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"));
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start({QStringLiteral("--disconnect-after"), QStringLiteral("6")}));
    QElapsedTimer t;
    t.start();
    int done = 0;
    try {
        c.runKats(BoardPath::Hardware, 2, records, [&](int d, int) { done = d; });
        ADD_FAILURE() << "the batch finished on a vanished board";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 0);
        const std::string what = e.what();
        EXPECT_TRUE(what.find("disconnected") != std::string::npos ||
                    what.find("no valid answer") != std::string::npos)
            << what;
    }
    EXPECT_GT(done, 0);
    EXPECT_LT(done, 1089);
    EXPECT_LT(t.elapsed(), 30000);
}

TEST(BoardFaults, ABoardResetLosesTheKeyAndSaysSo) {
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start({QStringLiteral("--reset-after"), QStringLiteral("3")})); // HELLO, key, nonce answered
    c.loadKey(2, seq(16, 0));
    c.loadNonce(seq(16, 1));
    try {
        c.encrypt(BoardPath::Hardware, {}, seq(16, 2));
        ADD_FAILURE() << "encrypted without the key it lost";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 5);
        EXPECT_NE(std::string(e.what()).find("was the board reset?"), std::string::npos);
    }
}

TEST(BoardFaults, ABoardWithoutTheIpRunsSoftwareOnly) {
    VirtualBoard sim;
    BoardClient c;
    const BoardHello h = c.open(sim.start({QStringLiteral("--no-ip")}));
    EXPECT_FALSE(h.hasHardware());
    c.loadKey(0, seq(16, 0));
    c.loadNonce(seq(16, 1));
    EXPECT_EQ(c.encrypt(BoardPath::Software, {}, seq(8, 2)).output.size(), 24u);
    try {
        c.encrypt(BoardPath::Hardware, {}, seq(8, 2));
        ADD_FAILURE();
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 8);
    }
}

// The line damage that overflowed the client's 4106-byte decode buffer, through the virtual board: each
// ends in the right answer (the damaged line dropped, the request asked again), never a crash (ASan in
// CI's sanitizer build).
TEST(BoardLine, A4200ByteLineWithoutADelimiterIsDroppedAndTheRequestAnswered) {
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start({QStringLiteral("--garbage-before"), QStringLiteral("2")})); // before PING's answer
    EXPECT_EQ(c.ping(seq(40, 1)), seq(40, 1));
    EXPECT_EQ(c.overlongLines(), 1u);
    EXPECT_EQ(c.retriesUsed(), 1);
    c.loadKey(0, seq(16, 0)); // the next request: the line is in step
    c.loadNonce(seq(16, 1));
    EXPECT_EQ(c.encrypt(BoardPath::Software, {}, seq(8, 2)).output.size(), 24u);
}

TEST(BoardLine, TwoLargeKatAnswersMergedByALostDelimiterAreAskedAgain) {
    // 2.5 KB messages: one record per batch, every answer 2.5 KB; the second batch's answer loses its
    // delimiter and runs into its retransmission (over 5 KB without a 0x00).
    const Bytes key = seq(16, 3), nonce = seq(16, 4), ad = seq(7, 5);
    std::vector<rs::core::KatRecord> records;
    for (int i = 0; i < 4; ++i) {
        const Bytes pt = seq(2500, i);
        const auto ct =
            rs::crypto::asconEncrypt(rs::crypto::AsconAeadVariant::AsconAead128, key, nonce, ad, pt);
        Bytes expected = ct.ct;
        expected.insert(expected.end(), ct.tag.begin(), ct.tag.end());
        records.push_back(record(key, nonce, ad, pt, expected));
    }
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start({QStringLiteral("--merge-at"), QStringLiteral("3")})); // HELLO, batch 1, batch 2
    const BoardKatOutcome o = c.runKats(BoardPath::Hardware, 2, records);
    EXPECT_EQ(o.passed, 4);
    EXPECT_EQ(o.failed, 0) << (o.failures.empty() ? "" : o.failures.front());
    EXPECT_EQ(c.overlongLines(), 1u);
    EXPECT_GE(c.retriesUsed(), 2); // the answer without its delimiter, then the merged line
}

TEST(BoardLine, AHeaderLengthThatDisagreesIsADamagedAnswerAskedAgain) {
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start({QStringLiteral("--bad-length"), QStringLiteral("2")}));
    EXPECT_EQ(c.ping(seq(30, 7)), seq(30, 7));
    EXPECT_EQ(c.damagedLines(), 1u);
    EXPECT_EQ(c.overlongLines(), 0u);
    EXPECT_EQ(c.retriesUsed(), 1);
    EXPECT_EQ(c.ping(seq(3, 1)), seq(3, 1));
}

TEST(BoardLine, AnAnswerLongerThanItsCommandDefinesIsAClearError) {
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start({QStringLiteral("--extra-byte"), QStringLiteral("4")})); // HELLO, key, nonce, ENCRYPT
    c.loadKey(2, seq(16, 0));
    c.loadNonce(seq(16, 1));
    try {
        c.encrypt(BoardPath::Software, {}, seq(20, 2));
        ADD_FAILURE() << "a 20-byte message came back as 37 bytes of ciphertext and tag";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 0);
        EXPECT_EQ(std::string(e.what()), "ENCRYPT answer has 49 bytes, expected 48");
    }
    EXPECT_EQ(c.encrypt(BoardPath::Software, {}, seq(20, 2)).output.size(), 36u); // the next one is fine
}

// A record is laid out by its lengths: a 1-byte key would shift every field after it and the board would read
// message bytes as lengths. The comparator never sends a record of another key size (skipped) or a nonce of
// the wrong size (failed), and the batching itself refuses such inputs before anything is sent.
TEST(BoardFaults, KatRecordsWithKeysOrNoncesOfAnotherSizeAreNeverSent) {
    VirtualBoard sim;
    BoardClient c(fast());
    c.open(sim.start());
    std::vector<rs::core::KatRecord> records(3, record(seq(16, 0), seq(16, 1), {}, seq(4, 2), seq(20, 3)));
    setField(records[1], "Key", "00");
    setField(records[2], "Nonce", rs::crypto::toHex(seq(17, 0)));
    const BoardKatOutcome o = c.runKats(BoardPath::Software, 0, records);
    EXPECT_EQ(o.skipped, 1);
    EXPECT_EQ(o.failed, 2); // record 1 reached the board (its expectation is made up), record 3 did not
    ASSERT_EQ(o.failures.size(), 2u);
    EXPECT_NE(o.failures[1].find("nonce is 17 bytes"), std::string::npos) << o.failures[1];

    std::vector<rs::oracle::Inputs> inputs(2, rs::oracle::Inputs{seq(16, 0), seq(16, 1), {}, seq(4, 2)});
    inputs[1].key = Bytes{0};
    try {
        c.katBatch(BoardPath::Software, 0, inputs);
        ADD_FAILURE() << "a 1-byte key was sent";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 4); // BAD_LENGTH
        EXPECT_EQ(std::string(e.what()), "KAT input 2: the key and the nonce must be 16 bytes each");
    }
    inputs[1].key = seq(16, 0);
    inputs[0].nonce = seq(17, 0);
    EXPECT_THROW(c.katBatch(BoardPath::Software, 0, inputs), BoardError);
    EXPECT_EQ(c.katBatch(BoardPath::Software, 0, std::span(inputs).subspan(1)).outputs.size(), 1u);
    EXPECT_EQ(c.retriesUsed(), 0);
}

TEST(BoardFaults, NoBoardAndBadOptions) {
    BoardClient c(fast());
    EXPECT_THROW(c.open(QStringLiteral("/dev/roundscope-no-such-port")), BoardError);
    EXPECT_THROW(c.hello(), BoardError); // not connected
    QProcess p;
    p.start(VirtualBoard::executable(), {QStringLiteral("--fly")});
    ASSERT_TRUE(p.waitForFinished(10000));
    EXPECT_EQ(p.exitCode(), 2);
    EXPECT_TRUE(p.readAllStandardError().contains("unknown option --fly"));
}

TEST(BoardCampaign, VirtualBoardTargetVerifiesAndTimes) {
    registerBoardRunner();
    QTemporaryDir dir;
    rs::campaign::CampaignStore store(dir.filePath(QStringLiteral("b.sqlite")).toStdString());
    auto spec = rs::campaign::targetSpec("board", {"ascon-128", "ascon-aead128", "lea-128-ctr"}, {0, 64}, 3,
                                         {{"board.path", "hw"}});
    // The board runs the Ascon IP only: a definition pairing it with LEA is refused, nothing stored.
    try {
        rs::campaign::runCampaign(store, spec);
        ADD_FAILURE() << "the board was given lea-128-ctr";
    } catch (const rs::campaign::SpecError& e) {
        EXPECT_EQ(std::string(e.what()), "targets x algorithms: board does not run lea-128-ctr (board runs "
                                         "ascon-128, ascon-128a, ascon-aead128); drop the pair or split the "
                                         "campaign");
    }
    EXPECT_TRUE(store.campaigns().empty());
    spec.algorithms.pop_back();
    const auto r = rs::campaign::runCampaign(store, spec);
    const auto runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 4u);
    for (const auto& row : runs) {
        EXPECT_TRUE(row.verified) << row.failure;
        bool time = false;
        for (const auto& m : row.measurements)
            time = time || (m.metric == "time_median" && m.unit == "ns" && m.value > 0);
        EXPECT_TRUE(time);
        // One untimed warm-up, then the 3 timed repeats.
        EXPECT_EQ(row.parameters.at("warmups"), "1");
        EXPECT_EQ(row.samples.size(), 3u);
    }
    // The campaign names the firmware build it timed: the virtual board's executable and its SHA-256.
    const auto prov = store.campaign(r.campaignId)->provenance;
    const std::string sha = prov.at("board.board.sim_sha256");
    EXPECT_EQ(sha.size(), 64u) << sha;
    EXPECT_EQ(sha.find_first_not_of("0123456789abcdef"), std::string::npos) << sha;
}

TEST(BoardCampaign, TheFlashedImageNamedInTheDefinitionIsHashedIntoEveryRun) {
    registerBoardRunner();
    QTemporaryDir dir;
    const QString elf = dir.filePath(QStringLiteral("fw.elf"));
    {
        QFile f(elf);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write("abc"); // SHA-256("abc") is FIPS 180-2's first example
    }
    rs::campaign::CampaignStore store(dir.filePath(QStringLiteral("b.sqlite")).toStdString());
    auto spec = rs::campaign::targetSpec("board", {"ascon-aead128"}, {16}, 2,
                                         {{"board.path", "hw"}, {"board.elf", elf.toStdString()}});
    auto r = rs::campaign::runCampaign(store, spec);
    auto runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].parameters.at("firmware_elf_sha256"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // An image that cannot be read is said in the run, never a made-up hash.
    spec.options["board.elf"] = dir.filePath(QStringLiteral("missing.elf")).toStdString();
    r = rs::campaign::runCampaign(store, spec);
    runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 1u);
    EXPECT_EQ(runs[0].parameters.at("firmware_elf_sha256").rfind("unreadable: ", 0), 0u)
        << runs[0].parameters.at("firmware_elf_sha256");
}

TEST(BoardCampaign, ABoardRightOnceAndWrongAfterwardsIsNeverStoredAsVerified) {
    // The board answers the first ENCRYPT right and every later one with a flipped ciphertext byte (CRC and
    // lengths correct): each run's later repeats are wrong, so no run may be stored as a verified timing.
    registerBoardRunner();
    VirtualBoard sim;
    const QString port = sim.start({QStringLiteral("--lie-after"), QStringLiteral("1")});
    QTemporaryDir dir;
    rs::campaign::CampaignStore store(dir.filePath(QStringLiteral("b.sqlite")).toStdString());
    const auto spec = rs::campaign::targetSpec("board", {"ascon-aead128"}, {16, 64}, 3,
                                               {{"board.path", "hw"}, {"board.port", port.toStdString()}});
    const auto r = rs::campaign::runCampaign(store, spec);
    const auto runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 2u);
    // The first run's first repeat is the one right answer; its second repeat is already wrong.
    EXPECT_EQ(runs[0].failure.rfind("wrong answer in output 2: output byte 0 is ", 0), 0u) << runs[0].failure;
    EXPECT_EQ(runs[1].failure.rfind("wrong answer in output 1: output byte 0 is ", 0), 0u) << runs[1].failure;
    for (const auto& row : runs) {
        EXPECT_FALSE(row.verified);
        EXPECT_TRUE(row.measurements.empty());
    }
}

} // namespace
