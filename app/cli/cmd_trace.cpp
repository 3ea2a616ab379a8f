// trace: the state at every spec step boundary, with the layout that says how to draw it. With
// --flip FIELD:BIT it also runs the twin (the same inputs with that one bit flipped), the GUI's twin
// run: every step gets "twin_diff_bits" and the result a "twin" object. With --export-steps it draws
// steps --from..--to (1-based, at most --max-frames of them) as the explorer's state grid instead of
// printing the trace, and prints only what it wrote: a new or empty folder of PNG files (or one holding
// only an earlier export's), a PDF handout (two or three steps a page under the cipher's name and
// inputs), an animated GIF (--delay CS a frame) or one step as FILE.png / FILE.svg
// (app/teach/stepexport.h), in the light or (--dark) dark palette, with progress on stderr, in --view
// value, changed or twin. --moves on|BIT adds the "where bits move" overlay, as View → Show where bits
// move with a bit clicked (on: the bit teach::exportMovesBit picks, BIT: that one).
// --alg mldsa-ntt|mldsa-intt traces the explorer's ML-DSA transforms (field "poly", --substeps: also one
// step per butterfly, the explorer's sub-steps); its export draws 16 coefficients a row, as the explorer.
#include "app/cli/clicommands.h"

#include "app/charts/theme.h"
#include "app/teach/stepexport.h"
#include "core/oracle/algorithms.h"
#include "core/sessions/explorermodel.h"

#include <QFileInfo>
#include <QJsonArray>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

