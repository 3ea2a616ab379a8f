#include "core/campaign/cpurunner.h"

// Multi-thread semantics ("cpu-mt"): the message is cut into T slices of whole units (the cipher's
// block for ECB/CTR, 16 bytes for AEAD), at most one slice per unit, and each thread processes one.
//  - ECB and CTR: the slices together are exactly the single-thread operation (each CTR slice
//    starts at its own counter value), so the figure is the speed of one parallel encryption.
//  - AEAD: a message cannot be split, so each thread encrypts its slice as an independent message
//    with its own nonce (the run's nonce with the slice index XORed into its last bytes) and the
//    run's whole AD. The figure measures T independent messages of size/T each.
// Every repeat's output goes to the run's judge: the timed path's own output for one thread and for the
// block modes (whose slices together are the whole operation); for AEAD over several threads every
// thread's independent message, each against the oracle's answer for its own inputs
// (OutputJudge::expectMessages, computed once before timing). Threads are started once per run and released
// per repeat through barriers, so a repeat times the work and the hand-off, not thread creation. ECB is
// defined on whole blocks: a message size that is not one fails the run (RunnerError).

#include <algorithm>
#include <barrier>
#include <chrono>
#include <exception>
#include <functional>
#include <optional>
#include <thread>
#include <utility>

#include "core/campaign/cpufastblock.h"
#include "core/campaign/cpumessages.h"
#include "core/campaign/cpumldsa.h"
#include "core/campaign/cpumldsascheme.h"
#include "core/campaign/cpupool.h"
#include "core/oracle/operation.h"

namespace rs::campaign {

namespace {

using Algorithm = oracle::Operation;

std::optional<Algorithm> resolve(std::string_view id) {
    return oracle::findOperation(id);
}

/** What "cpu" (threads 1) and "cpu-mt" run: every operation of the oracle (the ML-DSA scheme operations
 *  on both: cpumldsascheme.h); the ML-DSA ring operations on one thread only (cpumldsa.h). */
bool cpuRuns(int threads, std::string_view algorithm) {
    const auto alg = resolve(algorithm);
    return alg.has_value() && (!alg->mldsa || threads == 1);
}

/** The work of one run, cut into slices; buffers are allocated once, before timing. */
class Workload {
  public:
    Workload(const Algorithm& alg, const RunInputs& in, std::size_t threads, bool fast)
        : m_alg(alg), m_in(in) {
        const std::size_t n = in.message.size();
        if (alg.block) {
            m_cipher = alg.block->make(in.key, 0);
            m_unit = alg.block->blockBytes;
            if (fast) m_fast = makeFastBlocks(alg.block->id, in.key);
        }
        const std::size_t units = (n + m_unit - 1) / m_unit;
        m_jobs = std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(units, 1));
        for (std::size_t j = 0; j <= m_jobs; ++j)
            m_bounds.push_back(std::min(n, units * j / m_jobs * m_unit));
        m_out.resize(n);
        if (alg.aead) {
            // The fast path writes ciphertext and tag into buffers allocated here, once per run.
            if (fast) m_fastAead = makeFastAead(alg.aead->id, in.key);
            if (m_fastAead || (fast && alg.aead->encryptInto)) {
                m_into = true;
                m_tags.assign(m_jobs * alg.aead->tagBytes, 0);
                m_joined.reserve(n + alg.aead->tagBytes);
            }
            m_nonces.assign(m_jobs, in.nonce);
            for (std::size_t j = 0; j < m_jobs; ++j) // job 0 keeps the run's nonce
                for (std::size_t b = 0; b < 4 && b < in.nonce.size(); ++b)
                    m_nonces[j][in.nonce.size() - 1 - b] ^= static_cast<std::uint8_t>(j >> (8 * b));
            m_sink.resize(m_jobs);
        }
    }

    std::size_t jobs() const { return m_jobs; }
    /** The fast path's instruction set; empty when the reference code runs ("scalar" for the Ascon AEADs'
     *  allocation-free path). */
    std::string fastIsa() const {
        if (m_fast) return m_fast->isa();
        if (m_fastAead) return m_fastAead->isa();
        return m_into ? "scalar" : std::string();
    }
    /** Whether the AEAD runs on its allocation-free path (encryptInto). */
    bool aeadInto() const { return m_into; }

