// kat: runs a known-answer file through one algorithm (AEAD, block cipher in ECB/CTR, hash) with the shared
// comparator.
#include "app/cli/clicommands.h"

#include "core/katrunner.h"
#include "core/oracle/algorithms.h"

#include <QJsonArray>

#include <iostream>

namespace rs::cli {

namespace {

int runKat(const CliArgs& args) {
    const std::string id = args.require("alg");
    if (args.positional().size() != 1)
        throw UsageError("kat: expected exactly one KAT FILE after the options, got " +
                         std::to_string(args.positional().size()));
    const std::string path = args.positional().front();
    const auto* aead = oracle::findAead(id);
    const auto* hash = oracle::findHash(id);
    const auto* block = oracle::findBlock(id); // a cipher: the mode comes from the file's records
    const auto op = oracle::findOperation(id);
    if (!op && !hash && !block)
        throw UsageError("--alg: unknown algorithm '" + id + "' for kat (choose one of " +
                         oracle::joinIds(oracle::aeadIds()) + ", " + oracle::joinIds(oracle::blockIds()) +
                         " (with -ecb or -ctr, or the mode of the file), " +
                         oracle::joinIds(oracle::hashIds()) + ", " + oracle::joinIds(oracle::mldsaIds()) +
                         ")");
    if (op && op->mldsaScheme) // no record format of this command holds them
        throw UsageError("--alg: " + id +
                         " is an ML-DSA scheme operation: it runs in campaigns (campaign run), "
                         "judged by the reference model; kat has no records of it");
    core::KatOutcome outcome;
    std::string name;
    try {
        const auto records = core::readKatFile(path);
        if (hash) {
            outcome = core::runHashKat(*hash, records);
            name = hash->displayName;
        } else if (aead) {
            outcome = core::runAeadKat(*aead, records);
            name = aead->displayName;
        } else {
            const oracle::Operation o = block ? core::blockKatOperation(*block, records) : *op;
            outcome = core::runKat(o, records, core::modelDevice(o));
            name = o.mldsa ? o.mldsa->displayName : o.block->displayName + (o.ctr ? " CTR" : " ECB");
        }
    } catch (const core::KatError& e) {
        throw UsageError(std::string("FILE: ") + e.what());
    }
    return reportKatOutcome(args, name, path, outcome,
                            "--alg " + id + ": no record of " + path +
                                " is for it (algorithm, key size and mode)");
}

} // namespace

CliCommand katCommand() {
    return {"kat",
            "a known-answer file through the C++ model",
            {{{},
              {option("alg", "A"), word("FILE")},
              "run a NIST LWC / KISA / SKINNY KAT file; prints \"N passed, N failed\"\n"
              "A: an AEAD (A above), a hash (H above), a block cipher (B above: the mode of the file's "
              "records) or a block cipher in one mode (B-ecb, B-ctr), or an ML-DSA ring operation (" +
                  oracle::joinIds(oracle::mldsaIds()) + ": records Algorithm, A, B, Out)",
              nullptr,
              noVerb<runKat>}}};
}

int reportKatOutcome(const CliArgs& args, const std::string& algorithm, const std::string& path,
                     const core::KatOutcome& outcome, const std::string& noneMessage) {
    if (args.flag("json")) {
        QJsonArray failures;
        for (const auto& f : outcome.failures)
            failures.append(QString::fromStdString(f));
        printResult(args, QJsonObject{{"algorithm", QString::fromStdString(algorithm)},
                                      {"file", QString::fromStdString(path)},
                                      {"passed", outcome.passed},
                                      {"failed", outcome.failed},
                                      {"skipped", outcome.skipped},
                                      {"malformed", outcome.malformed},
                                      {"failures", failures}});
    } else {
        for (const auto& f : outcome.failures)
            std::cout << "FAIL " << f << "\n";
        std::cout << core::summaryLine(outcome) << std::endl;
    }
    // Bad input (exit 2) before a KAT failure (exit 1): a file with no record for --alg, or with records that
    // cannot be run (they name the file's fault, not the back end's), says nothing about the back end.
    if (outcome.passed == 0 && outcome.failed == 0) {
        std::cerr << "roundscope-cli: " << noneMessage << std::endl;
        return kExitUsage;
    }
    if (outcome.malformed > 0) {
        std::cerr << "roundscope-cli: FILE: " << path << ": " << outcome.malformed
                  << (outcome.malformed == 1 ? " record cannot be run" : " records cannot be run")
                  << " (the FAIL lines say why): a malformed KAT file" << std::endl;
        return kExitUsage;
    }
    return outcome.failed == 0 ? kExitOk : kExitKatFailed;
}

} // namespace rs::cli
