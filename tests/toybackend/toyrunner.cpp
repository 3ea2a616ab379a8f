#include "tests/toybackend/toyrunner.h"

#include <algorithm>
#include <chrono>
#include <vector>

#include "tests/toybackend/toydevice.h"

namespace rs::toy {

namespace {

/** What the toy device computes: LEA-128 in ECB and CTR. */
bool toyRuns(std::string_view algorithm) {
    return algorithm == "lea-128-ecb" || algorithm == "lea-128-ctr";
}

class ToyRunner final : public campaign::Runner {
  public:
    std::string target() const override { return "toy"; }

    bool supports(std::string_view algorithm) const override { return toyRuns(algorithm); }

    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& in, int repeats,
                            const std::map<std::string, std::string>&, const std::atomic<bool>& cancel,
                            oracle::OutputJudge& judge) override {
        const bool ctr = key.algorithm == "lea-128-ctr";
        std::vector<double> ns;
        for (int r = 0; r < std::max(1, repeats); ++r) {
            if (cancel.load()) throw campaign::Cancelled();
            const auto t0 = std::chrono::steady_clock::now();
            crypto::Bytes out;
            try {
                out = ctr ? m_device.ctr(in.key, in.nonce, in.message) : m_device.ecb(in.key, in.message);
            } catch (const ToyError& e) {
                throw campaign::RunnerError(std::string("toy: ") + e.what());
            }
            ns.push_back(
                std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count());
            judge.check(out); // every repeat's output, not only the first
        }
        campaign::RunOutput result;
        campaign::setTimings(result, std::move(ns), key.messageBytes);
        result.parameters = {{"device", "LEA-128 in C (tests/toybackend)"}};
        return result;
    }

  private:
    ToyDevice m_device;
};

} // namespace

std::unique_ptr<campaign::Runner> makeToyRunner() {
    return std::make_unique<ToyRunner>();
}

void registerToyRunner() {
    campaign::TargetDeclaration toy; // measured, needs no tool, asks Slurm for nothing: the defaults
    toy.id = "toy";
    toy.name = "toy LEA-128 in C (tests/toybackend)";
    toy.claims = toyRuns;
    campaign::registerTarget(std::move(toy), [] { return makeToyRunner(); });
}

} // namespace rs::toy