    /** AEAD over several threads: each thread's independent message (the run's key and AD, its slice of the
     *  message under its own nonce) is a message of the run, judged against the oracle's reference output
     *  of those inputs (computed here, before timing). */
    void expectMessages(oracle::OutputJudge& judge) const {
        if (!m_alg.aead || m_jobs == 1) return;
        judge.expectMessages(m_alg, m_jobs, [this](std::size_t j) {
            return oracle::Inputs{
                m_in.key, m_nonces[j], m_in.ad,
                crypto::Bytes(m_in.message.begin() + static_cast<std::ptrdiff_t>(m_bounds[j]),
                              m_in.message.begin() + static_cast<std::ptrdiff_t>(m_bounds[j + 1]))};
        });
    }

    /** Clears the output buffers (block modes, fast AEAD), so a repeat's output is only what that repeat
     *  wrote. */
    void clearOutput() {
        std::fill(m_out.begin(), m_out.end(), 0);
        std::fill(m_tags.begin(), m_tags.end(), 0);
    }

    /** One slice; allocation-free for block modes and for an AEAD on its fast path (the reference AEAD
     *  models return fresh buffers). */
    void job(std::size_t j) {
        const std::size_t from = m_bounds[j], to = m_bounds[j + 1];
        if (m_alg.aead) {
            const crypto::ByteView slice(m_in.message.data() + from, to - from);
            if (m_fastAead)
                m_fastAead->encrypt(m_nonces[j], m_in.ad, slice,
                                    std::span<std::uint8_t>(m_out.data() + from, to - from), tagOf(j));
            else if (m_into)
                m_alg.aead->encryptInto(m_in.key, m_nonces[j], m_in.ad, slice,
                                        std::span<std::uint8_t>(m_out.data() + from, to - from), tagOf(j));
            else
                m_sink[j] = m_alg.aead->encrypt(m_in.key, m_nonces[j], m_in.ad, slice);
        } else {
            blocks(from, to);
        }
    }

    /** After each timed repeat: what that repeat produced, to the run's judge. Block modes: the message as
     *  the threads encrypted it; AEAD on one thread: its ct‖tag; AEAD on several threads: every thread's
     *  independent message (expectMessages). */
    void judgeRepeat(oracle::OutputJudge& judge) {
        if (!m_alg.aead) {
            judge.check(m_out);
            return;
        }
        if (m_jobs == 1) {
            joinOutput(0);
            judge.check(m_joined);
            return;
        }
        for (std::size_t j = 0; j < m_jobs; ++j) {
            joinOutput(j);
            judge.checkMessage(j, m_joined);
        }
    }

  private:
    std::span<std::uint8_t> tagOf(std::size_t j) {
        const std::size_t t = m_alg.aead->tagBytes;
        return std::span<std::uint8_t>(m_tags.data() + j * t, t);
    }

    /** m_joined = slice j's ciphertext ‖ tag, from whichever path produced them. */
    void joinOutput(std::size_t j) {
        if (m_into) {
            const std::span<std::uint8_t> tag = tagOf(j);
            m_joined.assign(m_out.begin() + static_cast<std::ptrdiff_t>(m_bounds[j]),
                            m_out.begin() + static_cast<std::ptrdiff_t>(m_bounds[j + 1]));
            m_joined.insert(m_joined.end(), tag.begin(), tag.end());
            return;
        }
        m_joined = m_sink[j].ct;
        m_joined.insert(m_joined.end(), m_sink[j].tag.begin(), m_sink[j].tag.end());
    }

    /** ECB or CTR over bytes [from, to) of the message into m_out; `from` is block aligned. */
    void blocks(std::size_t from, std::size_t to) {
        const std::size_t bs = m_unit;
        const std::uint8_t* in = m_in.message.data();
        std::uint8_t* out = m_out.data();
        if (m_fast && !m_alg.ctr) {
            m_fast->ecb(in + from, out + from, (to - from) / bs);
            return;
        }
        if (m_fast) {
            std::uint8_t counter[16] = {};
            std::copy(m_in.nonce.begin(), m_in.nonce.end(), counter);
            addBigEndian(counter, bs, from / bs);
            m_fast->ctr(counter, in + from, out + from, to - from);
            return;
        }
        if (!m_alg.ctr) {
            for (std::size_t off = from; off < to; off += bs)
                m_cipher->encryptBlock(in + off, out + off);
            return;
        }
        std::uint8_t counter[16] = {}, stream[16];
        std::copy(m_in.nonce.begin(), m_in.nonce.end(), counter);
        addBigEndian(counter, bs, from / bs);
        for (std::size_t off = from; off < to; off += bs) {
            m_cipher->encryptBlock(counter, stream);
            const std::size_t n = std::min(bs, to - off);
            for (std::size_t i = 0; i < n; ++i)
                out[off + i] = in[off + i] ^ stream[i];
            addBigEndian(counter, bs, 1);
        }
    }

