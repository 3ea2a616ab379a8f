// mldsa acvp: a NIST ACVP ML-DSA vector set (keyGen, sigGen or sigVer: its prompt.json and
// expectedResults.json) through the fast path or the reference model (core/acvpmldsarunner.h), every case
// judged by the oracle; the totals per test group, each failed case with what differed, exit 1 when any
// failed.
#include "app/cli/clicommands.h"

#include "core/acvpmldsarunner.h"
#include "core/fileio/safefile.h"
#include "core/katfile.h"

#include <QJsonArray>

#include <iostream>

namespace rs::cli {

namespace {

int runAcvp(const CliArgs& args) {
    if (args.positional().size() != 2)
        throw UsageError("mldsa acvp: expected PROMPT.json and EXPECTED.json, got " +
                         std::to_string(args.positional().size()) + " file(s)");
    const std::string impl = args.value("impl").value_or("fast");
    if (impl != "fast" && impl != "reference")
        throw UsageError("--impl: expected fast or reference, got '" + impl + "'");
    const std::string& prompt = args.positional()[0];
    const std::string& expected = args.positional()[1];
    core::AcvpMlDsaRun run;
    try {
        run = core::runMlDsaAcvp(prompt, expected,
                                 impl == "fast" ? crypto::MlDsaImpl::Fast : crypto::MlDsaImpl::Reference);
    } catch (const core::KatError& e) {
        throw UsageError(std::string("mldsa acvp: ") + e.what());
    } catch (const fileio::FileError& e) {
        throw UsageError(std::string("mldsa acvp: ") + e.what());
    }
    if (run.total == 0) throw UsageError("mldsa acvp: " + prompt + " holds no test case");

    QJsonArray groups, failures;
    for (const core::AcvpMlDsaGroupTotals& g : run.groups)
        groups.append(QJsonObject{{"tgId", g.tgId},
                                  {"description", QString::fromStdString(g.description)},
                                  {"cases", g.cases},
                                  {"passed", g.passed}});
    for (const core::AcvpMlDsaCaseResult& c : run.cases)
        if (!c.passed)
            failures.append(QJsonObject{
                {"tgId", c.tgId}, {"tcId", c.tcId}, {"detail", QString::fromStdString(c.detail)}});
    if (args.flag("json")) {
        printResult(args, QJsonObject{{"mode", core::acvpMlDsaModeName(run.mode)},
                                      {"impl", QString::fromStdString(impl)},
                                      {"total", run.total},
                                      {"passed", run.passed},
                                      {"failed", run.failed},
                                      {"groups", groups},
                                      {"failures", failures}});
    } else {
        for (const core::AcvpMlDsaCaseResult& c : run.cases)
            if (!c.passed)
                std::cout << "FAIL tgId " << c.tgId << " tcId " << c.tcId << ": " << c.detail << "\n";
        for (const core::AcvpMlDsaGroupTotals& g : run.groups)
            std::cout << "tgId " << g.tgId << " (" << g.description << "): " << g.passed << " of " << g.cases
                      << " passed\n";
        std::cout << core::acvpMlDsaModeName(run.mode) << " (" << impl << "): " << run.passed << " passed, "
                  << run.failed << " failed" << std::endl;
    }
    return run.allPassed() ? kExitOk : kExitKatFailed;
}

} // namespace

std::vector<CliUsage> mldsaAcvpUsages() {
    return {
        {{"acvp"},
         {word("PROMPT.json"), word("EXPECTED.json"), optional("impl", "fast|reference")},
         "a NIST ACVP ML-DSA vector set (keyGen, sigGen or sigVer: prompt.json and expectedResults.json),\n"
         "every case judged: totals per test group, each failed case; exit 1 when any fails",
         nullptr,
         noVerb<runAcvp>}};
}

} // namespace rs::cli
