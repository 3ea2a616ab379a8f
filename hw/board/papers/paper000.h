#pragma once
// Paper 000's two headline results side by side with ours (issue 22): the co-design speedup (≥ 7.93×) and
// the PS memory saving (≥ 90 %). The method is the paper's: every record of the Ascon-128 and Ascon-128a
// KAT files (1 089 each) encrypted and decrypted on the software path and on the IP path, each operation
// timed with the board's global timer, T = ticks × 10⁶ / COUNTS_PER_SECOND µs, and the times added up;
// memory as the firmware's footprint (text, data, bss and the stack's high-water mark) of the software
// build and of the IP-driver build, each less an empty program's.
//
// On a real board (a serial port) the times are measurements. On the virtual board they are a model,
// reported as a range and labelled so, and every input of it is stated with its source (inputs()): the
// software path's retired instructions measured under QEMU (xilinx-zynq-a9, -icount) times a
// cycles-per-instruction range of a Cortex-A9; the IP path as the Verilated IP's own clocks at 100 MHz
// while the ARM waits on each register access's M_AXI_GP latency. Every output is checked against the KAT
// record before its time counts; a record that does not verify is a failure and never enters a total.

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hw/board/elffootprint.h"

namespace rs::hw::board {

struct Range {
    double lo = 0, hi = 0;
};

/** @brief The paper's figures (paper 000, abstract and §4). */
inline constexpr double kPaper000Speedup = 7.93;
inline constexpr double kPaper000MemorySavingPct = 90.0;
/** @brief A Cortex-A9 issues at most two instructions a clock, so no CPI below this is possible. */
inline constexpr double kMinCortexA9Cpi = 0.5;
/** @brief Ascon-AEAD128 on a Cortex-A9, long messages (ascon.iaik.tugraz.at/implementations.html). */
inline constexpr double kAsconTeamCortexA9CyclesPerByte = 24.0;

/** @brief The timing model's stated inputs (the virtual board's), each with its source in inputs(). */
struct Paper000Model {
    double cpuHz = 666666667.0; ///< the PS clock, paper 000 §2
    double plHz = 100e6;        ///< the PL clock, paper 000 §2
    Range cpi{0.8, 1.5};        ///< Cortex-A9 cycles per instruction (assumed; ≥ 0.5 by its dual issue)
    Range gpReadNs{120, 200};   ///< one M_AXI_GP read, ARM to PL and back (UviDTE-FPSoC measurements)
    Range gpWriteNs{60, 170};   ///< one M_AXI_GP write
    Range driverInstructions{25, 40}; ///< the driver's instructions per register access (measured, QEMU)
};

struct ModelInput {
    std::string name;
    Range value; ///< lo == hi for a single figure
    std::string unit, source;
};

/** @brief The inputs of `model` with their sources, in the order the report prints them. */
std::vector<ModelInput> paper000Inputs(const Paper000Model& model);

struct Paper000Options {
    QString port = QStringLiteral("virtual"); ///< "virtual", or a serial device (a real board)
    int baud = 115200;
    int records = 0;       ///< records per KAT file (0: all); fewer only for quick looks and tests
    QString firmwareDir;   ///< the ARM firmware builds (empty: the build tree's)
    QStringList boardArgs; ///< more arguments for the virtual board (--unroll N, a fault for a test)
    Paper000Model model;
    std::function<void(const std::string& stage, int done, int total)> progress;
    std::function<bool()> cancelled;
    std::function<void(const std::string&)> log;
};

/** @brief One record's two operations, each verified before it is here. */
struct Paper000Record {
    int count = 0; ///< the KAT record's Count
    int adLength = 0, length = 0;
    std::uint64_t encTicks = 0, decTicks = 0;
    std::uint64_t ipClocks = 0; ///< the IP's clocks over both operations (0 on the software path)
};

/** @brief One path's run over one KAT file. */
struct Paper000PathRun {
    std::vector<Paper000Record> records;
    double timerHz = 0;
    std::uint64_t ticks() const;    ///< Σ of the records' encryption and decryption ticks
    std::uint64_t ipClocks() const; ///< Σ of the records' IP clocks
    double us() const;              ///< the paper's T = ticks × 10⁶ / COUNTS_PER_SECOND, over the sum
};

struct Paper000Variant {
    std::string operation;     ///< ascon-128 or ascon-128a
    int records = 0;           ///< records in the file used
    Paper000PathRun sw, ip;    ///< measured on a board; the model's low inputs on the virtual board
    Paper000PathRun ipHigh;    ///< the virtual board at the model's high inputs (empty on a board)
    Paper000PathRun swQemu;    ///< the software path under QEMU (ticks × 10 = instructions); may be empty
    Range swUs, ipUs, speedup; ///< lo == hi when measured
    std::uint64_t swInstructions() const; ///< Σ under QEMU
};

struct Paper000Build {
    std::string variant; ///< sw, ip, none
    std::string path;
    ElfFootprint footprint;
    std::optional<std::uint32_t> stackBytes; ///< the SVC stack's high-water mark under QEMU
};

struct Paper000Memory {
    std::vector<Paper000Build> builds; ///< sw, ip, none (empty when the ARM firmware was not built)
    std::string note;                  ///< why a figure is missing
    std::optional<double> staticSavingPct, savingPct; ///< without and with the stack
};

struct Paper000Report {
    bool modelled = true;
    std::string port, kind;
    Paper000Model model;
    std::vector<Paper000Variant> variants;
    Paper000Memory memory;
    std::vector<std::string> failures, notes;
    bool cancelled = false;
    /** @brief Our Ascon-128a software encryption in cycles per byte (QEMU's instructions from a 0-byte to a
     *  32-byte message, no AD, times the CPI range), beside the Ascon team's 24.0 for a Cortex-A9; absent
     *  when those two records were not run. */
    std::optional<Range> cyclesPerByte;

    QJsonObject toJson(bool withRecords = false) const;
    std::string text() const;
};

/** @brief Runs the comparison; BoardError when a board cannot be reached. Failures (an output that does
 *  not verify) are in the report, and its totals then cover only the verified records. */
Paper000Report runPaper000(const Paper000Options& options);

/** @brief The memory half alone (ELF footprints, and the stacks when QEMU is there). */
Paper000Memory measurePaper000Memory(const Paper000Options& options);

} // namespace rs::hw::board
