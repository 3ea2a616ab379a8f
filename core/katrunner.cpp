#include "core/katrunner.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "core/oracle/oracle.h"

namespace rs::core {

using crypto::Bytes;
using oracle::AeadAlgorithm;
using oracle::HashAlgorithm;
using oracle::Operation;

namespace {

std::string where(const KatRecord& r) {
    const std::string count = r.has("Count") ? "Count = " + r.text("Count") + " " : "";
    return count + "(line " + std::to_string(r.line) + ")";
}

void requireRecords(const std::vector<KatRecord>& records) {
    if (records.empty()) throw KatError("the KAT file holds no records");
}

/** Counts one judged record; `problem` empty = passed. */
void tally(KatOutcome& out, const KatRecord& r, const std::string& problem) {
    if (problem.empty()) {
        ++out.passed;
    } else {
        ++out.failed;
        out.failures.push_back(where(r) + ": " + problem);
    }
}

/** Whether the record's "Algorithm" field (if any) names the operation or its cipher: KISA's files say
 *  "LEA-192" for LEA-192 in ECB, CTR and GCM; the LWC files name no algorithm. */
bool namesOperation(const Operation& op, const KatRecord& r) {
    if (!r.has("Algorithm")) return true;
    std::string name = r.text("Algorithm");
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    if (name == op.id) return true;
    const std::string prefix = name + "-"; // "lea-128-" of "lea-128-gcm": the cipher, then a mode only
    return op.id.size() > prefix.size() && op.id.compare(0, prefix.size(), prefix) == 0 &&
           op.id.find('-', prefix.size()) == std::string::npos;
}

std::optional<KatCase> aeadCase(const AeadAlgorithm& alg, const KatRecord& r) {
    KatCase c;
    c.record = &r;
    c.inputs.key = r.hex("Key");
    if (c.inputs.key.size() != alg.keyBytes) return std::nullopt;
    c.inputs.nonce = r.hex(r.has("Nonce") ? "Nonce" : "IV");
    c.inputs.ad = r.hex(r.has("AD") ? "AD" : "AAD");
    c.inputs.message = r.hex("PT");
    c.expected = r.hex("CT");
    if (r.has("Tag")) {
        const Bytes tag = r.hex("Tag");
        if (tag.size() != alg.tagBytes) c.problem = "tag is " + std::to_string(tag.size()) + " bytes";
        c.expected.insert(c.expected.end(), tag.begin(), tag.end());
    } else if (c.expected.size() < alg.tagBytes) {
        c.problem = "CT is shorter than the tag";
    }
    if (c.inputs.nonce.size() != alg.nonceBytes)
        c.problem = "nonce is " + std::to_string(c.inputs.nonce.size()) + " bytes";
    return c;
}

std::optional<KatCase> blockCase(const Operation& op, const KatRecord& r) {
    const char* keyField = r.has("Tweakey") ? "Tweakey" : "Key";
    // An AEAD record (GCM's IV, AAD, Tag) is not a CTR record, and each mode takes only its own records.
    if (!r.has(keyField) || !r.has("PT") || !r.has("CT") || r.has("Tag") || r.has("AAD") || r.has("AD") ||
        r.has("Nonce") || r.has("IV") != op.ctr)
        return std::nullopt;
    KatCase c;
    c.record = &r;
    c.inputs.key = r.hex(keyField);
    if (c.inputs.key.size() != op.block->keyBytes) return std::nullopt;
    if (op.ctr) c.inputs.nonce = r.hex("IV");
    c.inputs.message = r.hex("PT");
    c.expected = r.hex("CT");
    const std::size_t block = op.block->blockBytes;
    if (op.ctr && c.inputs.nonce.size() != block)
        c.problem = "IV is " + std::to_string(c.inputs.nonce.size()) + " bytes, the counter block " +
                    std::to_string(block);
    else if (!op.ctr && c.inputs.message.size() % block != 0)
        c.problem = "PT is " + std::to_string(c.inputs.message.size()) + " bytes, not whole " +
                    std::to_string(block) + "-byte blocks";
    return c;
}

/** ML-DSA ring records: A (first operands), B (second operands, pwm/pwa only), Out; 1024 bytes per
 *  polynomial. The Algorithm field names the operation ("mldsa-pwm"); records without one are not run
 *  (one file holds every operation). */
std::optional<KatCase> mldsaCase(const oracle::MlDsaAlgorithm& alg, const KatRecord& r) {
    if (!r.has("Algorithm") || !r.has("A") || !r.has("Out")) return std::nullopt;
    KatCase c;
    c.record = &r;
    c.inputs.message = r.hex("A");
    if (alg.twoOperands) c.inputs.key = r.hex("B");
    c.expected = r.hex("Out");
    try {
        oracle::mldsaOperands(alg, c.inputs);
        if (c.expected.size() != c.inputs.message.size())
            c.problem = "Out is " + std::to_string(c.expected.size()) + " bytes, A " +
                        std::to_string(c.inputs.message.size());
    } catch (const oracle::OracleError& e) {
        c.problem = e.what();
    }
    return c;
}

} // namespace

std::optional<KatCase> katCase(const Operation& op, const KatRecord& record) {
    if (!namesOperation(op, record) || op.mldsaScheme) return std::nullopt; // the scheme: campaigns only
    if (op.mldsa) return mldsaCase(*op.mldsa, record);
    return op.aead ? aeadCase(*op.aead, record) : blockCase(op, record);
}

Operation blockKatOperation(const oracle::BlockAlgorithm& cipher, const std::vector<KatRecord>& records) {
    Operation op{cipher.id + "-ecb", nullptr, &cipher, false};
    Operation ctr{cipher.id + "-ctr", nullptr, &cipher, true};
    for (const KatRecord& r : records)
        if (r.has("IV") && katCase(ctr, r)) return ctr;
    return op;
}

KatDevice oneAtATime(std::function<Bytes(const oracle::Inputs&)> compute) {
    return [compute = std::move(compute)](std::span<const oracle::Inputs> inputs) {
        return std::vector<Bytes>{compute(inputs.front())};
    };
}

KatDevice modelDevice(const Operation& op) {
    return oneAtATime([op](const oracle::Inputs& in) { return oracle::referenceOutput(op, in); });
}

KatOutcome runKat(const Operation& op, const std::vector<KatRecord>& records, const KatDevice& device,
                  const KatControl& control) {
    requireRecords(records);
    KatOutcome out;
    std::vector<KatCase> cases;
    std::vector<oracle::Inputs> inputs;
    std::vector<std::pair<std::size_t, std::string>> failures; // by record, so they stay in file order
    const auto judge = [&](const KatCase& c, const std::string& problem) {
        if (problem.empty()) {
            ++out.passed;
            return;
        }
        ++out.failed;
        failures.emplace_back(static_cast<std::size_t>(c.record - records.data()),
                              where(*c.record) + ": " + problem);
    };
    for (const KatRecord& r : records) {
        auto c = katCase(op, r);
        if (!c) {
            ++out.skipped;
        } else if (!c->problem.empty()) {
            judge(*c, c->problem); // never sent: a malformed record could be misread by a back end
            ++out.malformed;
        } else {
            inputs.push_back(c->inputs);
            cases.push_back(std::move(*c));
        }
    }
    const int total = static_cast<int>(cases.size());
    for (std::size_t i = 0; i < cases.size();) {
        if (control.cancelled && control.cancelled()) break;
        const std::vector<Bytes> outputs = device(std::span<const oracle::Inputs>(inputs).subspan(i));
        if (outputs.empty() || outputs.size() > cases.size() - i)
            throw KatError("the back end returned " + std::to_string(outputs.size()) + " outputs for " +
                           std::to_string(cases.size() - i) + " inputs");
        for (std::size_t k = 0; k < outputs.size(); ++k, ++i) {
            const oracle::Verdict v = oracle::verify(outputs[k], cases[i].expected, "the KAT");
            judge(cases[i], !v ? v.message : control.alsoCheck ? control.alsoCheck(cases[i]) : std::string());
        }
        if (control.progress) control.progress(static_cast<int>(i), total);
    }
    std::stable_sort(failures.begin(), failures.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& f : failures)
        out.failures.push_back(std::move(f.second));
    return out;
}

KatOutcome runAeadKat(const AeadAlgorithm& alg, const std::vector<KatRecord>& records) {
    const Operation op{alg.id, &alg, nullptr, false};
    KatControl control;
    // Encryption is judged by runKat; a scheme must also open what it sealed and refuse a tampered tag.
    control.alsoCheck = [&alg](const KatCase& c) -> std::string {
        const auto split = c.expected.end() - static_cast<std::ptrdiff_t>(alg.tagBytes);
        const Bytes ct(c.expected.begin(), split), tag(split, c.expected.end());
        const oracle::Inputs& in = c.inputs;
        const std::optional<Bytes> dec = alg.decrypt(in.key, in.nonce, in.ad, ct, tag);
        if (!dec) return "decryption rejected the valid tag";
        if (*dec != in.message) return "decrypted plaintext differs";
        Bytes bad = tag;
        bad.back() ^= 0x01;
        if (alg.decrypt(in.key, in.nonce, in.ad, ct, bad)) return "decryption accepted a tampered tag";
        return {};
    };
    const KatDevice device = oneAtATime([&alg](const oracle::Inputs& in) {
        crypto::AeadResult r = alg.encrypt(in.key, in.nonce, in.ad, in.message);
        r.ct.insert(r.ct.end(), r.tag.begin(), r.tag.end());
        return r.ct;
    });
    return runKat(op, records, device, control);
}

KatOutcome runHashKat(const HashAlgorithm& alg, const std::vector<KatRecord>& records) {
    requireRecords(records);
    KatOutcome out;
    for (const KatRecord& r : records) {
        const Bytes msg = r.hex("Msg");
        const Bytes md = r.hex("MD");
        if (!alg.extendable && md.size() != alg.defaultOutBytes) {
            ++out.malformed;
            tally(out, r,
                  "MD is " + std::to_string(md.size()) + " bytes, " + alg.id + " gives " +
                      std::to_string(alg.defaultOutBytes));
        } else {
            tally(out, r, oracle::verify(alg.hash(msg, md.size()), md, "the KAT").message);
        }
    }
    return out;
}

std::string summaryLine(const KatOutcome& o) {
    std::string s = std::to_string(o.passed) + " passed, " + std::to_string(o.failed) + " failed";
    if (o.skipped > 0) s += ", " + std::to_string(o.skipped) + " skipped";
    return s;
}

} // namespace rs::core
