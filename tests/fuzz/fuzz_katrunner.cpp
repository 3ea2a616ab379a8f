// Fuzz target: the one KAT comparator (core::runKat, runAeadKat) over any file, for AEAD, ECB and CTR
// operations. Invariant: it either throws KatError (a malformed file or field) or counts every record once
// (passed + failed + skipped = records); a back end that takes three records a call gets the same verdicts
// as one taking one; the model never fails a record the comparator handed it (its inputs were checked).
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>

#include "core/katrunner.h"

namespace {

using rs::core::KatOutcome;

bool same(const KatOutcome& a, const KatOutcome& b) {
    return a.passed == b.passed && a.failed == b.failed && a.skipped == b.skipped && a.failures == b.failures;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > (1u << 16)) return 0; // the official files' records are short; keep each input quick
    std::vector<rs::core::KatRecord> records;
    try {
        records = rs::core::parseKat(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz");
    } catch (const rs::core::KatError&) {
        return 0;
    }
    for (const char* id : {"ascon-128", "lea-128-gcm", "lea-128-ecb", "lea-192-ctr", "skinny-64-64-ecb"}) {
        const auto op = rs::oracle::operation(id);
        const auto model = rs::core::modelDevice(op);
        const rs::core::KatDevice threeAtATime = [&op](std::span<const rs::oracle::Inputs> in) {
            std::vector<rs::crypto::Bytes> out;
            for (std::size_t i = 0; i < in.size() && i < 3; ++i)
                out.push_back(rs::oracle::referenceOutput(op, in[i]));
            return out;
        };
        KatOutcome one, batched;
        bool threw = false;
        try {
            one = rs::core::runKat(op, records, model);
        } catch (const rs::core::KatError&) {
            threw = true;
        }
        try {
            batched = rs::core::runKat(op, records, threeAtATime);
            if (threw) std::abort(); // the same file cannot be malformed for one back end only
        } catch (const rs::core::KatError&) {
            if (!threw) std::abort();
            continue;
        }
        if (static_cast<std::size_t>(one.passed + one.failed + one.skipped) != records.size()) std::abort();
        if (!same(one, batched)) std::abort();
    }
    try {
        const KatOutcome aead = rs::core::runAeadKat(*rs::oracle::findAead("ascon-128a"), records);
        if (static_cast<std::size_t>(aead.passed + aead.failed + aead.skipped) != records.size())
            std::abort();
    } catch (const rs::core::KatError&) {
    }
    return 0;
}
