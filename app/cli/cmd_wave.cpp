// wave: waveform files without the GUI. `wave info` lists a VCD/FST file's signals, `wave convert`
// rewrites it as VCD or FST, `wave delta` measures what the viewer's two cursors measure, on the viewer's
// own state (WaveViewState): cursor A where one signal first takes a value, cursor B where another then
// does (at or after A), and Δ in ticks, in cycles of a chosen clock and in ns (the file's timescale).
// `wave diff` compares two files signal by signal (core/waveform/wavediff.h): exit 0 when every pair is
// equal, 1 when any differs, 2 for bad input. `wave axi` lists the AXI4-Lite transactions on the file's bus
// pins (core/waveform/axitransactions.h), registers named from the core's map (hw/ip/axiregistermaps.h).
// `wave gtkw` writes a GTKWave save file (core/waveform/gtkw.h) of a saved view, or the file's first rows.
#include "app/cli/clicommands.h"

#include "core/fileio/safefile.h"
#include "core/waveform/axitransactions.h"
#include "core/waveform/bitvalue.h"
#include "core/waveform/fst.h"
#include "core/waveform/gtkw.h"
#include "core/waveform/rowvalue.h"
#include "core/waveform/vcd.h"
#include "core/waveform/viewstate.h"
#include "core/waveform/wavediff.h"
#include "core/waveform/waveformfile.h"
#include "hw/ip/ascon/pipelinelanes.h"
#include "hw/ip/axiregistermaps.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
#include <cctype>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>

