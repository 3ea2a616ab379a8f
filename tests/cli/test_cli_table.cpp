// The command table of roundscope-cli, in-process: the generated help names every command and every
// algorithm of the registry, and each usage line of the help lists exactly the options and flags that
// command line accepts -- read back from the help text and checked against what dispatch() accepts. Each
// command file exports its own rows (clitable.cpp only lists them), and the algorithm lists of the rows
// come from the registries, never from literals (a scan of app/cli, as tests/core/test_id_tables does).
#include <gtest/gtest.h>

#include "app/cli/clicommands.h"
#include "core/fileio/safefile.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/ipcores.h"
#include "tests/core/sourcescan.h"

#include <QCoreApplication>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

using rs::cli::CliCommand;
using rs::cli::CliUsage;
using rs::cli::UsageError;

/** The words of the help, without the punctuation around ids ("lea-128," -> "lea-128"). */
std::set<std::string> helpWords(const std::string& help) {
    std::set<std::string> words;
    std::istringstream in(help);
    for (std::string w; in >> w;) {
        while (!w.empty() && std::string(",.;:()[]\"").find(w.back()) != std::string::npos)
            w.pop_back();
        while (!w.empty() && std::string("([\"").find(w.front()) != std::string::npos)
            w.erase(0, 1);
        words.insert(w);
    }
    return words;
}

/** The usage lines of the help (with their continuation lines joined), as they are printed. */
std::vector<std::string> usageLines(const std::string& help) {
    std::vector<std::string> lines;
    std::istringstream in(help);
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("    ", 0) == 0 && line.rfind("        ", 0) != 0 && !lines.empty())
            lines.back() += " " + line.substr(4); // a wrapped usage line
        else if (line.rfind("  ", 0) == 0 && line.rfind("   ", 0) != 0)
            lines.push_back(line.substr(2));
    }
    return lines;
}

/** The --names of a usage line: options take a value, flags stand alone. */
void namesOf(const std::string& line, std::set<std::string>& options, std::set<std::string>& flags) {
    static const std::regex option(R"((?:^|[\s\[])--([a-z0-9-]+) [^\s\]-])"), flag(R"(\[--([a-z0-9-]+)\])");
    for (std::sregex_iterator it(line.begin(), line.end(), option), end; it != end; ++it)
        options.insert((*it)[1]);
    for (std::sregex_iterator it(line.begin(), line.end(), flag), end; it != end; ++it)
        flags.insert((*it)[1]);
}

/** What dispatch() says about a command line (empty when it ran without a usage error). */
std::string usageError(std::vector<std::string> argv) {
    argv.insert(argv.begin(), "roundscope-cli");
    try {
        rs::cli::dispatch(argv);
    } catch (const UsageError& e) {
        return e.what();
    }
    return {};
}

/** A value of the --alg placeholder that selects this usage line ("A" -> the first AEAD id). */
std::string algFor(const std::string& placeholder) {
    if (placeholder == "A") return rs::oracle::aeadIds().front();
    if (placeholder == "B") return rs::oracle::blockIds().front();
    if (placeholder == "H") return rs::oracle::hashIds().front();
    if (placeholder == "D") return "ascon-p";
    return placeholder.substr(0, placeholder.find('|'));
}

/** The command line up to the arguments under test: command, verb, an --alg that selects the line. */
std::vector<std::string> baseOf(const CliCommand& c, const CliUsage& u) {
    std::vector<std::string> argv{c.name};
    if (!u.verbs.empty()) argv.push_back(u.verbs.front());
    for (const auto& a : u.args)
        if (a.kind == rs::cli::CliArg::Kind::Option && a.name == "alg")
            argv.insert(argv.end(), {"--alg", algFor(a.value)});
    return argv;
}

constexpr const char* kUnknown = "zzz-not-an-option"; // sorts after every real name