namespace rs::cli {

using crypto::Bytes;

namespace {

/** @brief One traced run: the steps, the output (state, block or ciphertext) and an AEAD tag. */
struct TraceRun {
    crypto::Trace trace;
    Bytes output;
    Bytes tag;
};

/** @brief The inputs of a trace by option name ("in", "key", "nonce", "ad", "pt"). */
using Inputs = std::map<std::string, Bytes>;
using Runner = std::function<TraceRun(const Inputs&)>;

QJsonObject layoutJson(const crypto::StateLayout& l) {
    return QJsonObject{{"name", QString::fromStdString(l.name)},
                       {"rows", l.rows},
                       {"cols", l.cols},
                       {"cell_bits", l.cellBits},
                       {"row_label", QString::fromStdString(l.rowLabel)},
                       {"encoding", QString::fromStdString(l.encoding)}};
}

QString hexOf(const Bytes& b) {
    return QString::fromStdString(crypto::toHex(b));
}

// twinDiff: per step, the bits in which the twin differs (empty: no twin).
QJsonObject traceJson(const std::string& algorithm, const TraceRun& run, const std::vector<int>& twinDiff) {
    QJsonArray steps;
    for (std::size_t i = 0; i < run.trace.steps.size(); ++i) {
        const auto& s = run.trace.steps[i];
        QJsonObject o{{"phase", QString::fromStdString(s.phase)},
                      {"round", s.round},
                      {"step", QString::fromStdString(s.step)},
                      {"state", hexOf(s.state)}};
        if (s.block >= 0) o.insert("block", s.block);
        if (!s.roundKey.empty()) o.insert("round_key", hexOf(s.roundKey));
        if (i < twinDiff.size()) o.insert("twin_diff_bits", twinDiff[i]);
        steps.append(o);
    }
    QJsonObject o{{"algorithm", QString::fromStdString(algorithm)},
                  {"layout", layoutJson(run.trace.layout)},
                  {"steps", steps},
                  {"output", hexOf(run.output)}};
    if (!run.tag.empty()) o.insert("tag", hexOf(run.tag));
    return o;
}

// --flip FIELD:BIT, FIELD one of the command's input options, BIT numbered as in its hex string
// (MSB of byte 0 first).
std::pair<std::string, int> parseFlip(const std::string& text, const Inputs& inputs) {
    std::string names;
    for (const auto& [name, bytes] : inputs)
        names += (names.empty() ? "" : ", ") + name;
    const auto colon = text.find(':');
    const std::string field = text.substr(0, colon);
    const std::string bit = colon == std::string::npos ? std::string() : text.substr(colon + 1);
    if (bit.empty() || bit.size() > 6 || bit.find_first_not_of("0123456789") != std::string::npos)
        throw UsageError("--flip: '" + text + "' is not FIELD:BIT (FIELD one of " + names + ")");
    const auto it = inputs.find(field);
    if (it == inputs.end()) throw UsageError("--flip: unknown field '" + field + "' (choose " + names + ")");
    const int bits = static_cast<int>(it->second.size()) * 8;
    if (bits == 0) throw UsageError("--flip: --" + field + " is empty: there is no bit to flip");
    const int b = std::stoi(bit);
    if (b >= bits)
        throw UsageError("--flip: bit " + bit + " is outside --" + field + " (bits 0-" +
                         std::to_string(bits - 1) + ")");
    return {field, b};
}

/** @brief What --export-steps asks for, checked before anything runs. */
struct ExportRequest {
    std::string target;
    teach::ExportKind kind = teach::ExportKind::PngSequence;
    teach::GridMode mode = teach::GridMode::Value;
    bool moves = false; ///< --moves: the "where bits move" overlay
    int movesBit = -1;  ///< --moves BIT: the state bit whose sources it marks
    int delayCs = 120;  ///< --delay: the GIF's frame time (hundredths of a second)
    bool dark = false;  ///< --dark: the dark palette
};

std::optional<ExportRequest> parseExport(const CliArgs& args) {
    const auto target = args.value("export-steps");
    if (!target) {
        if (args.flag("dark")) throw UsageError("--dark: only with --export-steps DIR|FILE.pdf|FILE.gif");
        for (const char* name : {"from", "to", "view", "moves", "max-frames", "delay"})
            if (args.has(name))
                throw UsageError(std::string("--") + name +
                                 ": only with --export-steps DIR|FILE.pdf|FILE.gif");
        return std::nullopt;
    }
    ExportRequest r;
    r.target = *target;
    if (r.target.empty())
        throw UsageError("--export-steps: the target is empty (a folder, FILE.pdf or FILE.gif)");
    // A folder (no extension, or an existing folder) takes PNG files; a file follows the CLI's one rule.
    if (teach::exportKindFor(QString::fromStdString(r.target), false) == teach::ExportKind::PngSequence)
        r.kind = teach::ExportKind::PngSequence;
    else {
        const std::string ext = outputExtension("export-steps", r.target, {"pdf", "gif", "png", "svg"},
                                                "a folder for PNG files, FILE.pdf, FILE.gif, or FILE.png or "
                                                "FILE.svg for one step");
        r.kind = ext == "pdf"   ? teach::ExportKind::Pdf
                 : ext == "gif" ? teach::ExportKind::Gif
                 : ext == "png" ? teach::ExportKind::Png
                                : teach::ExportKind::Svg;
    }
    if (args.has("delay") && r.kind != teach::ExportKind::Gif)
        throw UsageError("--delay: the frame time of an animated GIF: only with --export-steps FILE.gif");
    r.delayCs = static_cast<int>(args.integer("delay", r.delayCs, 1, 65535));
    r.dark = args.flag("dark");
    const std::string view = args.value("view").value_or("value");
    if (view == "value")
        r.mode = teach::GridMode::Value;
    else if (view == "changed")
        r.mode = teach::GridMode::Changed;
    else if (view == "twin")
        r.mode = teach::GridMode::Twin;
    else
        throw UsageError("--view: '" + view + "' is not value, changed or twin");
    if (r.mode == teach::GridMode::Twin && !args.has("flip"))
        throw UsageError("--view: twin needs --flip FIELD:BIT (the twin run to compare with)");
    if (const auto moves = args.value("moves")) {
        r.moves = true;
        if (*moves != "on") {
            const bool digits =
                !moves->empty() && moves->size() <= 6 &&
                std::all_of(moves->begin(), moves->end(), [](char c) { return c >= '0' && c <= '9'; });
            if (!digits) throw UsageError("--moves: '" + *moves + "' is not on or a state bit number");
            r.movesBit = std::stoi(*moves);
        }
    }
    return r;
}

// One export draws at most --max-frames steps (frames, pages or files): a range of more is refused
// before anything is drawn, saying how to go below it.
constexpr long kDefaultMaxFrames = 500;
constexpr long kMostFrames = 20000;
// Exports of this many steps or more say how far they are on stderr.
constexpr int kProgressFrom = 100;

// "export-steps: step 120/1033 drawn" on stderr (stdout holds the result): the first and last step and at
// most two lines a second between them; nothing for short exports.
teach::ExportProgress progressLines(long steps) {
    if (steps < kProgressFrom) return {};
    auto last = std::make_shared<std::chrono::steady_clock::time_point>();
    return [last](int done, int total) {
        const auto now = std::chrono::steady_clock::now();
        if (done == 1 || done == total || now - *last >= std::chrono::milliseconds(500)) {
            *last = now;
            std::fprintf(stderr, "export-steps: step %d/%d drawn\n", done, total);
            std::fflush(stderr);
        }
        return true;
    };
}

// Draws steps --from..--to of the trace to the request's target; the "export" object of the result.
// What ran, for the handout's header: the cipher and its inputs ("key = 0f1e…", empty ones left out).
struct Provenance {
    std::string algorithm;
    const Inputs* inputs = nullptr;
    std::string flipped; ///< "bit 5 of in", empty without --flip
};

QStringList inputLines(const Inputs& inputs) {
    QStringList lines;
    for (const auto& [name, bytes] : inputs) {
        if (bytes.empty()) continue;
        QString hex = hexOf(bytes).toLower();
        if (bytes.size() > 32) hex = QStringLiteral("%1 (%2 bytes)").arg(hex).arg(bytes.size());
        lines << QStringLiteral("%1 = %2").arg(QString::fromStdString(name), hex);
    }
    return lines;
}

QJsonObject exportTrace(const CliArgs& args, const ExportRequest& req, const crypto::Trace& trace,
                        const crypto::Trace* twin, const Provenance& what) {
    const long steps = static_cast<long>(trace.steps.size());
    if (steps == 0) throw UsageError("--export-steps: the trace has no steps");
    const bool single = req.kind == teach::ExportKind::Png || req.kind == teach::ExportKind::Svg;
    const long from = args.integer("from", 1, 1, steps);
    const long to = args.integer("to", single ? from : steps, 1, steps);
    if (single && to != from)
        throw UsageError("--export-steps: " + req.target +
                         " is one step (--from N, default 1): export steps " + std::to_string(from) + " to " +
                         std::to_string(to) + " into a folder, FILE.pdf or FILE.gif");
    if (from > to)
        throw UsageError("--from: step " + std::to_string(from) + " is after --to " + std::to_string(to));
    const long maxFrames = args.integer("max-frames", kDefaultMaxFrames, 1, kMostFrames);
    if (to - from + 1 > maxFrames)
        throw UsageError("--export-steps: steps " + std::to_string(from) + " to " + std::to_string(to) +
                         " are " + std::to_string(to - from + 1) + " frames, more than --max-frames " +
                         std::to_string(maxFrames) + " allows: export a part with --from/--to, or raise " +
                         "--max-frames (at most " + std::to_string(kMostFrames) + ")");
    const int stateBits = static_cast<int>(trace.steps.front().state.size()) * 8;
    if (req.movesBit >= stateBits)
        throw UsageError("--moves: bit " + std::to_string(req.movesBit) + " is past the state's " +
                         std::to_string(stateBits) + " bits");
    teach::StepExportJob job;
    job.trace = &trace;
    job.twin = twin;
    job.mode = req.mode;
    job.showMoves = req.moves;
    job.selectedBit = req.movesBit;
    job.colors = teach::gridColorsFrom(
        charts::stateColors(charts::themePalette(req.dark ? charts::Theme::Dark : charts::Theme::Light)));
    job.frameDelayCs = req.delayCs;
    job.cipher = QString::fromStdString(what.algorithm);
    if (what.inputs != nullptr) job.inputs = inputLines(*what.inputs);
    job.flipped = QString::fromStdString(what.flipped);
    job.from = static_cast<std::size_t>(from - 1);
    job.to = static_cast<std::size_t>(to - 1);
    const teach::ExportResult r =
        teach::exportSteps(job, QString::fromStdString(req.target), req.kind, progressLines(to - from + 1));
    if (!r.ok) throw UsageError("--export-steps: " + r.error.toStdString());
    const char* kind = req.kind == teach::ExportKind::Pdf   ? "pdf"
                       : req.kind == teach::ExportKind::Gif ? "gif"
                       : req.kind == teach::ExportKind::Svg ? "svg"
                                                            : "png";
    QJsonObject o{{"target", QString::fromStdString(req.target)},
                  {"format", kind},
                  {"from", static_cast<int>(from)},
                  {"to", static_cast<int>(to)},
                  {"steps", r.steps},
                  {"files", QJsonArray::fromStringList(r.files)}};
    if (req.kind == teach::ExportKind::Pdf) o.insert("pages", r.pages);
    if (req.kind == teach::ExportKind::Gif) o.insert("delay_cs", req.delayCs);
    return o;
}

// An export prints what it wrote, not the trace: one line ("wrote steps 1-37 of Ascon-p[12] to a.pdf (19
// pages)"), or with --json the algorithm and the "export" object.
void printExport(const CliArgs& args, const std::string& algorithm, const QJsonObject& e) {
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"algorithm", QString::fromStdString(algorithm)}, {"export", e}});
        return;
    }
    const QString format = e.value("format").toString();
    const QString range = QStringLiteral("steps %1-%2 of %3")
                              .arg(e.value("from").toInt())
                              .arg(e.value("to").toInt())
                              .arg(QString::fromStdString(algorithm));
    const QJsonArray files = e.value("files").toArray();
    QString line;
    if (format == QLatin1String("png") && e.value("steps").toInt() == 1 &&
        e.value("target").toString() == e.value("files").toArray().first().toString()) {
        line = QStringLiteral("wrote step %1 of %2 to %3")
                   .arg(e.value("from").toInt())
                   .arg(QString::fromStdString(algorithm), e.value("target").toString());
    } else if (format == QLatin1String("svg")) {
        line = QStringLiteral("wrote step %1 of %2 to %3")
                   .arg(e.value("from").toInt())
                   .arg(QString::fromStdString(algorithm), e.value("target").toString());
    } else if (format == QLatin1String("png")) {
        const QString first = files.isEmpty() ? QString() : files.first().toString();
        const QString last = files.isEmpty() ? QString() : files.last().toString();
        line = QStringLiteral("wrote %1 PNG files (%2) to %3: %4")
                   .arg(files.size())
                   .arg(range, e.value("target").toString(),
                        files.size() > 1 ? QFileInfo(first).fileName() + QStringLiteral(" ... ") +
                                               QFileInfo(last).fileName()
                                         : QFileInfo(first).fileName());
    } else if (format == QLatin1String("pdf")) {
        line = QStringLiteral("wrote %1 to %2 (%3 pages)")
                   .arg(range, e.value("target").toString())
                   .arg(e.value("pages").toInt());
    } else {
        line = QStringLiteral("wrote %1 to %2 (%3 frames, %4 s each)")
                   .arg(range, e.value("target").toString())
                   .arg(e.value("steps").toInt())
                   .arg(e.value("delay_cs").toInt() / 100.0);
    }
    std::cout << line.toStdString() << std::endl;
}

