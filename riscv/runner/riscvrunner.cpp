#include "riscv/runner/riscvrunner.h"

#include <QProcess>

#include <optional>

#include "riscv/runner/riscvprogram.h"

namespace rs::riscv {

namespace {

using campaign::RunnerError;

/** The operations an RV32 kernel computes (riscvprogram.h's kernels). */
bool riscvRuns(std::string_view algorithm) {
    return defaultKernel(std::string(algorithm)) != nullptr;
}

class RiscvRunner final : public campaign::Runner {
  public:
    explicit RiscvRunner(std::string sim) : m_sim(std::move(sim)) {}

    std::string target() const override { return "riscv-" + m_sim; }

    bool supports(std::string_view algorithm) const override { return riscvRuns(algorithm); }

    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& in, int,
                            const std::map<std::string, std::string>& options,
                            const std::atomic<bool>& cancel, oracle::OutputJudge& judge) override {
        const RiscvKernel* def = defaultKernel(key.algorithm);
        if (!def) throw RunnerError(target() + ": no RV32 kernel computes " + key.algorithm);
        const std::string kernel = campaign::optionOr(options, target() + ".kernel", def->id);
        const RiscvKernel* k = findKernel(kernel);
        if (!k || k->algorithm != key.algorithm)
            throw RunnerError(target() + ".kernel: '" + kernel + "' does not compute " + key.algorithm);
        RiscvRequest r;
        r.kernel = kernel;
        r.sim = m_sim;
        r.isa = campaign::optionOr(options, target() + ".isa", "rv32im");
        r.key = in.key, r.nonce = in.nonce, r.ad = in.ad, r.message = in.message;
        RiscvResult res;
        try {
            res = runKernel(r, &cancel, false); // the engine checks the output against the model itself
        } catch (const RiscvError& e) {
            throw RunnerError(target() + ": " + e.what());
        }
        judge.check(res.output); // retired-instruction counts are exact: one simulation is the run
        campaign::RunOutput out;
        const double bytes = static_cast<double>(std::max<std::uint64_t>(1, key.messageBytes));
        out.measurements = {
            {"instructions", static_cast<double>(res.instructions), "instructions"},
            {"instructions_per_byte", static_cast<double>(res.instructions) / bytes, "instructions/byte"}};
        if (res.perBlock)
            out.measurements.push_back(
                {"per_block_instructions", static_cast<double>(*res.perBlock), "instructions"});
        for (const auto& [name, n] : res.phases)
            out.measurements.push_back({"phase_" + name, static_cast<double>(n), "instructions"});
        out.parameters = {{"kernel", kernel},
                          {"isa", res.isa},
                          {"simulator", res.sim},
                          {"simulations", "1 (instruction counts are exact)"}};
        return out;
    }

    std::map<std::string, std::string> provenance() const override {
        std::map<std::string, std::string> p;
        try {
            const std::string sim = simulatorPath(m_sim);
            p["simulator"] = sim;
            QProcess v;
            v.start(QString::fromStdString(sim),
                    {m_sim == "qemu" ? QStringLiteral("--version") : QStringLiteral("--help")});
            if (v.waitForFinished(10000))
                p["simulator_version"] =
                    QString::fromUtf8(v.readAllStandardOutput() + v.readAllStandardError())
                        .section('\n', 0, 0)
                        .toStdString();
        } catch (const RiscvError& e) {
            p["simulator"] = e.what();
        }
        try {
            p["image"] = imagePath("rv32im");
        } catch (const RiscvError& e) {
            p["image"] = e.what();
        }
        return p;
    }

  private:
    std::string m_sim;
};

} // namespace

std::unique_ptr<campaign::Runner> makeRiscvRunner(const std::string& sim) {
    return std::make_unique<RiscvRunner>(sim);
}

campaign::TargetDeclaration riscvDeclaration(const std::string& sim) {
    campaign::TargetDeclaration d;
    d.id = "riscv-" + sim;
    d.name = "RV32 kernels under " + std::string(sim == "qemu" ? "QEMU" : "Spike");
    d.claims = riscvRuns;
    d.toolAbsent = [sim]() -> std::optional<std::string> {
        try {
            simulatorPath(sim);  // the simulator
            imagePath("rv32im"); // and the image it runs
        } catch (const RiscvError& e) {
            return std::string(e.what());
        }
        return std::nullopt;
    };
    d.figures = campaign::Figures::Simulated; // retired-instruction counts are exact
    return d;
}

void registerRiscvRunners() {
    for (const std::string sim : {"qemu", "spike"})
        campaign::registerTarget(riscvDeclaration(sim), [sim] { return makeRiscvRunner(sim); });
}

} // namespace rs::riscv
