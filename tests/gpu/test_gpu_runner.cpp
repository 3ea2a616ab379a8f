// The campaign target "cuda" through the real roundscope-gpu: without a device every run is recorded as a
// failed run whose reason is the probe's ("no CUDA device: ..."), never as a timing; bad options are
// refused by name; with a device the runs verify and carry the kernel and copy times.
#include <gtest/gtest.h>

#include <QTemporaryDir>

#include "core/campaign/campaignengine.h"
#include "gpu/runner/gpuexecutable.h"
#include "gpu/runner/gpurunner.h"
#include "tests/campaign/runnertest.h"

namespace {

using namespace rs::campaign;

CampaignSpec cudaSpec() {
    return targetSpec("cuda", {"skinny-128-256-ctr", "ascon-aead128", "lea-128-ctr"}, {16, 100}, 2,
                      {{"cuda.messages", "8"}});
}

TEST(GpuRunner, SupportsTheKernelsAlgorithmsOnly) {
    const auto r = rs::gpu::makeCudaRunner();
    EXPECT_EQ(r->target(), "cuda");
    EXPECT_TRUE(r->supports("skinny-128-256-ecb"));
    EXPECT_TRUE(r->supports("ascon-aead128"));
    EXPECT_FALSE(r->supports("ascon-128"));
    EXPECT_FALSE(r->supports("lea-128-gcm"));
    rs::gpu::registerCudaRunner();
    ASSERT_NE(makeRunner("cuda"), nullptr);
}

TEST(GpuRunner, ItsDeclarationSaysWhatItNeedsWithoutARunner) {
    rs::gpu::registerCudaRunner();
    const auto cuda = findTarget("cuda");
    ASSERT_TRUE(cuda.has_value());
    EXPECT_EQ(cuda->slurm.gres, "gpu:1");
    EXPECT_EQ(cuda->figures, Figures::Measured);
    EXPECT_EQ(claimedOperations(*cuda), supportedOperations(*rs::gpu::makeCudaRunner()));
    // Its tool: roundscope-gpu and a CUDA device, as the probe finds them.
    const rs::gpu::GpuProbe probe = rs::gpu::probeGpu();
    const auto absent = toolAbsent(*cuda);
    EXPECT_EQ(absent.has_value(), !probe.ok);
    EXPECT_EQ(absent.value_or("ok"), probe.status.toStdString());
}

TEST(GpuRunner, BadOptionsAreRefusedByName) {
    const auto r = rs::gpu::makeCudaRunner();
    const RunKey key{"cuda", "skinny-128-256-ctr", 32, 0};
    const RunInputs in = makeInputs(key);
    const std::atomic<bool> no{false};
    try {
        runJudged(*r, key, in, 1, {{"cuda.variant", "fastest"}}, no);
        FAIL() << "no error";
    } catch (const RunnerError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "cuda.variant: 'fastest' is not a kernel of skinny-128-256-ctr (paper, "
                  "shared-tables, shared-sbox, shared-sbox-x4)");
    }
    const RunKey aead{"cuda", "ascon-aead128", 32, 0};
    EXPECT_THROW(runJudged(*r, aead, makeInputs(aead), 1, {{"cuda.messages", "0"}}, no), RunnerError);
    EXPECT_THROW(runJudged(*r, aead, makeInputs(aead), 1, {{"cuda.messages", "x"}}, no), RunnerError);
}

TEST(GpuRunner, ACampaignVerifiesOrRecordsWhyNot) {
    rs::gpu::registerCudaRunner();
    QTemporaryDir dir;
    CampaignStore store(dir.filePath(QStringLiteral("c.sqlite")).toStdString());
    const EngineResult r = runCampaign(store, cudaSpec());
    const auto runs = store.runs(r.campaignId);
    ASSERT_EQ(runs.size(), 6u);
    const rs::gpu::GpuProbe probe = rs::gpu::probeGpu();
    for (const RunRow& row : runs) {
        if (!probe.ok) {
            EXPECT_FALSE(row.verified);
            EXPECT_EQ(row.failure, probe.status.toStdString());
            EXPECT_TRUE(row.measurements.empty()); // a failed run has no timing
        } else {
            EXPECT_TRUE(row.verified) << row.failure;
            bool kernel = false;
            for (const Measurement& m : row.measurements)
                kernel = kernel || (m.metric == "kernel_time_median" && m.unit == "ns" && m.value > 0);
            EXPECT_TRUE(kernel);
        }
    }
    const auto prov = store.campaign(r.campaignId)->provenance;
    EXPECT_EQ(prov.at("cuda.status"), probe.status.toStdString());
    if (!probe.ok) GTEST_SKIP() << "runs recorded as failed: " << probe.status.toStdString();
}

} // namespace
