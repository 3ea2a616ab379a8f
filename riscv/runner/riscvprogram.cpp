#include "riscv/runner/riscvprogram.h"

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <algorithm>
#include <cstring>

#include "core/campaign/runner.h"
#include "core/fileio/safefile.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "core/programdir.h"

namespace rs::riscv {

namespace {

constexpr std::uint32_t kMagic = 0x31505352; // "RSP1", riscv/harness/params.h
constexpr std::size_t kHeader = 6 * 4 + 32 + 16;
constexpr std::size_t kMaxData = 65536;

std::uint32_t rd32(const std::vector<char>& d, std::size_t off) {
    if (off + 4 > d.size()) throw RiscvError("image: truncated ELF");
    std::uint32_t v;
    std::memcpy(&v, d.data() + off, 4);
    return v;
}
std::uint16_t rd16(const std::vector<char>& d, std::size_t off) {
    if (off + 2 > d.size()) throw RiscvError("image: truncated ELF");
    std::uint16_t v;
    std::memcpy(&v, d.data() + off, 2);
    return v;
}

/** File offset and size of a section of a 32-bit little-endian ELF. */
std::pair<std::size_t, std::size_t> section(const std::vector<char>& d, const std::string& wanted) {
    if (d.size() < 52 ||
        std::memcmp(d.data(),
                    "\x7f"
                    "ELF",
                    4) != 0 ||
        d[4] != 1 || d[5] != 1)
        throw RiscvError("image: not a 32-bit little-endian ELF file");
    const std::size_t shoff = rd32(d, 0x20), entsize = rd16(d, 0x2e), count = rd16(d, 0x30),
                      strndx = rd16(d, 0x32);
    if (entsize < 40 || strndx >= count) throw RiscvError("image: bad section table");
    const std::size_t strtab = rd32(d, shoff + strndx * entsize + 0x10);
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t h = shoff + i * entsize;
        const std::size_t name = strtab + rd32(d, h);
        if (name >= d.size()) throw RiscvError("image: bad section name");
        if (std::strncmp(d.data() + name, wanted.c_str(), std::min(d.size() - name, wanted.size() + 1)) ==
            0) {
            const std::size_t off = rd32(d, h + 0x10), size = rd32(d, h + 0x14);
            if (off + size > d.size())
                throw RiscvError("image: section " + wanted + " lies outside the file");
            return {off, size};
        }
    }
    throw RiscvError("image: no " + wanted + " section (not a RoundScope RV32 image)");
}

void put32(std::vector<char>& d, std::size_t off, std::uint32_t v) {
    std::memcpy(d.data() + off, &v, 4);
}

std::string text(const QJsonObject& o, const char* k) {
    return o.value(QLatin1String(k)).toString().toStdString();
}

} // namespace

const std::vector<RiscvKernel>& kernels() {
    static const std::vector<RiscvKernel> list = {
        {"lea-128-ecb-c", "lea-128-ecb", "LEA-128 block encryption, the C reference"},
        {"lea-128-ctr-c", "lea-128-ctr", "LEA-128 CTR in C over the reference block function"},
        {"lea-128-ctr-asm", "lea-128-ctr", "LEA-128 CTR in assembly, every round from the counter block"},
        {"lea-128-ctr-pre", "lea-128-ctr", "+ per-nonce precomputation of the counter-independent words"},
        {"lea-128-ctr-pre-fixed", "lea-128-ctr",
         "+ fixed registers: no moves, the registers' roles rotate every 4 rounds", true},
        {"lea-128-gcm", "lea-128-gcm", "LEA-128-GCM, GHASH with the paper's bit-serial GF(2^128) multiply"},
        {"lea-128-gcm-table", "lea-128-gcm", "LEA-128-GCM, GHASH with 4-bit tables (Shoup)", true},
        {"ascon-aead128", "ascon-aead128", "Ascon-AEAD128 (SP 800-232) in C"},
        {"skinny-128-256-ecb", "skinny-128-256-ecb", "SKINNY-128-256 ECB in C"},
        {"skinny-128-256-ctr", "skinny-128-256-ctr", "SKINNY-128-256 CTR in C"},
    };
    return list;
}