    Algorithm m_alg;
    const RunInputs& m_in;
    std::unique_ptr<crypto::TracedBlockCipher> m_cipher;
    std::unique_ptr<FastBlocks> m_fast;   ///< cpu.impl = fast and the cipher has a fast path
    std::unique_ptr<FastAead> m_fastAead; ///< cpu.impl = fast and the AEAD has a keyed fast path
    std::size_t m_unit = 16;              ///< slice granularity: the block, or 16 bytes for AEAD
    std::size_t m_jobs = 1;
    std::vector<std::size_t> m_bounds; ///< slice j is [m_bounds[j], m_bounds[j + 1])
    crypto::Bytes m_out;
    std::vector<crypto::Bytes> m_nonces;
    std::vector<crypto::AeadResult> m_sink; ///< keeps each AEAD result, so the work is not discarded
    crypto::Bytes m_joined;                 ///< ct‖tag of an AEAD repeat (or of one thread's message)
    bool m_into = false;  ///< the AEAD writes into m_out and m_tags (m_fastAead or encryptInto)
    crypto::Bytes m_tags; ///< the tag of each thread's message (fast AEAD path)
};

std::size_t hardwareThreads() {
    return std::max(1u, std::thread::hardware_concurrency());
}

std::string compilerName() {
#if defined(__clang__)
    return "clang " __clang_version__;
#elif defined(__GNUC__)
    return "g++ " __VERSION__;
#else
    return "unknown";
#endif
}

class CpuRunner final : public Runner {
  public:
    explicit CpuRunner(int threads) : m_threads(threads) {}

    std::string target() const override { return m_threads == 1 ? "cpu" : "cpu-mt"; }

    bool supports(std::string_view algorithm) const override { return cpuRuns(m_threads, algorithm); }

    RunOutput run(const RunKey& key, const RunInputs& inputs, int repeats,
                  const std::map<std::string, std::string>& options, const std::atomic<bool>& cancel,
                  oracle::OutputJudge& judge) override {
        const auto alg = resolve(key.algorithm);
        if (!alg || !supports(key.algorithm))
            throw RunnerError(target() + ": unsupported algorithm '" + key.algorithm + "'");
        if (alg->mldsa) return runMlDsaOnCpu(*alg, key, inputs, repeats, options, cancel, judge);
        if (alg->mldsaScheme) {
            if (options.count(kCpuMessagesOption) != 0)
                throw RunnerError(std::string(kCpuMessagesOption) + ": not for " + key.algorithm +
                                  " (every repeat is its own case already)");
            return runMlDsaSchemeOnCpu(*alg, key, inputs, repeats, threadCount(options), m_threads != 1,
                                       options, cancel, judge);
        }
        checkInputs(*alg, key, inputs);
        if (const std::uint64_t messages = cpuMessages(options); messages > 1) {
            if (m_threads != 1)
                throw RunnerError(std::string(kCpuMessagesOption) + ": for the cpu target (" + target() +
                                  " splits one message into independent ones per thread)");
            return runManyMessagesOnCpu(*alg, key, inputs, repeats, messages, options, cancel, judge);
        }
        const std::size_t threads = threadCount(options);
        const std::string impl = cpuImpl(options); // fast (default) or reference

        std::unique_ptr<Workload> work;
        RunOutput result;
        try {
            work = std::make_unique<Workload>(*alg, inputs, threads, impl == "fast");
            work->expectMessages(judge);
        } catch (const crypto::InvalidArgument& e) {
            throw RunnerError(target() + ": " + key.algorithm + ": " + e.what());
        } catch (const oracle::OracleError& e) {
            throw RunnerError(target() + ": " + key.algorithm + ": " + e.what());
        }

        using Clock = std::chrono::steady_clock;
        std::vector<double> ns;
        ns.reserve(static_cast<std::size_t>(std::max(repeats, 1)));
        std::optional<CpuPool> pool;
        if (work->jobs() > 1) pool.emplace(work->jobs(), [&work](std::size_t j) { work->job(j); });
        // One warm-up first (caches, branch predictors, the frequency governor): its output is judged like
        // every other, its time is not kept. Without it the first repeat ran up to 10x the others.
        for (int r = -kCpuWarmups; r < std::max(repeats, 1); ++r) {
            if (cancel.load()) throw Cancelled();
            if (r > -kCpuWarmups && (!alg->aead || work->aeadInto())) work->clearOutput();
            const auto t0 = Clock::now();
            if (pool)
                pool->round();
            else
                work->job(0);
            const auto t1 = Clock::now();
            if (r >= 0) ns.push_back(std::chrono::duration<double, std::nano>(t1 - t0).count());
            work->judgeRepeat(judge); // outside the timed region
        }

        setTimings(result, std::move(ns), key.messageBytes);
        result.parameters["threads"] = std::to_string(work->jobs());
        result.parameters["warmups"] = std::to_string(kCpuWarmups);
        if (alg->block) {
            result.parameters[kCpuImplOption] = work->fastIsa().empty() ? "reference" : "fast";
            result.parameters["cpu.isa"] = work->fastIsa().empty() ? "scalar" : work->fastIsa();
        }
        if (alg->aead) {
            result.parameters[kCpuImplOption] = work->aeadInto() ? "fast" : "reference";
            result.parameters["cpu.isa"] = work->aeadInto() ? work->fastIsa() : "scalar";
        }
        if (m_threads != 1) result.parameters["cpu-mt.threads"] = std::to_string(threads);
        if (alg->aead && work->jobs() > 1) result.parameters["cpu-mt.split"] = "independent messages";
        return result;
    }

