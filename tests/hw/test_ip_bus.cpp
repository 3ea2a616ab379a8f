// The AXI4-Lite register map (hw/rtl/REGISTERS.md) at the transaction level: identification,
// error responses, byte strobes, FIFO levels, the injected state, the thread rule.
#include "tests/hw/hwtest.h"

#include <thread>

#include "core/crypto/asconpermutation.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/ipregisters.h"
#include "hw/ip/bus/axilite.h"

namespace {

namespace reg = rs::hw::reg;
using rs::hw::AsconIpDevice;
using rs::hw::AxiLiteMaster;

TEST(IpBus, InfoNamesTheBuild) {
    for (int u : AsconIpDevice::supportedUnrolls()) {
        AsconIpDevice dev(u);
        AxiLiteMaster bus(dev);
        EXPECT_EQ(bus.read(reg::kInfo), (reg::kInfoVersion << 24) | (reg::kOutDepth << 16) |
                                            (reg::kInDepth << 8) | static_cast<unsigned>(u));
        EXPECT_EQ(bus.cycles(), 2u) << "one read is two clocks";
    }
    EXPECT_THROW(AsconIpDevice(5), std::invalid_argument);
}

TEST(IpBus, ErrorResponsesAndWriteOnlyRegisters) {
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    std::uint32_t data = 1;
    EXPECT_EQ(bus.readResp(0xfc, &data), rs::hw::kAxiSlvErr);
    EXPECT_EQ(data, 0u);
    EXPECT_EQ(bus.writeResp(0xfc, 1), rs::hw::kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(reg::kStatus, 1), rs::hw::kAxiSlvErr);  // read-only
    EXPECT_EQ(bus.readResp(reg::kDout, &data), rs::hw::kAxiSlvErr); // output FIFO empty
    try {
        bus.read(0xfc);
        ADD_FAILURE() << "a read of an unmapped address must throw";
    } catch (const rs::hw::AxiError& e) {
        EXPECT_STREQ(e.what(), "AXI read 0xFC: response 2 (SLVERR)")
            << "addresses in upper-case hex, as the GUI";
    }
    EXPECT_THROW(bus.read(reg::kDout), rs::hw::AxiError);
    bus.write(reg::kKey, 0xdeadbeef);
    EXPECT_EQ(bus.read(reg::kKey), 0u); // the key is write-only
    bus.write(reg::kNonce + 8, 0x01020304);
    EXPECT_EQ(bus.read(reg::kNonce + 8), 0x01020304u);
    EXPECT_EQ(bus.transactions() * 2, bus.cycles());
}

TEST(IpBus, ByteStrobesAndTheReservedVariant) {
    AsconIpDevice dev(2);
    AxiLiteMaster bus(dev);
    bus.write(reg::kAdLen, 0xffffffff);
    bus.write(reg::kAdLen, 0x12345678, 0x1);
    EXPECT_EQ(bus.read(reg::kAdLen), 0xffffff78u);
    bus.write(reg::kConfig, 2 | reg::kCfgDecrypt);
    bus.write(reg::kConfig, 3);
    EXPECT_EQ(bus.read(reg::kConfig), 2u); // variant 3 is reserved: the field keeps 2
}

TEST(IpBus, InputFifoFillsClearsAndRefusesWhenFull) {
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    EXPECT_EQ(reg::statusInFree(bus.read(reg::kStatus)), reg::kInDepth);
    for (unsigned i = 0; i < reg::kInDepth; ++i)
        bus.write(reg::kDin, i);
    EXPECT_EQ(reg::statusInFree(bus.read(reg::kStatus)), 0u);
    EXPECT_EQ(bus.writeResp(reg::kDin, 99), rs::hw::kAxiSlvErr);
    bus.write(reg::kCtrl, reg::kCtrlClear);
    EXPECT_EQ(reg::statusInFree(bus.read(reg::kStatus)), reg::kInDepth);
}

TEST(IpBus, ClearForgetsDone) {
    rs::hw::AsconIp ip;
    ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128v12, rs::crypto::Bytes(16, 0), rs::crypto::Bytes(16, 0),
               {}, {});
    AxiLiteMaster bus(ip.device(1));
    EXPECT_TRUE(bus.read(reg::kStatus) & reg::kStDone);
    bus.write(reg::kCtrl, reg::kCtrlClear);
    EXPECT_FALSE(bus.read(reg::kStatus) & reg::kStDone);
}

