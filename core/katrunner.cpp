#include "katrunner.h"

namespace rs::core {

using crypto::Bytes;
using oracle::AeadAlgorithm;
using oracle::HashAlgorithm;

namespace {

std::string where(const KatRecord& r) {
    const std::string count = r.has("Count") ? "Count = " + r.text("Count") + " " : "";
    return count + "(line " + std::to_string(r.line) + ")";
}

void requireRecords(const std::vector<KatRecord>& records) {
    if (records.empty()) throw KatError("the KAT file holds no records");
}

/** Runs one AEAD record; returns an empty string when it passes, else what went wrong. */
std::string checkAeadRecord(const AeadAlgorithm& alg, const KatRecord& r) {
    const Bytes key = r.hex("Key");
    const Bytes nonce = r.hex(r.has("Nonce") ? "Nonce" : "IV");
    const Bytes ad = r.hex(r.has("AD") ? "AD" : "AAD");
    const Bytes pt = r.hex("PT");
    Bytes ct = r.hex("CT");
    Bytes tag;
    if (r.has("Tag")) {
        tag = r.hex("Tag");
    } else {
        if (ct.size() < alg.tagBytes) return "CT is shorter than the tag";
        tag.assign(ct.end() - static_cast<std::ptrdiff_t>(alg.tagBytes), ct.end());
        ct.resize(ct.size() - alg.tagBytes);
    }
    if (nonce.size() != alg.nonceBytes) return "nonce is " + std::to_string(nonce.size()) + " bytes";
    if (tag.size() != alg.tagBytes) return "tag is " + std::to_string(tag.size()) + " bytes";
    const crypto::AeadResult enc = alg.encrypt(key, nonce, ad, pt);
    if (enc.ct != ct) return "ciphertext differs";
    if (enc.tag != tag) return "tag differs";
    const std::optional<Bytes> dec = alg.decrypt(key, nonce, ad, ct, tag);
    if (!dec) return "decryption rejected the valid tag";
    if (*dec != pt) return "decrypted plaintext differs";
    Bytes bad = tag;
    bad.back() ^= 0x01;
    if (alg.decrypt(key, nonce, ad, ct, bad)) return "decryption accepted a tampered tag";
    return {};
}

} // namespace

KatOutcome runAeadKat(const AeadAlgorithm& alg, const std::vector<KatRecord>& records) {
    requireRecords(records);
    KatOutcome out;
    for (const KatRecord& r : records) {
        if (r.hex("Key").size() != alg.keyBytes) {
            ++out.skipped;
            continue;
        }
        const std::string problem = checkAeadRecord(alg, r);
        if (problem.empty()) {
            ++out.passed;
        } else {
            ++out.failed;
            out.failures.push_back(where(r) + ": " + problem);
        }
    }
    return out;
}

KatOutcome runHashKat(const HashAlgorithm& alg, const std::vector<KatRecord>& records) {
    requireRecords(records);
    KatOutcome out;
    for (const KatRecord& r : records) {
        const Bytes msg = r.hex("Msg");
        const Bytes md = r.hex("MD");
        std::string problem;
        if (!alg.extendable && md.size() != alg.defaultOutBytes)
            problem = "MD is " + std::to_string(md.size()) + " bytes, " + alg.id + " gives " +
                      std::to_string(alg.defaultOutBytes);
        else if (alg.hash(msg, md.size()) != md)
            problem = "digest differs";
        if (problem.empty()) {
            ++out.passed;
        } else {
            ++out.failed;
            out.failures.push_back(where(r) + ": " + problem);
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
