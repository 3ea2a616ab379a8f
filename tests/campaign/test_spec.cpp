// Campaign definitions: JSON parsing and its errors (each naming the JSON path), the canonical text,
// the presets and their files under resources/campaigns, and the expansion into runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "core/campaign/campaignspec.h"
#include "core/oracle/algorithms.h"

namespace {

using rs::campaign::CampaignSpec;
using rs::campaign::countRuns;
using rs::campaign::expandRuns;
using rs::campaign::kMaxRunsPerCampaign;
using rs::campaign::parseSizeList;
using rs::campaign::parseSpec;
using rs::campaign::presetNames;
using rs::campaign::presetSpec;
using rs::campaign::RunKey;
using rs::campaign::SpecError;
using rs::campaign::specJson;

constexpr const char* kFull = R"({"name": "full", "targets": ["cpu", "cpu-mt", "ip"],
  "algorithms": ["ascon-aead128", "lea-128-ctr"], "message_bytes": [16, 0, 1073741824],
  "ad_bytes": [0, 16], "repeats": 7, "options": {"ip.unroll": "2", "cpu-mt.threads": "3"}})";

/** The message of the SpecError parseSpec(json) throws; fails the test when none is thrown. */
std::string specError(const std::string& json) {
    try {
        parseSpec(json);
    } catch (const SpecError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no SpecError for " << json;
    return {};
}

/** The minimal valid spec with one key replaced (or added) by raw JSON text. */
std::string with(const std::string& key, const std::string& value) {
    std::map<std::string, std::string> fields = {{"name", R"("n")"},
                                                 {"targets", R"(["cpu"])"},
                                                 {"algorithms", R"(["ascon-128"])"},
                                                 {"message_bytes", "[16]"}};
    fields[key] = value;
    std::string json = "{";
    for (const auto& [k, v] : fields)
        json += (json.size() > 1 ? ", \"" : "\"") + k + "\": " + v;
    return json + "}";
}

TEST(SpecParse, ReadsEveryField) {
    const CampaignSpec s = parseSpec(kFull);
    EXPECT_EQ(s.name, "full");
    EXPECT_EQ(s.targets, (std::vector<std::string>{"cpu", "cpu-mt", "ip"}));
    EXPECT_EQ(s.algorithms, (std::vector<std::string>{"ascon-aead128", "lea-128-ctr"}));
    EXPECT_EQ(s.messageBytes, (std::vector<std::uint64_t>{16, 0, 1073741824}));
    EXPECT_EQ(s.adBytes, (std::vector<std::uint64_t>{0, 16}));
    EXPECT_EQ(s.repeats, 7);
    EXPECT_EQ(s.options, (std::map<std::string, std::string>{{"cpu-mt.threads", "3"}, {"ip.unroll", "2"}}));
}

TEST(SpecParse, DefaultsForOptionalKeys) {
    const CampaignSpec s = parseSpec(with("name", R"("defaults")"));
    EXPECT_EQ(s.adBytes, std::vector<std::uint64_t>{0});
    EXPECT_EQ(s.repeats, 9); // what a comparison needs (campaign compare says when a side has fewer)
    EXPECT_TRUE(s.options.empty());
    // A back end not built here is still a valid target: the engine, not the parser, refuses it.
    EXPECT_EQ(parseSpec(with("targets", R"(["cuda", "riscv-qemu", "riscv-spike", "board"])")).targets.size(),
              4u);
}

TEST(SpecParse, CanonicalJsonRoundTrips) {
    const CampaignSpec s = parseSpec(kFull);
    const std::string text = specJson(s);
    EXPECT_EQ(parseSpec(text), s);
    EXPECT_EQ(specJson(parseSpec(text)), text);
    EXPECT_EQ(text.find('\n'), std::string::npos); // compact
    EXPECT_EQ(text.find(": "), std::string::npos);
    // Sorted keys, whole numbers written as integers (resume compares this text).
    EXPECT_EQ(text.rfind(R"({"ad_bytes":[0,16],"algorithms":)", 0), 0u) << text;
    EXPECT_NE(text.find(R"("message_bytes":[16,0,1073741824])"), std::string::npos) << text;
    EXPECT_NE(text.find(R"("options":{"cpu-mt.threads":"3","ip.unroll":"2"})"), std::string::npos) << text;
    for (const auto& name : presetNames())
        EXPECT_EQ(parseSpec(specJson(presetSpec(name))), presetSpec(name)) << name;
    // Different specs give different text.
    CampaignSpec other = s;
    other.repeats = 8;
    EXPECT_NE(specJson(other), text);
}

TEST(SpecErrors, NameTheJsonPath) {
    struct Case {
        std::string json, expected;
    };
    const std::vector<Case> cases = {
        {"{", "JSON: "},
        {"[1]", "$: expected a JSON object"},
        {with("colour", R"("red")"), "colour: unknown key (known: name, targets"},
        {with("name", "3"), "name: expected a string, got a number"},
        {with("name", R"("  ")"), "name: must not be empty"},
        {with("targets", R"(["cpu", "ip", "gpu"])"),
         "targets[2]: unknown target 'gpu' (known: cpu, cpu-mt, ip, cuda, riscv-qemu, riscv-spike, board)"},
        {with("targets", "[]"), "targets: must not be empty"},
        {with("targets", R"("cpu")"), "targets: expected an array, got a string"},
        {with("targets", R"(["cpu", 1])"), "targets[1]: expected a string, got a number"},
        {with("targets", R"(["cpu", "cpu"])"), "targets[1]: duplicate 'cpu'"},
        {with("algorithms", R"(["ascon-128", "aes-128-gcm"])"),
         "algorithms[1]: unknown algorithm 'aes-128-gcm'"},
        {with("algorithms", R"(["lea-128"])"), "algorithms[0]: unknown algorithm 'lea-128'"}, // no mode
        {with("algorithms", R"(["lea-128-cbc"])"), "algorithms[0]: unknown algorithm 'lea-128-cbc'"},
        {with("algorithms", R"(["ascon-128-ctr"])"), "algorithms[0]: unknown algorithm 'ascon-128-ctr'"},
        {with("message_bytes", "[16, 1073741825]"), "message_bytes[1]: 1073741825 is outside 0..1073741824"},
        {with("message_bytes", "[-1]"), "message_bytes[0]: -1 is outside 0..1073741824"},
        {with("message_bytes", "[1.5]"), "message_bytes[0]: expected a whole number"},
        {with("message_bytes", R"(["16"])"), "message_bytes[0]: expected a number, got a string"},
        {with("message_bytes", "[]"), "message_bytes: must not be empty"},
        {with("message_bytes", "[8, 8]"), "message_bytes[1]: duplicate size 8"},
        {with("ad_bytes", "[0, 16, 2147483648]"), "ad_bytes[2]: 2147483648 is outside"},
        {with("ad_bytes", "[]"), "ad_bytes: must not be empty"},
        {with("repeats", "0"), "repeats: 0 is outside 1..1000"},
        {with("repeats", "1001"), "repeats: 1001 is outside 1..1000"},
        {with("repeats", R"("5")"), "repeats: expected a number, got a string"},
        {with("options", "[]"), "options: expected an object of strings, got an array"},
        {with("options", R"({"ip.unroll": 2})"), R"(options["ip.unroll"]: expected a string, got a number)"},
        {with("options", R"({"gpu.blocks": "4"})"), R"(options["gpu.blocks"]: expected 'target.setting')"},
        {with("options", R"({"unroll": "4"})"), R"(options["unroll"]: expected 'target.setting')"},
    };
    for (const auto& c : cases) {
        const std::string msg = specError(c.json);
        EXPECT_EQ(msg.rfind(c.expected, 0), 0u) << "got: " << msg << "\nwanted: " << c.expected;
    }
    // Missing required keys.
    for (const std::string key : {"name", "targets", "algorithms", "message_bytes"}) {
        std::string json = kFull;
        const auto at = json.find("\"" + key + "\"");
        json.replace(at, key.size() + 2, "\"x_" + key + "\"");
        EXPECT_EQ(specError(json).rfind("x_" + key + ": unknown key", 0), 0u);
    }
    EXPECT_EQ(specError(R"({"targets": ["cpu"]})").rfind("name: expected a string, got nothing", 0), 0u);
    EXPECT_EQ(specError(R"({"name": "a", "targets": ["cpu"]})").rfind("algorithms: expected an array", 0),
              0u);
    EXPECT_EQ(specError(R"({"name": "a", "targets": ["cpu"], "algorithms": ["ascon-128"]})")
                  .rfind("message_bytes: expected an array", 0),
              0u);
    // The limits themselves are accepted.
    EXPECT_NO_THROW(parseSpec(with("repeats", "1000")));
    EXPECT_NO_THROW(parseSpec(with("message_bytes", "[0, 1073741824]")));
}

TEST(SpecFile, ReadsAndNamesTheFileInErrors) {
    const auto dir = std::filesystem::temp_directory_path() / "rs_test_spec";
    std::filesystem::create_directories(dir);
    const auto good = (dir / "good.json").string(), bad = (dir / "bad.json").string();
    std::ofstream(good) << kFull;
    std::ofstream(bad) << with("repeats", "0");
    EXPECT_EQ(rs::campaign::readSpecFile(good), parseSpec(kFull));
    try {
        rs::campaign::readSpecFile(bad);
        ADD_FAILURE() << "no SpecError";
    } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()), bad + ": repeats: 0 is outside 1..1000");
    }
    const auto missing = (dir / "missing.json").string();
    try {
        rs::campaign::readSpecFile(missing);
        ADD_FAILURE() << "no SpecError";
    } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "campaign definition '" + missing + "': cannot open: No such file or directory");
    }
    // A device or a FIFO is refused before a byte is read (reading /dev/zero would never end).
    try {
        rs::campaign::readSpecFile("/dev/zero");
        ADD_FAILURE() << "no SpecError";
    } catch (const SpecError& e) {
        EXPECT_NE(std::string(e.what()).find("is a character device, not a regular file"), std::string::npos)
            << e.what();
    }
    std::filesystem::remove_all(dir);
}

