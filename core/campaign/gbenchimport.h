#pragma once
// Google Benchmark JSON (a program run with --benchmark_format=json or --benchmark_out, with or without
// --benchmark_repetitions) read into a new campaign, so a baseline measured by Google Benchmark compares
// with `campaign compare` like any campaign. The reverse of gbenchjson.h: every "iteration" entry (or entry
// without run_type that is no aggregate) is one repeat of its run_name, its real_time converted to ns
// (Google Benchmark reports time per iteration, so an entry of N iterations is one repeat as it stands);
// aggregates (mean, median, stddev, cv, BigO, RMS) are skipped.
//
// Names: RoundScope's own export (TARGET/ALGORITHM/ad:N/msg:N) maps back exactly. A foreign name is read
// field by field ('/'-separated): a registered target id as the first field gives the target (otherwise
// the one given, "cpu" by default: a Google Benchmark program measures the CPU), a known algorithm id gives
// the algorithm (or a --map entry for the name or its first field), ad:N and msg:N give the sizes, and
// without msg:N the last plain integer field is the message size; other fields (threads:2, real_time,
// iterations:N, ...) are kept in the run's parameters only through its name. A name that cannot be mapped,
// two runs that map to one point, a bad time or unit: GbenchImportError naming the file and the entry,
// before anything is written.
//
// Honesty: an imported run is stored as verified (its figures are kept and compared) but no output of it
// was judged by RoundScope's oracle; its parameters say so ("verification": "not checked: ..."), and the
// campaign's provenance names the file (absolute path and SHA-256) and the context Google Benchmark wrote.

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/campaignstore.h"

namespace rs::campaign {

/** @brief The file cannot be imported; one line naming the file and the entry ("b.json: benchmarks[3]
 *  'BM_X/64': ..."). Nothing was written. */
class GbenchImportError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct GbenchImportOptions {
    /** @brief The target of names that carry none (a registered target id). */
    std::string target = "cpu";
    /** @brief Benchmark name (the whole run name, or its first '/' field: "BM_AsconAead128") -> algorithm
     *  id, for names that hold no algorithm id. Every entry must match a benchmark of the file. */
    std::map<std::string, std::string> map;
    /** @brief The campaign's name; empty: "imported: FILE" (the file's name). */
    std::string name;
};

/** @brief A file read and mapped, ready to be stored. */
struct GbenchImport {
    CampaignSpec spec; ///< covers the imported runs; repeats = the most repeats of a run
    Provenance provenance;
    std::vector<CampaignStore::PendingRun> runs; ///< in the file's order of first appearance
    bool roundscopeExport = false; ///< the file is RoundScope's own export (context.roundscope_provenance)
    int minRepeats = 0, maxRepeats = 0; ///< over the verified runs
};

/** @brief The values of the "source" and "verification" parameters of every imported run. */
inline constexpr std::string_view kImportSource = "google-benchmark import";
inline constexpr std::string_view kImportVerification =
    "not checked: imported from Google Benchmark JSON (RoundScope's oracle judged no output of this run)";

/** @brief Reads Google Benchmark JSON text (`file` names it in messages and in the campaign's name).
 *  GbenchImportError for anything that cannot be imported as it stands. */
GbenchImport parseGbenchJson(std::string_view json, const std::string& file,
                             const GbenchImportOptions& options);

/** @brief Reads the file (bounded: a device or FIFO is refused) and parses it; the provenance gains
 *  imported_from (absolute path) and imported_sha256. */
GbenchImport readGbenchFile(const std::string& path, const GbenchImportOptions& options);

/** @brief Stores the import as a new campaign (claimed, its runs recorded in one transaction, marked
 *  finished, released) and returns its id. */
std::int64_t storeGbenchImport(CampaignStore& store, const GbenchImport& imported);

} // namespace rs::campaign
