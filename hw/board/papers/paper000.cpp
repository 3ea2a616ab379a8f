#include "hw/board/papers/paper000.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

#include "core/crypto/bytes.h"
#include "core/katfile.h"
#include "core/oracle/algorithms.h"
#include "hw/board/boardclient.h"
#include "hw/board/qemuboard.h"

namespace rs::hw::board {

namespace {

/** One variant paper 000 measured: its operation, the firmware's code for it, its KAT file (the registry
 *  row's official vectors). */
struct KatFile {
    std::string operation;
    int variant = -1;
    std::string file; ///< under the vectors folder, e.g. "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"
};

/** Paper 000 measured Ascon v1.2's two variants, Ascon-128 and Ascon-128a: the registry's rows of those. */
const std::vector<KatFile>& paperFiles() {
    static const std::vector<KatFile> files = [] {
        std::vector<KatFile> out;
        for (const crypto::AsconAeadVariant v :
             {crypto::AsconAeadVariant::Ascon128v12, crypto::AsconAeadVariant::Ascon128av12})
            for (const oracle::AeadAlgorithm& a : oracle::aeadAlgorithms())
                if (a.ascon == v) out.push_back({a.id, boardVariant(a.id), a.vectorFiles.front()});
        return out;
    }();
    return files;
}

std::vector<core::KatRecord> katRecords(const KatFile& f, int limit) {
#ifdef RS_VECTORS_DIR
    const std::string path = std::string(RS_VECTORS_DIR "/") + f.file;
#else
    const std::string path = std::string("resources/vectors/") + f.file;
#endif
    std::vector<core::KatRecord> r;
    try {
        r = core::readKatFile(path);
    } catch (const core::KatError& e) {
        throw BoardError(0, std::string("paper000: ") + e.what());
    }
    if (limit > 0 && static_cast<std::size_t>(limit) < r.size()) r.resize(static_cast<std::size_t>(limit));
    return r;
}

/** The records of every file of paperFiles(), read once per run. */
using Kats = std::vector<std::vector<core::KatRecord>>;

Kats loadKats(int limit) {
    Kats k;
    for (const KatFile& f : paperFiles())
        k.push_back(katRecords(f, limit));
    return k;
}

/** What a run over one file needs besides the board. */
struct RunContext {
    const Paper000Options& options;
    std::vector<std::string>& failures;
    std::string stage;
    bool verify = true; ///< false for the RAM stand-in of the IP (stack only)
};

bool cancelled(const Paper000Options& o) {
    return o.cancelled && o.cancelled();
}

/** Every record of `records` encrypted and then decrypted on `path`, each output checked against the
 *  record before its ticks are kept. Errors the board answers (a failed tag check, no such path) are
 *  failures of that record when verifying, and ignored when not. */
Paper000PathRun runRecords(BoardClient& c, BoardPath path, int variant,
                           const std::vector<core::KatRecord>& records, RunContext& ctx) {
    Paper000PathRun run;
    run.timerHz = c.info().timerHz;
    const int total = static_cast<int>(records.size());
    for (int i = 0; i < total && !cancelled(ctx.options); ++i) {
        const core::KatRecord& r = records[static_cast<std::size_t>(i)];
        const crypto::Bytes key = r.hex("Key"), nonce = r.hex("Nonce"), pt = r.hex("PT"), ad = r.hex("AD"),
                            ct = r.hex("CT");
        const int count = std::stoi(r.text("Count"));
        const auto fail = [&](const std::string& why) {
            if (ctx.verify)
                ctx.failures.push_back(ctx.stage + ", Count = " + std::to_string(count) + ": " + why);
        };
        if (ct.size() != pt.size() + 16) {
            fail("the record's CT is not PT plus a 16-byte tag");
            continue;
        }
        c.loadKey(variant, key);
        c.loadNonce(nonce);
        Paper000Record rec{count, static_cast<int>(ad.size()), static_cast<int>(pt.size()), 0, 0, 0};
        try {
            const CryptResult e = c.encrypt(path, ad, pt);
            if (ctx.verify && e.output != ct) {
                fail("encryption gave " + crypto::toHex(e.output) + ", expected " + crypto::toHex(ct));
                continue;
            }
            const crypto::Bytes body(ct.begin(), ct.end() - 16), tag(ct.end() - 16, ct.end());
            const CryptResult d = c.decrypt(path, ad, body, tag);
            if (ctx.verify && d.output != pt) {
                fail("decryption gave " + crypto::toHex(d.output) + ", expected " + crypto::toHex(pt));
                continue;
            }
            rec.encTicks = e.ticks;
            rec.decTicks = d.ticks;
            rec.ipClocks = std::uint64_t{e.ipCycles} + d.ipCycles;
        } catch (const BoardError& e) {
            if (e.code() == 0) throw; // the line, not the record
            fail(e.what());
            if (ctx.verify) continue;
        }
        run.records.push_back(rec);
        if (ctx.options.progress && (i + 1) % 32 == 0) ctx.options.progress(ctx.stage, i + 1, total);
    }
    if (ctx.options.progress) ctx.options.progress(ctx.stage, total, total);
    return run;
}

QStringList boardArgs(const Paper000Model& m, bool high) {
    const auto pick = [high](const Range& r) { return QString::number(high ? r.hi : r.lo, 'g', 10); };
    return {QStringLiteral("--cpi"),          pick(m.cpi),
            QStringLiteral("--gp-read-ns"),   pick(m.gpReadNs),
            QStringLiteral("--gp-write-ns"),  pick(m.gpWriteNs),
            QStringLiteral("--driver-insns"), pick(m.driverInstructions)};
}

void say(const Paper000Options& o, const std::string& s) {
    if (o.log) o.log(s);
}

/** The stack's high-water mark of a firmware build under QEMU after `kats` (a list per file) on `path`. */
std::uint32_t qemuStack(const QString& elf, BoardPath path, const Kats& kats, const Paper000Options& o,
                        std::vector<std::string>& ignored) {
    QemuBoard q;
    BoardClient c;
    c.open(q.start(elf, false));
    for (std::size_t i = 0; i < paperFiles().size(); ++i) {
        RunContext ctx{o, ignored, "stack", false};
        runRecords(c, path, paperFiles()[i].variant, kats[i], ctx);
    }
    return c.stats().stackUsed;
}

Range scaled(double x, const Range& r) {
    return {x * r.lo, x * r.hi};
}

/** Encryption instructions per message byte between the records with no AD and a 0-byte and a 32-byte
 *  message (two whole 16-byte blocks apart), times the CPI range. */
std::optional<Range> cyclesPerByte(const Paper000PathRun& qemu, const Range& cpi) {
    std::optional<std::uint64_t> empty, full;
    for (const Paper000Record& r : qemu.records) {
        if (r.adLength != 0) continue;
        if (r.length == 0) empty = r.encTicks;
        if (r.length == 32) full = r.encTicks;
    }
    if (!empty || !full || *full <= *empty) return std::nullopt;
    return scaled(static_cast<double>(*full - *empty) * kQemuInstructionsPerTick / 32.0, cpi);
}

} // namespace

std::uint64_t Paper000PathRun::ticks() const {
    std::uint64_t t = 0;
    for (const auto& r : records)
        t += r.encTicks + r.decTicks;
    return t;
}

std::uint64_t Paper000PathRun::ipClocks() const {
    std::uint64_t t = 0;
    for (const auto& r : records)
        t += r.ipClocks;
    return t;
}

double Paper000PathRun::us() const {
    return timerHz > 0 ? static_cast<double>(ticks()) * 1e6 / timerHz : 0;
}

std::uint64_t Paper000Variant::swInstructions() const {
    return swQemu.ticks() * kQemuInstructionsPerTick;
}

Paper000Memory measurePaper000Memory(const Paper000Options& options) {
    Paper000Memory m;
    for (const char* v : {"sw", "ip", "none"}) {
        const QString elf = QemuBoard::firmware(QString::fromLatin1(v), options.firmwareDir);
        if (!QFileInfo::exists(elf)) {
            m.note = "the ARM firmware builds are missing (" + elf.toStdString() +
                     "; arm-none-eabi-gcc and picolibc-arm-none-eabi, .ci/setup installs them)";
            m.builds.clear();
            return m;
        }
        m.builds.push_back({v, elf.toStdString(), readElfFootprint(elf.toStdString()), std::nullopt});
    }
    const auto saving = [&m](auto size) -> std::optional<double> {
        const double sw = size(m.builds[0]) - size(m.builds[2]), ip = size(m.builds[1]) - size(m.builds[2]);
        if (sw <= 0) return std::nullopt;
        return 100.0 * (1.0 - ip / sw);
    };
    m.staticSavingPct =
        saving([](const Paper000Build& b) { return static_cast<double>(b.footprint.total()); });
    const QString ipRam = QemuBoard::firmware("ip-ram", options.firmwareDir);
    if (QemuBoard::executable().isEmpty() || !QFileInfo::exists(ipRam)) {
        m.note = QemuBoard::executable().isEmpty()
                     ? "stack not measured: qemu-system-arm not found (.ci/setup installs it)"
                     : "stack not measured: " + ipRam.toStdString() + " is missing";
        return m;
    }
    // The stacks: each build runs the same records (the IP build over the RAM stand-in of the IP, since
    // QEMU has no PL; its outputs are not checked, its stack is the driver's).
    const int n = options.records > 0 ? std::min(options.records, 64) : 64;
    std::vector<std::string> ignored;
    const Kats kats = loadKats(n);
    say(options,
        "memory: stack high-water marks under QEMU (" + std::to_string(n) + " records of each file)");
    const auto noStacks = [&m](const std::string& why) {
        for (Paper000Build& b : m.builds)
            b.stackBytes.reset();
        m.note = "stack not measured: " + why;
        return m;
    };
    try {
        m.builds[0].stackBytes = qemuStack(QemuBoard::firmware("sw", options.firmwareDir),
                                           BoardPath::Software, kats, options, ignored);
        m.builds[1].stackBytes = qemuStack(ipRam, BoardPath::Hardware, kats, options, ignored);
        m.builds[2].stackBytes = qemuStack(QemuBoard::firmware("none", options.firmwareDir),
                                           BoardPath::Software, kats, options, ignored);
    } catch (const BoardError& e) {
        return noStacks(std::string("QEMU: ") + e.what());
    }
    // The stacks of a cut-short run are not the high-water marks of the records.
    if (cancelled(options)) return noStacks("cancelled");
    m.savingPct = saving([](const Paper000Build& b) {
        return static_cast<double>(b.footprint.total() + b.stackBytes.value_or(0));
    });
    return m;
}

Paper000Report runPaper000(const Paper000Options& options) {
    const Paper000Model& m = options.model;
    for (const Range* r : {&m.cpi, &m.gpReadNs, &m.gpWriteNs, &m.driverInstructions})
        if (!(r->lo > 0) || r->hi < r->lo)
            throw BoardError(0, "paper000: every model range needs 0 < lo <= hi");
    if (m.cpi.lo < kMinCortexA9Cpi)
        throw BoardError(0, "paper000: a Cortex-A9 issues at most two instructions a clock (CPI >= 0.5)");
    Paper000Report rep;
    rep.model = m;
    rep.modelled = options.port == QLatin1String("virtual");
    rep.port = options.port.toStdString();
    rep.kind = rep.modelled ? "modelled" : "measured (the board's global timer)";
    const bool haveQemu = !QemuBoard::executable().isEmpty() &&
                          QFileInfo::exists(QemuBoard::firmware("sw", options.firmwareDir));
    const Kats kats = loadKats(options.records);
    for (std::size_t i = 0; i < paperFiles().size(); ++i) {
        Paper000Variant v;
        v.operation = paperFiles()[i].operation;
        v.records = static_cast<int>(kats[i].size());
        rep.variants.push_back(v);
    }
    const auto runBoth = [&](BoardClient& c, const std::string& where, bool intoHigh) {
        for (std::size_t i = 0; i < paperFiles().size() && !cancelled(options); ++i) {
            const auto& records = kats[i];
            Paper000Variant& v = rep.variants[i];
            RunContext sw{options, rep.failures, where + " " + v.operation + " software"};
            if (!intoHigh) v.sw = runRecords(c, BoardPath::Software, paperFiles()[i].variant, records, sw);
            RunContext ip{options, rep.failures, where + " " + v.operation + " IP"};
            (intoHigh ? v.ipHigh : v.ip) =
                runRecords(c, BoardPath::Hardware, paperFiles()[i].variant, records, ip);
        }
    };
    if (rep.modelled) {
        for (const bool high : {false, true}) {
            VirtualBoard sim;
            BoardClient c;
            say(options, std::string("virtual board at the model's ") + (high ? "high" : "low") + " inputs");
            c.open(sim.start(boardArgs(m, high) + options.boardArgs));
            runBoth(c, high ? "virtual (high)" : "virtual (low)", high);
        }
        if (haveQemu && !cancelled(options)) {
            try {
                QemuBoard q;
                BoardClient c;
                say(options, "software path under QEMU (-icount shift=0): retired instructions");
                c.open(q.start(QemuBoard::firmware("sw", options.firmwareDir)));
                for (std::size_t i = 0; i < paperFiles().size() && !cancelled(options); ++i) {
                    RunContext ctx{options, rep.failures, "QEMU " + rep.variants[i].operation + " software"};
                    rep.variants[i].swQemu =
                        runRecords(c, BoardPath::Software, paperFiles()[i].variant, kats[i], ctx);
                }
            } catch (const BoardError& e) { // the virtual board's results stand; the fit replaces QEMU
                for (Paper000Variant& v : rep.variants)
                    v.swQemu = {};
                rep.notes.push_back(std::string("QEMU failed (") + e.what() +
                                    "): the software path's instructions come from the virtual board's fit "
                                    "(hw/zynq/sim/swcost.cpp), not from a QEMU run");
            }
        } else {
            rep.notes.push_back(
                "QEMU or the sw firmware build is missing: the software path's instructions come "
                "from the virtual board's fit (hw/zynq/sim/swcost.cpp), not from a QEMU run");
        }
    } else {
        BoardClient c;
        c.open(options.port, options.baud);
        runBoth(c, "board", false);
    }
    rep.cancelled = cancelled(options);
    for (Paper000Variant& v : rep.variants) {
        v.ipUs = rep.modelled ? Range{v.ip.us(), v.ipHigh.us()} : Range{v.ip.us(), v.ip.us()};
        if (!rep.modelled)
            v.swUs = {v.sw.us(), v.sw.us()};
        else if (!v.swQemu.records.empty())
            v.swUs = scaled(static_cast<double>(v.swInstructions()) * 1e6 / m.cpuHz, m.cpi);
        else // the low board charged its fitted instructions at CPI lo
            v.swUs = {v.sw.us(), v.sw.us() * m.cpi.hi / m.cpi.lo};
        if (v.ipUs.lo > 0 && v.ipUs.hi > 0) v.speedup = {v.swUs.lo / v.ipUs.hi, v.swUs.hi / v.ipUs.lo};
    }
    rep.cyclesPerByte = cyclesPerByte(rep.variants[1].swQemu, m.cpi);
    if (!cancelled(options)) rep.memory = measurePaper000Memory(options);
    rep.cancelled = cancelled(options);
    return rep;
}

} // namespace rs::hw::board
