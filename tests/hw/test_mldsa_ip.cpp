// The ML-DSA polynomial unit (hw/rtl/mldsa_*.sv), Verilated at every built B: NTT, NTT^-1, PWM and PWA
// against rs::crypto's FIPS 204 model for random and edge polynomials, the CYCLES register against
// mldsaIpCycles and the paper-001 goals, the bank map's conflict flag, the AXI4-Lite error responses, the
// driver's refusals, the FST trace and the waveform capture's pipeline lanes.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <random>

#include <unistd.h>

#include "core/crypto/mldsantt.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/mldsa/mldsaip.h"
#include "hw/ip/mldsa/mldsamodels.h"
#include "tests/hw/hwtest.h"

namespace {

using namespace rs::hw;
using rs::crypto::kMlDsaQ;
using rs::crypto::MlDsaPoly;
using rs::oracle::MlDsaKind;

constexpr MlDsaKind kOps[] = {MlDsaKind::Ntt, MlDsaKind::InverseNtt, MlDsaKind::MultiplyNtt,
                              MlDsaKind::AddNtt};

MlDsaPoly randomPoly(std::mt19937& rng) {
    std::uniform_int_distribution<std::int32_t> d(0, kMlDsaQ - 1);
    MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

MlDsaPoly model(MlDsaKind op, const MlDsaPoly& a, const MlDsaPoly& b) {
    switch (op) {
    case MlDsaKind::Ntt:
        return rs::crypto::mldsaNtt(a);
    case MlDsaKind::InverseNtt:
        return rs::crypto::mldsaInverseNtt(a);
    case MlDsaKind::MultiplyNtt:
        return rs::crypto::mldsaMultiplyNtt(a, b);
    case MlDsaKind::AddNtt:
        return rs::crypto::mldsaAddNtt(a, b);
    }
    return a;
}

/** The first differing index, or -1. */
int firstDifference(const MlDsaPoly& x, const MlDsaPoly& y) {
    for (std::size_t i = 0; i < x.size(); ++i)
        if (x[i] != y[i]) return static_cast<int>(i);
    return -1;
}

void expectRun(MlDsaIp& ip, MlDsaKind op, const MlDsaPoly& a, const MlDsaPoly& b, int bf, const char* what) {
    const MlDsaIpResult r = ip.run(op, a, b, bf);
    const MlDsaPoly want = model(op, a, b);
    const int diff = firstDifference(r.output, want);
    EXPECT_EQ(diff, -1) << what << " " << rs::test::mldsaId(op) << " B=" << bf << " first difference at "
                        << diff << ": " << (diff >= 0 ? r.output[diff] : 0) << " vs "
                        << (diff >= 0 ? want[diff] : 0);
    EXPECT_EQ(r.coreCycles, mldsaIpCycles(op, bf)) << rs::test::mldsaId(op) << " B=" << bf;
    EXPECT_FALSE(r.bankConflict) << rs::test::mldsaId(op) << " B=" << bf;
    EXPECT_GT(r.busClocks, r.coreCycles);
}

TEST(MlDsaIp, BuiltSettingsAndFormula) {
    EXPECT_EQ(MlDsaIp::supportedButterflies(), (std::vector<int>{1, 2, 4}));
    // 1 START clock + issue clocks + 6 clocks from the last issue to its write.
    EXPECT_EQ(mldsaIpCycles(MlDsaKind::Ntt, 1), 1u + 1024 + 6);
    EXPECT_EQ(mldsaIpCycles(MlDsaKind::InverseNtt, 2), 1u + 512 + 6);
    EXPECT_EQ(mldsaIpCycles(MlDsaKind::MultiplyNtt, 4), 1u + 32 + 6);
    EXPECT_EQ(mldsaIpCycles(MlDsaKind::AddNtt, 2), 1u + 64 + 6);
    EXPECT_THROW(mldsaIpCycles(MlDsaKind::Ntt, 3), rs::crypto::InvalidArgument);
    EXPECT_THROW(mldsaIpCycles(MlDsaKind::Ntt, 0), rs::crypto::InvalidArgument);
}

TEST(MlDsaIp, RandomPolynomialsEqualTheModelAtEveryB) {
    MlDsaIp ip;
    for (const int bf : MlDsaIp::supportedButterflies())
        for (const unsigned seed : {1u, 2u}) {
            std::mt19937 rng(seed * 100 + static_cast<unsigned>(bf));
            for (const MlDsaKind op : kOps) {
                const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
                expectRun(ip, op, a, b, bf, "random");
            }
        }
}

TEST(MlDsaIp, EdgeValuesEqualTheModel) {
    MlDsaIp ip;
    MlDsaPoly zero{}, top{}, mixed{}, one{};
    top.fill(kMlDsaQ - 1);
    one[0] = 1;
    for (std::size_t i = 0; i < mixed.size(); ++i)
        mixed[i] = (i % 3 == 0) ? kMlDsaQ - 1 : (i % 3 == 1 ? 0 : 1);
    for (const int bf : MlDsaIp::supportedButterflies())
        for (const MlDsaKind op : kOps) {
            expectRun(ip, op, zero, zero, bf, "zero");
            expectRun(ip, op, top, top, bf, "q-1");
            expectRun(ip, op, mixed, top, bf, "mixed");
            expectRun(ip, op, one, mixed, bf, "delta");
        }
}

TEST(MlDsaIp, InverseOfForwardThroughTheIpIsTheIdentity) {
    MlDsaIp ip;
    std::mt19937 rng(7);
    const MlDsaPoly a = randomPoly(rng);
    for (const int bf : MlDsaIp::supportedButterflies()) {
        const MlDsaPoly f = ip.run(MlDsaKind::Ntt, a, {}, bf).output;
        EXPECT_EQ(firstDifference(ip.run(MlDsaKind::InverseNtt, f, {}, bf).output, a), -1) << bf;
    }
}

// The paper-001 goals, as exact simulated clocks (the CYCLES register of the Verilated RTL).
TEST(MlDsaIp, MeetsThePaperGoals) {
    MlDsaIp ip;
    std::mt19937 rng(3);
    const MlDsaPoly a = randomPoly(rng), b = randomPoly(rng);
    EXPECT_LE(ip.run(MlDsaKind::Ntt, a, b, 2).coreCycles, 533u);
    EXPECT_LE(ip.run(MlDsaKind::InverseNtt, a, b, 2).coreCycles, 536u);
    EXPECT_LE(ip.run(MlDsaKind::MultiplyNtt, a, b, 2).coreCycles, 85u);
    EXPECT_LE(ip.run(MlDsaKind::AddNtt, a, b, 2).coreCycles, 75u);
    EXPECT_LE(ip.run(MlDsaKind::Ntt, a, b, 4).coreCycles, 264u);
    EXPECT_LE(ip.run(MlDsaKind::InverseNtt, a, b, 4).coreCycles, 264u);
}

TEST(MlDsaIp, DriverRefusals) {
    MlDsaIp ip;
    MlDsaPoly a{}, b{};
    EXPECT_THROW(ip.run(MlDsaKind::Ntt, a, b, 3), rs::crypto::InvalidArgument);
    EXPECT_THROW(ip.run(MlDsaKind::Ntt, a, b, 8), rs::crypto::InvalidArgument);
    a[17] = kMlDsaQ;
    try {
        ip.run(MlDsaKind::Ntt, a, b, 2);
        FAIL() << "expected InvalidArgument";
    } catch (const rs::crypto::InvalidArgument& e) {
        EXPECT_NE(std::string(e.what()).find("17"), std::string::npos) << e.what();
    }
    a[17] = 0;
    b[3] = -1;
    EXPECT_THROW(ip.run(MlDsaKind::MultiplyNtt, a, b, 2), rs::crypto::InvalidArgument);
    // b is not an operand of a transform: not checked, not loaded
    EXPECT_NO_THROW(ip.run(MlDsaKind::Ntt, a, b, 2));
}

TEST(MlDsaIp, CancelStopsTheRun) {
    MlDsaIp ip;
    std::atomic<bool> cancel{true};
    ip.setCancel(&cancel);
    EXPECT_THROW(ip.run(MlDsaKind::Ntt, MlDsaPoly{}, MlDsaPoly{}, 1), IpCancelled);
    cancel = false;
    EXPECT_NO_THROW(ip.run(MlDsaKind::Ntt, MlDsaPoly{}, MlDsaPoly{}, 1));
}

TEST(MlDsaIpBus, ErrorResponsesAndTheCoefficientPort) {
    auto m = detail::makeMlDsaModel(2);
    ASSERT_TRUE(m);
    AxiLiteMaster bus(*m);
    std::uint32_t v = 0;
    EXPECT_EQ(bus.readResp(0x28, &v), kAxiOkay);
    EXPECT_EQ(v & 0xff, 2u) << "INFO.B";
    EXPECT_EQ((v >> 8) & 0xff, 3u) << "INFO.core";
    // unmapped and read-only
    EXPECT_EQ(bus.readResp(0x3c, &v), kAxiSlvErr);
    EXPECT_EQ(bus.readResp(0xfc, &v), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x3c, 1), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x08, 1), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x14, 1), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x28, 1), kAxiSlvErr);
    // slot and index out of range
    EXPECT_EQ(bus.writeResp(0x30, 2), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x34, 256), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x34, 255), kAxiOkay);
    EXPECT_EQ(bus.read(0x34), 255u);
    // a coefficient >= q and a partial write are refused, nothing stored, index unchanged
    EXPECT_EQ(bus.writeResp(0x34, 5), kAxiOkay);
    EXPECT_EQ(bus.writeResp(0x38, static_cast<std::uint32_t>(kMlDsaQ)), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x38, 12, 0x1), kAxiSlvErr);
    EXPECT_EQ(bus.read(0x34), 5u);
    EXPECT_EQ(bus.writeResp(0x38, static_cast<std::uint32_t>(kMlDsaQ - 1)), kAxiOkay);
    EXPECT_EQ(bus.writeResp(0x38, 77), kAxiOkay);
    EXPECT_EQ(bus.read(0x34), 7u) << "auto-increment";
    bus.write(0x34, 5);
    EXPECT_EQ(bus.read(0x38), static_cast<std::uint32_t>(kMlDsaQ - 1));
    EXPECT_EQ(bus.read(0x38), 77u);
    // slot B is separate
    bus.write(0x30, 1);
    bus.write(0x34, 5);
    EXPECT_EQ(bus.read(0x38), 0u);
    // while busy: START, CLEAR, DATA read and write are refused; STATUS shows BUSY
    bus.write(0x04, 0);
    bus.write(0x00, 1);
    EXPECT_EQ(bus.read(0x08) & 1u, 1u);
    EXPECT_EQ(bus.writeResp(0x00, 1), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x00, 2), kAxiSlvErr);
    EXPECT_EQ(bus.writeResp(0x38, 1), kAxiSlvErr);
    EXPECT_EQ(bus.readResp(0x38, &v), kAxiSlvErr);
    int polls = 0;
    while (!(bus.read(0x08) & 2u))
        ASSERT_LT(++polls, 2000);
    EXPECT_EQ(bus.read(0x14), mldsaIpCycles(MlDsaKind::Ntt, 2));
    EXPECT_EQ(bus.read(0x08) & 4u, 0u) << "no bank conflict";
    bus.write(0x00, 2);
    EXPECT_EQ(bus.read(0x08) & 2u, 0u) << "CLEAR hides DONE";
}

