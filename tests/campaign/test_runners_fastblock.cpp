// The "cpu" and "cpu-mt" runners on the block ciphers with a fast many-block path (cpufastblock.h): every
// repeat of ECB and CTR is judged against the model under cpu.impl = fast and = reference, at sizes below,
// at and across the fast paths' batches and with CTR tails; the parameters name what ran; a cipher without a
// fast path runs its reference code under either value; a bad cpu.impl is a clear error.
#include <gtest/gtest.h>

#include <atomic>

#include "core/campaign/cpufastblock.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/ghashclmul.h"
#include "core/crypto/leafast.h"
#include "core/crypto/skinnyfast.h"
#include "core/oracle/algorithms.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;

const std::atomic<bool> kGo{false};

TEST(CpuFastBlocks, EveryRepeatIsVerifiedUnderBothImplementations) {
    const struct {
        const char* alg;
        std::string isa;
    } cases[] = {{"lea-128-ecb", rs::crypto::leaFastIsaName(rs::crypto::leaFastBest())},
                 {"lea-192-ctr", rs::crypto::leaFastIsaName(rs::crypto::leaFastBest())},
                 {"lea-256-ctr", rs::crypto::leaFastIsaName(rs::crypto::leaFastBest())},
                 {"skinny-128-256-ecb", rs::crypto::skinnyFastIsaName(rs::crypto::skinnyFastBest())},
                 {"skinny-128-256-ctr", rs::crypto::skinnyFastIsaName(rs::crypto::skinnyFastBest())},
                 {"skinny-128-384-ctr", rs::crypto::skinnyFastIsaName(rs::crypto::skinnyFastBest())}};
    for (const int threads : {1, 2}) {
        const auto runner = makeCpuRunner(threads);
        for (const auto& c : cases) {
            const bool ctr = std::string(c.alg).ends_with("-ctr");
            for (const std::uint64_t bytes : {16u, 112u, 1024u, 2048u + 16u, 16384u + 48u})
                for (const std::uint64_t size : {bytes, ctr ? bytes + 5 : bytes}) {
                    for (const std::string impl : {"fast", "reference"}) {
                        const RunKey key{runner->target(), c.alg, size, 0};
                        const RunInputs in = makeInputs(key);
                        const RunVerdict v = judgeRun(*runner, key, in, referenceOutput(key, in), 3,
                                                      {{"cpu.impl", impl}}, kGo);
                        EXPECT_TRUE(v.verified) << c.alg << " " << size << " " << impl << ": " << v.failure;
                        EXPECT_EQ(v.outputs, 3 + kCpuWarmups); // the warm-up's output is judged too
                        EXPECT_EQ(v.output.parameters.at("cpu.impl"), impl);
                        EXPECT_EQ(v.output.parameters.at("cpu.isa"), impl == "fast" ? c.isa : "scalar");
                    }
                }
        }
    }
}

TEST(CpuFastAead, EveryRepeatIsVerifiedUnderBothImplementations) {
    // The Ascon variants write into the run's buffers on the fast path (asconEncryptInto); LEA-GCM runs
    // LeaFast CTR and carry-less GHASH (gcmEncryptFastInto) with the key schedule done once per run.
    const std::string gcmIsa = std::string(rs::crypto::leaFastIsaName(rs::crypto::leaFastBest())) + "+" +
                               rs::crypto::ghashIsaName(rs::crypto::ghashBest());
    const struct {
        const char* alg;
        std::string fastIsa;
    } cases[] = {{"ascon-128", "scalar"},
                 {"ascon-128a", "scalar"},
                 {"ascon-aead128", "scalar"},
                 {"lea-128-gcm", gcmIsa},
                 {"lea-256-gcm", gcmIsa}};
    for (const int threads : {1, 2}) {
        const auto runner = makeCpuRunner(threads);
        for (const auto& c : cases)
            for (const std::uint64_t size : {0u, 1u, 16u, 63u, 1536u + 7u})
                for (const std::uint64_t ad : {0u, 17u})
                    for (const std::string impl : {"fast", "reference"}) {
                        const RunKey key{runner->target(), c.alg, size, ad};
                        const RunInputs in = makeInputs(key);
                        const RunVerdict v = judgeRun(*runner, key, in, referenceOutput(key, in), 3,
                                                      {{"cpu.impl", impl}}, kGo);
                        EXPECT_TRUE(v.verified) << c.alg << " " << size << " " << impl << ": " << v.failure;
                        EXPECT_EQ(v.outputs, 3 + kCpuWarmups); // the warm-up's output is judged too
                        EXPECT_EQ(v.output.parameters.at("cpu.impl"), impl);
                        EXPECT_EQ(v.output.parameters.at("cpu.isa"), impl == "fast" ? c.fastIsa : "scalar");
                    }
    }
}

