#pragma once
// The one oracle: whether an output is the known answer, and where it first differs. Every back end's
// output (campaign runs of every target, the GPU program's launches, the IP and board KATs) is judged
// here, never by a comparison loop of its own. Plain C++ over rs_crypto.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/crypto/bytes.h"

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

/** @brief Judges every output a back end produces during one run (every timed repeat, every launch)
 *  against one known answer; remembers the first wrong one. */
class OutputJudge {
  public:
    explicit OutputJudge(crypto::Bytes expected) : m_expected(std::move(expected)) {}

    /** @brief Judges the next output (repeat count() + 1); returns whether it was right. */
    bool check(crypto::ByteView output);
    /** @brief How many outputs were judged. */
    int count() const { return m_count; }
    /** @brief Whether every output judged so far was right. */
    bool ok() const { return !m_failure; }
    /** @brief "output 3: output byte 5 is 3a, the C++ model gives 3b" for the first wrong output (1-based).
     */
    std::optional<std::string> failure() const { return m_failure; }
    /** @brief The first output judged (for logs and tests); empty before any. */
    const crypto::Bytes& first() const { return m_first; }
    const crypto::Bytes& expected() const { return m_expected; }

  private:
    crypto::Bytes m_expected;
    crypto::Bytes m_first;
    int m_count = 0;
    std::optional<std::string> m_failure;
};

} // namespace rs::oracle