// Runs the trace, and with --flip its twin; with --export-steps draws the steps; prints one result.
int printTrace(const CliArgs& args, const std::string& algorithm, const Inputs& inputs, const Runner& run) {
    const std::optional<ExportRequest> exportReq = parseExport(args);
    const TraceRun main = run(inputs);
    const auto flip = args.value("flip");
    if (!flip) {
        if (exportReq) {
            printExport(args, algorithm,
                        exportTrace(args, *exportReq, main.trace, nullptr, {algorithm, &inputs, {}}));
            return kExitOk;
        }
        printResult(args, traceJson(algorithm, main, {}));
        return kExitOk;
    }
    const auto [field, bit] = parseFlip(*flip, inputs);
    Inputs flipped = inputs;
    sessions::flipInputBit(flipped[field], bit);
    const TraceRun twin = run(flipped);
    if (exportReq) {
        const Provenance what{algorithm, &inputs, "bit " + std::to_string(bit) + " of " + field};
        printExport(args, algorithm, exportTrace(args, *exportReq, main.trace, &twin.trace, what));
        return kExitOk;
    }
    const std::vector<int> diff = sessions::twinFlipsPerStep(main.trace, twin.trace);
    QJsonObject o = traceJson(algorithm, main, diff);
    QJsonObject t{{"field", QString::fromStdString(field)},
                  {"bit", bit},
                  {"input", hexOf(flipped[field])},
                  {"output", hexOf(twin.output)},
                  {"output_diff_bits", sessions::differingBits(main.output, twin.output)}};
    if (!twin.tag.empty()) {
        t.insert("tag", hexOf(twin.tag));
        t.insert("tag_diff_bits", sessions::differingBits(main.tag, twin.tag));
    }
    o.insert("twin", t);
    printResult(args, o);
    return kExitOk;
}

