#pragma once
// How the readers name signals (internal to rs_wave): a signal's store name is its bare name ("clk")
// when that is free, else its group and name ("u_sub.clk"), else its full path with the top scope
// ("top.clk"), so two signals of a valid file never collide whatever order their scopes come in;
// the group is the scope path below the top scope. The same full path twice is a duplicate.
// The namer follows the scopes as the reader enters and leaves them, keeping the current scope's
// path and group built, so naming one of 10^5 signals costs a few lookups, not a walk of its scopes.

#include "core/waveform/nameindex.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rs::waveform::detail {

class SignalNamer {
  public:
    /** @brief Makes room for `count` names of about `bytes` bytes each. */
    void reserve(std::size_t count, std::size_t bytes) {
        m_paths.reserve(count, count * bytes);
        m_names.reserve(count, count * bytes);
    }

    /** @brief Opens a scope inside the current one. */
    void enter(std::string_view scope) {
        m_levels.push_back({m_key.size(), m_path.size(), m_group.size()});
        m_key.append(scope).push_back('\0');
        m_path.append(scope).push_back('.');
        if (m_levels.size() > 1) { // the top scope is not part of the group
            if (!m_group.empty()) m_group.push_back('.');
            m_group.append(scope);
        }
    }

    /** @brief Closes the current scope; false when none is open. */
    bool leave() {
        if (m_levels.empty()) return false;
        const Level& l = m_levels.back();
        m_key.resize(l.key);
        m_path.resize(l.path);
        m_group.resize(l.group);
        m_levels.pop_back();
        return true;
    }

    /** @brief The group (scopes below the top one, joined with '.') of a signal declared here. */
    const std::string& group() const { return m_group; }

    /** @brief The store name of a signal `name` declared in the current scope; nullopt when a signal
     *  of the same full path was named before (a duplicate declaration). */
    std::optional<std::string> name(std::string_view name) {
        // The identity is the scope list and the name, kept apart: a name may hold dots itself (a Verilog
        // escaped identifier "\\a.b", or a name written by a tool that flattened its scopes), and "t.q" in
        // the top scope is not "q" in scope t.
        const std::size_t keyScopes = m_key.size();
        m_key.append(name);
        const bool fresh = m_paths.insert(m_key);
        m_key.resize(keyScopes);
        if (!fresh) return std::nullopt;
        if (m_names.insert(name)) return std::string(name);
        std::string candidate = m_group;
        if (!candidate.empty()) {
            candidate.append(".").append(name);
            if (m_names.insert(candidate)) return candidate;
        }
        std::string path = m_path;
        path.append(name);
        if (m_names.insert(path)) return path;
        // Only a contrived file gets here (a full path equal to another signal's group.name).
        for (int n = 2;; ++n) {
            candidate = path + "~" + std::to_string(n);
            if (m_names.insert(candidate)) return candidate;
        }
    }

  private:
    struct Level {
        std::size_t key, path, group; ///< the lengths before the scope was entered
    };

    std::vector<Level> m_levels;
    std::string m_key;   ///< each scope followed by '\0'
    std::string m_path;  ///< each scope followed by '.'
    std::string m_group; ///< scopes below the top one, joined with '.'
    NameSet m_paths;
    NameSet m_names;
};

} // namespace rs::waveform::detail
