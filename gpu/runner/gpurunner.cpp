#include "gpu/runner/gpurunner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

#include <algorithm>
#include <optional>

#include "core/crypto/bytes.h"
#include "gpu/host/gpusetup.h"
#include "gpu/runner/gpuexecutable.h"

namespace rs::gpu {

namespace {

using campaign::RunnerError;

constexpr int kExitWrong = 1, kExitNoDevice = 4;

void writeFile(const QString& path, const crypto::Bytes& b) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) ||
        f.write(reinterpret_cast<const char*>(b.data()), static_cast<qint64>(b.size())) !=
            static_cast<qint64>(b.size()))
        throw RunnerError("cuda: cannot write " + path.toStdString() + ": " + f.errorString().toStdString());
}

/** The operations with a kernel (gpu/host/gpusetup.h's variants). */
bool cudaRuns(std::string_view algorithm) {
    const auto algs = gpuAlgorithms();
    return std::find(algs.begin(), algs.end(), algorithm) != algs.end();
}

/** The last JSON line of roundscope-gpu's output. */
QJsonObject lastLine(const QByteArray& out) {
    const QList<QByteArray> lines = out.trimmed().split('\n');
    return lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.back()).object();
}

class GpuRunner final : public campaign::Runner {
  public:
    std::string target() const override { return "cuda"; }

