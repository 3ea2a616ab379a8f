// The command table of roundscope-cli, in-process: the generated help names every command and every
// algorithm of the registry, and each usage line of the help lists exactly the options and flags that
// command line accepts -- read back from the help text and checked against what dispatch() accepts.
#include <gtest/gtest.h>

#include "app/cli/clicommands.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"

#include <QCoreApplication>

#include <regex>
#include <sstream>

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

} // namespace
