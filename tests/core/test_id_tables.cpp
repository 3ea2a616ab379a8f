// No algorithm id table outside the registry (issue 31, item 1): what each algorithm can do is said once, by
// its row in core/oracle (algorithms.h, algorithminfo.h, algorithmrows.cpp), and the explorer, the analysis,
// conformance, the board and the CLI read it from there. This test scans the program's sources (app/ core/
// hw/ gpu/ riscv/, not tests/) for a string literal that is an id the registry names -- every row's id and
// every operation id, asked of the registry at test time -- and fails on each one outside the registry files
// that the allow-list below does not name with its reason; an entry that no longer matches anything fails
// too, so the list stays true. Entries marked PENDING(...) are tables still to go, by the helper of that
// area (PENDING(ip): the IP cores, their facades and pages; the lead removes the entries as they go).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "tests/core/sourcescan.h"

namespace {

using rs::test::Allowed;
using rs::test::AllowListOutcome;
using rs::test::matchAllowList;

/** The registry itself: the only files that may spell an id. */
const std::set<std::string>& registryFiles() {
    static const std::set<std::string> files{"core/oracle/algorithmrows.cpp", "core/oracle/keccakrows.cpp"};
    return files;
}

// clang-format off
const std::vector<Allowed> kAllowed{
    // Names that are not algorithm ids but happen to be spelled like one.
    {"core/crypto/lea.cpp", "l.name = \"lea-128\"", "a StateLayout name (how LEA's state is drawn), not an algorithm id"},
    {"core/teach/bitmoves.cpp", "layout == \"lea-128\"", "the StateLayout name of lea.cpp, not an algorithm id"},
    {"app/teach/stategeometry.cpp", "layout.name == \"lea-128\"", "the StateLayout name of lea.cpp, not an algorithm id"},
    // The model's own variant table below the registry (rs_crypto has no registry to read).
    {"core/crypto/skinny.cpp", "\"skinny-64-64\", 8, 8, 32", "SKINNY's variant table (the paper's Table 2) with the ids its KAT files name; skinnyVariantFromId serves the KAT readers and the analysis' SKINNY fast path"},
    {"core/crypto/skinny.cpp", "\"skinny-64-128\", 8, 16, 36", "the same table"},
    {"core/crypto/skinny.cpp", "\"skinny-64-192\", 8, 24, 40", "the same table"},
    {"core/crypto/skinny.cpp", "\"skinny-128-128\", 16, 16, 40", "the same table"},
    {"core/crypto/skinny.cpp", "\"skinny-128-256\", 16, 32, 48", "the same table"},
    {"core/crypto/skinny.cpp", "\"skinny-128-384\", 16, 48, 56", "the same table"},
    // A command's default: one id, not a list of what exists.
    {"app/cli/cmd_board.cpp", "value_or(\"ascon-128\")", "board kat/bench's default --alg"},
    // Back ends whose device code runs named operations: each back end's kernel table, its one capability
    // declaration (the campaign targets, pages, commands and paper experiments read it).
    {"riscv/harness/main.c", "{\"lea-128-gcm\", lea_gcm_bitserial}", "the RV32 program's kernel table (C, built apart: no registry)"},
    {"riscv/harness/main.c", "{\"ascon-aead128\", ascon}", "the same"},
    {"riscv/harness/main.c", "{\"skinny-128-256-ecb\", skinny_ecb}", "the same"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-ecb-c\", \"lea-128-ecb\"", "the back end's kernel table: the operation each device kernel computes (riscv::kernels(), in main.c's order)"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-ctr-c\", \"lea-128-ctr\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-ctr-asm\", \"lea-128-ctr\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-ctr-pre\", \"lea-128-ctr\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-ctr-pre-fixed\", \"lea-128-ctr\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-gcm\", \"lea-128-gcm\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"lea-128-gcm-table\", \"lea-128-gcm\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"ascon-aead128\", \"ascon-aead128\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"skinny-128-256-ecb\", \"skinny-128-256-ecb\"", "the back end's kernel table: the operation each device kernel computes"},
    {"riscv/runner/riscvprogram.cpp", "{\"skinny-128-256-ctr\", \"skinny-128-256-ctr\"", "the back end's kernel table: the operation each device kernel computes"},
    {"gpu/host/gpusetup.cpp", "{\"skinny-128-256-ecb\", \"skinny-128-256-ctr\"}", "the back end's kernel table: the operation each device kernel computes (gpu::variants())"},
    {"gpu/host/gpusetup.cpp", "{\"lea-128-ctr\", \"const-rk\"", "the back end's kernel table: the operation each device kernel computes"},
    {"gpu/host/gpusetup.cpp", "{\"lea-128-ctr\", \"const-rk-x4\"", "the back end's kernel table: the operation each device kernel computes"},
    {"gpu/host/gpusetup.cpp", "{\"ascon-aead128\", \"thread-per-message\"", "the back end's kernel table: the operation each device kernel computes"},
    // The IP cores (hw/ip, hw/session, app/ui/ip, app/cli/cmd_ip*): their helpers removed their ids (issue 31,
    // item 3); an id that comes back there goes into the registry's rows, or here as PENDING(ip) with its reason.
};
// clang-format on

/** Every id the registry names: each row's and each operation's. */
std::set<std::string> registryIds() {
    std::set<std::string> ids;
    for (const std::string& id : rs::oracle::allIds())
        ids.insert(id);
    for (const std::string& id : rs::oracle::operationIds())
        ids.insert(id);
    return ids;
}

/** The registry ids spelled as whole string literals in a line of code (comments already removed). */
std::vector<std::string> idsIn(const std::string& code, const std::set<std::string>& ids) {
    std::vector<std::string> found;
    rs::test::forEachStringLiteral(code, [&](const std::string& literal) {
        if (ids.count(literal) != 0) found.push_back(literal);
    });
    return found;
}

struct Hit {
    std::string file;
    int line = 0;
    std::string text;
    std::string id;
};

std::vector<Hit> scan() {
    const std::set<std::string> ids = registryIds();
    std::vector<Hit> hits;
    rs::test::forEachSourceLine(RS_SOURCE_DIR, [&](const rs::test::SourceLine& l) {
        if (registryFiles().count(l.file) != 0) return;
        for (const std::string& id : idsIn(rs::test::withoutLineComment(l.text), ids))
            hits.push_back({l.file, l.number, l.text, id});
    });
    return hits;
}

TEST(IdTables, NoAlgorithmIdIsSpelledOutsideTheRegistryUnlessListedWithItsReason) {
    const std::vector<Hit> hits = scan();
    const AllowListOutcome found = matchAllowList<Hit>(hits, kAllowed, [](const Hit& h) {
        return h.file + ":" + std::to_string(h.line) + " (\"" + h.id + "\"): " + h.text;
    });
    EXPECT_TRUE(found.unlisted.empty())
        << "read what an algorithm can do from its registry row (core/oracle/algorithms.h: findAlgorithm, "
           "allAlgorithms, the rows' explorer, diffusion and vectorFiles) instead of naming its id, or add "
           "the "
           "line to kAllowed with the reason it is no id table:"
        << found.unlisted;
    EXPECT_TRUE(found.stale.empty()) << "kAllowed names ids that are gone (drop the entries):" << found.stale;
}

TEST(IdTables, TheScanFindsIdLiteralsOnly) {
    const std::set<std::string> ids = registryIds();
    // The registry's own ids, whatever they are: one row of each table at least.
    ASSERT_FALSE(rs::oracle::permutationAlgorithms().empty());
    ASSERT_FALSE(rs::oracle::blockAlgorithms().empty());
    const std::string perm = rs::oracle::permutationAlgorithms().front().id;
    const std::string block = rs::oracle::blockAlgorithms().front().id;
    const std::string op = block + "-ctr";
    ASSERT_EQ(ids.count(op), 1u);
    EXPECT_EQ(idsIn("if (id == \"" + block + "\") return 1;", ids), std::vector<std::string>{block});
    EXPECT_EQ(idsIn("table = {QStringLiteral(\"" + perm + "\"), \"" + op + "\"};", ids),
              (std::vector<std::string>{perm, op}));
    // Not ids: a longer name, an id inside a sentence, a char literal holding a quote.
    for (const std::string& fine : std::vector<std::string>{"k = \"" + block + "-table\";",
                                                            "msg = \"choose " + block + " or another\";",
                                                            "if (c == '\"') return \"x\";", "x = y;"})
        EXPECT_TRUE(idsIn(fine, ids).empty()) << fine;
    // Comments are not code.
    EXPECT_TRUE(idsIn(rs::test::withoutLineComment("x(); // \"" + block + "\""), ids).empty());
    EXPECT_GT(scan().size(), 5u) << "the scan read the sources";
}

} // namespace
