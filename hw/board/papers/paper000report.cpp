// Paper000Report as JSON and as text, and the model's inputs with their sources (hw/board/papers/paper000.h).
#include <QJsonArray>

#include <cstdio>
#include <sstream>

#include "hw/board/papers/paper000.h"
#include "hw/board/qemuboard.h"

namespace rs::hw::board {

namespace {

QJsonValue rangeJson(const Range& r) {
    if (r.lo == r.hi) return r.lo;
    return QJsonArray{r.lo, r.hi};
}

std::string fixed(double x, int digits) {
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", digits, x);
    return b;
}

std::string rangeText(const Range& r, int digits) {
    return r.lo == r.hi ? fixed(r.lo, digits) : fixed(r.lo, digits) + " to " + fixed(r.hi, digits);
}

QJsonObject pathJson(const Paper000PathRun& p, bool withRecords) {
    QJsonObject o{{"records", static_cast<int>(p.records.size())},
                  {"ticks", static_cast<double>(p.ticks())},
                  {"ip_clocks", static_cast<double>(p.ipClocks())},
                  {"timer_hz", p.timerHz},
                  {"us", p.us()}};
    if (withRecords) {
        QJsonArray a;
        for (const Paper000Record& r : p.records)
            a.append(QJsonArray{r.count, r.adLength, r.length, static_cast<double>(r.encTicks),
                                static_cast<double>(r.decTicks), static_cast<double>(r.ipClocks)});
        // [Count, AD bytes, PT bytes, encryption ticks, decryption ticks, IP clocks of both]
        o.insert(QStringLiteral("per_record"), a);
    }
    return o;
}

} // namespace

std::vector<ModelInput> paper000Inputs(const Paper000Model& m) {
    const std::string uvidte =
        "measured by UviDTE-FPSoC, Zynq7000-time-measurements (ZedBoard, PS master over "
        "M_AXI_GP to PL memory at 100 MHz, 4-byte transfers; results/"
        "Zynq7000_HPS-FPGA.xlsx): reads 19.8-33.3 MB/s, writes 23.8-68.1 MB/s; a stated "
        "parameter, not a Zynq-7000 TRM figure (UG585 gives none)";
    return {
        {"PS clock f_cpu",
         {m.cpuHz / 1e6, m.cpuHz / 1e6},
         "MHz",
         "paper 000, section 2 (666.67 MHz Cortex-A9)"},
        {"PL clock", {m.plHz / 1e6, m.plHz / 1e6}, "MHz", "paper 000, section 2 (the IP at 100 MHz)"},
        {"software instructions",
         {0, 0},
         "per operation (totals with each variant)",
         "measured: retired instructions of roundscope-fw-zynq-sw.elf under QEMU xilinx-zynq-a9 with -icount "
         "shift=0 (one instruction per virtual ns; the A9 global timer ticks every 10 ns: " +
             std::to_string(kQemuInstructionsPerTick) + " instructions a tick, +-10 per operation)"},
        {"Cortex-A9 CPI", m.cpi, "cycles/instruction",
         "assumed: the A9 issues at most two instructions a clock (Hennessy & Patterson, Computer "
         "Architecture, "
         "5th ed., section 3.13), so CPI >= 0.5; this range for in-cache 32-bit integer code"},
        {"M_AXI_GP read latency", m.gpReadNs, "ns", uvidte},
        {"M_AXI_GP write latency", m.gpWriteNs, "ns", uvidte},
        {"driver instructions per register access", m.driverInstructions, "instructions",
         "measured: roundscope-fw-zynq-ip-ram.elf (the IP driver over a RAM stand-in for the IP) under QEMU "
         "-icount: 614 instructions for the 19 register accesses of an empty message, 36 for each further "
         "data word written or read (a stand-in access costs a few instructions more than a real one)"},
        {"IP clocks",
         {0, 0},
         "per operation (totals with each variant)",
         "measured: the Verilated ascon_axi_top (1 round a clock) behind every register access; it runs one "
         "PL clock per 10 ns of each access's time (the port's latency, or its bus clocks when longer, and "
         "the "
         "driver's instructions), so polling sees it work while the ARM waits"},
        {"cross-check: Ascon on a Cortex-A9",
         {kAsconTeamCortexA9CyclesPerByte, kAsconTeamCortexA9CyclesPerByte},
         "cycles/byte",
         "Ascon team, ascon.iaik.tugraz.at/implementations.html: Ascon-AEAD128 (rate 16 bytes, as "
         "Ascon-128a), "
         "long messages, optimised ascon-c; not an input"},
    };
}

QJsonObject Paper000Report::toJson(bool withRecords) const {
    QJsonObject o{{"port", QString::fromStdString(port)},
                  {"kind", QString::fromStdString(kind)},
                  {"cancelled", cancelled},
                  {"paper", QJsonObject{{"speedup_min", kPaper000Speedup},
                                        {"memory_saving_min_pct", kPaper000MemorySavingPct},
                                        {"f_cpu_hz", model.cpuHz},
                                        {"pl_hz", model.plHz}}}};
    QJsonArray variantsJson;
    for (const Paper000Variant& v : variants) {
        QJsonObject j{{"operation", QString::fromStdString(v.operation)},
                      {"records", v.records},
                      {"sw", pathJson(v.sw, withRecords)},
                      {"ip", pathJson(v.ip, withRecords)},
                      {"sw_us", rangeJson(v.swUs)},
                      {"ip_us", rangeJson(v.ipUs)}};
        if (modelled) {
            j.insert(QStringLiteral("ip_high"), pathJson(v.ipHigh, withRecords));
            if (!v.swQemu.records.empty()) {
                j.insert(QStringLiteral("sw_qemu"), pathJson(v.swQemu, withRecords));
                j.insert(QStringLiteral("sw_instructions"), static_cast<double>(v.swInstructions()));
            }
        }
        if (failures.empty() && !cancelled)
            j.insert(modelled ? QStringLiteral("speedup_range") : QStringLiteral("speedup"),
                     modelled ? QJsonValue(QJsonArray{v.speedup.lo, v.speedup.hi})
                              : QJsonValue(v.speedup.lo));
        variantsJson.append(j);
    }
    o.insert(QStringLiteral("variants"), variantsJson);
    if (modelled) {
        QJsonArray in;
        for (const ModelInput& i : paper000Inputs(model)) {
            QJsonObject j{{"name", QString::fromStdString(i.name)},
                          {"unit", QString::fromStdString(i.unit)},
                          {"source", QString::fromStdString(i.source)}};
            if (i.value.lo > 0)
                j.insert(i.value.lo == i.value.hi ? QStringLiteral("value") : QStringLiteral("range"),
                         rangeJson(i.value));
            in.append(j);
        }
        QJsonObject model{{"inputs", in}};
        if (cyclesPerByte)
            model.insert(
                QStringLiteral("cross_check"),
                QJsonObject{{"ascon128a_sw_cycles_per_byte", rangeJson(*cyclesPerByte)},
                            {"ascon_team_cortex_a9_cycles_per_byte", kAsconTeamCortexA9CyclesPerByte}});
        o.insert(QStringLiteral("model"), model);
    }
    QJsonObject mem{{"note", QString::fromStdString(memory.note)}};
    QJsonArray builds;
    for (const Paper000Build& b : memory.builds) {
        QJsonObject j{{"build", QString::fromStdString(b.variant)},
                      {"elf", QString::fromStdString(b.path)},
                      {"text", static_cast<double>(b.footprint.text)},
                      {"rodata", static_cast<double>(b.footprint.rodata)},
                      {"data", static_cast<double>(b.footprint.data)},
                      {"bss", static_cast<double>(b.footprint.bss)},
                      {"footprint", static_cast<double>(b.footprint.total())}};
        if (b.stackBytes) j.insert(QStringLiteral("stack"), static_cast<double>(*b.stackBytes));
        builds.append(j);
    }
    mem.insert(QStringLiteral("builds"), builds);
    if (memory.staticSavingPct) mem.insert(QStringLiteral("saving_footprint_pct"), *memory.staticSavingPct);
    if (memory.savingPct) mem.insert(QStringLiteral("saving_with_stack_pct"), *memory.savingPct);
    o.insert(QStringLiteral("memory"), mem);
    QJsonArray f, n;
    for (const auto& s : failures)
        f.append(QString::fromStdString(s));
    for (const auto& s : notes)
        n.append(QString::fromStdString(s));
    o.insert(QStringLiteral("failures"), f);
    o.insert(QStringLiteral("notes"), n);
    return o;
}

std::string Paper000Report::text() const {
    std::ostringstream s;
    s << "Paper 000 side by side (" << kind << ", port " << port << ")\n";
    for (const Paper000Variant& v : variants) {
        s << v.operation << ": " << v.records << " KAT records, each encrypted and decrypted\n"
          << "  software path " << rangeText(v.swUs, 1) << " us, IP path " << rangeText(v.ipUs, 1) << " us\n";
        if (modelled)
            s << "  measured inputs: "
              << (v.swQemu.records.empty()
                      ? std::string("no QEMU run (the fit's instructions)")
                      : std::to_string(v.swInstructions()) + " software instructions (QEMU)")
              << ", " << v.ip.ipClocks() << " IP clocks (Verilated, low inputs) and " << v.ipHigh.ipClocks()
              << " (high)\n";
        else
            s << "  IP clocks " << v.ip.ipClocks() << "\n";
        if (failures.empty() && !cancelled)
            s << "  speedup " << rangeText(v.speedup, 2) << "x (" << (modelled ? "modelled" : "measured")
              << "); paper 000: >= " << fixed(kPaper000Speedup, 2) << "x\n";
    }
    s << "Memory (our firmware builds, bytes; the saving compares sw and ip, each less none):\n";
    const Paper000Build* none = memory.builds.size() == 3 ? &memory.builds[2] : nullptr;
    for (const Paper000Build& b : memory.builds) {
        s << "  " << b.variant << ": text " << b.footprint.text << ", rodata " << b.footprint.rodata
          << ", data " << b.footprint.data << ", bss " << b.footprint.bss << ", stack "
          << (b.stackBytes ? std::to_string(*b.stackBytes) : std::string("not measured"));
        if (none && &b != none) {
            const auto less = [](std::uint64_t x, std::uint64_t y) {
                return std::to_string(static_cast<std::int64_t>(x) - static_cast<std::int64_t>(y));
            };
            s << "; less none: " << less(b.footprint.total(), none->footprint.total());
            if (b.stackBytes && none->stackBytes)
                s << " + " << less(*b.stackBytes, *none->stackBytes) << " stack";
        }
        s << "\n";
    }
    if (memory.staticSavingPct) s << "  saving (footprint) " << fixed(*memory.staticSavingPct, 1) << " %\n";
    if (memory.savingPct) s << "  saving (footprint and stack) " << fixed(*memory.savingPct, 1) << " %\n";
    s << "  paper 000: >= " << fixed(kPaper000MemorySavingPct, 0) << " %\n";
    if (!memory.note.empty()) s << "  " << memory.note << "\n";
    if (modelled) {
        s << "Model inputs:\n";
        for (const ModelInput& i : paper000Inputs(model))
            s << "  " << i.name << " = " << (i.value.lo > 0 ? rangeText(i.value, 2) + " " : std::string())
              << i.unit << " (" << i.source << ")\n";
        if (cyclesPerByte)
            s << "Cross-check: our Ascon-128a software encryption " << rangeText(*cyclesPerByte, 1)
              << " cycles/byte (QEMU's instructions, 0 to 32 bytes, times the CPI), the Ascon team's "
                 "optimised "
                 "C on a Cortex-A9 "
              << fixed(kAsconTeamCortexA9CyclesPerByte, 1) << "\n";
    }
    for (const auto& n : notes)
        s << "note: " << n << "\n";
    for (const auto& f : failures)
        s << "FAILED " << f << "\n";
    return s.str();
}

} // namespace rs::hw::board