const RiscvKernel* findKernel(const std::string& id) {
    for (const RiscvKernel& k : kernels())
        if (k.id == id) return &k;
    return nullptr;
}

const RiscvKernel* defaultKernel(const std::string& algorithm) {
    const std::vector<const RiscvKernel*> all = kernelsFor(algorithm);
    for (const RiscvKernel* k : all)
        if (k->campaignDefault) return k;
    return all.empty() ? nullptr : all.front();
}

std::vector<const RiscvKernel*> kernelsFor(const std::string& algorithm) {
    std::vector<const RiscvKernel*> out;
    for (const RiscvKernel& k : kernels())
        if (k.algorithm == algorithm) out.push_back(&k);
    return out;
}

namespace {
QString& builtDir() {
    static QString dir; // set by buildImages(); read on the thread that runs kernels after a build
    return dir;
}
} // namespace

std::string buildImages(const std::string& outDir) {
#ifndef RS_RISCV_SOURCE_DIR
    throw RiscvError("this program was built without the RV32 sources' location");
#else
    const QString gcc = QStandardPaths::findExecutable(QStringLiteral("riscv64-unknown-elf-gcc"));
    if (gcc.isEmpty())
        throw RiscvError("riscv64-unknown-elf-gcc not found (Debian packages gcc-riscv64-unknown-elf, "
                         "picolibc-riscv64-unknown-elf)");
    if (!QDir().mkpath(QString::fromStdString(outDir))) throw RiscvError("cannot create " + outDir);
    std::string log;
    for (const char* isa : {"rv32i", "rv32im"}) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        const QString out = QDir(QString::fromStdString(outDir))
                                .filePath(QStringLiteral("roundscope-%1.elf").arg(QLatin1String(isa)));
        p.start(QStringLiteral("sh"), {QStringLiteral(RS_RISCV_SOURCE_DIR "/build-elf.sh"), gcc,
                                       QLatin1String(isa), out, QStringLiteral(RS_RISCV_SOURCE_DIR)});
        if (!p.waitForFinished(300000))
            throw RiscvError(std::string("building the ") + isa + " image did not finish");
        const std::string text = QString::fromUtf8(p.readAll()).toStdString();
        log += std::string(isa) + ": " + (text.empty() ? "ok\n" : text);
        if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            throw RiscvError(std::string("building the ") + isa + " image failed:\n" + text);
    }
    builtDir() = QString::fromStdString(outDir);
    return log;
#endif
}

std::string imagePath(const std::string& isa) {
    if (isa != "rv32im" && isa != "rv32i")
        throw RiscvError("isa: expected rv32im or rv32i, got '" + isa + "'");
    const QString name = QStringLiteral("roundscope-%1.elf").arg(QString::fromStdString(isa));
    QStringList dirs;
    if (const QString env = qEnvironmentVariable("ROUNDSCOPE_RISCV_DIR"); !env.isEmpty()) dirs << env;
    if (!builtDir().isEmpty()) dirs << builtDir();
    dirs << core::programDirectory();
#ifdef RS_RISCV_BUILD_DIR
    dirs << QStringLiteral(RS_RISCV_BUILD_DIR);
#endif
    for (const QString& d : dirs)
        if (QFileInfo::exists(QDir(d).filePath(name))) return QDir(d).filePath(name).toStdString();
    throw RiscvError(
        "no RV32 image " + name.toStdString() +
        " (riscv64-unknown-elf-gcc and picolibc were missing when RoundScope was configured; .ci/setup "
        "installs them)");
}

std::string simulatorPath(const std::string& sim) {
    if (sim == "qemu") {
        const QString p = QStandardPaths::findExecutable(QStringLiteral("qemu-system-riscv32"));
        if (p.isEmpty()) throw RiscvError("qemu-system-riscv32 not found (Debian package qemu-system-misc)");
        return p.toStdString();
    }
    if (sim == "spike") {
        const QString env = qEnvironmentVariable("ROUNDSCOPE_SPIKE");
        if (!env.isEmpty()) {
            if (!QFileInfo(env).isExecutable())
                throw RiscvError("ROUNDSCOPE_SPIKE=" + env.toStdString() + " is not executable");
            return env.toStdString();
        }
        const QString p = QStandardPaths::findExecutable(QStringLiteral("spike"));
        if (p.isEmpty()) throw RiscvError("Spike not found (put spike on PATH or set ROUNDSCOPE_SPIKE)");
        return p.toStdString();
    }
    throw RiscvError("sim: expected qemu or spike, got '" + sim + "'");
}

