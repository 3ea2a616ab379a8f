// Fuzz target: the NIST ACVP ML-DSA reader (core/acvpmldsa.h) and, for small keyGen and sigVer sets, its
// runner (core/acvpmldsarunner.h). The input is prompt.json, a 0x00 byte, then expectedResults.json; without
// a 0x00 byte the one text serves as both (a prompt whose cases also carry the answers).
// Invariants: parseAcvpMlDsa throws KatError or gives a set that keeps its header's promises: at least one
// case, each group's cases in the list of the set's mode only, exactly one of message and mu (mu in the
// externalMu groups), a context only on the external interface, a hashAlg exactly in the pre-hash groups,
// rnd 32 zero bytes in deterministic groups. The runner (Fast; sets of up to 4 cases) never throws and
// counts every case once, a case failing exactly when it says why. sigGen sets are not run: a fuzzed secret
// key can make Sign run all of its 65536 / l attempts (seconds) before it gives up.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/acvpmldsa.h"
#include "core/acvpmldsarunner.h"
#include "core/katfile.h"

namespace {

using namespace rs::core;

void check(bool ok) {
    if (!ok) std::abort();
}

template <typename Case> void checkMessage(const AcvpMlDsaGroup& g, const Case& c) {
    check(c.message.has_value() != c.mu.has_value());
    check(c.mu.has_value() == g.externalMu);
    if (g.signatureInterface == AcvpMlDsaInterface::Internal) check(c.context.empty());
    check(c.hashAlg.has_value() == g.preHash);
}

void checkSet(const AcvpMlDsaVectorSet& set) {
    check(set.caseCount() > 0);
    std::size_t cases = 0;
    for (const AcvpMlDsaGroup& g : set.groups) {
        (void)g.describe(set.mode);
        check(!g.externalMu || g.signatureInterface == AcvpMlDsaInterface::Internal);
        check(!g.preHash || g.signatureInterface == AcvpMlDsaInterface::External);
        check(g.keyGen.empty() || set.mode == AcvpMlDsaMode::KeyGen);
        check(g.sigGen.empty() || set.mode == AcvpMlDsaMode::SigGen);
        check(g.sigVer.empty() || set.mode == AcvpMlDsaMode::SigVer);
        for (const AcvpMlDsaSigGenCase& c : g.sigGen) {
            checkMessage(g, c);
            if (g.deterministic)
                check(c.rnd.size() == 32 &&
                      std::all_of(c.rnd.begin(), c.rnd.end(), [](auto b) { return b == 0; }));
        }
        for (const AcvpMlDsaSigVerCase& c : g.sigVer)
            checkMessage(g, c);
        cases += g.caseCount();
    }
    check(cases == set.caseCount());
}

void checkRun(const AcvpMlDsaVectorSet& set) {
    const AcvpMlDsaRun run = runMlDsaAcvp(set, rs::crypto::MlDsaImpl::Fast);
    const int all = static_cast<int>(set.caseCount());
    check(run.total == all && run.passed + run.failed == all && !run.cancelled);
    check(run.cases.size() == set.caseCount() && run.groups.size() == set.groups.size());
    for (const AcvpMlDsaCaseResult& r : run.cases)
        check(r.passed == r.detail.empty());
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t cut = input.find('\0');
    const std::string_view prompt = input.substr(0, cut);
    const std::string_view expected = cut == std::string_view::npos ? input : input.substr(cut + 1);
    AcvpMlDsaVectorSet set;
    try {
        set = parseAcvpMlDsa(prompt, expected, "prompt.json", "expectedResults.json");
    } catch (const KatError&) {
        return 0;
    }
    checkSet(set);
    if (set.mode != AcvpMlDsaMode::SigGen && set.caseCount() <= 4) checkRun(set);
    return 0;
}
