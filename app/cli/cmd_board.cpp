// `board info|kat|bench`: a Zynq board over its serial port, or the virtual board (--port virtual).
#include <QJsonArray>
#include <QJsonDocument>

#include <iostream>

#include "app/cli/clicommands.h"
#include "hw/board/boardclient.h"
#include "hw/board/papers/paper000.h"

namespace rs::cli {

namespace {

using hw::board::BoardPath;

int variantArg(const CliArgs& args) {
    const std::string alg = args.value("alg").value_or("ascon-128");
    const int variant = hw::board::boardVariant(alg);
    if (variant < 0)
        throw UsageError("--alg: the board runs " + choice(hw::board::boardOperations()) + ", got '" + alg +
                         "'");
    return variant;
}

BoardPath pathArg(const CliArgs& args) {
    const std::string p = args.value("path").value_or("hw");
    if (p != "hw" && p != "sw") throw UsageError("--path: expected hw or sw, got '" + p + "'");
    return p == "hw" ? BoardPath::Hardware : BoardPath::Software;
}

/** --NAME LO:HI (or one value for both) over `fallback`; a usage error unless 0 < LO <= HI. */
hw::board::Range rangeArg(const CliArgs& args, const std::string& name, hw::board::Range fallback) {
    const auto v = args.value(name);
    if (!v) return fallback;
    const auto colon = v->find(':');
    const std::string lo = v->substr(0, colon), hi = colon == std::string::npos ? lo : v->substr(colon + 1);
    hw::board::Range r;
    try {
        std::size_t a = 0, b = 0;
        r = {std::stod(lo, &a), std::stod(hi, &b)};
        if (a != lo.size() || b != hi.size()) throw std::invalid_argument(name);
    } catch (const std::exception&) {
        throw UsageError("--" + name + ": expected LO:HI (two numbers), got '" + *v + "'");
    }
    if (!(r.lo > 0) || !(r.hi >= r.lo) || r.hi > 1e6)
        throw UsageError("--" + name + ": expected 0 < LO <= HI, got '" + *v + "'");
    return r;
}

int runBoardPaper000(const std::string&, const CliArgs& args) {
    if (!args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");
    hw::board::Paper000Options o;
    o.port = QString::fromStdString(args.value("port").value_or("virtual"));
    o.baud = static_cast<int>(args.integer("baud", 115200, 1200, 4000000));
    o.records = static_cast<int>(args.integer("records", 0, 1, 1089));
    auto& m = o.model;
    m.cpi = rangeArg(args, "cpi", m.cpi);
    if (m.cpi.lo < hw::board::kMinCortexA9Cpi)
        throw UsageError("--cpi: a Cortex-A9 issues at most two instructions a clock, so CPI >= 0.5, got '" +
                         *args.value("cpi") + "'");
    m.gpReadNs = rangeArg(args, "gp-read-ns", m.gpReadNs);
    m.gpWriteNs = rangeArg(args, "gp-write-ns", m.gpWriteNs);
    m.driverInstructions = rangeArg(args, "driver-insns", m.driverInstructions);
    o.log = [](const std::string& s) { std::cerr << s << "\n"; };
    hw::board::Paper000Report r;
    try {
        r = hw::board::runPaper000(o);
    } catch (const hw::board::BoardError& e) {
        throw UsageError(std::string("board: ") + e.what());
    } catch (const hw::board::ElfError& e) {
        throw UsageError(std::string("board: ") + e.what());
    }
    if (args.flag("json"))
        std::cout
            << QJsonDocument(r.toJson(args.flag("per-record"))).toJson(QJsonDocument::Compact).toStdString()
            << std::endl;
    else
        std::cout << r.text();
    return r.failures.empty() ? kExitOk : kExitKatFailed;
}

int runBoard(const std::string& verb, const CliArgs& args) {
    const std::string port = args.require("port");
    const int baud = static_cast<int>(args.integer("baud", 115200, 1200, 4000000));
    const int variant = variantArg(args);
    const BoardPath path = pathArg(args);
    if (verb == "kat" && args.positional().size() != 1) throw UsageError("board kat: expected one KAT FILE");
    if (verb != "kat" && !args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");
    hw::board::VirtualBoard sim;
    hw::board::BoardClient client;
    try {
        const QString device = port == "virtual" ? sim.start() : QString::fromStdString(port);
        const hw::board::BoardHello h = client.open(device, baud);
        const hw::board::BoardInfo info = client.info();
        QJsonObject result{
            {"port", device},
            {"firmware", QString::fromStdString(h.firmware)},
            {"protocol", h.protocol},
            {"ip", h.hasHardware()},
            {"unroll", h.unroll},
            {"timer_hz", static_cast<double>(info.timerHz)},
            {"pl_hz", static_cast<double>(info.plHz)},
            {"timing", port == "virtual" ? "modelled (virtual board)" : "the board's global timer"}};
        if (verb == "kat") {
            std::vector<core::KatRecord> records;
            try {
                records = core::readKatFile(args.positional().front());
            } catch (const core::KatError& e) {
                throw UsageError(std::string("FILE: ") + e.what());
            }
            const auto o = client.runKats(path, variant, records);
            result.insert(QStringLiteral("passed"), o.passed);
            result.insert(QStringLiteral("failed"), o.failed);
            result.insert(QStringLiteral("skipped"), o.skipped);
            result.insert(QStringLiteral("seconds"), static_cast<double>(o.ticks) / info.timerHz);
            QJsonArray failures;
            for (const auto& f : o.failures)
                failures.append(QString::fromStdString(f));
            result.insert(QStringLiteral("failures"), failures);
            printResult(args, result);
            return o.failed == 0 && o.passed > 0 ? kExitOk : kExitKatFailed;
        }
        if (verb == "bench") {
            client.loadKey(variant, crypto::Bytes(16, 0x42));
            client.loadNonce(crypto::Bytes(16, 0x24));
            const auto b = client.bench(path, static_cast<std::uint16_t>(args.integer("size", 64, 0, 4000)),
                                        static_cast<std::uint32_t>(args.integer("count", 1000, 1, 1000000)));
            result.insert(QStringLiteral("count"), static_cast<double>(b.count));
            result.insert(QStringLiteral("size"), static_cast<double>(b.size));
            result.insert(QStringLiteral("seconds"), b.seconds());
            result.insert(QStringLiteral("ip_cycles"), static_cast<double>(b.ipCycles));
        }
        printResult(args, result);
        return kExitOk;
    } catch (const hw::board::BoardError& e) {
        throw UsageError(std::string("board: ") + e.what());
    }
}

} // namespace

CliCommand boardCommand() {
    return {
        "board",
        "a Zynq board over its USB-UART, or the virtual board",
        {{{"info", "kat", "bench"},
          {option("port", "DEV|virtual"), optional("baud", "B"),
           optional("alg", alternatives(hw::board::boardOperations())), optional("path", "hw|sw"),
           optional("count", "N"), optional("size", "BYTES"), word("FILE", true)},
          "a Zynq board over its USB-UART, or the virtual board (roundscope-board-sim: the firmware\n"
          "over the Verilated IP, modelled timing): what it is, a KAT FILE through it (hardware IP or\n"
          "ARM software path), or a benchmark of --count messages of --size bytes",
          nullptr,
          runBoard},
         {{"paper000"},
          {optional("port", "DEV|virtual"), optional("baud", "B"), optional("records", "N"),
           optional("cpi", "LO:HI"), optional("gp-read-ns", "LO:HI"), optional("gp-write-ns", "LO:HI"),
           optional("driver-insns", "LO:HI"), flag("per-record")},
          "paper 000's headline results beside ours: every Ascon-128 and Ascon-128a KAT record (all 1089,\n"
          "or the first --records) encrypted and decrypted on the software and on the IP path, each\n"
          "verified, then its timer ticks added up; the speedup (measured on a board; a modelled range on\n"
          "the virtual board, with every input and its source) and the memory saving of the firmware\n"
          "builds (ELF sizes, stacks under QEMU) next to the paper's 7.93x and 90 %",
          nullptr,
          runBoardPaper000}}};
}

} // namespace rs::cli
