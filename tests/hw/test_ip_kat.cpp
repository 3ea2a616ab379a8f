// The Verilated IP reproduces every record of the three Ascon KAT files (encrypt, decrypt back,
// tampered tag rejected), judged by the one comparator core::runAeadKat, for several builds.
#include "tests/hw/hwtest.h"

#include "core/katfile.h"
#include "core/katrunner.h"
#include "hw/ip/ascon/ipalgorithm.h"

namespace {

struct KatCase {
    std::size_t variant; // index into ipVariants()
    int unroll;
    bool precomputed;
};

std::string caseName(const testing::TestParamInfo<KatCase>& info) {
    std::string id = rs::test::ipVariants()[info.param.variant].id;
    for (auto& c : id)
        if (c == '-') c = '_';
    return id + "_unroll" + std::to_string(info.param.unroll) +
           (info.param.precomputed ? "_precomputed" : "");
}

class IpKat : public testing::TestWithParam<KatCase> {};

TEST_P(IpKat, All1089RecordsPassTheSharedComparator) {
    const KatCase& c = GetParam();
    const auto& v = rs::test::ipVariants()[c.variant];
    const auto records = rs::core::readKatFile(rs::test::vectorPath(v.katFile));
    ASSERT_EQ(records.size(), 1089u);
    rs::hw::AsconIp ip;
    rs::hw::AsconIpOptions opt;
    opt.unroll = c.unroll;
    opt.precomputed = c.precomputed;
    const auto alg = rs::hw::ipAeadAlgorithm(ip, v.id, opt);
    const auto outcome = rs::core::runAeadKat(alg, records);
    EXPECT_EQ(outcome.passed, 1089) << alg.displayName;
    EXPECT_EQ(outcome.failed, 0) << alg.displayName << ": "
                                 << (outcome.failures.empty() ? "" : outcome.failures.front());
    EXPECT_EQ(outcome.skipped, 0);
}

// Every variant on every Verilated build in full mode, and precomputed on two of them.
std::vector<KatCase> katCases() {
    std::vector<KatCase> cases;
    for (std::size_t v = 0; v < rs::test::ipVariants().size(); ++v) {
        for (int u : rs::hw::AsconIpDevice::supportedUnrolls())
            cases.push_back({v, u, false});
        cases.push_back({v, 1, true});
        cases.push_back({v, 3, true});
    }
    return cases;
}

INSTANTIATE_TEST_SUITE_P(Builds, IpKat, testing::ValuesIn(katCases()), caseName);

TEST(IpKatAlgorithm, NamesTheBuildAndRejectsOtherIds) {
    rs::hw::AsconIp ip;
    rs::hw::AsconIpOptions opt;
    opt.unroll = 2;
    opt.precomputed = true;
    EXPECT_EQ(rs::hw::ipAeadAlgorithm(ip, "ascon-aead128", opt).displayName,
              "Ascon-AEAD128 (SP 800-232) (Verilated IP, unroll 2, precomputed)");
    EXPECT_THROW(rs::hw::ipAeadAlgorithm(ip, "lea-128-gcm"), std::invalid_argument);
}

} // namespace