int tracePermutation(const CliArgs& args) {
    const oracle::PermutationAlgorithm& alg = *oracle::findPermutation(args.require("alg"));
    const Bytes in = args.hexOr("in", Bytes(alg.stateBytes, 0));
    if (in.size() != alg.stateBytes)
        throw UsageError("--in: the " + alg.displayName + " state is " + std::to_string(alg.stateBytes) +
                         " bytes, got " + std::to_string(in.size()));
    const int rounds = static_cast<int>(args.integer("rounds", alg.standardRounds, 1, alg.standardRounds));
    return printTrace(args, alg.displayName + "[" + std::to_string(rounds) + "]", {{"in", in}},
                      [&alg, rounds](const Inputs& i) {
                          TraceRun r;
                          r.output = alg.permuteTraced(i.at("in"), rounds, r.trace);
                          return r;
                      });
}

int traceAead(const CliArgs& args) {
    const oracle::AeadAlgorithm& alg = *oracle::findAead(args.require("alg"));
    if (!alg.encryptTraced)
        throw UsageError("--alg: " + alg.id + " has no step trace of its own; trace its block cipher (lea-" +
                         std::to_string(alg.keyBytes * 8) + ") instead");
    const Inputs inputs{{"key", args.hex("key")},
                        {"nonce", args.hex("nonce")},
                        {"ad", args.hexOr("ad", {})},
                        {"pt", args.hex("pt")}};
    alg.checkSizes(inputs.at("key"), inputs.at("nonce"));
    return printTrace(args, alg.displayName, inputs, [&alg](const Inputs& i) {
        TraceRun r;
        crypto::AeadResult res =
            alg.encryptTraced(i.at("key"), i.at("nonce"), i.at("ad"), i.at("pt"), r.trace);
        r.output = std::move(res.ct);
        r.tag = std::move(res.tag);
        return r;
    });
}

