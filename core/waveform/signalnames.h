#pragma once
// How the readers name signals (internal to rs_wave): a signal's store name is its bare name ("clk")
// when that is free, else its group and name ("u_sub.clk"), else its full path with the top scope
// ("top.clk"), so two signals of a valid file never collide whatever order their scopes come in;
// the group is the scope path below the top scope. The same full path twice is a duplicate.

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace rs::waveform::detail {

class SignalNamer {
  public:
    /** @brief The group (scopes below the top one, joined with '.') of a signal declared in scopes. */
    static std::string groupOf(const std::vector<std::string>& scopes) {
        std::string group;
        for (std::size_t i = 1; i < scopes.size(); ++i)
            group += (group.empty() ? "" : ".") + scopes[i];
        return group;
    }

    /** @brief The store name of a signal `name` declared in scopes; nullopt when a signal of the same
     *  full path was named before (a duplicate declaration). */
    std::optional<std::string> name(const std::vector<std::string>& scopes, const std::string& name) {
        // The identity is the scope list and the name, kept apart: a name may hold dots itself (a Verilog
        // escaped identifier "\\a.b", or a name written by a tool that flattened its scopes), and "t.q" in
        // the top scope is not "q" in scope t.
        std::string key, path;
        for (const std::string& s : scopes) {
            key += s + '\0';
            path += s + ".";
        }
        key += name;
        path += name;
        if (!m_paths.insert(key).second) return std::nullopt;
        const std::string group = groupOf(scopes);
        for (const std::string& candidate : {name, group.empty() ? name : group + "." + name, path})
            if (m_names.insert(candidate).second) return candidate;
        // Only a contrived file gets here (a full path equal to another signal's group.name).
        for (int n = 2;; ++n)
            if (m_names.insert(path + "~" + std::to_string(n)).second) return path + "~" + std::to_string(n);
    }

  private:
    std::unordered_set<std::string> m_paths;
    std::unordered_set<std::string> m_names;
};

} // namespace rs::waveform::detail