    bool supports(std::string_view algorithm) const override { return cudaRuns(algorithm); }

    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& in, int repeats,
                            const std::map<std::string, std::string>& options,
                            const std::atomic<bool>& cancel, oracle::OutputJudge& judge) override {
        const bool aead = launchesMessages(key.algorithm);
        std::string variant = campaign::optionOr(options, "cuda.variant", "");
        if (variant.empty())
            for (const Variant& v : variants())
                if (v.algorithm == key.algorithm) {
                    variant = v.id;
                    break;
                }
        if (!findVariant(key.algorithm, variant)) {
            std::string known;
            for (const Variant& v : variants())
                if (v.algorithm == key.algorithm) known += (known.empty() ? "" : ", ") + v.id;
            throw RunnerError("cuda.variant: '" + variant + "' is not a kernel of " + key.algorithm + " (" +
                              known + ")");
        }
        const std::string messages = campaign::optionOr(options, "cuda.messages", "1024");
        if (aead && (messages.empty() || messages.find_first_not_of("0123456789") != std::string::npos ||
                     std::stoull(messages) < 1 || std::stoull(messages) > (1u << 24)))
            throw RunnerError("cuda.messages: expected 1..16777216, got '" + messages + "'");
        const QString exe = gpuExecutable();
        if (exe.isEmpty()) throw RunnerError("cuda: roundscope-gpu was not found (set ROUNDSCOPE_GPU)");

        QTemporaryDir dir;
        if (!dir.isValid())
            throw RunnerError("cuda: no temporary folder: " + dir.errorString().toStdString());
        const QString inPath = dir.filePath(QStringLiteral("in.bin")),
                      outPath = dir.filePath(QStringLiteral("out.bin"));
        writeFile(inPath, in.message);
        QStringList args = {QStringLiteral("run"),
                            QStringLiteral("--alg"),
                            QString::fromStdString(key.algorithm),
                            QStringLiteral("--variant"),
                            QString::fromStdString(variant),
                            QStringLiteral("--key"),
                            QString::fromStdString(crypto::toHex(in.key)),
                            QStringLiteral("--in"),
                            inPath,
                            QStringLiteral("--out"),
                            outPath,
                            QStringLiteral("--repeats"),
                            QString::number(repeats)};
        if (!in.nonce.empty())
            args << QStringLiteral("--iv") << QString::fromStdString(crypto::toHex(in.nonce));
        if (aead) {
            const QString adPath = dir.filePath(QStringLiteral("ad.bin"));
            writeFile(adPath, in.ad);
            args << QStringLiteral("--ad") << adPath << QStringLiteral("--messages")
                 << QString::fromStdString(messages);
        }
        QProcess p;
        p.start(exe, args);
        if (!p.waitForStarted())
            throw RunnerError("cuda: cannot start " + exe.toStdString() + ": " +
                              p.errorString().toStdString());
        while (!p.waitForFinished(100)) {
            if (p.state() == QProcess::NotRunning) break;
            if (cancel.load()) {
                p.kill();
                p.waitForFinished();
                throw campaign::Cancelled();
            }
        }
        const QByteArray out = p.readAllStandardOutput();
        const QJsonObject line = lastLine(out);
        if (p.exitStatus() != QProcess::NormalExit) throw RunnerError("cuda: roundscope-gpu crashed");
        if (p.exitCode() == kExitNoDevice)
            throw RunnerError(line.value(QStringLiteral("status")).toString().toStdString());
        if (p.exitCode() == kExitWrong)
            throw RunnerError("cuda: wrong answer on the device (" +
                              line.value(QStringLiteral("error")).toString().toStdString() + ")");
        if (p.exitCode() != 0) {
            const QString err = QString::fromUtf8(p.readAllStandardError()).trimmed();
            throw RunnerError(
                "cuda: roundscope-gpu failed (exit " + std::to_string(p.exitCode()) + "): " +
                (err.isEmpty() ? line.value(QStringLiteral("status")).toString() : err).toStdString());
        }
        QFile f(outPath);
        if (!f.open(QIODevice::ReadOnly)) throw RunnerError("cuda: roundscope-gpu wrote no output");
        const QByteArray bytes = f.readAll();
        // roundscope-gpu judged every launch (the warm-up and each timed repeat) with the oracle before it
        // printed a figure; it must say so, and the last launch's output is judged here again.
        const int launches = line.value(QStringLiteral("launches_checked")).toInt();
        if (launches != repeats + 1)
            throw RunnerError("cuda: roundscope-gpu checked " + std::to_string(launches) +
                              " launches, expected " + std::to_string(repeats + 1));
        judge.check(crypto::Bytes(bytes.begin(), bytes.end()));

        campaign::RunOutput r;
        // Times are per run message: a launch of K Ascon messages counts 1/K of its time per message, so
        // a speedup against the CPU (one message per run) compares like with like.
        const double perMessage = aead ? static_cast<double>(std::stoull(messages)) : 1.0;
        const auto stat = [&](const char* obj, const char* which) {
            return line.value(QLatin1String(obj)).toObject().value(QLatin1String(which)).toDouble() * 1e6 /
                   perMessage; // ms -> ns
        };
        r.measurements = {
            {"time_min", stat("total_ms", "min"), "ns"},
            {"time_median", stat("total_ms", "median"), "ns"},
            {"time_max", stat("total_ms", "max"), "ns"},
            {"kernel_time_min", stat("kernel_ms", "min"), "ns"},
            {"kernel_time_median", stat("kernel_ms", "median"), "ns"},
            {"kernel_time_max", stat("kernel_ms", "max"), "ns"},
            {"launch_time_median", stat("total_ms", "median") * perMessage, "ns"},
            {"throughput", line.value(QStringLiteral("throughput_bytes_per_s")).toDouble(), "bytes/s"},
            {"kernel_throughput", line.value(QStringLiteral("kernel_throughput_bytes_per_s")).toDouble(),
             "bytes/s"},
        };
        // Every timed launch's total time, when this roundscope-gpu prints them (per run message, in ns).
        for (const QJsonValue v :
             line.value(QStringLiteral("total_ms")).toObject().value(QStringLiteral("samples")).toArray())
            r.samples.push_back(v.toDouble() * 1e6 / perMessage);
        r.parameters = {
            {"cuda.variant", variant},
            {"device", line.value(QStringLiteral("device")).toString().toStdString()},
            {"compute_capability", line.value(QStringLiteral("compute_capability")).toString().toStdString()},
            {"bytes",
             std::to_string(static_cast<std::uint64_t>(line.value(QStringLiteral("bytes")).toDouble()))},
            {"launches_checked", std::to_string(launches)}};
        if (aead) r.parameters["cuda.messages"] = messages;
        return r;
    }

    std::map<std::string, std::string> provenance() const override {
        const GpuProbe probe = probeGpu();
        std::map<std::string, std::string> p = {{"roundscope-gpu", gpuExecutable().toStdString()},
                                                {"status", probe.status.toStdString()}};
        for (const char* k : {"device", "compute_capability", "driver", "runtime"})
            if (probe.device.contains(QLatin1String(k)))
                p[k] = probe.device.value(QLatin1String(k)).toVariant().toString().toStdString();
        return p;
    }
};

} // namespace

std::unique_ptr<campaign::Runner> makeCudaRunner() {
    return std::make_unique<GpuRunner>();
}

campaign::TargetDeclaration cudaDeclaration() {
    campaign::TargetDeclaration d;
    d.id = "cuda";
    d.name = "CUDA kernels (roundscope-gpu)";
    d.claims = cudaRuns;
    d.toolAbsent = []() -> std::optional<std::string> {
        const GpuProbe probe = probeGpu(); // roundscope-gpu and a CUDA device
        if (probe.ok) return std::nullopt;
        return probe.status.toStdString();
    };
    d.figures = campaign::Figures::Measured;
    d.slurm.gres = "gpu:1";
    return d;
}

void registerCudaRunner() {
    campaign::registerTarget(cudaDeclaration(), [] { return makeCudaRunner(); });
}

} // namespace rs::gpu