int traceBlock(const CliArgs& args) {
    const oracle::BlockAlgorithm& alg = *oracle::findBlock(args.require("alg"));
    const Inputs inputs{{"key", args.hex("key")}, {"in", args.hex("in")}};
    alg.checkKey(inputs.at("key"));
    const Bytes& in = inputs.at("in");
    if (in.size() != alg.blockBytes)
        throw UsageError("--in: trace takes one " + std::to_string(alg.blockBytes) + "-byte block for " +
                         alg.id + ", got " + std::to_string(in.size()) + " bytes");
    const int rounds = static_cast<int>(args.integer("rounds", alg.standardRounds, 1, alg.standardRounds));
    const bool decrypt = args.flag("decrypt");
    std::string name = alg.displayName;
    if (rounds != alg.standardRounds) name += " (" + std::to_string(rounds) + " rounds)";
    return printTrace(args, name, inputs, [&alg, rounds, decrypt](const Inputs& i) {
        const auto cipher = alg.make(i.at("key"), rounds);
        const Bytes& block = i.at("in");
        TraceRun r;
        r.output.resize(block.size());
        if (decrypt)
            cipher->decryptBlockTraced(block.data(), r.output.data(), r.trace);
        else
            cipher->encryptBlockTraced(block.data(), r.output.data(), r.trace);
        return r;
    });
}

/** Whether --alg names an explorer algorithm of that kind. */
bool isExplorerKind(const CliArgs& args, sessions::ExplorerKind kind) {
    const auto id = args.value("alg");
    const sessions::ExplorerAlgorithm* alg = id ? sessions::findExplorerAlgorithm(*id) : nullptr;
    return alg != nullptr && alg->kind == kind;
}

/** Whether --alg names one of the explorer's ML-DSA transforms (mldsa-ntt, mldsa-intt). */
bool isMlDsaTraceAlgorithm(const CliArgs& args) {
    return isExplorerKind(args, sessions::ExplorerKind::Transform);
}