TEST(IpBus, StartWhileBusyIsRefusedAndAStarvedCoreReportsAStall) {
    AsconIpDevice dev(1);
    AxiLiteMaster bus(dev);
    bus.write(reg::kMsgLen, 64); // no words sent: the front end waits for them
    bus.write(reg::kCtrl, reg::kCtrlStart);
    bus.idle(40);
    const std::uint32_t st = bus.read(reg::kStatus);
    EXPECT_TRUE(st & reg::kStBusy);
    EXPECT_TRUE(st & reg::kStStalled);
    EXPECT_EQ(reg::statusPhase(st), static_cast<unsigned>(rs::hw::AsconIpPhase::Data));
    EXPECT_EQ(bus.writeResp(reg::kCtrl, reg::kCtrlStart), rs::hw::kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(reg::kCtrl, reg::kCtrlClear), rs::hw::kAxiSlvErr);
    dev.reset();
    EXPECT_FALSE(bus.read(reg::kStatus) & reg::kStBusy);
}

TEST(IpBus, InjectedStateEntersThroughStateRegisters) {
    // Precomputed Ascon-AEAD128 with empty AD and message and a zero key: the tag is x3||x4 of
    // p^12((S ^ domain bit ^ padding)), whatever S was injected. STATE reads return what was
    // written, before and after the run (never the working state).
    AsconIpDevice dev(4);
    AxiLiteMaster bus(dev);
    rs::crypto::AsconState s;
    s.x = {0x0123456789abcdefull, 0x1111111122222222ull, 0x3333333344444444ull, 0x5555555566666666ull,
           0x7777777788888888ull};
    const auto word = [](const rs::crypto::AsconState& st, unsigned i) {
        return static_cast<std::uint32_t>(i % 2 ? st.x[i / 2] >> 32 : st.x[i / 2]);
    };
    bus.write(reg::kConfig, 2 | reg::kCfgPrecomputed);
    for (unsigned k = 0; k < 4; ++k)
        bus.write(static_cast<std::uint8_t>(reg::kKey + 4 * k), 0);
    for (unsigned i = 0; i < 10; ++i)
        bus.write(static_cast<std::uint8_t>(reg::kState + 4 * i), word(s, i));
    bus.write(reg::kCtrl, reg::kCtrlStart);
    while (!(bus.read(reg::kStatus) & reg::kStDone)) {
    }
    for (unsigned i = 0; i < 10; ++i)
        EXPECT_EQ(bus.read(static_cast<std::uint8_t>(reg::kState + 4 * i)), word(s, i)) << "STATE" << i;
    rs::crypto::AsconState p = s;
    p.x[4] ^= 1ull << 63; // domain separation (SP 800-232: MSB of x4)
    p.x[0] ^= 0x01;       // padding of the empty last block (byte 0, 0x01)
    rs::crypto::asconPermute(p, 12);
    // SP 800-232 tag bytes are x3 then x4, little-endian: TAG0 = x3[31:0] ... TAG3 = x4[63:32].
    EXPECT_EQ(bus.read(reg::kTag + 0), word(p, 6));
    EXPECT_EQ(bus.read(reg::kTag + 4), word(p, 7));
    EXPECT_EQ(bus.read(reg::kTag + 8), word(p, 8));
    EXPECT_EQ(bus.read(reg::kTag + 12), word(p, 9));
}

TEST(IpBus, ModelsAreClockedOnlyByTheirOwnThread) {
    rs::hw::AsconIp ip;
    const rs::crypto::Bytes k(16, 0), n(16, 0);
    ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128v12, k, n, {}, {});
    bool threw = false;
    std::thread other([&] {
        try {
            ip.encrypt(rs::crypto::AsconAeadVariant::Ascon128v12, k, n, {}, {});
        } catch (const std::logic_error&) {
            threw = true;
        }
    });
    other.join();
    EXPECT_TRUE(threw);
}

} // namespace