TEST(SpecPresets, AreWhatTheHeaderSays) {
    EXPECT_EQ(presetNames(),
              (std::vector<std::string>{"nist-lwc", "paper001", "paper001-scheme", "paper003", "paper004"}));

    const CampaignSpec nist = presetSpec("nist-lwc");
    EXPECT_EQ(nist.targets, std::vector<std::string>{"cpu"});
    EXPECT_EQ(nist.algorithms, (std::vector<std::string>{"ascon-128", "ascon-128a", "ascon-aead128"}));
    ASSERT_EQ(nist.adBytes.size(), 17u);
    for (std::size_t i = 0; i < 17; ++i)
        EXPECT_EQ(nist.adBytes[i], 8 * i);
    ASSERT_EQ(nist.messageBytes.size(), 19u);
    EXPECT_EQ(std::vector<std::uint64_t>(nist.messageBytes.begin(), nist.messageBytes.begin() + 17),
              nist.adBytes);
    EXPECT_EQ(nist.messageBytes[17], 1024u);
    EXPECT_EQ(nist.messageBytes[18], 65536u);

    const CampaignSpec p4 = presetSpec("paper004");
    EXPECT_EQ(p4.algorithms, (std::vector<std::string>{"skinny-128-256-ecb", "skinny-128-256-ctr"}));
    EXPECT_EQ(p4.repeats, 10);
    ASSERT_EQ(p4.messageBytes.size(), 23u);
    EXPECT_EQ(p4.messageBytes.front(), 16u);
    EXPECT_EQ(p4.messageBytes.back(), 64u << 20);
    for (std::size_t i = 1; i < p4.messageBytes.size(); ++i)
        EXPECT_EQ(p4.messageBytes[i], 2 * p4.messageBytes[i - 1]);

    const CampaignSpec p3 = presetSpec("paper003");
    EXPECT_EQ(p3.algorithms, (std::vector<std::string>{"lea-128-ctr", "lea-128-gcm"}));
    EXPECT_EQ(p3.messageBytes, (std::vector<std::uint64_t>{16, 64, 128}));
    EXPECT_EQ(p3.adBytes, std::vector<std::uint64_t>{16});

    const CampaignSpec p1 = presetSpec("paper001"); // the ML-DSA polynomial unit: CPU and the Verilated unit
    EXPECT_EQ(p1.targets, (std::vector<std::string>{"cpu", "ip"}));
    EXPECT_EQ(p1.algorithms, (std::vector<std::string>{"mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"}));
    EXPECT_EQ(p1.messageBytes, (std::vector<std::uint64_t>{1024, 4096, 16384, 65536}));

    // The ML-DSA scheme: keygen, sign and verify of the three parameter sets on both CPU targets; key
    // generation runs at its seed's 32 bytes only (test_runners_mldsa_scheme.cpp runs it).
    const CampaignSpec ps = presetSpec("paper001-scheme");
    EXPECT_EQ(ps.targets, (std::vector<std::string>{"cpu", "cpu-mt"}));
    EXPECT_EQ(ps.algorithms, rs::oracle::mldsaSchemeIds());
    EXPECT_EQ(ps.messageBytes, (std::vector<std::uint64_t>{32, 1024}));
    EXPECT_EQ(ps.repeats, 10);

    try {
        presetSpec("paper005");
        ADD_FAILURE() << "no SpecError";
    } catch (const SpecError& e) {
        EXPECT_NE(
            std::string(e.what()).find(
                "unknown preset 'paper005' (known: nist-lwc, paper001, paper001-scheme, paper003, paper004)"),
            std::string::npos)
            << e.what();
    }
}