std::vector<char> patchImage(const std::vector<char>& elf, const RiscvRequest& r) {
    const RiscvKernel* k = findKernel(r.kernel);
    if (!k) throw RiscvError("kernel: unknown '" + r.kernel + "'");
    if (r.key.size() > 32 || r.nonce.size() > 16)
        throw RiscvError("key (32 bytes at most) or nonce (16) too long");
    if (r.message.size() + r.ad.size() > kMaxData)
        throw RiscvError("message + AD: " + std::to_string(r.message.size() + r.ad.size()) +
                         " bytes, the image holds " + std::to_string(kMaxData));
    std::vector<char> d = elf;
    const auto [off, size] = section(d, ".rsparams");
    if (size < kHeader + r.message.size() + r.ad.size()) throw RiscvError("image: .rsparams is too small");
    const std::uint32_t index = static_cast<std::uint32_t>(k - kernels().data());
    put32(d, off, kMagic);
    put32(d, off + 4, index);
    put32(d, off + 8, static_cast<std::uint32_t>(r.message.size()));
    put32(d, off + 12, static_cast<std::uint32_t>(r.ad.size()));
    put32(d, off + 16, static_cast<std::uint32_t>(r.key.size()));
    put32(d, off + 20, static_cast<std::uint32_t>(r.nonce.size()));
    std::fill(d.begin() + static_cast<long>(off + 24), d.begin() + static_cast<long>(off + kHeader), 0);
    std::copy(r.key.begin(), r.key.end(), d.begin() + static_cast<long>(off + 24));
    std::copy(r.nonce.begin(), r.nonce.end(), d.begin() + static_cast<long>(off + 56));
    std::copy(r.message.begin(), r.message.end(), d.begin() + static_cast<long>(off + kHeader));
    std::copy(r.ad.begin(), r.ad.end(), d.begin() + static_cast<long>(off + kHeader + r.message.size()));
    return d;
}

