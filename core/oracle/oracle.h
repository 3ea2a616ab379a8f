#pragma once
// The one oracle: whether an output is the known answer, and where it first differs. Every back end's
// output (campaign runs of every target, the GPU program's launches, the IP and board KATs) is judged
// here, never by a comparison loop of its own. Plain C++ over rs_crypto.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/oracle/operation.h"

namespace rs::oracle {

/** @brief The judgement of one output: ok, or where and how it differs from the known answer. */
struct Verdict {
    bool ok = true;
    std::size_t firstDifference = 0; ///< first differing byte (the shorter length when the sizes differ)
    std::string message;             ///< "output byte 5 is 3a, the C++ model gives 3b"; empty when ok
    explicit operator bool() const { return ok; }
};

/** @brief Compares got with the known answer want; `source` names where the known answer comes from in the
 *  message ("the C++ model", "the KAT"). */
Verdict verify(crypto::ByteView got, crypto::ByteView want, std::string_view source = "the C++ model");

/** @brief Adds v to a big-endian integer over n bytes (wrapping): a CTR counter block by block, the
 *  nonce of message i of a many-message run. */
inline void addBigEndian(std::uint8_t* block, std::size_t n, std::uint64_t v) {
    unsigned carry = 0;
    for (std::size_t i = n; i-- > 0 && (v != 0 || carry != 0);) {
        const unsigned sum = block[i] + static_cast<unsigned>(v & 0xff) + carry;
        block[i] = static_cast<std::uint8_t>(sum);
        carry = sum >> 8;
        v >>= 8;
    }
}

/** @brief Message i of a run that encrypts many messages at once (the cpu target's cpu.messages = K, a GPU
 *  launch of K Ascon messages): the run's key, AD and message under the run's nonce + i, big-endian over
 *  the whole nonce, so message 0 is the run's own. */
Inputs messageInputs(const Inputs& run, std::uint64_t i);

/** @brief Judges every output a back end produces during one run (every timed repeat, every launch)
 *  against one known answer; remembers the first wrong one. A run that computes several messages per
 *  repeat (many messages per launch, independent messages per thread) declares them with expectMessages()
 *  and hands each message to checkMessage(): every message is judged against the oracle's reference output
 *  of its own inputs, never against a copy the back end made. */
class OutputJudge {
  public:
    explicit OutputJudge(crypto::Bytes expected) : m_expected(std::move(expected)) {}

    /** @brief Judges the next output (repeat count() + 1) against the run's known answer; returns whether it
     *  was right. */
    bool check(crypto::ByteView output);

    /** @brief Declares that every repeat of this run computes `messages` (>= 1) messages, message i on
     *  inputsOf(i), and computes each one's known answer now, once for every repeat: referenceOutput(op,
     *  inputsOf(i)). Call it before the first output, outside any timed region. Throws what
     *  referenceOutput throws (OracleError for inputs the operation cannot take). */
    void expectMessages(const Operation& op, std::size_t messages,
                        const std::function<Inputs(std::size_t)>& inputsOf);
    /** @brief Judges message i of the current repeat against its own known answer. Messages come in order,
     *  0 to messages - 1; message 0 starts the next repeat (count() + 1). A message out of order, or a
     *  repeat that left messages unjudged, is a failure ("output 2: messages 5..7 of 8 were not judged").
     *  Returns whether the message was right. Requires expectMessages(). */
    bool checkMessage(std::size_t i, crypto::ByteView output);
    /** @brief A judge of one output as its own case: case `index` of the run (0-based), right or not. */
    using CaseJudge = std::function<Verdict(std::size_t index, crypto::ByteView output)>;
    /** @brief Judges every output as its own case instead of against one known answer: the k-th output
     *  handed over (0-based, by check() or checkMessage(), warm-ups included) is case k, judged by
     *  `judgeCase` (the ML-DSA scheme's repeats sign different messages: mldsascheme.h sets it). A runner
     * asks cases() for the index of its next output. */
    void judgeEachCase(CaseJudge judgeCase) { m_caseJudge = std::move(judgeCase); }
    /** @brief Whether outputs are judged case by case (judgeEachCase). */
    bool judgesCases() const { return static_cast<bool>(m_caseJudge); }
    /** @brief For a run judged case by case: every repeat hands `messages` (>= 1) outputs through
     *  checkMessage(), in order, each its own case. */
    void expectCaseMessages(std::size_t messages);
    /** @brief The outputs judged so far, messages included: the case index of the next output. */
    std::size_t cases() const { return m_cases; }
    /** @brief The messages of a repeat (expectMessages), 0 when the run has one output per repeat. */
    std::size_t messages() const { return m_messages; }

    /** @brief How many outputs (repeats) were judged. */
    int count() const { return m_count; }
    /** @brief Whether every output judged so far was right. */
    bool ok() const { return !m_failure; }
    /** @brief After the run: "output 3: output byte 5 is 3a, the C++ model gives 3b" for the first wrong
     *  output (1-based), "output 2, message 4 of 8: ..." for a wrong message of a many-message run, or the
     *  messages its last repeat left unjudged. */
    std::optional<std::string> failure() const;
    /** @brief The first output judged (message 0 of the first repeat; for logs and tests); empty before
     *  any. */
    const crypto::Bytes& first() const { return m_first; }
    const crypto::Bytes& expected() const { return m_expected; }

  private:
    void fail(std::string why);
    crypto::ByteView answer(std::size_t i) const;
    std::optional<std::string> unjudged() const;

    crypto::Bytes m_expected;
    crypto::Bytes m_first;
    int m_count = 0;
    std::optional<std::string> m_failure;
    // Many-message runs: every message's known answer back to back (message i at i * m_stride, or at
    // m_offsets[i] when the answers differ in size), and the next message expected in this repeat.
    std::size_t m_messages = 0;
    crypto::Bytes m_answers;
    std::size_t m_stride = 0;
    std::vector<std::size_t> m_offsets;
    std::size_t m_next = 0;
    // Runs judged case by case (judgeEachCase): the judge, and the outputs judged so far.
    CaseJudge m_caseJudge;
    std::size_t m_cases = 0;
};

} // namespace rs::oracle