    std::map<std::string, std::string> provenance() const override {
        std::map<std::string, std::string> p = cpuMlDsaProvenance();
        for (const auto& [k, v] : cpuFastBlockProvenance())
            p[k] = v;
        p["compiler"] = compilerName();
        p["hardware_threads"] = std::to_string(hardwareThreads());
        return p;
    }

  private:
    /** Threads to use: 1 for "cpu"; for "cpu-mt" the option, or the constructor's count (0 = all). */
    std::size_t threadCount(const std::map<std::string, std::string>& options) const {
        if (m_threads == 1) return 1;
        long n = m_threads;
        if (const auto it = options.find("cpu-mt.threads"); it != options.end()) {
            std::size_t used = 0;
            try {
                n = std::stol(it->second, &used);
            } catch (const std::exception&) {
                used = 0;
            }
            if (used == 0 || used != it->second.size() || n < 0 || n > 4096)
                throw RunnerError("cpu-mt.threads: expected 0 (all) .. 4096, got '" + it->second + "'");
        }
        return n == 0 ? hardwareThreads() : static_cast<std::size_t>(n);
    }

    void checkInputs(const Algorithm& alg, const RunKey& key, const RunInputs& in) const {
        if (in.message.size() != key.messageBytes)
            throw RunnerError(target() + ": message is " + std::to_string(in.message.size()) +
                              " bytes, run says " + std::to_string(key.messageBytes));
        try {
            if (alg.aead) {
                alg.aead->checkSizes(in.key, in.nonce);
                return;
            }
            alg.block->checkKey(in.key);
            if (alg.ctr) crypto::requireLength("CTR IV", in.nonce, alg.block->blockBytes);
        } catch (const crypto::InvalidArgument& e) {
            throw RunnerError(target() + ": " + key.algorithm + ": " + e.what());
        }
        if (!alg.ctr && in.message.size() % alg.block->blockBytes != 0)
            throw RunnerError("ecb needs whole blocks: " + std::to_string(in.message.size()) +
                              " bytes is not a multiple of " + std::to_string(alg.block->blockBytes) +
                              " for " + alg.block->id);
    }

    int m_threads;
};

} // namespace

std::unique_ptr<Runner> makeCpuRunner(int threads) {
    return std::make_unique<CpuRunner>(threads);
}

TargetDeclaration cpuDeclaration(int threads) {
    TargetDeclaration d;
    d.id = threads == 1 ? "cpu" : "cpu-mt";
    d.name = threads == 1 ? "native CPU, one thread" : "native CPU, every hardware thread";
    d.claims = [threads](std::string_view operation) { return cpuRuns(threads, operation); };
    return d;
}

} // namespace rs::campaign
