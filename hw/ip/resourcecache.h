#pragma once
// The yosys resource figures (resourcereport.h) cached on disk per RTL hash: a synthesis takes seconds to
// minutes, its result depends only on the RTL the core elaborates, the parameters and the yosys version, so a
// configuration chosen a second time (the IP panels, `roundscope-cli ip resources`) is read back instantly.
// One JSON file per key under the cache directory; a file that cannot be read or parsed is a miss (the
// synthesis runs again and replaces it).

#include "hw/ip/resourcereport.h"

#include <functional>
#include <string>
#include <vector>

namespace rs::hw {

/**
 * @brief The cache key of a synthesis: SHA-256 (hex) over the key format's version, the yosys version line,
 * the name and content of every RTL file (in order), and the options that shape the result (core, unroll,
 * detail, params; not the yosys path, keepFiles or cancel). std::runtime_error naming the file when an RTL
 * file cannot be read.
 */
std::string resourceCacheKey(const ResourceOptions& options, const std::string& yosysVersion,
                             const std::vector<std::string>& rtlFiles);
/** @brief The key over the RTL the core elaborates (resourceRtlFiles). */
std::string resourceCacheKey(const ResourceOptions& options, const std::string& yosysVersion);

/** @brief A report as the cache stores it (versioned JSON; workDir is not kept). */
std::string resourceReportToJson(const ResourceReport& report);
/** @brief The report a cache file holds; std::runtime_error for a damaged file (not JSON, another version,
 *  a field missing or of the wrong type). */
ResourceReport resourceReportFromJson(const std::string& json);

/** @brief Where the cache lives unless told: $ROUNDSCOPE_CACHE_DIR, else the user's generic cache location
 *  (QStandardPaths::GenericCacheLocation, e.g. ~/.cache) + "/RoundScope/resources", shared by the GUI and
 *  the CLI. */
std::string defaultResourceCacheDirectory();

class ResourceCache {
  public:
    using Synthesize = std::function<ResourceReport(const ResourceOptions&)>;

    /** @brief What get() returns: the report, whether it came from the cache, and its key. */
    struct Result {
        ResourceReport report;
        bool cached = false;
        std::string key;
    };

    /** @brief A cache in `directory` (created on the first store); empty: defaultResourceCacheDirectory(). */
    explicit ResourceCache(std::string directory = {});

    const std::string& directory() const { return m_dir; }
    /** @brief The file of a key. */
    std::string pathOf(const std::string& key) const;
    /** @brief The stored report of a key; nullopt when none is stored or the file is damaged. */
    std::optional<ResourceReport> lookup(const std::string& key) const;
    /** @brief Stores a report (written atomically); fileio::FileError when the directory cannot be
     *  written. */
    void store(const std::string& key, const ResourceReport& report) const;

    /**
     * @brief The report of a configuration: the stored one when its key is in the cache, else `synthesize`
     * (synthesizeResources when empty) runs and its report is stored (a cache that cannot be written only
     * costs the next run). Throws ToolMissing when yosys cannot be run (its version is part of the key), and
     * std::invalid_argument for options checkResourceOptions refuses, and whatever `synthesize` throws
     * (nothing is stored then).
     */
    Result get(const ResourceOptions& options, const Synthesize& synthesize = {}) const;

  private:
    std::string m_dir;
};

} // namespace rs::hw