namespace rs::cli {

namespace {

/// A read that may take longer than this says so on stderr first (an FST's child limit, scaled to the file).
constexpr double kSayWaitSeconds = 30;

/** Reads a file; a file that cannot be read is a UsageError naming it as `label` (FILE, A, B). */
waveform::WaveformStore readFile(const std::string& path, const char* label = "FILE") {
    if (const double upTo = waveform::waveformReadSeconds(path); upTo >= kSayWaitSeconds)
        std::cerr << "roundscope-cli: reading " << path << " (up to " << upTo << " s)" << std::endl;
    try {
        return waveform::readWaveformFile(path);
    } catch (const waveform::WaveformFileError& e) {
        throw UsageError(std::string(label) + ": " + e.what());
    }
}

const std::string& onePath(const CliArgs& args, const char* verb, std::size_t count) {
    if (args.positional().size() != count)
        throw UsageError(std::string("wave ") + verb + ": expected " +
                         (count == 1                    ? "one FILE"
                          : std::string(verb) == "diff" ? "A and B"
                                                        : "IN and OUT") +
                         ", got " + std::to_string(args.positional().size()) + " argument(s)");
    return args.positional().front();
}

waveform::SignalId signalNamed(const waveform::WaveformStore& s, const std::string& name,
                               const char* option) {
    if (const auto id = s.find(name)) return *id;
    throw UsageError(std::string("--") + option + ": no signal '" + name + "' in the file");
}

using Value = std::vector<std::uint64_t>;

/** SIGNAL=VALUE (hex of up to the signal's width, or one of its state names) -> the signal and the value. */
std::pair<waveform::SignalId, Value> event(const waveform::WaveformStore& s, const CliArgs& args,
                                           const char* option) {
    const std::string text = args.require(option);
    const auto eq = text.find('=');
    if (eq == std::string::npos) throw UsageError(std::string("--") + option + ": expected SIGNAL=VALUE");
    const waveform::SignalId id = signalNamed(s, text.substr(0, eq), option);
    const std::string value = text.substr(eq + 1);
    for (const auto& [v, name] : s.signal(id).valueNames)
        if (name == value) return {id, Value{v}};
    // Hex digits only (no sign, no spaces: "-1" is not all ones), at most as wide as the signal.
    if (const auto v = waveform::parseDigits(value, 16, s.signal(id).width)) return {id, *v};
    throw UsageError(std::string("--") + option + ": '" + value + "' is neither hex of at most " +
                     std::to_string(s.signal(id).width) + " bits nor a state of " + s.signal(id).name);
}

/** How a file cut off mid-way was loaded (a killed simulation), for the output. */
QJsonObject truncationJson(const waveform::Truncation& t) {
    return QJsonObject{{"end_tick", static_cast<qint64>(t.end)},
                       {"line", static_cast<qint64>(t.line)},
                       {"message", QString::fromStdString(t.message())}};
}

int waveInfo(const CliArgs& args) {
    const std::string path = onePath(args, "info", 1);
    QElapsedTimer timer;
    timer.start();
    const waveform::WaveformStore s = readFile(path);
    const double seconds = static_cast<double>(timer.nsecsElapsed()) / 1e9;
    QJsonArray signalList;
    qint64 changes = 0;
    for (waveform::SignalId id = 0; id < s.signalCount(); ++id) {
        const auto& info = s.signal(id);
        changes += static_cast<qint64>(s.changeCount(id));
        signalList.append(QJsonObject{{"name", QString::fromStdString(info.name)},
                                      {"group", QString::fromStdString(info.group)},
                                      {"width", info.width},
                                      {"changes", static_cast<qint64>(s.changeCount(id))}});
    }
    QJsonObject out{{"file", QString::fromStdString(path)},
                    {"signals", static_cast<qint64>(s.signalCount())},
                    {"end_tick", static_cast<qint64>(s.endTick())},
                    {"tick_seconds", s.tickSeconds()},
                    {"changes", changes},
                    {"memory_bytes", static_cast<qint64>(s.memoryBytes())},
                    {"load_seconds", seconds}};
    int widest = 0;
    for (waveform::SignalId id = 0; id < s.signalCount(); ++id)
        widest = std::max(widest, s.signal(id).width);
    out.insert("widest_bits", widest);
    if (s.truncation()) out.insert("truncated", truncationJson(*s.truncation()));
    if (args.flag("json")) out.insert("signal_list", signalList);
    printResult(args, out);
    return kExitOk;
}

int waveConvert(const CliArgs& args) {
    onePath(args, "convert", 2);
    const std::string& in = args.positional()[0];
    const std::string& out = args.positional()[1];
    const auto isExtension = [](const std::string& path, const char* ext) {
        return QFileInfo(QString::fromStdString(path))
                   .suffix()
                   .compare(QLatin1String(ext), Qt::CaseInsensitive) == 0;
    };
    const auto report = [&](std::size_t signalCount, waveform::Tick endTick,
                            const std::optional<waveform::Truncation>& truncation) {
        QJsonObject result{{"in", QString::fromStdString(in)},
                           {"out", QString::fromStdString(out)},
                           {"signals", static_cast<qint64>(signalCount)},
                           {"end_tick", static_cast<qint64>(endTick)}};
        if (truncation) result.insert("truncated", truncationJson(*truncation));
        printResult(args, result);
        return kExitOk;
    };
    if (isExtension(in, "vcd") && isExtension(out, "fst")) {
        // Streamed (fst.h): the VCD is never held whole, however long it is.
        waveform::VcdToFst done;
        try {
            done = waveform::convertVcdToFst(in, out);
        } catch (const waveform::VcdError& e) {
            throw UsageError(std::string("FILE: ") + e.what());
        } catch (const waveform::WaveformFileError& e) {
            throw UsageError(std::string("OUT: ") + e.what());
        }
        return report(done.signalCount, done.endTick, done.truncation);
    }
    const waveform::WaveformStore s = readFile(in);
    try {
        waveform::writeWaveformFile(s, out);
    } catch (const waveform::WaveformFileError& e) {
        throw UsageError(std::string("OUT: ") + e.what());
    }
    return report(s.signalCount(), s.endTick(), s.truncation());
}

int waveDelta(const CliArgs& args) {
    const std::string path = onePath(args, "delta", 1);
    const waveform::WaveformStore s = readFile(path);
    const auto [aId, aValue] = event(s, args, "a");
    const auto [bId, bValue] = event(s, args, "b");
    const auto after =
        static_cast<waveform::Tick>(args.integer("after", 0, 0, std::numeric_limits<long>::max()));
    // The viewer's state over a file: its ticks are simulator time units until a clock numbers cycles.
    waveform::WaveViewState view;
    view.reset(s);
    view.setTicksAreCycles(false);
    if (const auto clock = args.value("clock")) {
        try {
            view.setClock(s, signalNamed(s, *clock, "clock"));
        } catch (const std::invalid_argument& e) {
            throw UsageError(std::string("--clock: ") + e.what());
        }
    }
    using waveform::Cursor;
    if (!view.placeCursor(Cursor::A, s, aId, waveform::Words(aValue), after))
        throw UsageError("--a: " + s.signal(aId).name + " never takes that value after tick " +
                         std::to_string(after));
    const waveform::Tick a = *view.cursorA();
    if (!view.placeCursor(Cursor::B, s, bId, waveform::Words(bValue), a))
        throw UsageError("--b: " + s.signal(bId).name + " never takes that value at or after tick " +
                         std::to_string(a));
    const waveform::Tick b = *view.cursorB();
    QJsonObject out{{"a_tick", static_cast<qint64>(a)},
                    {"b_tick", static_cast<qint64>(b)},
                    {"delta_ticks", static_cast<qint64>(b - a)},
                    {"delta_cycles", *view.cursorDelta()}};
    if (const auto ns = view.cursorDeltaNs()) out.insert("delta_ns", *ns);
    printResult(args, out);
    return kExitOk;
}

/** A value at a difference in upper-case hex, as the rest of the app writes it. */
QString hexValue(const std::vector<std::uint64_t>& words, int width) {
    return QString::fromStdString(waveform::formatValue(words, width, waveform::Radix::Hex));
}

QJsonObject pairJson(const waveform::SignalDiff& d) {
    QJsonObject o{{"name", QString::fromStdString(d.name)},
                  {"width_a", d.widthA},
                  {"width_b", d.widthB},
                  {"equal", d.equal},
                  {"width_mismatch", d.widthMismatch()},
                  {"intervals", static_cast<qint64>(d.intervals)},
                  {"ticks", static_cast<qint64>(d.ticks)}};
    if (d.firstTick) {
        o.insert("first_tick", static_cast<qint64>(*d.firstTick));
        o.insert("value_a", hexValue(d.valueA, d.widthA));
        o.insert("value_b", hexValue(d.valueB, d.widthB));
    }
    return o;
}

/** One line of the text output for a pair. */
std::string pairLine(const waveform::SignalDiff& d) {
    if (d.widthMismatch())
        return d.name + ": width " + std::to_string(d.widthA) + " in A, " + std::to_string(d.widthB) +
               " in B";
    if (d.equal) return d.name + ": equal";
    return d.name + ": differs from tick " + std::to_string(*d.firstTick) + " (A " +
           hexValue(d.valueA, d.widthA).toStdString() + ", B " + hexValue(d.valueB, d.widthB).toStdString() +
           "), " + std::to_string(d.intervals) + (d.intervals == 1 ? " interval, " : " intervals, ") +
           std::to_string(d.ticks) + " ticks";
}

QJsonArray stringArray(const std::vector<std::string>& names) {
    QJsonArray a;
    for (const std::string& n : names)
        a.append(QString::fromStdString(n));
    return a;
}

int waveDiff(const CliArgs& args) {
    onePath(args, "diff", 2);
    const std::string& pathA = args.positional()[0];
    const std::string& pathB = args.positional()[1];
    waveform::WaveDiffOptions opt;
    if (const auto list = args.value("signals")) {
        std::istringstream in(*list);
        for (std::string name; std::getline(in, name, ',');) {
            if (name.empty() || list->back() == ',')
                throw UsageError("--signals: an empty name in '" + *list + "'");
            opt.names.push_back(name);
        }
        if (opt.names.empty()) throw UsageError("--signals: expected NAME,...");
    }
    const std::string align = args.value("align").value_or("time");
    if (align.empty()) throw UsageError("--align: expected time or a SIGNAL");
    if (align != "time") opt.alignSignal = align;
    const waveform::WaveformStore a = readFile(pathA, "A");
    const waveform::WaveformStore b = readFile(pathB, "B");
    waveform::WaveDiff d;
    try {
        d = waveform::diffWaveforms(a, b, opt);
    } catch (const waveform::WaveDiffError& e) {
        throw UsageError(e.what());
    }
    const auto differing =
        std::count_if(d.pairs.begin(), d.pairs.end(), [](const auto& p) { return !p.equal; });
    if (args.flag("json")) {
        QJsonArray pairs;
        for (const waveform::SignalDiff& p : d.pairs)
            pairs.append(pairJson(p));
        printResult(args, QJsonObject{{"a", QString::fromStdString(pathA)},
                                      {"b", QString::fromStdString(pathB)},
                                      {"align", QString::fromStdString(align)},
                                      {"offset_a", static_cast<qint64>(d.offsetA)},
                                      {"offset_b", static_cast<qint64>(d.offsetB)},
                                      {"begin", static_cast<qint64>(d.begin)},
                                      {"end", static_cast<qint64>(d.end)},
                                      {"equal", d.equal()},
                                      {"compared", static_cast<qint64>(d.pairs.size())},
                                      {"differing", static_cast<qint64>(differing)},
                                      {"signals", pairs},
                                      {"only_in_a", stringArray(d.onlyInA)},
                                      {"only_in_b", stringArray(d.onlyInB)}});
    } else {
        std::cout << "A: " << pathA << "\nB: " << pathB << "\nalign: " << align;
        if (!opt.alignSignal.empty())
            std::cout << " (tick " << d.offsetA << " of A, " << d.offsetB << " of B)";
        std::cout << "\ncompared: ticks " << d.begin << " to " << d.end << "\n";
        // Every chosen signal; of all shared ones, only those that differ (a dump holds thousands).
        for (const waveform::SignalDiff& p : d.pairs)
            if (!p.equal || !opt.names.empty()) std::cout << pairLine(p) << "\n";
        for (const std::string& n : d.onlyInA)
            std::cout << n << ": only in A\n";
        for (const std::string& n : d.onlyInB)
            std::cout << n << ": only in B\n";
        std::cout << (d.equal() ? "equal: " : "differ: ") << differing << " of " << d.pairs.size()
                  << " signals differ";
        if (!d.onlyInA.empty() || !d.onlyInB.empty())
            std::cout << ", " << d.onlyInA.size() + d.onlyInB.size() << " in one dump only";
        std::cout << std::endl;
    }
    return d.equal() ? kExitOk : kExitKatFailed;
}

std::string hex(std::uint64_t v, int digits) {
    std::ostringstream o;
    o << "0x" << std::uppercase << std::hex << std::setw(digits) << std::setfill('0') << v;
    return o.str();
}

int waveAxi(const CliArgs& args) {
    const std::string path = onePath(args, "axi", 1);
    const waveform::WaveformStore s = readFile(path);
    std::string core = args.value("core").value_or(hw::axiCoreOf(s));
    const waveform::AxiRegisterMap* map = core.empty() ? nullptr : hw::axiRegisterMap(core);
    if (!core.empty() && !map)
        throw UsageError("--core: '" + core + "' is not one of " + choice(hw::axiRegisterMapCores(), true));
    const waveform::AxiDecode d = waveform::decodeAxiTransactions(s, map);
    if (!d.error.empty()) throw UsageError("FILE: " + d.error);
    QJsonArray list;
    for (const waveform::AxiTransaction& t : d.transactions) {
        QJsonObject o{{"kind", t.write ? "write" : "read"},
                      {"address", QString::fromStdString(hex(t.address, 2))},
                      {"register", QString::fromStdString(t.registerName)},
                      {"data", QString::fromStdString(hex(t.data, 8))},
                      {"response", QString::fromStdString(waveform::axiResponseName(t.response))},
                      {"complete", t.complete},
                      {"start_tick", static_cast<qint64>(t.start)},
                      {"end_tick", static_cast<qint64>(t.end)},
                      {"start_cycle", static_cast<qint64>(t.startCycle)},
                      {"latency_clocks", static_cast<qint64>(t.latency)}};
        if (t.strobe) o.insert("strobe", QString::fromStdString(hex(*t.strobe, 1)));
        list.append(o);
    }
    QJsonArray notes;
    for (const std::string& n : d.notes)
        notes.append(QString::fromStdString(n));
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"file", QString::fromStdString(path)},
                                      {"bus_prefix", QString::fromStdString(d.prefix)},
                                      {"clock", QString::fromStdString(d.clock)},
                                      {"core", QString::fromStdString(core)},
                                      {"notes", notes},
                                      {"count", static_cast<qint64>(d.transactions.size())},
                                      {"transactions", list}});
        return kExitOk;
    }
    std::cout << "file: " << path << "\nbus: " << (d.prefix.empty() ? "(no prefix)" : d.prefix) << ", "
              << (d.clock.empty() ? "one tick per clock" : "clock " + d.clock) << "\nregisters: "
              << (map ? core
                      : "unknown core (addresses only; name one with --core " +
                            alternatives(hw::axiRegisterMapCores()) + ")")
              << "\n";
    for (const std::string& n : d.notes)
        std::cout << "note: " << n << "\n";
    std::cout << "     #  kind   address  register   data        resp    start tick  clocks\n";
    std::size_t i = 0, errors = 0;
    for (const waveform::AxiTransaction& t : d.transactions) {
        errors += t.response && *t.response >= 2;
        std::cout << std::setw(6) << i++ << "  " << std::left << std::setw(6) << (t.write ? "write" : "read")
                  << " " << std::setw(8) << hex(t.address, 2) << " " << std::setw(10)
                  << (t.registerName.empty() ? "-" : t.registerName) << " " << std::setw(11) << hex(t.data, 8)
                  << " " << std::setw(7) << (t.complete ? waveform::axiResponseName(t.response) : "(none)")
                  << std::right << std::setw(11) << t.start << std::setw(8) << t.latency << "\n";
    }
    std::cout << d.transactions.size() << " transactions, " << errors << " with an error response"
              << std::endl;
    return kExitOk;
}

