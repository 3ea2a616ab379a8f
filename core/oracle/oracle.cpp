#include "core/oracle/oracle.h"

#include <algorithm>
#include <cstdio>

namespace rs::oracle {

namespace {
std::string hex2(std::uint8_t b) {
    char s[3];
    std::snprintf(s, sizeof s, "%02x", b);
    return s;
}
} // namespace

Verdict verify(crypto::ByteView got, crypto::ByteView want, std::string_view source) {
    const std::size_t common = std::min(got.size(), want.size());
    const auto diff =
        std::mismatch(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(common), want.begin());
    const auto i = static_cast<std::size_t>(diff.first - got.begin());
    if (i == common && got.size() == want.size()) return {};
    const std::string from = ", " + std::string(source) + " gives ";
    if (got.size() != want.size())
        return {false, i, std::to_string(got.size()) + " output bytes" + from + std::to_string(want.size())};
    return {false, i, "output byte " + std::to_string(i) + " is " + hex2(got[i]) + from + hex2(want[i])};
}

Inputs messageInputs(const Inputs& run, std::uint64_t i) {
    Inputs in = run;
    addBigEndian(in.nonce.data(), in.nonce.size(), i);
    return in;
}

void OutputJudge::fail(std::string why) {
    if (!m_failure) m_failure = std::move(why);
}

bool OutputJudge::check(crypto::ByteView output) {
    ++m_count;
    if (m_count == 1) m_first.assign(output.begin(), output.end());
    const Verdict v = m_caseJudge ? m_caseJudge(m_cases, output) : verify(output, m_expected);
    ++m_cases;
    if (!v.ok) fail("output " + std::to_string(m_count) + ": " + v.message);
    return v.ok;
}

void OutputJudge::expectMessages(const Operation& op, std::size_t messages,
                                 const std::function<Inputs(std::size_t)>& inputsOf) {
    m_messages = std::max<std::size_t>(1, messages);
    m_answers.clear();
    m_offsets.clear();
    m_stride = 0;
    m_next = 0;
    for (std::size_t i = 0; i < m_messages; ++i) {
        const crypto::Bytes answer = referenceOutput(op, inputsOf(i));
        if (i == 0) m_stride = answer.size();
        // Answers of one size (the usual case: K copies of one message) need no offsets.
        if (m_offsets.empty() && answer.size() != m_stride)
            for (std::size_t j = 0; j <= i; ++j)
                m_offsets.push_back(j * m_stride);
        m_answers.insert(m_answers.end(), answer.begin(), answer.end());
        if (!m_offsets.empty()) m_offsets.push_back(m_answers.size());
    }
}

void OutputJudge::expectCaseMessages(std::size_t messages) {
    m_messages = std::max<std::size_t>(1, messages);
    m_answers.clear();
    m_offsets.clear();
    m_stride = 0;
    m_next = 0;
}

crypto::ByteView OutputJudge::answer(std::size_t i) const {
    if (m_offsets.empty()) return crypto::ByteView(m_answers).subspan(i * m_stride, m_stride);
    return crypto::ByteView(m_answers).subspan(m_offsets[i], m_offsets[i + 1] - m_offsets[i]);
}

std::optional<std::string> OutputJudge::unjudged() const {
    if (m_next == 0) return std::nullopt;
    const std::string which =
        m_next + 1 == m_messages
            ? "message " + std::to_string(m_next) + " of " + std::to_string(m_messages) + " was"
            : "messages " + std::to_string(m_next) + ".." + std::to_string(m_messages - 1) + " of " +
                  std::to_string(m_messages) + " were";
    return "output " + std::to_string(m_count) + ": " + which + " not judged";
}

bool OutputJudge::checkMessage(std::size_t i, crypto::ByteView output) {
    if (m_messages == 0) {
        fail("output " + std::to_string(m_count + 1) + ": message " + std::to_string(i) +
             " of a run that declared no messages (expectMessages)");
        return false;
    }
    if (i == 0) {
        if (const auto missing = unjudged()) fail(*missing);
        ++m_count;
        if (m_count == 1) m_first.assign(output.begin(), output.end());
    } else if (i != m_next) {
        fail("output " + std::to_string(m_count) + ": message " + std::to_string(i) + " of " +
             std::to_string(m_messages) + " was judged in place of message " + std::to_string(m_next));
        return false;
    }
    m_next = i + 1 == m_messages ? 0 : i + 1;
    const Verdict v = m_caseJudge ? m_caseJudge(m_cases, output) : verify(output, answer(i));
    ++m_cases;
    if (!v.ok)
        fail("output " + std::to_string(m_count) + ", message " + std::to_string(i) + " of " +
             std::to_string(m_messages) + ": " + v.message);
    return v.ok;
}

std::optional<std::string> OutputJudge::failure() const {
    if (m_failure) return m_failure;
    return unjudged();
}

} // namespace rs::oracle
