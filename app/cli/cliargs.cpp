#include "app/cli/cliargs.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

namespace rs::cli {

CliArgs::CliArgs(const std::vector<std::string>& argv, std::size_t first) {
    for (std::size_t i = first; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a.size() > 2 && a.compare(0, 2, "--") == 0) {
            std::string name = a.substr(2);
            std::optional<std::string> inlineValue;
            if (const auto eq = name.find('='); eq != std::string::npos) {
                inlineValue = name.substr(eq + 1);
                name.resize(eq);
            }
            if (knownFlags().count(name)) {
                if (inlineValue) throw UsageError("--" + name + " takes no value");
                m_flags.insert(name);
                continue;
            }
            const bool repeatable = name == "sbatch-arg"; // passed on as given, as often as given
            if (m_options.count(name) && !repeatable) throw UsageError("--" + name + " given twice");
            if (!inlineValue && i + 1 >= argv.size()) throw UsageError("missing value after --" + name);
            const std::string v = inlineValue ? *inlineValue : argv[++i];
            m_options[name] = v;
            m_repeated[name].push_back(v);
        } else {
            m_positional.push_back(a);
        }
    }
}

void CliArgs::allow(const std::set<std::string>& options, const std::set<std::string>& flags) const {
    // Every command takes --json; any other flag only where the command lists it, so a flag meant for
    // another command ("kat --resume") is an error, never silently ignored.
    for (const auto& name : m_flags)
        if (name != "json" && !flags.count(name))
            throw UsageError("--" + name + " is not an option of this command");
    for (const auto& [name, v] : m_options)
        if (!options.count(name)) throw UsageError("unknown option --" + name);
}

std::string CliArgs::require(const std::string& name) const {
    const auto it = m_options.find(name);
    if (it == m_options.end()) throw UsageError("missing --" + name);
    return it->second;
}

std::optional<std::string> CliArgs::value(const std::string& name) const {
    const auto it = m_options.find(name);
    if (it == m_options.end()) return std::nullopt;
    return it->second;
}

crypto::Bytes CliArgs::hex(const std::string& name) const {
    const std::string text = require(name);
    try {
        return crypto::fromHex(text);
    } catch (const crypto::InvalidArgument& e) {
        throw UsageError("--" + name + ": " + e.what());
    }
}

crypto::Bytes CliArgs::hexOr(const std::string& name, const crypto::Bytes& fallback) const {
    return has(name) ? hex(name) : fallback;
}

long CliArgs::integer(const std::string& name, long fallback, long lo, long hi) const {
    const auto text = value(name);
    if (!text) return fallback;
    // from_chars takes no leading spaces or '+' and must consume the whole text: " 12", "12 " and
    // "0x10" are not integers here.
    long v = 0;
    const char* first = text->data();
    const char* last = first + text->size();
    const auto [end, ec] = std::from_chars(first, last, v);
    if (ec == std::errc::result_out_of_range)
        throw UsageError("--" + name + ": " + *text + " is out of range " + std::to_string(lo) + ".." +
                         std::to_string(hi));
    if (ec != std::errc() || end != last || text->empty())
        throw UsageError("--" + name + ": '" + *text + "' is not an integer");
    if (v < lo || v > hi)
        throw UsageError("--" + name + ": " + *text + " is out of range " + std::to_string(lo) + ".." +
                         std::to_string(hi));
    return v;
}

std::string outputExtension(const std::string& option, const std::string& path,
                            const std::vector<std::string>& extensions, const std::string& choices) {
    std::string wanted = choices; // "FILE.png", "FILE.png or FILE.pdf"
    for (std::size_t i = 0; choices.empty() && i < extensions.size(); ++i)
        wanted += std::string(i == 0                       ? ""
                              : i + 1 == extensions.size() ? " or "
                                                           : ", ") +
                  "FILE." + extensions[i];
    const std::filesystem::path p(path);
    std::string ext = p.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    if (!ext.empty()) ext.erase(0, 1);
    if (path.empty() || std::find(extensions.begin(), extensions.end(), ext) == extensions.end())
        throw UsageError("--" + option + ": '" + path + "' has " +
                         (ext.empty() ? "no extension" : "an unknown extension") + ": write " + wanted);
    std::error_code ec;
    if (std::filesystem::is_directory(p, ec))
        throw UsageError("--" + option + ": '" + path + "' is a folder: write " + wanted);
    const std::filesystem::path folder = p.parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
        throw UsageError("--" + option + ": the folder of '" + path + "' does not exist");
    return ext;
}

} // namespace rs::cli