int waveGtkw(const CliArgs& args) {
    const std::string path = onePath(args, "gtkw", 1);
    const std::string out = args.require("out");
    const waveform::WaveformStore store = readFile(path);
    // A saved view's range over the 1000 pixels GTKWave's window starts with.
    waveform::WaveViewState view;
    view.setWaveArea(0, 1000);
    view.reset(store);
    std::vector<std::string> notes;
    if (const auto saved = args.value("view")) {
        try {
            auto read = waveform::WaveViewState::fromJson(
                fileio::readFileBounded(*saved, std::uint64_t{16} << 20, "saved view"), store, &notes);
            const bool fitted = read.isFitted();
            const double begin = read.beginTick(), end = read.endTick();
            read.setWaveArea(0, 1000);
            if (fitted)
                read.fit();
            else
                read.setVisibleRange(begin, end);
            view = std::move(read);
        } catch (const std::exception& e) {
            throw UsageError("--view: " + std::string(e.what()));
        }
    } else {
        for (waveform::SignalId id = 0; id < std::min<std::size_t>(16, store.signalCount()); ++id)
            view.addSignal(store, id);
    }
    const auto file = waveform::gtkwFromView(view, store, path, waveform::dumpTopScope(path), &notes);
    try {
        fileio::writeFileAtomic(out, waveform::writeGtkw(file));
    } catch (const std::exception& e) {
        throw UsageError("--out: " + std::string(e.what()));
    }
    for (const std::string& n : notes)
        std::cerr << "roundscope-cli: note: " << n << "\n";
    std::cout << "wrote " << out << ": " << file.traces.size() << " traces, " << file.markers.size()
              << " markers (open with: gtkwave " << path << " " << out << ")" << std::endl;
    return kExitOk;
}

} // namespace