int traceMlDsa(const CliArgs& args) {
    const sessions::ExplorerAlgorithm& alg = *sessions::findExplorerAlgorithm(args.require("alg"));
    const sessions::ExplorerField& field = *alg.field("poly");
    const Bytes poly = args.hexOr("poly", crypto::fromHex(field.defaultHex));
    if (poly.size() != static_cast<std::size_t>(field.bytes))
        throw UsageError("--poly: " + alg.id + " takes " + std::to_string(field.bytes) +
                         " bytes (256 big-endian 32-bit coefficients, each < q), got " +
                         std::to_string(poly.size()));
    // "Polynomial: coefficient 5 is 9000000, not in [0, q = 8380417)": the explorer's words, index named.
    if (const std::string bad = field.checkValue ? field.checkValue(poly) : std::string(); !bad.empty())
        throw UsageError("--poly: " + bad);
    const Inputs inputs{{"poly", poly}};
    if (const auto flip = args.value("flip")) {
        const auto [name, bit] = parseFlip(*flip, inputs);
        if (const std::string bad = sessions::flipInputError(alg, name, poly, bit); !bad.empty())
            throw UsageError("--flip: " + bad);
    }
    const sessions::ExplorerDetail detail =
        args.flag("substeps") ? sessions::ExplorerDetail::Substeps : sessions::ExplorerDetail::Steps;
    return printTrace(args, alg.displayName, inputs, [&alg, detail](const Inputs& i) {
        sessions::ExplorerRun run = sessions::runExplorer(alg, i, 0, detail);
        return TraceRun{std::move(run.trace), std::move(run.output), std::move(run.tag)};
    });
}

/** Whether --alg names a process the explorer steps through (ML-DSA signing: mldsa-44-sign, ...). */
bool isProcessTraceAlgorithm(const CliArgs& args) {
    return isExplorerKind(args, sessions::ExplorerKind::Process);
}

/** ML-DSA signing stepped: every field from its option (hex) or the explorer's example, checked as the
 *  explorer checks it. */
int traceProcess(const CliArgs& args) {
    const sessions::ExplorerAlgorithm& alg = *sessions::findExplorerAlgorithm(args.require("alg"));
    Inputs inputs;
    for (const sessions::ExplorerField& f : alg.fields) {
        const Bytes v = args.hexOr(f.name, crypto::fromHex(f.defaultHex));
        if (f.bytes >= 0 && v.size() != static_cast<std::size_t>(f.bytes))
            throw UsageError("--" + f.name + ": " + alg.id + " takes " + std::to_string(f.bytes) +
                             " bytes, got " + std::to_string(v.size()));
        if (const std::string bad = f.checkValue ? f.checkValue(v) : std::string(); !bad.empty())
            throw UsageError("--" + f.name + ": " + bad);
        inputs[f.name] = v;
    }
    if (args.value("flip")) parseFlip(*args.value("flip"), inputs);
    return printTrace(args, alg.displayName, inputs, [&alg](const Inputs& i) {
        sessions::ExplorerRun run = sessions::runExplorer(alg, i, 0);
        return TraceRun{std::move(run.trace), std::move(run.output), std::move(run.tag)};
    });
}

/** The UsageError for `trace` without a known --alg. */
[[noreturn]] void traceUnknownAlgorithm(const CliArgs& args) {
    const std::string id = args.require("alg");
    // Every registry row with a step trace: the explorer's algorithms.
    std::vector<std::string> ids;
    for (const sessions::ExplorerAlgorithm& a : sessions::explorerAlgorithms())
        ids.push_back(a.id);
    throw UsageError("--alg: unknown algorithm '" + id + "' for trace (choose " + oracle::joinIds(ids) + ")");
}

bool isPermutation(const CliArgs& a) {
    return oracle::findPermutation(a.value("alg").value_or("")) != nullptr;
}
bool isAead(const CliArgs& a) {
    return oracle::findAead(a.value("alg").value_or("")) != nullptr;
}
bool isBlock(const CliArgs& a) {
    return oracle::findBlock(a.value("alg").value_or("")) != nullptr;
}

/** The registry's permutations, as --alg alternatives ("ascon-p"). */
std::string permutationAlternatives() {
    std::vector<std::string> ids;
    for (const oracle::PermutationAlgorithm& p : oracle::permutationAlgorithms())
        ids.push_back(p.id);
    return alternatives(ids);
}