RiscvResult runKernel(const RiscvRequest& r, const std::atomic<bool>* cancel, bool verify) {
    const RiscvKernel* kernel = findKernel(r.kernel);
    if (!kernel) {
        std::string known;
        for (const RiscvKernel& k : kernels())
            known += (known.empty() ? "" : ", ") + k.id;
        throw RiscvError("kernel: unknown '" + r.kernel + "' (" + known + ")");
    }
    const std::string sim = simulatorPath(r.sim);
    const std::string image = imagePath(r.isa);
    std::string raw; // ROUNDSCOPE_RISCV_DIR may point anywhere: read bounded, a regular file only
    try {
        raw = fileio::readFileBounded(image, std::uint64_t{64} << 20, "RV32 image");
    } catch (const fileio::FileError& e) {
        throw RiscvError(e.what());
    }
    const std::vector<char> patched = patchImage(std::vector<char>(raw.begin(), raw.end()), r);
    QTemporaryDir dir;
    if (!dir.isValid()) throw RiscvError("no temporary folder: " + dir.errorString().toStdString());
    const QString path = dir.filePath(QStringLiteral("run.elf"));
    QFile out(path);
    if (!out.open(QIODevice::WriteOnly) ||
        out.write(patched.data(), static_cast<qint64>(patched.size())) != static_cast<qint64>(patched.size()))
        throw RiscvError("cannot write " + path.toStdString());
    out.close();

    QStringList args;
    if (r.sim == "qemu")
        args = {QStringLiteral("-M"),      QStringLiteral("virt"),       QStringLiteral("-bios"),
                QStringLiteral("none"),    QStringLiteral("-nographic"), QStringLiteral("-icount"),
                QStringLiteral("shift=0"), QStringLiteral("-kernel"),    path};
    else
        args = {QStringLiteral("--isa=%1").arg(QString::fromStdString(r.isa)), path};
    QProcess p;
    p.start(QString::fromStdString(sim), args);
    if (!p.waitForStarted()) throw RiscvError("cannot start " + sim + ": " + p.errorString().toStdString());
    int waited = 0;
    while (!p.waitForFinished(50)) {
        if (p.state() == QProcess::NotRunning) break;
        waited += 50;
        if ((cancel && cancel->load()) || waited > r.timeoutMs) {
            p.kill();
            p.waitForFinished();
            if (cancel && cancel->load()) throw campaign::Cancelled();
            throw RiscvError(r.sim + " did not finish within " + std::to_string(r.timeoutMs / 1000) + " s");
        }
    }
    const QByteArray stdoutText = p.readAllStandardOutput();
    QJsonObject line;
    for (const QByteArray& l : stdoutText.split('\n')) {
        const QByteArray t = l.trimmed();
        if (t.startsWith('{')) line = QJsonDocument::fromJson(t).object();
    }
    if (line.contains(QStringLiteral("error")))
        throw RiscvError("the program refused the run: " + text(line, "error"));
    if (line.isEmpty() || !line.contains(QStringLiteral("output")))
        throw RiscvError(
            r.sim + " printed no result (exit " + std::to_string(p.exitCode()) + "): " +
            QString::fromUtf8(stdoutText + p.readAllStandardError()).trimmed().left(300).toStdString());
    RiscvResult res;
    res.kernel = text(line, "kernel");
    res.isa = text(line, "isa");
    res.sim = text(line, "sim");
    res.bytes = static_cast<std::uint64_t>(line.value(QStringLiteral("bytes")).toDouble());
    res.adBytes = static_cast<std::uint64_t>(line.value(QStringLiteral("ad_bytes")).toDouble());
    res.instructions = static_cast<std::uint64_t>(line.value(QStringLiteral("instret")).toDouble());
    res.cycleCsr = static_cast<std::uint64_t>(line.value(QStringLiteral("cycle")).toDouble());
    if (line.contains(QStringLiteral("per_block_instret")))
        res.perBlock = static_cast<std::uint64_t>(line.value(QStringLiteral("per_block_instret")).toDouble());
    const QJsonObject phases = line.value(QStringLiteral("phases")).toObject();
    for (auto it = phases.begin(); it != phases.end(); ++it)
        res.phases.emplace_back(
            it.key().toStdString(),
            static_cast<std::uint64_t>(it.value().toObject().value(QStringLiteral("instret")).toDouble()));
    try {
        res.output = crypto::fromHex(text(line, "output"));
    } catch (const std::exception& e) {
        throw RiscvError(std::string("the program's output is not hex: ") + e.what());
    }
    if (res.kernel != r.kernel)
        throw RiscvError("the image ran '" + res.kernel + "', not '" + r.kernel + "'");
    if (verify) {
        const oracle::Inputs inputs{r.key, r.nonce, r.ad, r.message};
        crypto::Bytes want;
        try {
            want = oracle::referenceOutput(oracle::operation(kernel->algorithm), inputs);
        } catch (const oracle::OracleError& e) {
            throw RiscvError(e.what());
        }
        if (const oracle::Verdict v = oracle::verify(res.output, want); !v)
            throw RiscvError("wrong answer: " + r.kernel + ": " + v.message);
        res.verified = true;
    }
    return res;
}

RiscvRequest requestFor(const std::string& kernel, std::uint64_t bytes, std::uint64_t adBytes) {
    const RiscvKernel* k = findKernel(kernel);
    if (!k) throw RiscvError("kernel: unknown '" + kernel + "'");
    const oracle::Inputs in = oracle::makeInputs(k->algorithm, bytes, adBytes);
    RiscvRequest r;
    r.kernel = kernel;
    r.key = in.key;
    r.nonce = in.nonce;
    r.ad = in.ad;
    r.message = in.message;
    return r;
}

} // namespace rs::riscv
