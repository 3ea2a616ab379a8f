// The command table of roundscope-cli and what is generated from it: the help text, the options each
// usage line accepts, the flags the parser knows, and the dispatch of a command line to one usage. The
// rows are the command files' own (cmd_*.cpp, declared in clicommands.h); this file lists them in help
// order and keeps the argument builders and helpers every row uses.
#include "app/cli/clicommands.h"

#include <algorithm>
#include <iostream>
#include <sstream>

namespace rs::cli {

CliArg option(std::string name, std::string value) {
    return {CliArg::Kind::Option, std::move(name), std::move(value), false};
}
CliArg optional(std::string name, std::string value) {
    return {CliArg::Kind::Option, std::move(name), std::move(value), true};
}
CliArg flag(std::string name) {
    return {CliArg::Kind::Flag, std::move(name), {}, true};
}
CliArg word(std::string placeholder, bool optional) {
    return {CliArg::Kind::Positional, std::move(placeholder), {}, optional};
}

std::string alternatives(const std::vector<std::string>& words) {
    std::string out;
    for (const std::string& w : words)
        out += (out.empty() ? "" : "|") + w;
    return out;
}

std::string choice(const std::vector<std::string>& words, bool quoted) {
    std::string out;
    for (std::size_t i = 0; i < words.size(); ++i)
        out += (i == 0                  ? ""
                : i + 1 == words.size() ? " or "
                                        : ", ") +
               (quoted ? "'" + words[i] + "'" : words[i]);
    return out;
}

namespace {

using Kind = CliArg::Kind;

/** The commands in help order, each exported by its command file (clicommands.h, "the table's rows"); a new
 *  command is its own file and one line here. */
constexpr CliCommand (*kRows[])() = {
    aeadCommand,  blockCommand, hashCommand,  katCommand,  traceCommand,    diffusionCommand,
    ipCommand,    nttCommand,   mldsaCommand, waveCommand, campaignCommand, chartCommand,
    riscvCommand, boardCommand, listCommand,  demoCommand,
};

std::vector<CliCommand> buildTable() {
    std::vector<CliCommand> table;
    for (const auto row : kRows)
        table.push_back(row());
    return table;
}

constexpr std::size_t kWidth = 104;

/** Writes text at `indent`, broken at spaces before kWidth; continuation lines go 2 further in. */
void appendWrapped(std::ostringstream& out, const std::string& text, std::size_t indent) {
    std::string line(indent, ' ');
    std::istringstream words(text);
    bool first = true;
    for (std::string w; words >> w; first = false) {
        if (!first && line.size() + 1 + w.size() > kWidth) {
            out << line << "\n";
            line = std::string(indent + 2, ' ');
            first = true;
        }
        line += (first ? "" : " ") + w;
    }
    out << line << "\n";
}

void appendUsage(std::ostringstream& out, const CliCommand& c, const CliUsage& u) {
    std::string verbs;
    for (const std::string& v : u.verbs)
        verbs += (verbs.empty() ? "" : "|") + v;
    appendWrapped(out, c.name + (verbs.empty() ? "" : " " + verbs) + " " + u.synopsis(), 2);
    std::istringstream help(u.help.empty() && c.usages.size() == 1 ? c.summary : u.help);
    for (std::string line; std::getline(help, line);)
        appendWrapped(out, line, 8);
}

constexpr const char* kHeader = "usage: roundscope-cli COMMAND [options] [--json]\n";
constexpr const char* kExitStatus =
    "Exit status: 0 ok, 1 KAT failures (campaign: a run failed or it was stopped; mldsa verify: the\n"
    "signature does not verify), 2 bad usage or input, 3 authentication failed.\n";

/** The usage line a command line runs: among the verb's lines, the first whose test applies, else the
 *  verb's line without a test; nullptr when none. */
const CliUsage* pickUsage(const CliCommand& c, const std::string& verb, const CliArgs& args) {
    const CliUsage* fallback = nullptr;
    for (const CliUsage& u : c.usages) {
        if (!u.verbs.empty() && std::find(u.verbs.begin(), u.verbs.end(), verb) == u.verbs.end()) continue;
        if (u.applies == nullptr) {
            if (fallback == nullptr) fallback = &u;
        } else if (u.applies(args)) {
            return &u;
        }
    }
    return fallback;
}

} // namespace

std::string CliUsage::synopsis() const {
    std::string out;
    for (const CliArg& a : args) {
        std::string text = a.kind == Kind::Positional ? a.name : "--" + a.name;
        if (a.kind == Kind::Option) text += " " + a.value;
        if (a.optional) text = "[" + text + "]";
        out += (out.empty() ? "" : " ") + text;
    }
    return out;
}

std::set<std::string> CliUsage::options() const {
    std::set<std::string> out;
    for (const CliArg& a : args)
        if (a.kind == Kind::Option) out.insert(a.name);
    return out;
}

std::set<std::string> CliUsage::flags() const {
    std::set<std::string> out;
    for (const CliArg& a : args)
        if (a.kind == Kind::Flag) out.insert(a.name);
    return out;
}

bool CliUsage::takesWords() const {
    return std::any_of(args.begin(), args.end(), [](const CliArg& a) { return a.kind == Kind::Positional; });
}

std::vector<std::string> CliCommand::verbs() const {
    std::vector<std::string> out;
    for (const CliUsage& u : usages)
        for (const std::string& v : u.verbs)
            if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    return out;
}

const std::vector<CliCommand>& cliCommands() {
    static const std::vector<CliCommand> table = buildTable();
    return table;
}

const CliCommand* findCommand(const std::string& name) {
    for (const CliCommand& c : cliCommands())
        if (c.name == name) return &c;
    return nullptr;
}

const std::set<std::string>& knownFlags() {
    static const std::set<std::string> flags = [] {
        std::set<std::string> f{"json", "help"};
        for (const CliCommand& c : cliCommands())
            for (const CliUsage& u : c.usages)
                for (const std::string& name : u.flags())
                    f.insert(name);
        return f;
    }();
    return flags;
}

std::string helpText() {
    std::ostringstream out;
    out << kHeader << "\nCommands:\n";
    std::size_t width = 0;
    for (const CliCommand& c : cliCommands())
        width = std::max(width, c.name.size());
    for (const CliCommand& c : cliCommands())
        out << "  " << c.name << std::string(width + 2 - c.name.size(), ' ') << c.summary << "\n";
    out << "\n";
    for (const CliCommand& c : cliCommands())
        for (const CliUsage& u : c.usages)
            appendUsage(out, c, u);
    out << "\n" << kExitStatus;
    return out.str();
}

std::string commandHelp(const CliCommand& command) {
    std::ostringstream out;
    out << kHeader << "\n" << command.name << ": " << command.summary << "\n\n";
    for (const CliUsage& u : command.usages)
        appendUsage(out, command, u);
    out << "\n" << kExitStatus;
    return out.str();
}

bool needsGui(const std::vector<std::string>& argv) {
    const CliCommand* c = argv.size() > 1 ? findCommand(argv[1]) : nullptr;
    if (c == nullptr) return false;
    for (const CliUsage& u : c->usages) {
        if (u.guiOption == "*") return true;
        if (u.guiOption.empty()) continue;
        const std::string opt = "--" + u.guiOption;
        for (const std::string& a : argv)
            if (a == opt || a.rfind(opt + "=", 0) == 0) return true;
    }
    return false;
}

int dispatch(const std::vector<std::string>& argv) {
    if (argv.size() < 2 || argv[1] == "--help" || argv[1] == "help" || argv[1] == "-h") {
        std::cout << helpText();
        return argv.size() < 2 ? kExitUsage : kExitOk;
    }
    const CliCommand* command = findCommand(argv[1]);
    // --help after a command ("campaign run --help") shows its usage instead of running anything.
    if (std::find(argv.begin() + 2, argv.end(), "--help") != argv.end()) {
        std::cout << (command ? commandHelp(*command) : helpText());
        return kExitOk;
    }
    if (command == nullptr) throw UsageError("unknown command '" + argv[1] + "' (try --help)");
    const std::vector<std::string> verbs = command->verbs();
    std::string verb;
    if (!verbs.empty()) {
        if (argv.size() < 3 || argv[2].rfind("--", 0) == 0)
            throw UsageError(command->name + ": expected " + choice(verbs, true));
        verb = argv[2];
        if (std::find(verbs.begin(), verbs.end(), verb) == verbs.end())
            throw UsageError(command->name + ": expected " + choice(verbs, true) + ", got '" + verb + "'");
    }
    const CliArgs args(argv, verbs.empty() ? 2 : 3);
    const CliUsage* usage = pickUsage(*command, verb, args);
    if (usage == nullptr) {
        if (command->noUsage) command->noUsage(verb, args);
        throw UsageError(command->name + ": no usage line applies (try --help)");
    }
    if (!usage->takesWords() && !args.positional().empty())
        throw UsageError("unexpected argument '" + args.positional().front() + "'");
    args.allow(usage->options(), usage->flags());
    return usage->run(verb, args);
}

} // namespace rs::cli