CliCommand waveCommand() {
    return {
        "wave",
        "VCD and FST files without the GUI",
        {{{"info"},
          {word("FILE")},
          "a VCD or FST file's signals, changes, end tick, timescale",
          nullptr,
          noVerb<waveInfo>},
         {{"convert"}, {word("IN"), word("OUT")}, "VCD <-> FST (by extension)", nullptr, noVerb<waveConvert>},
         {{"delta"},
          {word("FILE"), option("a", "SIGNAL=VALUE"), option("b", "SIGNAL=VALUE"), optional("after", "TICK"),
           optional("clock", "SIGNAL")},
          "ticks (and cycles of the clock) from where A first takes its value to where B then does",
          nullptr,
          noVerb<waveDelta>},
         {{"diff"},
          {word("A"), word("B"), optional("signals", "NAME,..."), optional("align", "time|SIGNAL")},
          "two files compared signal by signal (every shared name, or those listed), aligned by time\n"
          "or on a signal's first rising edge (a bus: its first change): where each pair first differs,\n"
          "both values there, the intervals that differ; exit 1 when any pair differs",
          nullptr,
          noVerb<waveDiff>},
         {{"axi"},
          {word("FILE"), optional("core", alternatives(hw::axiRegisterMapCores()))},
          "the AXI4-Lite transactions on the file's bus pins (awvalid ... rresp after any prefix, e.g.\n"
          "s_axi_): read/write, address, register (the core's map, told from the file's signals or\n"
          "--core), data, response, start tick, clocks from the address handshake to the response",
          nullptr,
          noVerb<waveAxi>},
         {{"gtkw"},
          {word("FILE"), option("out", "OUT.gtkw"), optional("view", "VIEW.rsview")},
          "a GTKWave save file for FILE: the rows, radix, markers and cursor of a saved view (the\n"
          "Waveforms page's Save view, or the <FILE>.rsview it autosaves), else the file's first 16\n"
          "signals; open both with: gtkwave FILE OUT.gtkw",
          nullptr,
          noVerb<waveGtkw>}}};
}