TEST(CpuFastBlocks, ACipherWithoutAFastPathRunsItsReference) {
    EXPECT_EQ(makeFastBlocks("skinny-64-192", rs::crypto::Bytes(24, 1)), nullptr);
    EXPECT_NE(makeFastBlocks("skinny-128-128", rs::crypto::Bytes(16, 1)), nullptr);
    const auto cpu = makeCpuRunner(1);
    const RunKey key{"cpu", "skinny-64-192-ctr", 77, 0};
    const RunInputs in = makeInputs(key);
    const RunVerdict v = judgeRun(*cpu, key, in, referenceOutput(key, in), 2, {}, kGo);
    EXPECT_TRUE(v.verified) << v.failure;
    EXPECT_EQ(v.output.parameters.at("cpu.impl"), "reference");
    const auto prov = cpu->provenance();
    EXPECT_EQ(prov.at("skinny.fast_isa"), rs::crypto::skinnyFastIsaName(rs::crypto::skinnyFastBest()));
    EXPECT_EQ(prov.at("lea.fast_isa"), rs::crypto::leaFastIsaName(rs::crypto::leaFastBest()));
}

TEST(CpuFastBlocks, TheFastPathIsTheOneTheRegistryRowNames) {
    // Which rows have a fast path is a fact of their registry row (oracle::CpuFastPath), not an id list
    // here: every row that names one gets it, every other row gets none.
    using rs::oracle::CpuFastPath;
    int blocks = 0, aeads = 0;
    for (const auto& b : rs::oracle::blockAlgorithms()) {
        const auto fast = makeFastBlocks(b.id, rs::crypto::Bytes(b.keyBytes, 1));
        const bool named =
            b.cpuFastPath == CpuFastPath::LeaBlocks || b.cpuFastPath == CpuFastPath::SkinnyBlocks;
        EXPECT_EQ(fast != nullptr, named) << b.id;
        EXPECT_TRUE(b.cpuFastPath == CpuFastPath::None || named) << b.id;
        blocks += named;
    }
    for (const auto& a : rs::oracle::aeadAlgorithms()) {
        const auto fast = makeFastAead(a.id, rs::crypto::Bytes(a.keyBytes, 1));
        EXPECT_EQ(fast != nullptr, a.cpuFastPath == CpuFastPath::LeaGcm) << a.id;
        aeads += a.cpuFastPath == CpuFastPath::LeaGcm;
    }
    EXPECT_EQ(blocks, 6) << "LEA-128/192/256 and SKINNY-128-128/256/384";
    EXPECT_EQ(aeads, 3) << "LEA-128/192/256-GCM";
    EXPECT_EQ(makeFastBlocks("no-such-cipher", rs::crypto::Bytes(16, 1)), nullptr);
}

TEST(CpuFastBlocks, ABadImplementationIsAClearError) {
    const auto cpu = makeCpuRunner(1);
    const RunKey key{"cpu", "lea-128-ctr", 64, 0};
    const RunInputs in = makeInputs(key);
    try {
        judgeRun(*cpu, key, in, referenceOutput(key, in), 1, {{"cpu.impl", "turbo"}}, kGo);
        FAIL() << "accepted cpu.impl=turbo";
    } catch (const RunnerError& e) {
        EXPECT_NE(std::string(e.what()).find("cpu.impl: expected fast or reference, got 'turbo'"),
                  std::string::npos)
            << e.what();
    }
}

} // namespace