TEST(SpecPresets, TheFilesAreTheOnlyDefinition) {
    // Every JSON file of resources/campaigns is a preset (resources/campaigns.qrc compiles it in), and
    // nothing else is: a file missing from the .qrc, or a preset defined elsewhere, shows here.
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::directory_iterator(RS_CAMPAIGNS_DIR))
        if (e.path().extension() == ".json") files.push_back(e.path().stem().string());
    std::sort(files.begin(), files.end());
    EXPECT_EQ(presetNames(), files);
    // Each is what its file says, read as a user's definition is (every back end is registered in this
    // program, so its targets are checked too).
    for (const auto& name : files) {
        const std::string path = std::string(RS_CAMPAIGNS_DIR) + "/" + name + ".json";
        EXPECT_EQ(rs::campaign::readSpecFile(path), presetSpec(name)) << path;
    }
}

TEST(SpecExpand, StableOrderAndBlockModesGetOneAdSize) {
    CampaignSpec s;
    s.targets = {"ip", "cpu"};
    s.algorithms = {"lea-128-ecb", "ascon-128"};
    s.messageBytes = {64, 16};
    s.adBytes = {8, 0};
    const std::vector<RunKey> runs = expandRuns(s);
    const std::vector<RunKey> expected = {
        {"ip", "lea-128-ecb", 64, 0},  {"ip", "lea-128-ecb", 16, 0},  {"ip", "ascon-128", 64, 8},
        {"ip", "ascon-128", 16, 8},    {"ip", "ascon-128", 64, 0},    {"ip", "ascon-128", 16, 0},
        {"cpu", "lea-128-ecb", 64, 0}, {"cpu", "lea-128-ecb", 16, 0}, {"cpu", "ascon-128", 64, 8},
        {"cpu", "ascon-128", 16, 8},   {"cpu", "ascon-128", 64, 0},   {"cpu", "ascon-128", 16, 0},
    };
    EXPECT_EQ(runs, expected);
    EXPECT_EQ(expandRuns(s), runs); // deterministic
}