TEST(CliTable, HelpNamesEveryCommandAndEveryAlgorithm) {
    const std::string help = rs::cli::helpText();
    const std::set<std::string> words = helpWords(help);
    for (const CliCommand& c : rs::cli::cliCommands()) {
        EXPECT_NE(help.find("\n  " + c.name + " "), std::string::npos) << c.name;
        EXPECT_TRUE(words.count(c.name)) << c.name;
    }
    for (const auto& list :
         {rs::oracle::aeadIds(), rs::oracle::blockIds(), rs::oracle::hashIds(), rs::oracle::operationIds()})
        for (const std::string& id : list)
            EXPECT_TRUE(words.count(id)) << id << " is missing from the help";
    // Each usage line once, and a command's own help holds its lines.
    std::size_t usages = 0;
    for (const CliCommand& c : rs::cli::cliCommands()) {
        usages += c.usages.size();
        const std::string own = rs::cli::commandHelp(c);
        EXPECT_EQ(own.rfind("usage: roundscope-cli", 0), 0u);
        for (const CliUsage& u : c.usages)
            EXPECT_NE(own.find(u.synopsis().substr(0, 20)), std::string::npos) << c.name;
    }
    std::size_t printed = 0;
    for (const std::string& line : usageLines(help))
        printed += rs::cli::findCommand(line.substr(0, line.find(' '))) != nullptr &&
                   line.find("  ") == std::string::npos; // not an entry of the command list
    EXPECT_GE(printed, usages);
}

TEST(CliTable, EachUsageLineListsExactlyWhatItAccepts) {
    const std::vector<std::string> lines = usageLines(rs::cli::helpText());
    std::set<std::string> allOptions, allFlags;
    for (const std::string& line : lines)
        namesOf(line, allOptions, allFlags);
    ASSERT_TRUE(allFlags.count("decrypt") && allFlags.count("resume") && allFlags.count("lanes"));
    ASSERT_TRUE(allOptions.count("alg") && allOptions.count("db") && allOptions.count("png"));
    int checked = 0;
    for (const CliCommand& c : rs::cli::cliCommands()) {
        for (const CliUsage& u : c.usages) {
            // The printed line of this usage: command, verbs, then the synopsis.
            std::string verbs;
            for (const auto& v : u.verbs)
                verbs += (verbs.empty() ? "" : "|") + v;
            const std::string head = c.name + (verbs.empty() ? "" : " " + verbs);
            const std::string synopsis = u.synopsis();
            std::string printed;
            for (const std::string& line : lines)
                if (line == head + (synopsis.empty() ? "" : " " + synopsis)) printed = line;
            ASSERT_FALSE(printed.empty()) << head << " " << synopsis << " is not in the help";
            std::set<std::string> options, flags;
            namesOf(printed, options, flags);
            const std::vector<std::string> base = baseOf(c, u);
            const std::string what = head + " (" + synopsis + ")";
            // Every option and flag it lists passes CliArgs::allow: the only complaint is the unknown one.
            for (const std::string& o : options) {
                auto argv = base;
                if (o != "alg") argv.insert(argv.end(), {"--" + o, "x"});
                argv.insert(argv.end(), {std::string("--") + kUnknown, "1"});
                EXPECT_EQ(usageError(argv), std::string("unknown option --") + kUnknown)
                    << what << ": --" << o;
            }
            for (const std::string& f : flags) {
                auto argv = base;
                argv.insert(argv.end(), {"--" + f, std::string("--") + kUnknown, "1"});
                EXPECT_EQ(usageError(argv), std::string("unknown option --") + kUnknown)
                    << what << ": --" << f;
            }
            // Every other option and flag of the table is refused, naming it ("ip resources --alg
            // ascon-128" is refused by the line that takes --alg, with its own words).
            for (const std::string& o : allOptions) {
                if (options.count(o)) continue;
                auto argv = base;
                argv.insert(argv.end(), {"--" + o, "x"});
                const std::string error = usageError(argv);
                EXPECT_TRUE(error == "unknown option --" + o || error.rfind("--" + o + ": ", 0) == 0)
                    << what << ": " << error;
            }
            for (const std::string& f : allFlags) {
                if (flags.count(f)) continue;
                auto argv = base;
                argv.push_back("--" + f);
                EXPECT_EQ(usageError(argv), "--" + f + " is not an option of this command") << what;
            }
            ++checked;
        }
    }
    EXPECT_GE(checked, 25);
    // The parser's flags are the table's (plus --json and --help): a value never follows a flag.
    std::set<std::string> expected = allFlags;
    expected.insert({"json", "help"});
    EXPECT_EQ(rs::cli::knownFlags(), expected);
}

