#pragma once
// What the host reads off the serial line, without the port: frames out of a byte stream (FrameReader)
// and answers out of frames (classifyAnswer, the parse* functions). Plain C++ over the shared framing in
// hw/zynq/firmware/protocol.c, so it can be tested and fuzzed on bytes alone. Nothing here trusts the
// line: every length is checked against the bytes present and the command asked, memory is bounded by one
// frame, and what does not add up is a damaged frame (retried) or a BoardError (a clear error).

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"

namespace rs::hw::board {

/** @brief A failed request: `code` is the board's error code (hw/zynq/firmware/protocol.h), or 0 for the
 *  line (timeouts, disconnects, damaged frames after every retry, answers that do not fit the command). */
class BoardError : public std::runtime_error {
  public:
    BoardError(int code, const std::string& what) : std::runtime_error(what), m_code(code) {}
    int code() const { return m_code; }

  private:
    int m_code;
};

struct BoardHello {
    int protocol = 0;
    std::uint32_t capabilities = 0;
    int unroll = 0; ///< the IP's rounds per clock, 0 without the IP
    std::string firmware;
    bool hasHardware() const { return capabilities & 1u; }
};

struct BoardInfo {
    std::uint32_t timerHz = 0, plHz = 0;
    int unroll = 0;
    bool ipPresent = false;
    std::string firmware;
};

struct CryptResult {
    crypto::Bytes output; ///< ciphertext‖tag, or the plaintext
    std::uint64_t ticks = 0;
    std::uint32_t ipCycles = 0;
};

struct BenchResult {
    std::uint64_t ticks = 0, ipCycles = 0;
    std::uint32_t timerHz = 0, count = 0, size = 0;
    double seconds() const { return timerHz ? static_cast<double>(ticks) / timerHz : 0; }
};

/** @brief STATS: the firmware's SVC stack and its high-water mark (0 and 0: not measured there), and the
 *  paths the build has. */
struct BoardStats {
    std::uint32_t stackSize = 0, stackUsed = 0, paths = 0;
    bool measured() const { return stackSize > 0; }
};

struct KatBatchAnswer {
    std::uint64_t ticks = 0;
    std::vector<crypto::Bytes> outputs; ///< per record, ciphertext‖tag
};

/** @brief One line off the wire: a frame that decoded and parsed (error 0), or a damaged one. */
struct ReceivedFrame {
    int error = 0;       ///< 0, or the rsb_error that says what was wrong (BAD_FRAME, BAD_CRC, ...)
    std::string problem; ///< for a damaged line, what was wrong, in words
    std::uint8_t type = 0;
    std::uint16_t seq = 0;
    crypto::Bytes body;
};

/** @brief Splits a byte stream into frames. Holds at most the bytes pushed and not yet taken plus one
 *  frame's line; a line longer than any frame is dropped up to the next 0x00 and reported once, as damage. */
class FrameReader {
  public:
    FrameReader();
    ~FrameReader();
    FrameReader(const FrameReader&) = delete;
    FrameReader& operator=(const FrameReader&) = delete;

    /** @brief Bytes received; take the frames with next() before pushing more. */
    void push(const std::uint8_t* data, std::size_t n);
    /** @brief The next complete line, decoded; nothing while the pushed bytes end inside a line. */
    std::optional<ReceivedFrame> next();
    /** @brief Forgets everything pushed and the line in progress. */
    void clear();
    /** @brief Whether the line in progress is already longer than any frame (being dropped). */
    bool inOverlongLine() const;
    /** @brief Damaged lines so far (over-long ones included), and over-long ones alone. */
    std::size_t damagedLines() const { return m_damaged; }
    std::size_t overlongLines() const { return m_overlong; }

  private:
    struct State;
    std::unique_ptr<State> m_state;
    crypto::Bytes m_input;
    std::size_t m_at = 0;
    std::size_t m_damaged = 0, m_overlong = 0;
};

/** @brief What an answer frame means for the request (type, seq) waiting for it. */
struct Answer {
    enum class Kind {
        Damaged,        ///< the line was damaged: ask again
        OtherRequest,   ///< an answer to another request (an earlier attempt's): skip it
        DamagedRequest, ///< the board got our request damaged (BAD_CRC, BAD_FRAME): ask again
        Refused,        ///< the board's error answer: `code`, `text`
        Unexpected,     ///< a well-formed frame that is no answer to this request: `text`
        Body            ///< the answer: `body`
    };
    Kind kind = Kind::Damaged;
    int code = 0;
    std::string text;
    crypto::Bytes body;
};

/** @brief Classifies a received frame for the request of `type` and `seq`. */
Answer classifyAnswer(const ReceivedFrame& frame, std::uint8_t type, std::uint16_t seq);

/** @brief The board's error code in words ("CRC mismatch", "no key loaded (...)"). */
std::string boardErrorName(int code);
/** @brief Text from the board, made printable (other bytes as '?') and at most `max` characters. */
std::string printableText(std::span<const std::uint8_t> bytes, std::size_t max = 128);

// The answer bodies, each checked against what was asked: exact lengths where the command fixes them.
// A body that does not fit is BoardError(0, "... answer has N bytes, expected M").

/** @brief HELLO: version, capabilities, unroll, firmware name. */
BoardHello parseHello(const crypto::Bytes& a);
/** @brief INFO: timer Hz (never 0), PL Hz, unroll, IP present, firmware name. */
BoardInfo parseInfo(const crypto::Bytes& a);
/** @brief ENCRYPT (outputBytes = message + 16) or DECRYPT (outputBytes = ciphertext). */
CryptResult parseCrypt(const crypto::Bytes& a, std::size_t outputBytes, const char* what);
/** @brief BENCH, which must echo the size and count asked for. */
BenchResult parseBench(const crypto::Bytes& a, std::uint16_t size, std::uint32_t count);
/** @brief STATS: exactly 12 bytes, and a high-water mark within the stack. */
BoardStats parseStats(const crypto::Bytes& a);
/** @brief KAT_BATCH for records of these message lengths: the count, ticks, then message + 16 bytes each. */
KatBatchAnswer parseKatBatch(const crypto::Bytes& a, std::span<const std::size_t> messageBytes);
/** @brief The commands whose answer is empty (LOAD_KEY, LOAD_NONCE, LOAD_STATE, RESET). */
void parseEmpty(const crypto::Bytes& a, const char* what);

} // namespace rs::hw::board