TEST(SpecExpand, PresetGridSizes) {
    const auto nist = expandRuns(presetSpec("nist-lwc"));
    EXPECT_EQ(nist.size(), 1u * 3 * 17 * 19); // target x algorithms x AD sizes x message sizes = 969
    EXPECT_EQ(std::set<RunKey>(nist.begin(), nist.end()).size(), nist.size()); // no run twice
    EXPECT_EQ(nist.front(), (RunKey{"cpu", "ascon-128", 0, 0}));
    EXPECT_EQ(nist[1], (RunKey{"cpu", "ascon-128", 8, 0}));
    EXPECT_EQ(nist[19], (RunKey{"cpu", "ascon-128", 0, 8}));
    EXPECT_EQ(nist.back(), (RunKey{"cpu", "ascon-aead128", 65536, 128}));
    EXPECT_EQ(expandRuns(presetSpec("paper004")).size(), 2u * 23);
    // paper 003: CTR has no AD (3 runs), GCM runs with 16 bytes of AD (3 runs).
    const auto p3 = expandRuns(presetSpec("paper003"));
    ASSERT_EQ(p3.size(), 6u);
    EXPECT_EQ(p3[0], (RunKey{"cpu", "lea-128-ctr", 16, 0}));
    EXPECT_EQ(p3[3], (RunKey{"cpu", "lea-128-gcm", 16, 16}));
}

} // namespace

