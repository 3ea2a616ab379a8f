#pragma once
// Command-line parsing for roundscope-cli: positional words, then --name value options and flags.
// Every problem is a UsageError whose message names the argument, so main() can print one line
// and exit with status 2.

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"

namespace rs::cli {

/** @brief Bad command line or bad input value: exit status 2, message on stderr. */
class UsageError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief Parsed arguments of one command. */
class CliArgs {
  public:
    /** @brief Parses argv[first..]; flags take no value, every other --name takes exactly one. */
    CliArgs(const std::vector<std::string>& argv, std::size_t first);

    const std::vector<std::string>& positional() const { return m_positional; }
    bool flag(const std::string& name) const { return m_flags.count(name) != 0; }
    bool has(const std::string& name) const { return m_options.count(name) != 0; }

    /** @brief Rejects any option or flag not in the lists (names without the leading dashes); --json is
     *  always accepted. */
    void allow(const std::set<std::string>& options, const std::set<std::string>& flags = {}) const;
    /** @brief The option's text; UsageError "missing --name" when absent. */
    std::string require(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    /** @brief Every value of an option that may be given more than once (--sbatch-arg), in order. */
    std::vector<std::string> values(const std::string& name) const {
        const auto it = m_repeated.find(name);
        return it == m_repeated.end() ? std::vector<std::string>{} : it->second;
    }
    /** @brief Option decoded as hex; UsageError "--name: <why>" on bad hex. Absent + fallback -> fallback. */
    crypto::Bytes hex(const std::string& name) const;
    crypto::Bytes hexOr(const std::string& name, const crypto::Bytes& fallback) const;
    /** @brief Option as an integer in [lo, hi]; UsageError otherwise. */
    long integer(const std::string& name, long fallback, long lo, long hi) const;

  private:
    std::vector<std::string> m_positional;
    std::map<std::string, std::string> m_options;
    std::map<std::string, std::vector<std::string>> m_repeated;
    std::set<std::string> m_flags;
};

/** @brief The one rule for every file the CLI writes in a format (diffusion --png, chart --out, trace
 *  --export-steps FILE): its extension (any case) is one of `extensions` (lower case, no dot), it is not
 *  a folder, and its folder exists; otherwise a UsageError naming --option ("'x.txt' has an unknown
 *  extension (write FILE.png)"; `choices` replaces "FILE.png" in it). Returns the extension, lower case. */
std::string outputExtension(const std::string& option, const std::string& path,
                            const std::vector<std::string>& extensions, const std::string& choices = {});

/** @brief The names that are flags (they take no value): --json, --help and every flag of the command
 *  table (clitable.cpp). */
const std::set<std::string>& knownFlags();

} // namespace rs::cli
