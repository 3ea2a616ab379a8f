#include "tests/conformance/conformance.h"

#include <algorithm>
#include <atomic>
#include <set>

#include "core/katrunner.h"
#include "core/oracle/oracle.h"

namespace rs::conformance {

namespace {

/** Runs one point as the engine does and records the verdict (a runner's error is a failure too). */
Check judge(campaign::Runner& runner, const oracle::Operation& op, const oracle::Inputs& in, std::string what,
            const std::map<std::string, std::string>& options, int repeats,
            const crypto::Bytes* known = nullptr) {
    static const std::atomic<bool> never{false};
    Check c{op.id, std::move(what), false, {}, {}};
    const campaign::RunKey key{runner.target(), op.id, in.message.size(), in.ad.size()};
    try {
        const crypto::Bytes reference = oracle::referenceOutput(op, in);
        // The model itself is held to the file first: a KAT is no test of a back end if the reference
        // differs.
        if (known)
            if (const oracle::Verdict v = oracle::verify(reference, *known, "the KAT"); !v) {
                c.failure = "the C++ model disagrees with the file: " + v.message;
                return c;
            }
        const campaign::RunVerdict v =
            campaign::judgeRun(runner, key, in, reference, repeats, options, never);
        c.passed = v.verified;
        c.failure = v.failure;
        c.parameters = v.output.parameters;
    } catch (const std::exception& e) {
        c.failure = e.what();
    }
    return c;
}

/** The first, middle and last of a file's records of `op`: short and long messages, few runs. */
std::vector<core::KatCase> sample(const oracle::Operation& op, const std::vector<core::KatRecord>& records) {
    std::vector<core::KatCase> all;
    for (const core::KatRecord& r : records)
        if (auto c = core::katCase(op, r); c && c->problem.empty()) all.push_back(std::move(*c));
    if (all.empty()) return all;
    std::set<std::size_t> picks = {0, all.size() / 2, all.size() - 1};
    std::vector<core::KatCase> out;
    for (const std::size_t i : picks)
        out.push_back(all[i]);
    return out;
}

} // namespace

std::vector<std::string> Report::failures() const {
    std::vector<std::string> out;
    for (const Check& c : checks)
        if (!c.passed) out.push_back(c.operation + ", " + c.inputs + ": " + c.failure);
    return out;
}

std::vector<std::pair<std::uint64_t, std::uint64_t>> randomSizes(const oracle::Operation& op) {
    if (op.aead) return {{0, 0}, {1, 0}, {15, 7}, {64, 16}};
    if (op.mldsa) return {{1024, 0}, {3072, 0}}; // whole polynomials only
    if (op.mldsaScheme) { // key generation at its seed's size only; sign and verify any message
        if (op.mldsaScheme->fixedMessageBytes) return {{*op.mldsaScheme->fixedMessageBytes, 0}};
        return {{0, 0}, {33, 0}};
    }
    const std::uint64_t b = op.block->blockBytes;
    if (op.ctr) return {{0, 0}, {5, 0}, {b, 0}, {3 * b + 3, 0}};
    return {{0, 0}, {b, 0}, {4 * b, 0}}; // ECB is defined on whole blocks only
}

std::vector<std::string> katFiles(const oracle::Operation& op) {
    if (op.aead) return op.aead->vectorFiles;
    if (op.mldsa) return op.mldsa->vectorFiles;
    if (op.mldsaScheme) return op.mldsaScheme->vectorFiles;           // none yet: random inputs only
    return op.ctr ? op.block->ctrVectorFiles : op.block->vectorFiles; // SKINNY in CTR mode: none
}

Report checkTarget(campaign::Runner& runner, const std::string& vectorsDir,
                   const std::map<std::string, std::string>& options, int repeats) {
    Report report;
    report.target = runner.target();
    report.operations = campaign::supportedOperations(runner);
    for (const std::string& id : report.operations) {
        const oracle::Operation op = oracle::operation(id);
        std::uint64_t seed = 1;
        for (const auto& [msg, ad] : randomSizes(op))
            report.checks.push_back(
                judge(runner, op, oracle::randomInputs(op, msg, ad, seed++),
                      "random: " + std::to_string(msg) + " B message, " + std::to_string(ad) + " B AD",
                      options, repeats));
        int kats = 0;
        for (const std::string& file : katFiles(op)) {
            std::vector<core::KatRecord> records;
            try {
                records = core::readKatFile(vectorsDir + "/" + file);
            } catch (const core::KatError& e) {
                report.checks.push_back({id, file, false, e.what(), {}});
                continue;
            }
            for (const core::KatCase& c : sample(op, records)) {
                const std::string where =
                    (c.record->has("Count") ? " Count = " + c.record->text("Count") : "") + " (line " +
                    std::to_string(c.record->line) + ")";
                report.checks.push_back(
                    judge(runner, op, c.inputs, file + where, options, repeats, &c.expected));
                ++kats;
            }
        }
        if (kats == 0) report.notes.push_back(id + ": no official vectors; random inputs only");
    }
    return report;
}

} // namespace rs::conformance