// --- the editor's size lists -----------------------------------------------------------------------

namespace {

std::string sizeListError(const std::string& text) {
    try {
        rs::campaign::parseSizeList(text);
    } catch (const SpecError& e) {
        return e.what();
    }
    ADD_FAILURE() << "no error for '" << text << "'";
    return {};
}

} // namespace

TEST(SizeList, ParsesSizesUnitsAndRanges) {
    using rs::campaign::parseSizeList;
    using V = std::vector<std::uint64_t>;
    EXPECT_EQ(parseSizeList("16, 64 128"), (V{16, 64, 128}));
    EXPECT_EQ(parseSizeList("1K,2k 1M 1G"), (V{1024, 2048, 1 << 20, 1 << 30}));
    EXPECT_EQ(parseSizeList("1KiB, 2MB"), (V{1024, 2u << 20}));
    EXPECT_EQ(parseSizeList("0..32/8"), (V{0, 8, 16, 24, 32}));
    EXPECT_EQ(parseSizeList("0..30/8"), (V{0, 8, 16, 24})); // the end need not be on the step
    EXPECT_EQ(parseSizeList("16..128*2, 1K"), (V{16, 32, 64, 128, 1024}));
    EXPECT_EQ(parseSizeList("1..100*10"), (V{1, 10, 100}));
    EXPECT_EQ(parseSizeList("16..64M*2").size(), 23u); // paper 004's sweep
    EXPECT_EQ(parseSizeList("5..5/1"), (V{5}));
}

TEST(SizeList, ErrorsNameTheItem) {
    EXPECT_EQ(sizeListError(""), "no sizes (e.g. 16, 64, 0..128/8, 16..64M*2)");
    EXPECT_EQ(sizeListError(" , "), "no sizes (e.g. 16, 64, 0..128/8, 16..64M*2)");
    EXPECT_EQ(sizeListError("16, x"), "'x': expected a size such as 64, 1K or 64M");
    EXPECT_EQ(sizeListError("-1"), "'-1': expected a size such as 64, 1K or 64M");
    EXPECT_EQ(sizeListError("4T"), "'4T': unknown unit (use K, M or G)");
    EXPECT_EQ(sizeListError("2G"), "'2G': over 1 GiB");
    EXPECT_EQ(sizeListError("1073741825"), "'1073741825': over 1 GiB");
    EXPECT_EQ(sizeListError("99999999999999999999999"),
              "'99999999999999999999999': too large (at most 1 GiB)");
    EXPECT_EQ(sizeListError("16, 16"), "'16': repeats the size 16");
    EXPECT_EQ(sizeListError("0..64/8, 32"), "'32': repeats the size 32");
    EXPECT_EQ(sizeListError("0..64"), "'0..64': a range needs a step (0..128/8) or a factor (16..1M*2)");
    EXPECT_EQ(sizeListError("64..0/8"), "'64..0/8': the range ends before it starts");
    EXPECT_EQ(sizeListError("0..64/0"), "'0..64/0': the step must be at least 1");
    EXPECT_EQ(sizeListError("0..64/x"), "'0..64/x': expected a whole number after '/'");
    EXPECT_EQ(sizeListError("1..64*1"), "'1..64*1': the factor must be 2..16");
    EXPECT_EQ(sizeListError("0..64*2"), "'0..64*2': a multiplying range cannot start at 0");
    EXPECT_EQ(sizeListError("0..1G/1"), "'0..1G/1': more than 10000 sizes");
    EXPECT_EQ(sizeListError("..8/1"), "'..8/1': a size is missing");
}