TEST(MlDsaIp, TraceNextToWritesAnFstFile) {
    const auto path =
        std::filesystem::temp_directory_path() / ("rs_mldsa_" + std::to_string(::getpid()) + ".fst");
    std::filesystem::remove(path);
    MlDsaIp ip;
    ip.traceNextTo(path.string());
    ip.run(MlDsaKind::AddNtt, MlDsaPoly{}, MlDsaPoly{}, 4);
    ASSERT_TRUE(std::filesystem::exists(path));
    EXPECT_GT(std::filesystem::file_size(path), 1000u);
    std::filesystem::remove(path);
    ip.run(MlDsaKind::AddNtt, MlDsaPoly{}, MlDsaPoly{}, 4);
    EXPECT_FALSE(std::filesystem::exists(path)) << "only the next run is traced";
}

TEST(MlDsaIp, CaptureShowsThePipelineLanes) {
    for (const int bf : MlDsaIp::supportedButterflies()) {
        rs::waveform::WaveformStore store;
        MlDsaIp ip;
        ip.captureInto(&store);
        std::mt19937 rng(5);
        const MlDsaPoly a = randomPoly(rng);
        ip.run(MlDsaKind::Ntt, a, {}, bf);
        const auto issue = store.find("stage_issue"), write = store.find("stage_write"),
                   layer = store.find("layer");
        ASSERT_TRUE(issue && write && layer);
        EXPECT_FALSE(store.find("bank" + std::to_string(2 * bf) + "_rd").has_value());
        int issues = 0, writes = 0, layerChanges = 0;
        std::uint64_t lastLayer = 0;
        for (rs::waveform::Tick t = 0; t < store.endTick(); ++t) {
            int reads = 0, banksWritten = 0;
            for (int k = 0; k < 2 * bf; ++k) {
                reads += static_cast<int>(store.valueAt(*store.find("bank" + std::to_string(k) + "_rd"), t));
                banksWritten +=
                    static_cast<int>(store.valueAt(*store.find("bank" + std::to_string(k) + "_wr"), t));
            }
            if (store.valueAt(*issue, t)) {
                ++issues;
                EXPECT_EQ(reads, 2 * bf) << "every bank read once per issue clock";
            } else {
                EXPECT_EQ(reads, 0);
            }
            if (store.valueAt(*write, t)) {
                ++writes;
                EXPECT_EQ(banksWritten, 2 * bf);
            }
            if (store.valueAt(*layer, t) != lastLayer) ++layerChanges;
            lastLayer = store.valueAt(*layer, t);
        }
        EXPECT_EQ(issues, 1024 / bf);
        EXPECT_EQ(writes, 1024 / bf);
        EXPECT_GE(layerChanges, 7);
    }
}

} // namespace
