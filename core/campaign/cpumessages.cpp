#include "core/campaign/cpumessages.h"

#include "core/campaign/cpufastblock.h"
#include "core/campaign/cpumldsa.h"
#include "core/campaign/cpurunner.h"
#include "core/crypto/asconmulti.h"
#include "core/oracle/operation.h"

#include <algorithm>
#include <chrono>

namespace rs::campaign {

namespace {

/** K messages laid out back to back, as asconAead128EncryptMulti takes them. */
struct Batch {
    std::size_t count = 0, ptLen = 0, adLen = 0, tagLen = 0;
    crypto::Bytes keys, nonces, ad, pt, ct, tags;

    Batch(const RunInputs& in, std::size_t k, std::size_t tagBytes)
        : count(k), ptLen(in.message.size()), adLen(in.ad.size()), tagLen(tagBytes) {
        for (std::size_t i = 0; i < k; ++i) {
            keys.insert(keys.end(), in.key.begin(), in.key.end());
            // Message i's nonce: the run's nonce plus i, big-endian over all its bytes.
            crypto::Bytes n = in.nonce;
            addBigEndian(n.data(), n.size(), i);
            nonces.insert(nonces.end(), n.begin(), n.end());
            ad.insert(ad.end(), in.ad.begin(), in.ad.end());
            pt.insert(pt.end(), in.message.begin(), in.message.end());
        }
        ct.assign(k * ptLen, 0);
        tags.assign(k * tagLen, 0);
    }
    crypto::ByteView nonceAt(std::size_t i) const {
        const std::size_t n = nonces.size() / count;
        return {nonces.data() + i * n, n};
    }
    crypto::ByteView adOf(std::size_t i) const { return {ad.data() + i * adLen, adLen}; }
    crypto::ByteView ptOf(std::size_t i) const { return {pt.data() + i * ptLen, ptLen}; }
    std::span<std::uint8_t> ctOf(std::size_t i) { return {ct.data() + i * ptLen, ptLen}; }
    std::span<std::uint8_t> tagOf(std::size_t i) { return {tags.data() + i * tagLen, tagLen}; }
};

} // namespace

std::uint64_t cpuMessages(const std::map<std::string, std::string>& options) {
    const std::string text = optionOr(options, kCpuMessagesOption, "1");
    std::uint64_t k = 0;
    const bool digits =
        !text.empty() && text.size() <= 9 && text.find_first_not_of("0123456789") == std::string::npos;
    if (digits) k = std::stoull(text);
    if (!digits || k < 1 || k > (std::uint64_t{1} << 24))
        throw RunnerError(std::string(kCpuMessagesOption) + ": expected 1..16777216, got '" + text + "'");
    return k;
}

RunOutput runManyMessagesOnCpu(const oracle::Operation& op, const RunKey& key, const RunInputs& inputs,
                               int repeats, std::uint64_t messages,
                               const std::map<std::string, std::string>& options,
                               const std::atomic<bool>& cancel, oracle::OutputJudge& judge) {
    const bool fast = cpuImpl(options) == "fast";
    if (!op.aead)
        throw RunnerError(std::string(kCpuMessagesOption) + ": " + key.algorithm +
                          " is not an AEAD; only AEAD runs encrypt many messages");
    const std::uint64_t bytes = messages * (inputs.message.size() + inputs.ad.size());
    if (bytes > kCpuMessagesMaxBytes)
        throw RunnerError(std::string(kCpuMessagesOption) + ": " + std::to_string(messages) +
                          " messages of " + std::to_string(inputs.message.size()) + " bytes and " +
                          std::to_string(inputs.ad.size()) + " bytes of AD would hold " +
                          std::to_string(bytes >> 20) + " MiB; at most " +
                          std::to_string(kCpuMessagesMaxBytes >> 20) + " MiB");
    const oracle::AeadAlgorithm& aead = *op.aead;
    const auto k = static_cast<std::size_t>(messages);
    Batch batch(inputs, k, aead.tagBytes);
    // Every message's known answer from the oracle, before timing: message i is the run's message under
    // nonce + i (oracle::messageInputs), the convention of a GPU launch of K messages.
    try {
        judge.expectMessages(op, k, [&inputs](std::size_t i) { return oracle::messageInputs(inputs, i); });
    } catch (const crypto::InvalidArgument& e) {
        throw RunnerError("cpu: " + key.algorithm + ": " + e.what());
    } catch (const oracle::OracleError& e) {
        throw RunnerError("cpu: " + key.algorithm + ": " + e.what());
    }

    const bool lanes = fast && aead.cpuFastPath == oracle::CpuFastPath::AsconLanes;
    const std::unique_ptr<FastAead> keyed = fast && !lanes ? makeFastAead(aead.id, inputs.key) : nullptr;
    const bool into = fast && !lanes && !keyed && aead.encryptInto;
    const auto multiIsa = crypto::asconMultiBest();
    const auto encryptAll = [&] {
        if (lanes) {
            crypto::asconAead128EncryptMulti(k, batch.keys, batch.nonces, batch.ad, batch.adLen, batch.pt,
                                             batch.ptLen, batch.ct, batch.tags, multiIsa);
            return;
        }
        for (std::size_t i = 0; i < k; ++i) {
            if (keyed) {
                keyed->encrypt(batch.nonceAt(i), batch.adOf(i), batch.ptOf(i), batch.ctOf(i), batch.tagOf(i));
            } else if (into) {
                aead.encryptInto(inputs.key, batch.nonceAt(i), batch.adOf(i), batch.ptOf(i), batch.ctOf(i),
                                 batch.tagOf(i));
            } else {
                const crypto::AeadResult r =
                    aead.encrypt(inputs.key, batch.nonceAt(i), batch.adOf(i), batch.ptOf(i));
                std::copy(r.ct.begin(), r.ct.end(), batch.ctOf(i).begin());
                std::copy(r.tag.begin(), r.tag.end(), batch.tagOf(i).begin());
            }
        }
    };

    using Clock = std::chrono::steady_clock;
    std::vector<double> ns;
    crypto::Bytes output; // message i's ct‖tag, as the judge takes it
    output.reserve(batch.ptLen + batch.tagLen);
    // One untimed warm-up first, judged like every repeat (as the CPU runner's single-message path).
    for (int r = -kCpuWarmups; r < std::max(repeats, 1); ++r) {
        if (cancel.load()) throw Cancelled();
        std::fill(batch.ct.begin(), batch.ct.end(), 0);
        std::fill(batch.tags.begin(), batch.tags.end(), 0);
        const auto t0 = Clock::now();
        encryptAll();
        const auto t1 = Clock::now();
        if (r >= 0)
            ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count() / static_cast<double>(k));
        // Outside the timed region: every message of the repeat to the judge.
        for (std::size_t i = 0; i < k; ++i) {
            const auto ct = batch.ctOf(i), tag = batch.tagOf(i);
            output.assign(ct.begin(), ct.end());
            output.insert(output.end(), tag.begin(), tag.end());
            judge.checkMessage(i, output);
        }
    }

    RunOutput out;
    setTimings(out, std::move(ns), key.messageBytes);
    out.parameters["threads"] = "1";
    out.parameters["warmups"] = std::to_string(kCpuWarmups);
    out.parameters[kCpuMessagesOption] = std::to_string(k);
    out.parameters[kCpuImplOption] = lanes || keyed || into ? "fast" : "reference";
    out.parameters["cpu.isa"] = lanes ? crypto::asconMultiIsaName(multiIsa) : keyed ? keyed->isa() : "scalar";
    return out;
}

} // namespace rs::campaign
