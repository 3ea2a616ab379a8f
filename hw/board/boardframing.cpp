#include "hw/board/boardframing.h"

extern "C" {
#include "hw/zynq/firmware/protocol.h"
}

namespace rs::hw::board {

namespace {

std::string lengthProblem(const char* what, std::size_t got, std::size_t want) {
    return std::string(what) + " answer has " + std::to_string(got) + " bytes, expected " +
           std::to_string(want);
}

void requireExactly(const crypto::Bytes& a, std::size_t n, const char* what) {
    if (a.size() != n) throw BoardError(0, lengthProblem(what, a.size(), n));
}

void requireAtLeast(const crypto::Bytes& a, std::size_t n, const char* what) {
    if (a.size() < n)
        throw BoardError(0, "short answer to " + std::string(what) + ": " + std::to_string(a.size()) +
                                " bytes, at least " + std::to_string(n) + " expected");
}

} // namespace

struct FrameReader::State {
    rsb_rx rx{};
    crypto::Bytes payload = crypto::Bytes(RSB_MAX_PAYLOAD);
};

FrameReader::FrameReader() : m_state(std::make_unique<State>()) {
    rsb_rx_init(&m_state->rx);
}

FrameReader::~FrameReader() = default;

void FrameReader::push(const std::uint8_t* data, std::size_t n) {
    // Taken bytes are dropped first, so the buffer holds only what is still to be read.
    m_input.erase(m_input.begin(), m_input.begin() + static_cast<std::ptrdiff_t>(m_at));
    m_at = 0;
    m_input.insert(m_input.end(), data, data + n);
}

std::optional<ReceivedFrame> FrameReader::next() {
    rsb_rx& rx = m_state->rx;
    while (m_at < m_input.size()) {
        const int event = rsb_rx_feed(&rx, m_input[m_at++]);
        if (event == RSB_RX_OVERLONG) {
            ++m_damaged;
            ++m_overlong;
            ReceivedFrame f;
            f.error = RSB_E_BAD_FRAME;
            f.problem = "a line of " + std::to_string(rx.dropped) + " bytes, longer than any frame";
            return f;
        }
        if (event != RSB_RX_LINE) continue;
        rsb_frame parsed{};
        ReceivedFrame f;
        f.error =
            rsb_decode_frame(rx.line, rx.len, m_state->payload.data(), m_state->payload.size(), &parsed);
        f.type = parsed.type;
        f.seq = parsed.seq;
        if (f.error) {
            ++m_damaged;
            f.problem = boardErrorName(f.error);
        } else {
            f.body.assign(parsed.body, parsed.body + parsed.len);
        }
        return f;
    }
    m_input.clear();
    m_at = 0;
    return std::nullopt;
}

void FrameReader::clear() {
    m_input.clear();
    m_at = 0;
    rsb_rx_init(&m_state->rx);
}

bool FrameReader::inOverlongLine() const {
    return m_state->rx.dropped != 0 && !m_state->rx.ended;
}

Answer classifyAnswer(const ReceivedFrame& frame, std::uint8_t type, std::uint16_t seq) {
    Answer a;
    if (frame.error) {
        a.kind = Answer::Kind::Damaged;
        a.code = frame.error;
        a.text = frame.problem;
        return a;
    }
    if (frame.seq != seq) {
        a.kind = Answer::Kind::OtherRequest;
        return a;
    }
    if (frame.type == RSB_ERROR) {
        if (frame.body.size() < 3) {
            a.kind = Answer::Kind::Unexpected;
            a.text = "protocol error: " + lengthProblem("an error", frame.body.size(), 3);
            return a;
        }
        a.code = rsb_get16(frame.body.data());
        if (a.code == RSB_E_BAD_CRC || a.code == RSB_E_BAD_FRAME) {
            a.kind = Answer::Kind::DamagedRequest;
            a.text = "the board got a damaged request";
            return a;
        }
        a.kind = Answer::Kind::Refused;
        const std::string text = printableText(std::span(frame.body).subspan(3));
        a.text = boardErrorName(a.code) + (text.empty() ? "" : ": " + text);
        return a;
    }
    if (frame.type != (type | RSB_RESPONSE)) {
        a.kind = Answer::Kind::Unexpected;
        a.text = "protocol error: answer type " + std::to_string(frame.type) + " to request " +
                 std::to_string(type);
        return a;
    }
    a.kind = Answer::Kind::Body;
    a.body = frame.body;
    return a;
}

std::string boardErrorName(int code) {
    switch (code) {
    case RSB_E_BAD_FRAME:
        return "bad frame";
    case RSB_E_BAD_CRC:
        return "CRC mismatch";
    case RSB_E_UNKNOWN_COMMAND:
        return "unknown command";
    case RSB_E_BAD_LENGTH:
        return "bad length";
    case RSB_E_NO_KEY:
        return "no key loaded (was the board reset?)";
    case RSB_E_AUTH_FAIL:
        return "authentication failed";
    case RSB_E_HW_TIMEOUT:
        return "the IP did not finish";
    case RSB_E_NO_HW:
        return "no IP on the board";
    case RSB_E_BAD_VARIANT:
        return "bad variant";
    case RSB_E_BAD_VERSION:
        return "protocol version mismatch";
    default:
        return "error " + std::to_string(code);
    }
}

std::string printableText(std::span<const std::uint8_t> bytes, std::size_t max) {
    std::string out;
    for (std::size_t i = 0; i < bytes.size() && out.size() < max; ++i)
        out.push_back(bytes[i] >= 0x20 && bytes[i] < 0x7f ? static_cast<char>(bytes[i]) : '?');
    if (bytes.size() > max) out += "...";
    return out;
}

BoardHello parseHello(const crypto::Bytes& a) {
    requireAtLeast(a, 6, "HELLO");
    BoardHello h;
    h.protocol = a[0];
    h.capabilities = rsb_get32(a.data() + 1);
    h.unroll = a[5];
    h.firmware = printableText(std::span(a).subspan(6));
    return h;
}

BoardInfo parseInfo(const crypto::Bytes& a) {
    requireAtLeast(a, 10, "INFO");
    BoardInfo i;
    i.timerHz = rsb_get32(a.data());
    i.plHz = rsb_get32(a.data() + 4);
    i.unroll = a[8];
    i.ipPresent = a[9] != 0;
    i.firmware = printableText(std::span(a).subspan(10));
    // Every time the board reports is divided by this.
    if (i.timerHz == 0) throw BoardError(0, "INFO answer says the board's timer runs at 0 Hz");
    return i;
}

CryptResult parseCrypt(const crypto::Bytes& a, std::size_t outputBytes, const char* what) {
    requireExactly(a, 12 + outputBytes, what);
    return {crypto::Bytes(a.begin() + 12, a.end()), rsb_get64(a.data()), rsb_get32(a.data() + 8)};
}

BenchResult parseBench(const crypto::Bytes& a, std::uint16_t size, std::uint32_t count) {
    requireExactly(a, 26, "BENCH");
    BenchResult r;
    r.ticks = rsb_get64(a.data());
    r.timerHz = rsb_get32(a.data() + 8);
    r.ipCycles = rsb_get64(a.data() + 12);
    r.count = rsb_get32(a.data() + 20);
    r.size = rsb_get16(a.data() + 24);
    if (r.count != count || r.size != size)
        throw BoardError(0, "BENCH answer is for " + std::to_string(r.count) + " messages of " +
                                std::to_string(r.size) + " bytes, " + std::to_string(count) + " of " +
                                std::to_string(size) + " were asked for");
    return r;
}

BoardStats parseStats(const crypto::Bytes& a) {
    requireExactly(a, 12, "STATS");
    BoardStats s{rsb_get32(a.data()), rsb_get32(a.data() + 4), rsb_get32(a.data() + 8)};
    if (s.stackUsed > s.stackSize)
        throw BoardError(0, "STATS answer: a stack high-water mark of " + std::to_string(s.stackUsed) +
                                " bytes in a stack of " + std::to_string(s.stackSize));
    return s;
}

KatBatchAnswer parseKatBatch(const crypto::Bytes& a, std::span<const std::size_t> messageBytes) {
    std::size_t want = 10;
    for (const std::size_t m : messageBytes)
        want += m + 16;
    requireExactly(a, want, "KAT_BATCH");
    if (rsb_get16(a.data()) != messageBytes.size())
        throw BoardError(0, "KAT_BATCH answer counts " + std::to_string(rsb_get16(a.data())) + " records, " +
                                std::to_string(messageBytes.size()) + " were sent");
    KatBatchAnswer out;
    out.ticks = rsb_get64(a.data() + 2);
    std::size_t at = 10;
    for (const std::size_t m : messageBytes) {
        out.outputs.emplace_back(a.begin() + static_cast<std::ptrdiff_t>(at),
                                 a.begin() + static_cast<std::ptrdiff_t>(at + m + 16));
        at += m + 16;
    }
    return out;
}

void parseEmpty(const crypto::Bytes& a, const char* what) {
    requireExactly(a, 0, what);
}

} // namespace rs::hw::board