TEST(CliTable, VerbsAndUnknownAlgorithmsAreNamed) {
    EXPECT_EQ(usageError({"ip"}), "ip: expected 'run', 'kat' or 'resources'");
    EXPECT_EQ(usageError({"ip", "frob"}), "ip: expected 'run', 'kat' or 'resources', got 'frob'");
    EXPECT_EQ(usageError({"aead", "--alg", "x"}), "aead: expected 'encrypt' or 'decrypt'");
    EXPECT_EQ(usageError({"board", "x"}), "board: expected 'info', 'kat', 'bench' or 'paper000', got 'x'");
    EXPECT_EQ(usageError({"frobnicate"}), "unknown command 'frobnicate' (try --help)");
    EXPECT_EQ(usageError({"trace"}), "missing --alg");
    EXPECT_NE(usageError({"trace", "--alg", "nope"}).find("unknown algorithm 'nope' for trace"),
              std::string::npos);
    EXPECT_EQ(usageError({"ip", "resources", "--alg", "ascon-128"}),
              "--alg: ip resources takes lea-128, lea-192, lea-256, skinny-128-256, skinny-128-384 or "
              "mldsa-ntt|-intt|-pwm|-pwa (no --alg: Ascon)");
    EXPECT_EQ(usageError({"list", "extra"}), "unexpected argument 'extra'");
    // Only the commands that draw charts need a GUI application.
    EXPECT_TRUE(rs::cli::needsGui({"roundscope-cli", "chart", "--db", "x"}));
    EXPECT_TRUE(rs::cli::needsGui({"roundscope-cli", "diffusion", "--alg", "lea-128", "--png=x.png"}));
    EXPECT_FALSE(rs::cli::needsGui({"roundscope-cli", "diffusion", "--alg", "lea-128"}));
    EXPECT_FALSE(rs::cli::needsGui({"roundscope-cli", "hash", "--png", "x"}));
}

/** The CLI's source files (app/cli), path -> text. */
std::map<std::string, std::string> cliSources() {
    namespace fs = std::filesystem;
    std::map<std::string, std::string> files;
    for (const auto& e : fs::directory_iterator(fs::path(RS_SOURCE_DIR) / "app" / "cli")) {
        const std::string ext = e.path().extension().string();
        if (e.is_regular_file() && (ext == ".cpp" || ext == ".h"))
            files[e.path().filename().string()] =
                rs::fileio::readFileBounded(e.path().string(), 1u << 20, "source file");
    }
    return files;
}

TEST(CliTable, EachCommandFileExportsItsOwnRows) {
    const std::map<std::string, std::string> files = cliSources();
    ASSERT_TRUE(files.count("clitable.cpp"));
    // clitable.cpp lists the rows: it builds no usage line itself (no argument with a literal name) and
    // spells no command's name.
    const std::string& table = files.at("clitable.cpp");
    static const std::regex builder(R"(\b(option|optional|flag|word)\(")");
    EXPECT_FALSE(std::regex_search(table, builder)) << "clitable.cpp builds a usage line itself";
    std::set<std::string> literals;
    std::istringstream lines(table);
    for (std::string line; std::getline(lines, line);)
        rs::test::forEachStringLiteral(rs::test::withoutLineComment(line),
                                       [&](const std::string& l) { literals.insert(l); });
    // Each command is one function of one command file, named for it: CliCommand aeadCommand().
    for (const CliCommand& c : rs::cli::cliCommands()) {
        EXPECT_FALSE(literals.count(c.name)) << "clitable.cpp spells the command " << c.name;
        const std::string definition = "\nCliCommand " + c.name + "Command() {";
        std::vector<std::string> definedIn;
        for (const auto& [name, text] : files)
            if (text.find(definition) != std::string::npos) definedIn.push_back(name);
        ASSERT_EQ(definedIn.size(), 1u) << c.name << "Command() should be defined by one command file";
        EXPECT_EQ(definedIn.front().rfind("cmd_", 0), 0u) << definedIn.front();
        EXPECT_NE(table.find(c.name + "Command"), std::string::npos)
            << "clitable.cpp does not list " << c.name;
    }
}

/** The alternatives of the --name option of a usage line ("a|b|c" -> a, b, c); empty when it has none. */
std::vector<std::string> alternativesOf(const CliUsage& u, const std::string& name) {
    for (const auto& a : u.args) {
        if (a.kind != rs::cli::CliArg::Kind::Option || a.name != name) continue;
        std::vector<std::string> out;
        std::istringstream in(a.value);
        for (std::string w; std::getline(in, w, '|');)
            out.push_back(w);
        return out;
    }
    return {};
}

/** The --alg alternatives of the first line of `command` whose --alg lists `first` among them. */
std::vector<std::string> algListWith(const std::string& command, const std::string& first) {
    for (const CliUsage& u : rs::cli::findCommand(command)->usages) {
        const std::vector<std::string> alts = alternativesOf(u, "alg");
        if (std::find(alts.begin(), alts.end(), first) != alts.end()) return alts;
    }
    return {};
}

