#pragma once
// A benchmark campaign's definition: targets x algorithms x message sizes x AD sizes x repeats, read
// from and written to JSON, with the presets of the papers (NIST LWC grid, paper 004's sweep, paper
// 003's sizes, paper 001's polynomial unit: resources/campaigns, compiled in), and its expansion into the
// runs it stands for. Plain data + Qt Core's JSON and resources.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace rs::campaign {

/** @brief A bad campaign definition; the message names the JSON path ("targets[2]: unknown target 'gpu'"). */
class SpecError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief The definition. */
struct CampaignSpec {
    std::string name;                 ///< shown in lists and charts
    std::vector<std::string> targets; ///< target ids (targets.h): "cpu", "cpu-mt" and the back ends' ("cuda")
    std::vector<std::string> algorithms; ///< registry ids (core/oracle/algorithms.h): AEAD ids, or block ids
                                         ///< with a mode suffix "-ecb"/"-ctr" ("lea-128-ctr")
    /// Message sizes. An operation that always runs at one size ignores them (ML-DSA key generation runs
    /// once, at its seed's 32 bytes: oracle::runMessageSizes), as the AD sizes are ignored for block modes.
    std::vector<std::uint64_t> messageBytes;
    std::vector<std::uint64_t> adBytes = {0}; ///< associated-data sizes (AEAD; ignored for block modes)
    /// Timed repetitions per run, 1..1000. 9 by default: what a comparison's U test and bootstrap need to
    /// tell a difference (Google Benchmark's compare.py recommends 9 too); fewer is allowed, and said.
    int repeats = 9;
    std::map<std::string, std::string> options; ///< per-target settings, e.g. "ip.unroll" = "1",
                                                ///< "ip.clock_mhz" = "100", "cpu-mt.threads" = "0" (all)
    /// JSON "interleave_seed": when set, the runs are interleaved (core/campaign/interleave.h): `repeats`
    /// rounds, each timing every run once in an order drawn from this seed and the round, so a drift of
    /// the machine spreads over every point; unset, each run's repeats are timed together, run after run.
    std::optional<std::uint64_t> interleaveSeed;
    bool operator==(const CampaignSpec&) const = default;
};

/** @brief Parses and validates JSON (unknown targets, algorithms, keys, empty lists, sizes over 1 GiB,
 *  repeats outside 1..1000 are SpecErrors naming the path). A target is known when it is registered in
 *  this program (specTargets(); the app and the CLI register every back end before they read one). */
CampaignSpec parseSpec(std::string_view json);
/** @brief Reads a JSON file; SpecError naming the file when it cannot be read. */
CampaignSpec readSpecFile(const std::string& path);
/** @brief Canonical JSON (sorted keys, compact): equal specs give equal text (resume matches on it). */
std::string specJson(const CampaignSpec& spec);

/** @brief The targets a definition may name: every target registered in this program (targets.h), in the
 *  order of registration: "cpu", "cpu-mt", then the back ends' (a new back end needs no other line). */
std::vector<std::string> specTargets();
/** @brief The algorithm ids a definition may name: oracle::operationIds() (the AEAD ids, every block cipher
 *  with "-ecb"/"-ctr", the ML-DSA ring and scheme operations). */
std::vector<std::string> specAlgorithms();

/** @brief Parses a size list as typed in the editor: comma- or space-separated items, each a size
 *  ("64", "1K", "64M": binary multiples), an arithmetic range "0..128/8" (step 8) or a doubling range
 *  "16..64M*2" (factor 2..16). SpecError naming the item for a malformed item, a size over 1 GiB, an empty
 *  list, a duplicate or a list over 10 000 sizes. */
std::vector<std::uint64_t> parseSizeList(std::string_view text);
/** @brief The shortest text parseSizeList reads back as the same list (ranges for runs of 3 or more). */
std::string formatSizeList(const std::vector<std::uint64_t>& sizes);

/** @brief The preset names, sorted: the files of resources/campaigns (NAME.json), which are the only
 *  definition of a preset; they are compiled into rs_campaign (resources/campaigns.qrc) and read as
 *  :/campaigns/NAME.json. Shipped: "nist-lwc", "paper001", "paper001-scheme", "paper003", "paper004". */
std::vector<std::string> presetNames();
/** @brief A preset, read from its file in the resources and checked as parseSpec checks a definition,
 *  except that its targets need not be registered in this program (a program that registers fewer back ends
 *  still lists every preset; running one asks checkSupported). Shipped: "nist-lwc" (AD and message 0..128
 *  bytes in steps of 8, plus 1 KiB and 64 KiB, Ascon AEAD variants, cpu), "paper001" (the ML-DSA ring
 *  operations on 1, 4, 16 and 64 polynomials = 1/4/16/64 KiB, 10 repeats, cpu and ip: the CPU against the
 *  Verilated polynomial unit), "paper001-scheme" (ML-DSA-44/65/87 keygen, sign and verify, messages of 32
 *  and 1024 bytes (keygen at its seed's 32), 10 repeats, cpu and cpu-mt), "paper003" (LEA-128 CTR and GCM,
 * messages 16/64/128 bytes, AD 16 bytes, cpu), "paper004" (SKINNY-128-256 ECB and CTR, 16 B doubling to 64
 * MiB, 10 repeats, cpu). SpecError naming the known presets when unknown, or naming the file when it does not
 * parse. */
CampaignSpec presetSpec(std::string_view name);

/** @brief One run of a campaign: a point of the grid. */
struct RunKey {
    std::string target;
    std::string algorithm;
    std::uint64_t messageBytes = 0;
    std::uint64_t adBytes = 0;
    bool operator==(const RunKey&) const = default;
    auto operator<=>(const RunKey&) const = default;
};

/** @brief "cpu ascon-aead128 AD 0 B msg 64 B": a run as the logs, comparisons and reports name it. */
std::string pointName(const RunKey& key);

/** @brief The most runs one campaign may stand for; a larger definition is a SpecError when it is read. */
inline constexpr std::uint64_t kMaxRunsPerCampaign = 100000;

/** @brief How many runs the spec stands for, counted without expanding them. */
std::uint64_t countRuns(const CampaignSpec& spec);
/** @brief SpecError naming the count when the spec stands for more than kMaxRunsPerCampaign runs. */
void checkRunCount(const CampaignSpec& spec);

/** @brief Every run of the spec, in a stable order (target, algorithm, AD size, message size); SpecError
 *  (checkRunCount) when there would be more than kMaxRunsPerCampaign. */
std::vector<RunKey> expandRuns(const CampaignSpec& spec);

} // namespace rs::campaign
