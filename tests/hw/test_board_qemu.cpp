// The ARM firmware image (arm-none-eabi, Cortex-A9) booted in QEMU's xilinx-zynq-a9 machine, answering the
// board protocol over its emulated UART1 on a pseudo-terminal. QEMU has no PL, so the firmware must find
// no IP and serve the software path: the KATs run through it must all pass. With -icount, the timer's
// ticks count the software path's instructions: the virtual board's fit of them (hw/zynq/sim/swcost.cpp)
// must still match the firmware as built, and STATS reports the stack's high-water mark.
#include <gtest/gtest.h>

#include "hw/board/boardclient.h"
#include "hw/board/qemuboard.h"
#include "hw/zynq/sim/halhost.h"
#include "tests/qtcoreapp.h"
#include "tests/testsupport.h"

namespace {

using namespace rs::hw::board;

TEST(BoardQemu, ArmFirmwareAnswersOverTheEmulatedUart) {
    QemuBoard q;
    BoardClient c;
    const BoardHello h = c.open(q.start(QStringLiteral(RS_FIRMWARE_ELF), false));
    EXPECT_EQ(h.firmware, "roundscope-fw 1.0");
    EXPECT_FALSE(h.hasHardware()); // no PL in QEMU: the probe's abort was caught
    const BoardInfo i = c.info();
    EXPECT_FALSE(i.ipPresent);
    EXPECT_EQ(i.timerHz, 333333333u);
    auto records = rs::core::readKatFile(rs::test::vectorPath("ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"));
    records.resize(200);
    const BoardKatOutcome o = c.runKats(BoardPath::Software, 0, records);
    EXPECT_EQ(o.passed, 200);
    EXPECT_EQ(o.failed, 0);
    try {
        c.loadKey(0, rs::crypto::Bytes(16, 1));
        c.loadNonce(rs::crypto::Bytes(16, 2));
        c.encrypt(BoardPath::Hardware, {}, rs::crypto::Bytes(8, 3));
        ADD_FAILURE() << "the hardware path answered without a PL";
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 8);
    }
}

/** Every 7th record of both files: its encryption's and decryption's instructions under QEMU against the
 *  fit, within the fit's stated residual plus the timer's resolution at both ends. */
TEST(BoardQemu, TheSoftwareInstructionFitStillMatchesTheFirmware) {
    QemuBoard q;
    BoardClient c;
    c.open(q.start(QemuBoard::firmware(QStringLiteral("sw"))));
    const char* files[] = {"ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt",
                           "ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"};
    for (int variant = 0; variant < 2; ++variant) {
        const auto records = rs::core::readKatFile(rs::test::vectorPath(files[variant]));
        for (std::size_t i = 0; i < records.size(); i += 7) {
            const auto& r = records[i];
            const auto pt = r.hex("PT"), ad = r.hex("AD"), ct = r.hex("CT");
            c.loadKey(variant, r.hex("Key"));
            c.loadNonce(r.hex("Nonce"));
            const CryptResult e = c.encrypt(BoardPath::Software, ad, pt);
            ASSERT_EQ(e.output, ct);
            const CryptResult d =
                c.decrypt(BoardPath::Software, ad, rs::crypto::Bytes(ct.begin(), ct.end() - 16),
                          rs::crypto::Bytes(ct.end() - 16, ct.end()));
            ASSERT_EQ(d.output, pt);
            const auto adLen = static_cast<std::uint32_t>(ad.size()),
                       len = static_cast<std::uint32_t>(pt.size());
            const double tolerance = swFitMaxResidual() + 2 * kQemuInstructionsPerTick;
            EXPECT_NEAR(static_cast<double>(e.ticks * kQemuInstructionsPerTick),
                        swInstructions(variant, false, adLen, len), tolerance)
                << "variant " << variant << ", record " << r.text("Count") << ": regenerate swcost.cpp's fit";
            EXPECT_NEAR(static_cast<double>(d.ticks * kQemuInstructionsPerTick),
                        swInstructions(variant, true, adLen, len), tolerance)
                << "variant " << variant << ", record " << r.text("Count");
        }
    }
    const BoardStats st = c.stats();
    EXPECT_EQ(st.stackSize, 0x10000u); // zynq.ld's SVC stack
    EXPECT_GT(st.stackUsed, 64u);
    EXPECT_LT(st.stackUsed, st.stackSize);
    EXPECT_EQ(st.paths, 2u); // the software path only
}

} // namespace
