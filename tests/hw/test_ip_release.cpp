// Decryption releases plaintext only after the tag verifies (hw/rtl/REGISTERS.md, "Decryption"):
// held output for messages that fit the output FIFO, verify-first for longer ones, the unsafe
// streaming bit, and the read rules that close the tag oracle.
#include "tests/hw/hwtest.h"

#include <random>

#include "core/crypto/asconaead.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/ipregisters.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/bus/buswords.h"

namespace {

namespace reg = rs::hw::reg;
using rs::crypto::AsconAeadVariant;
using rs::crypto::Bytes;
using rs::hw::AsconIpDevice;
using rs::hw::AxiLiteMaster;
using rs::hw::kAxiSlvErr;

std::uint32_t wordOf(const Bytes& b, std::size_t i) {
    return rs::hw::packBusWords(b).at(i);
}

std::size_t words(const Bytes& b) {
    return (b.size() + 3) / 4;
}

/** One Ascon-AEAD128 message and its encryption by the model. */
struct Message {
    Bytes key, nonce, ad, pt, ct, tag;
    Message(std::size_t adLen, std::size_t ptLen, unsigned seed) {
        std::mt19937 rng(seed);
        key = rs::test::randomBytes(rng, 16);
        nonce = rs::test::randomBytes(rng, 16);
        ad = rs::test::randomBytes(rng, adLen);
        pt = rs::test::randomBytes(rng, ptLen);
        const auto e = rs::crypto::asconEncryptModel(AsconAeadVariant::AsconAead128, key, nonce, ad, pt);
        ct = e.ct;
        tag = e.tag;
    }
};

/** Writes CONFIG, the lengths, key, nonce and expected tag of a decryption. */
void program(AxiLiteMaster& bus, const Message& m, std::uint32_t extraCfg, const Bytes& tag) {
    bus.write(reg::kConfig, 2 | reg::kCfgDecrypt | extraCfg);
    bus.write(reg::kAdLen, static_cast<std::uint32_t>(m.ad.size()));
    bus.write(reg::kMsgLen, static_cast<std::uint32_t>(m.ct.size()));
    for (std::size_t i = 0; i < 4; ++i) {
        bus.write(static_cast<std::uint8_t>(reg::kKey + 4 * i), wordOf(m.key, i));
        bus.write(static_cast<std::uint8_t>(reg::kNonce + 4 * i), wordOf(m.nonce, i));
        bus.write(static_cast<std::uint8_t>(reg::kTag + 4 * i), wordOf(tag, i));
    }
}

/** The input words of a decryption: AD words, then ciphertext words. */
std::vector<std::uint32_t> inputWords(const Message& m) {
    std::vector<std::uint32_t> in;
    for (std::size_t i = 0; i < words(m.ad); ++i)
        in.push_back(wordOf(m.ad, i));
    for (std::size_t i = 0; i < words(m.ct); ++i)
        in.push_back(wordOf(m.ct, i));
    return in;
}

/** Feeds all input (the test messages fit the input FIFO), STARTs and polls until DONE, trying a
 *  DOUT read at every poll; returns STATUS at DONE and counts the DOUT reads that were answered. */
std::uint32_t runAndProbe(AxiLiteMaster& bus, const Message& m, int& doutAnswered, bool& sawHeld) {
    const auto in = inputWords(m);
    EXPECT_LE(in.size(), reg::kInDepth);
    for (std::uint32_t w : in)
        bus.write(reg::kDin, w);
    bus.write(reg::kCtrl, reg::kCtrlStart);
    std::uint32_t status = 0;
    do {
        status = bus.read(reg::kStatus);
        if (status & reg::kStHeld) sawHeld = true;
        if (!(status & reg::kStDone)) {
            if (status & reg::kStHeld) {
                EXPECT_EQ(reg::statusOutCount(status), 0u) << "held words are not counted";
            }
            std::uint32_t data = 1;
            if (bus.readResp(reg::kDout, &data) == rs::hw::kAxiOkay) {
                ++doutAnswered;
            } else {
                EXPECT_EQ(data, 0u);
            }
        }
    } while (!(status & reg::kStDone));
    return status;
}

TEST(IpRelease, DoutBeforeAuthOkAnswersNothingThenThePlaintext) {
    const Message m(8, 100, 1); // 25 words: fits the 32-word output FIFO
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    program(bus, m, 0, m.tag);
    int answered = 0;
    bool held = false;
    const std::uint32_t status = runAndProbe(bus, m, answered, held);
    EXPECT_EQ(answered, 0) << "a DOUT read before AUTH_OK returned plaintext";
    EXPECT_TRUE(held);
    EXPECT_TRUE(status & reg::kStAuthOk);
    EXPECT_FALSE(status & reg::kStAuthFail);
    EXPECT_FALSE(status & reg::kStHeld);
    EXPECT_EQ(reg::statusOutCount(status), words(m.pt));
    Bytes pt(m.pt.size());
    for (std::size_t i = 0; i < words(m.pt); ++i) {
        const std::uint32_t w = bus.read(reg::kDout);
        for (std::size_t j = 0; j < 4 && 4 * i + j < pt.size(); ++j)
            pt[4 * i + j] = static_cast<std::uint8_t>(w >> (8 * j));
    }
    EXPECT_EQ(pt, m.pt);
    std::uint32_t data = 1;
    EXPECT_EQ(bus.readResp(reg::kTag, &data), kAxiSlvErr) << "no computed tag after a decryption";
    EXPECT_EQ(data, 0u);
}

TEST(IpRelease, ATamperedTagLeavesNothingReadable) {
    for (int u : {1, 12}) {
        const Message m(0, 64, 2);
        AsconIpDevice dev(u);
        AxiLiteMaster bus(dev);
        Bytes bad = m.tag;
        bad[15] ^= 0x80;
        program(bus, m, 0, bad);
        int answered = 0;
        bool held = false;
        const std::uint32_t status = runAndProbe(bus, m, answered, held);
        EXPECT_EQ(answered, 0);
        EXPECT_TRUE(status & reg::kStAuthFail);
        EXPECT_FALSE(status & reg::kStAuthOk);
        EXPECT_EQ(reg::statusOutCount(status), 0u);
        bus.idle(4);
        std::uint32_t data = 1;
        for (int i = 0; i < 20; ++i) {
            EXPECT_EQ(bus.readResp(reg::kDout, &data), kAxiSlvErr) << "unroll " << u;
            EXPECT_EQ(data, 0u);
        }
        EXPECT_EQ(bus.readResp(reg::kTag + 4, &data), kAxiSlvErr) << "the computed tag is no oracle";
        // CLEAR does not bring anything back either.
        bus.write(reg::kCtrl, reg::kCtrlClear);
        EXPECT_EQ(bus.readResp(reg::kDout, &data), kAxiSlvErr);
    }
}

TEST(IpRelease, AHeldDecryptionLongerThanTheFifoIsRefusedAtStart) {
    const Message m(0, 4 * reg::kOutDepth + 1, 3);
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    program(bus, m, 0, m.tag);
    EXPECT_EQ(bus.writeResp(reg::kCtrl, reg::kCtrlStart), kAxiSlvErr);
    EXPECT_FALSE(bus.read(reg::kStatus) & reg::kStBusy) << "nothing started";
    // Exactly OUT_DEPTH words still fits.
    bus.write(reg::kMsgLen, 4 * reg::kOutDepth);
    bus.write(reg::kCtrl, reg::kCtrlClear);
    EXPECT_EQ(bus.writeResp(reg::kCtrl, reg::kCtrlStart), rs::hw::kAxiOkay);
    EXPECT_TRUE(bus.read(reg::kStatus) & reg::kStBusy);
}

TEST(IpRelease, VerifyFirstChecksThenReleasesAndForgetsOnAnyChange) {
    const Message m(4, 40, 4);
    AsconIpDevice dev(2);
    AxiLiteMaster bus(dev);
    program(bus, m, reg::kCfgVerifyFirst, m.tag);
    int answered = 0;
    bool held = false;
    std::uint32_t status = runAndProbe(bus, m, answered, held);
    EXPECT_EQ(answered, 0) << "the first pass releases nothing";
    EXPECT_TRUE(status & reg::kStAuthOk);
    EXPECT_TRUE(status & reg::kStVerified);
    EXPECT_EQ(reg::statusOutCount(status), 0u);
    // A write of what was verified forgets it: the next START is a first pass again.
    bus.write(reg::kMsgLen, static_cast<std::uint32_t>(m.ct.size()));
    EXPECT_FALSE(bus.read(reg::kStatus) & reg::kStVerified);
    status = runAndProbe(bus, m, answered, held);
    EXPECT_EQ(answered, 0);
    EXPECT_TRUE(status & reg::kStVerified);
    // The second pass streams the verified plaintext and ends the verification.
    answered = 0;
    status = runAndProbe(bus, m, answered, held);
    EXPECT_TRUE(status & reg::kStAuthOk);
    EXPECT_FALSE(status & reg::kStVerified);
    EXPECT_EQ(answered + static_cast<int>(reg::statusOutCount(status)), static_cast<int>(words(m.pt)));
}

TEST(IpRelease, VerifyFirstWithABadTagNeverReleases) {
    const Message m(0, 40, 5);
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    Bytes bad = m.tag;
    bad[0] ^= 1;
    program(bus, m, reg::kCfgVerifyFirst, bad);
    int answered = 0;
    bool held = false;
    std::uint32_t status = runAndProbe(bus, m, answered, held);
    EXPECT_TRUE(status & reg::kStAuthFail);
    EXPECT_FALSE(status & reg::kStVerified);
    status = runAndProbe(bus, m, answered, held); // a second START is again only a first pass
    EXPECT_EQ(answered, 0);
    EXPECT_EQ(reg::statusOutCount(status), 0u);
}

TEST(IpRelease, StreamUnverifiedIsTheExplicitUnsafeMode) {
    const Message m(0, 100, 6);
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    Bytes bad = m.tag;
    bad[3] ^= 4;
    program(bus, m, reg::kCfgStreamUnverified, bad);
    EXPECT_EQ(bus.read(reg::kConfig) & reg::kCfgStreamUnverified, reg::kCfgStreamUnverified);
    int answered = 0;
    bool held = false;
    const std::uint32_t status = runAndProbe(bus, m, answered, held);
    EXPECT_FALSE(held);
    EXPECT_GT(answered, 0) << "streaming mode hands out plaintext before the tag is checked";
    EXPECT_TRUE(status & reg::kStAuthFail);
    EXPECT_EQ(reg::statusOutCount(status), 0u) << "what is left is still cleared at the mismatch";
}

TEST(IpRelease, AsconIpDecryptsLongMessagesInTwoPasses) {
    rs::hw::AsconIp ip;
    for (std::size_t len : {std::size_t{128}, std::size_t{129}, std::size_t{700}}) {
        const Message m(20, len, static_cast<unsigned>(len));
        rs::hw::AsconIpOptions opt;
        const auto d = ip.decrypt(AsconAeadVariant::AsconAead128, m.key, m.nonce, m.ad, m.ct, m.tag, opt);
        ASSERT_TRUE(d.pt.has_value()) << len;
        EXPECT_EQ(*d.pt, m.pt) << len;
        EXPECT_EQ(d.run.passes, len > 4 * reg::kOutDepth ? 2 : 1) << len;
        Bytes bad = m.tag;
        bad[7] ^= 2;
        EXPECT_FALSE(ip.decrypt(AsconAeadVariant::AsconAead128, m.key, m.nonce, m.ad, m.ct, bad, opt).pt)
            << len;
        Bytes badCt = m.ct;
        badCt.back() ^= 1;
        EXPECT_FALSE(ip.decrypt(AsconAeadVariant::AsconAead128, m.key, m.nonce, m.ad, badCt, m.tag, opt).pt)
            << len;
        opt.streamUnverified = true;
        const auto s = ip.decrypt(AsconAeadVariant::AsconAead128, m.key, m.nonce, m.ad, m.ct, m.tag, opt);
        ASSERT_TRUE(s.pt.has_value());
        EXPECT_EQ(*s.pt, m.pt);
        EXPECT_EQ(s.run.passes, 1);
        if (len > 4 * reg::kOutDepth) {
            EXPECT_GT(d.run.cycles.core(), s.run.cycles.core() * 3 / 2) << "two passes cost about twice";
        }
    }
}

} // namespace