QJsonObject lanesJson(const hw::PipelineLanes& lanes) {
    const auto span = [](const hw::ClockSpan& s) {
        return QJsonArray{static_cast<qint64>(s.begin), static_cast<qint64>(s.end)};
    };
    QJsonArray blocks;
    for (const hw::PipelineBlock& b : lanes.blocks) {
        QJsonArray stages;
        for (const hw::ClockSpan& s : b.stages)
            stages.append(span(s));
        blocks.append(QJsonObject{{"index", b.index},
                                  {"kind", QString::fromStdString(hw::blockKindName(b.kind))},
                                  {"issue", static_cast<qint64>(b.issue)},
                                  {"stages", stages},
                                  {"waiting", span(b.waiting)},
                                  {"take", static_cast<qint64>(b.take)},
                                  {"permutation", span(b.permutation)},
                                  {"length", span(b.length)},
                                  {"lane0", span(b.lane0)},
                                  {"lane1", span(b.lane1)}});
    }
    return QJsonObject{{"words_per_block", lanes.wordsPerBlock},
                       {"load", static_cast<qint64>(lanes.load)},
                       {"end", static_cast<qint64>(lanes.end)},
                       {"initialisation", span(lanes.initialisation)},
                       {"blocks", blocks}};
}

} // namespace rs::cli