TEST(SizeList, HugeStepsDoNotWrapAround) {
    // 5 + (2^64 - 1) wraps to 4: the range must stop at 5, not run on through the wrapped values.
    EXPECT_EQ(parseSizeList("5..1G/18446744073709551615"), (std::vector<std::uint64_t>{5}));
    EXPECT_EQ(parseSizeList("0..1G/1073741824"), (std::vector<std::uint64_t>{0, 1073741824}));
    EXPECT_EQ(parseSizeList("1..1G*16").back(), std::uint64_t{1} << 28);
    EXPECT_EQ(parseSizeList("3..10/4"), (std::vector<std::uint64_t>{3, 7}));
}

TEST(SpecErrors, NumbersOutsideEveryIntegerTypeAreReportedNotCast) {
    // Casting 1e300 to long long is undefined behaviour; the message prints the number as given.
    for (const char* big : {"1e300", "-1e300", "9.3e18"}) {
        try {
            parseSpec(with("repeats", big));
            ADD_FAILURE() << big;
        } catch (const SpecError& e) {
            EXPECT_EQ(std::string(e.what()).rfind("repeats: ", 0), 0u) << e.what();
            EXPECT_NE(std::string(e.what()).find("is outside 1..1000"), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW(parseSpec(with("message_bytes", "[1e300]")), SpecError);
}

TEST(SpecErrors, TooManyRunsAreRefusedBeforeAnythingIsExpanded) {
    // 7 targets x 3 AEAD x 10 000 message sizes x 10 000 AD sizes = 2.1e9 runs: counted, never expanded.
    std::string sizes = "[";
    for (int i = 0; i < 10000; ++i)
        sizes += (i ? "," : "") + std::to_string(i);
    sizes += "]";
    std::string json = with("message_bytes", sizes);
    json.insert(json.size() - 1, ", \"ad_bytes\": " + sizes);
    try {
        parseSpec(json);
        ADD_FAILURE() << "no SpecError";
    } catch (const SpecError& e) {
        EXPECT_EQ(std::string(e.what()),
                  "$: the definition stands for 100000000 runs; a campaign may have at most " +
                      std::to_string(kMaxRunsPerCampaign) + " (split it, or use fewer sizes)");
    }
    CampaignSpec s = parseSpec(kFull);
    EXPECT_EQ(countRuns(s), expandRuns(s).size());
    s.messageBytes.assign(kMaxRunsPerCampaign, 1); // built in code, not parsed: expandRuns still refuses
    EXPECT_THROW(expandRuns(s), SpecError);
}

TEST(SizeList, FormatReadsBackAsTheSameList) {
    using rs::campaign::formatSizeList;
    using rs::campaign::parseSizeList;
    using V = std::vector<std::uint64_t>;
    EXPECT_EQ(formatSizeList({16, 64, 128}), "16, 64, 128");
    EXPECT_EQ(formatSizeList({0, 8, 16, 24}), "0..24/8");
    EXPECT_EQ(formatSizeList({1024, 65536}), "1K, 64K");
    EXPECT_EQ(formatSizeList({16, 32, 64, 128}), "16..128*2");
    EXPECT_EQ(formatSizeList({128, 64, 32}), "128, 64, 32"); // descending stays as typed
    for (const auto& name : presetNames()) {
        const CampaignSpec s = presetSpec(name);
        EXPECT_EQ(parseSizeList(formatSizeList(s.messageBytes)), s.messageBytes) << name;
        EXPECT_EQ(parseSizeList(formatSizeList(s.adBytes)), s.adBytes) << name;
    }
    EXPECT_EQ(formatSizeList(presetSpec("paper004").messageBytes), "16..64M*2");
    EXPECT_EQ(formatSizeList(presetSpec("nist-lwc").messageBytes), "0..128/8, 1K, 64K");
    // Lists from a fixed pseudo-random walk: distinct sizes in any order read back unchanged.
    std::uint64_t x = 88172645463325252ull;
    for (int trial = 0; trial < 500; ++trial) {
        V v;
        std::set<std::uint64_t> seen;
        for (int i = 0; i < 12; ++i) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            const std::uint64_t n = (x % 3 == 0) ? (x >> 8) % 64 * 8 : (std::uint64_t(1) << ((x >> 8) % 31));
            if (seen.insert(n).second) v.push_back(n);
        }
        EXPECT_EQ(parseSizeList(formatSizeList(v)), v) << formatSizeList(v);
    }
}