/** The explorer's algorithms of one kind, as --alg alternatives ("mldsa-ntt|mldsa-intt"). */
std::string kindAlternatives(sessions::ExplorerKind kind) {
    std::vector<std::string> ids;
    for (const sessions::ExplorerAlgorithm& a : sessions::explorerAlgorithms())
        if (a.kind == kind) ids.push_back(a.id);
    return alternatives(ids);
}

/** A usage line's arguments followed by --export-steps and its companions. --export-steps draws the state
 *  grid (fonts): it makes the command a GUI one (offscreen). */
std::vector<CliArg> withExport(std::vector<CliArg> a) {
    for (CliArg x :
         {optional("export-steps", "DIR|FILE.pdf|FILE.gif|FILE.png|FILE.svg"), optional("from", "N"),
          optional("to", "M"), optional("view", "value|changed|twin"), optional("moves", "on|BIT"),
          optional("max-frames", "N"), optional("delay", "CS"), flag("dark")})
        a.push_back(std::move(x));
    return a;
}

} // namespace

CliCommand traceCommand() {
    return {
        "trace",
        "the state at every spec step, with a twin run of one flipped input bit",
        {{{},
          withExport({option("alg", permutationAlternatives()), optional("in", "HEX40"),
                      optional("rounds", "R"), optional("flip", "FIELD:BIT")}),
          "",
          isPermutation,
          noVerb<tracePermutation>,
          "export-steps"},
         {{},
          withExport({option("alg", "A"), option("key", "HEX"), option("nonce", "HEX"), optional("ad", "HEX"),
                      option("pt", "HEX"), optional("flip", "FIELD:BIT")}),
          "",
          isAead,
          noVerb<traceAead>,
          "export-steps"},
         {{},
          withExport({option("alg", "B"), option("key", "HEX"), option("in", "HEX"), optional("rounds", "R"),
                      flag("decrypt"), optional("flip", "FIELD:BIT")}),
          "--flip also runs the twin with that input bit flipped (FIELD: in, key, nonce, ad, pt)\n"
          "--export-steps draws steps N..M (1-based, default all) as the explorer's state grid instead of\n"
          "printing the trace, and prints what it wrote: a folder of PNG files (DIR/step-001.png ...; a\n"
          "new or empty folder, or one holding only step-NNN.png files of an earlier export), a PDF\n"
          "handout (A4, two or three steps a page under the cipher's name and inputs), an animated GIF\n"
          "(--delay CS: each frame's time in hundredths of a second, default 120), or FILE.png / FILE.svg:\n"
          "step --from N alone (default 1); --dark: the dark palette; at most --max-frames steps (default\n"
          "500, up to 20000); 100 steps or more print progress on stderr; --view twin needs --flip; --moves\n"
          "on draws where bits move (SKINNY ShiftRows; Ascon p_L and LEA rotations: the sources of a bit\n"
          "the export picks), --moves BIT marks the sources of that state bit (0 = MSB of the first byte)",
          isBlock,
          noVerb<traceBlock>,
          "export-steps"},
         {{},
          withExport({option("alg", kindAlternatives(sessions::ExplorerKind::Transform)),
                      optional("poly", "HEX1024"), flag("substeps"), optional("flip", "FIELD:BIT")}),
          "the explorer's ML-DSA transforms: --poly is 256 big-endian 32-bit coefficients < q (default:\n"
          "the explorer's, 0, 1, ..., 255 for the NTT and its NTT for the inverse); --substeps adds a\n"
          "step per butterfly before each layer (the explorer's sub-steps); --flip poly:BIT",
          isMlDsaTraceAlgorithm,
          noVerb<traceMlDsa>,
          "export-steps"},
         {{},
          withExport({option("alg", kindAlternatives(sessions::ExplorerKind::Process)),
                      optional("seed", "HEX32"), optional("msg", "HEX"), optional("ctx", "HEX"),
                      optional("rnd", "HEX32"), optional("flip", "FIELD:BIT")}),
          "ML-DSA signing stepped (FIPS 204 Algorithm 7): the key's vectors, then every attempt of the\n"
          "rejection loop, one polynomial a step, and its checks against their bounds; --seed is the key's\n"
          "seed xi, --rnd all zero (the default) signs deterministically; --flip msg:BIT",
          isProcessTraceAlgorithm,
          noVerb<traceProcess>,
          "export-steps"}},
        [](const std::string&, const CliArgs& args) { traceUnknownAlgorithm(args); }};
}

} // namespace rs::cli