TEST(CliTable, AlgorithmListsAreTheRegistries) {
    using namespace rs;
    // trace: the registry's permutations, and its ML-DSA transforms (the rows with a step-traced transform).
    std::vector<std::string> permutations, transforms;
    for (const auto& p : oracle::permutationAlgorithms())
        permutations.push_back(p.id);
    for (const auto& m : oracle::mldsaAlgorithms())
        if (m.transformTraced) transforms.push_back(m.id);
    ASSERT_FALSE(permutations.empty());
    ASSERT_FALSE(transforms.empty());
    EXPECT_EQ(algListWith("trace", permutations.front()), permutations);
    EXPECT_EQ(algListWith("trace", transforms.front()), transforms);
    // ip: what each registered IP core claims.
    const std::vector<std::string> ascon = hw::ipCoreInfo("ascon")->operations(),
                                   mldsa = hw::ipCoreInfo("mldsa")->operations(),
                                   block = hw::blockIpAlgorithms();
    EXPECT_EQ(algListWith("ip", ascon.front()), ascon);
    EXPECT_EQ(algListWith("ip", block.front()), block);
    EXPECT_EQ(algListWith("ip", mldsa.front()), mldsa);
    // board: the Ascon AEAD rows (those the firmware has a code for).
    const CliUsage& board = rs::cli::findCommand("board")->usages.front();
    const std::vector<std::string> boardAlgs = alternativesOf(board, "alg");
    ASSERT_FALSE(boardAlgs.empty());
    for (const std::string& id : boardAlgs) {
        const oracle::AeadAlgorithm* a = oracle::findAead(id);
        EXPECT_TRUE(a != nullptr && a->ascon.has_value()) << id;
    }
    // ntt --op: the registry's ML-DSA ring operations, by the name after their family's prefix.
    std::vector<std::string> ops;
    for (const std::string& id : oracle::mldsaIds())
        ops.push_back(id.substr(id.find('-') + 1));
    EXPECT_EQ(alternativesOf(rs::cli::findCommand("ntt")->usages.front(), "op"), ops);
    EXPECT_EQ(usageError({"ntt", "run", "--op", "frob"}),
              "--op: expected " + rs::cli::choice(ops) + ", got 'frob'");
}

TEST(CliTable, NoLiteralListsOfAlgorithmIdsInTheCommandFiles) {
    using namespace rs;
    // An id list written out in a string ("ascon-128, ascon-128a or ascon-aead128", "mldsa-ntt|mldsa-intt",
    // "ntt|intt|pwm|pwa") goes stale when a row is added; the lists come from the registries. A literal
    // holding two registry ids, or three ML-DSA ring operations by their short names, is such a list (two
    // short names, "pwm/pwa", are the two-operand operations named in a help text).
    std::set<std::string> ids;
    for (const auto& list : {oracle::allIds(), oracle::operationIds()})
        ids.insert(list.begin(), list.end());
    std::set<std::string> shortOps;
    for (const std::string& id : oracle::mldsaIds())
        shortOps.insert(id.substr(id.find('-') + 1));
    std::vector<std::string> lists;
    for (const auto& source : cliSources()) {
        const std::string& file = source.first; // a name the lambda below can capture (clang)
        std::istringstream lines(source.second);
        int n = 0;
        for (std::string line; std::getline(lines, line);) {
            ++n;
            rs::test::forEachStringLiteral(
                rs::test::withoutLineComment(line), [&](const std::string& literal) {
                    int full = 0, named = 0;
                    std::string word;
                    for (const char ch : literal + " ") {
                        if (std::islower(static_cast<unsigned char>(ch)) ||
                            std::isdigit(static_cast<unsigned char>(ch)) || ch == '-') {
                            word += ch;
                            continue;
                        }
                        full += ids.count(word) != 0;
                        named += shortOps.count(word) != 0;
                        word.clear();
                    }
                    if (full >= 2 || named >= 3)
                        lists.push_back(file + ":" + std::to_string(n) + ": \"" + literal + "\"");
                });
        }
    }
    EXPECT_TRUE(lists.empty()) << [&] {
        std::string all;
        for (const std::string& l : lists)
            all += "\n  " + l;
        return "literal lists of algorithm ids:" + all;
    }();
}

} // namespace
