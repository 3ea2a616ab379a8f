#pragma once
// Streams of board-protocol frames (hw/zynq/PROTOCOL.md) for the serial-line fuzz targets, their seed
// corpora and the receive-path tests: valid frames of every command and answer (right COBS, CRC and
// lengths), and the damage a line does to them: long runs without a 0x00, frames merged by a lost
// delimiter, header lengths that disagree with the body, inner lengths (AD, message, KAT records, counts)
// that disagree with the body, flipped bits and cut streams. Blind byte mutation almost never gets past
// the CRC and never builds a 4 KB line, which is why the fuzzers build their inputs from these.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

extern "C" {
#include "hw/zynq/firmware/protocol.h"
}

namespace rs::fuzz::board {

using Bytes = std::vector<std::uint8_t>;

/** A small deterministic generator (xorshift), seeded by libFuzzer's seed or a test. */
struct Rng {
    std::uint64_t s;
    explicit Rng(std::uint64_t seed) : s(seed * 0x9e3779b97f4a7c15ull + 1) {}
    std::uint32_t next() {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        return static_cast<std::uint32_t>(s >> 11);
    }
    std::uint32_t below(std::uint32_t n) { return n ? next() % n : 0; }
    bool chance(std::uint32_t oneIn) { return below(oneIn) == 0; }
    Bytes bytes(std::size_t n) {
        Bytes b(n);
        for (auto& x : b)
            x = chance(8) ? 0 : static_cast<std::uint8_t>(next()); // zeros inside exercise COBS
        return b;
    }
};

inline void put16(Bytes& b, std::uint32_t v) {
    b.push_back(static_cast<std::uint8_t>(v));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}

inline void append(Bytes& b, const Bytes& x) {
    b.insert(b.end(), x.begin(), x.end());
}

/** The payload (header, body, CRC) with the header's length field set to `len` (the body's own by default).
 */
inline Bytes payload(std::uint8_t type, std::uint16_t seq, const Bytes& body, long len = -1) {
    Bytes p{RSB_VERSION, type};
    put16(p, seq);
    put16(p, static_cast<std::uint32_t>(len < 0 ? static_cast<long>(body.size()) : len));
    append(p, body);
    const std::uint32_t crc = rsb_crc32(p.data(), p.size());
    for (int i = 0; i < 4; ++i)
        p.push_back(static_cast<std::uint8_t>(crc >> (8 * i)));
    return p;
}

/** A payload COBS-encoded, with its 0x00 delimiter, after a leading 0x00 as both sides send them. */
inline Bytes encode(const Bytes& p) {
    Bytes out(1 + p.size() + p.size() / 254 + 2, 0);
    out.resize(1 + rsb_cobs_encode(p.data(), p.size(), out.data() + 1));
    return out;
}

inline Bytes frame(std::uint8_t type, std::uint16_t seq, const Bytes& body) {
    return encode(payload(type, seq, body));
}

/** A line of n nonzero bytes: 0x01 decodes to the most output per byte (n - 1 zeros), the worst case. */
inline Bytes longLine(std::size_t n, std::uint8_t fill = 0x01) {
    return Bytes(n, fill ? fill : 0x01);
}

/** An ENCRYPT/DECRYPT request body: path, flags, AD length, message length, AD, message (and tag). */
inline Bytes cryptBody(Rng& r, bool decrypt, std::size_t ad, std::size_t len) {
    Bytes b{static_cast<std::uint8_t>(r.below(2)), static_cast<std::uint8_t>(r.chance(4))};
    put16(b, static_cast<std::uint32_t>(ad));
    put16(b, static_cast<std::uint32_t>(len));
    append(b, r.bytes(ad + len + (decrypt ? 16 : 0)));
    return b;
}

/** A KAT_BATCH request body with records of the given message lengths. */
inline Bytes katBody(Rng& r, std::uint8_t variant, const std::vector<std::size_t>& lens) {
    Bytes b{static_cast<std::uint8_t>(r.below(2)), variant};
    put16(b, static_cast<std::uint32_t>(lens.size()));
    for (const std::size_t len : lens) {
        append(b, r.bytes(32));
        const std::size_t ad = r.below(24);
        put16(b, static_cast<std::uint32_t>(ad));
        put16(b, static_cast<std::uint32_t>(len));
        append(b, r.bytes(ad + len));
    }
    return b;
}

/** A valid request body for the command `type` (bodies of unknown types are random). */
inline Bytes requestBody(Rng& r, std::uint8_t type) {
    switch (type) {
    case RSB_HELLO:
        return {RSB_VERSION};
    case RSB_PING:
        return r.bytes(r.below(300));
    case RSB_LOAD_KEY: {
        Bytes b{static_cast<std::uint8_t>(r.below(4))}; // 3 is refused
        append(b, r.bytes(16));
        return b;
    }
    case RSB_LOAD_NONCE:
        return r.bytes(16);
    case RSB_LOAD_STATE:
        return r.bytes(40);
    case RSB_ENCRYPT:
    case RSB_DECRYPT:
        return cryptBody(r, type == RSB_DECRYPT, r.below(40), r.below(r.chance(4) ? 2000 : 100));
    case RSB_KAT_BATCH: {
        std::vector<std::size_t> lens(1 + r.below(4));
        for (auto& l : lens)
            l = r.below(64);
        return katBody(r, static_cast<std::uint8_t>(r.below(3)), lens);
    }
    case RSB_BENCH: { // a few operations only: a fuzzer has no time for a benchmark
        Bytes b{static_cast<std::uint8_t>(r.below(2))};
        put16(b, r.below(200));
        put16(b, 1 + r.below(4));
        put16(b, 0);
        return b;
    }
    case RSB_INFO:
    case RSB_RESET:
    case RSB_STATS:
        return {};
    default:
        return r.bytes(r.below(16));
    }
}

/** A valid answer body to the command `type` as the firmware would send it. */
inline Bytes answerBody(Rng& r, std::uint8_t type) {
    switch (type) {
    case RSB_HELLO:
    case RSB_INFO: {
        Bytes b = r.bytes(type == RSB_HELLO ? 6 : 10);
        append(b, Bytes{'r', 'o', 'u', 'n', 'd', 's', 'c', 'o', 'p', 'e', '-', 'f', 'w', ' ', '1', '.', '0'});
        return b;
    }
    case RSB_PING:
        return r.bytes(r.below(300));
    case RSB_ENCRYPT:
        return r.bytes(12 + r.below(r.chance(4) ? 2500 : 64) + 16);
    case RSB_DECRYPT:
        return r.bytes(12 + r.below(64));
    case RSB_KAT_BATCH: {
        const std::uint32_t count = 1 + r.below(3);
        Bytes b;
        put16(b, count);
        append(b, r.bytes(8));
        for (std::uint32_t i = 0; i < count; ++i)
            append(b, r.bytes(r.below(64) + 16));
        return b;
    }
    case RSB_BENCH:
        return r.bytes(26);
    case RSB_STATS:
        return r.bytes(12);
    case RSB_ERROR: {
        Bytes b;
        put16(b, 1 + r.below(10));
        b.push_back(static_cast<std::uint8_t>(r.next()));
        append(b, Bytes{'b', 'a', 'd', ' ', 'f', 'r', 'a', 'm', 'e'});
        return b;
    }
    default: // LOAD_*, RESET
        return {};
    }
}

inline constexpr std::uint8_t kCommands[] = {
    RSB_HELLO,      RSB_INFO,    RSB_PING,    RSB_LOAD_KEY,  RSB_LOAD_NONCE,
    RSB_LOAD_STATE, RSB_ENCRYPT, RSB_DECRYPT, RSB_KAT_BATCH, RSB_BENCH,
    RSB_RESET,      RSB_STATS,   0x66};

/** A stream of valid frames: requests (what the firmware reads) or answers (what the host reads). */
inline Bytes validStream(Rng& r, bool answers, int frames) {
    Bytes s;
    for (int i = 0; i < frames; ++i) {
        const std::uint8_t cmd = kCommands[r.below(sizeof kCommands)];
        const std::uint16_t seq = static_cast<std::uint16_t>(1 + r.below(6));
        if (!answers) {
            append(s, frame(cmd, seq, requestBody(r, cmd)));
        } else if (r.chance(5)) {
            append(s, frame(RSB_ERROR, seq, answerBody(r, RSB_ERROR)));
        } else {
            append(s, frame(static_cast<std::uint8_t>(cmd | RSB_RESPONSE), seq, answerBody(r, cmd)));
        }
    }
    return s;
}

/** Where the frames of a stream are: [first, last] byte ranges of each non-empty line. */
inline std::vector<std::pair<std::size_t, std::size_t>> lines(const Bytes& s) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != 0) continue;
        if (i > start) out.emplace_back(start, i); // the line is s[start, i), its 0x00 at i
        start = i + 1;
    }
    return out;
}

/** One kind of damage, chosen by the generator, done to a stream in place. */
inline void damage(Rng& r, Bytes& s) {
    const auto ls = lines(s);
    const std::size_t at = s.empty() ? 0 : r.below(static_cast<std::uint32_t>(s.size()));
    const std::uint32_t kind = r.below(8);
    switch (kind) {
    case 0: // a long run without a 0x00: noise, or a frame whose delimiters were lost
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), 4100 + r.below(2000),
                 static_cast<std::uint8_t>(r.chance(2) ? 0x01 : 1 + r.below(255)));
        return;
    case 1: // frames merged: every 0x00 between two neighbouring frames lost
        if (ls.size() >= 2) {
            const std::size_t k = r.below(static_cast<std::uint32_t>(ls.size() - 1));
            s.erase(s.begin() + static_cast<std::ptrdiff_t>(ls[k].second),
                    s.begin() + static_cast<std::ptrdiff_t>(ls[k + 1].first));
        }
        return;
    case 2:   // a header length that disagrees with the body (the CRC right for the bytes present)
    case 3: { // an inner length (AD, message, record, count) that disagrees with the body
        if (ls.empty()) return;
        const auto [a, b] = ls[r.below(static_cast<std::uint32_t>(ls.size()))];
        Bytes p(b - a);
        const long n = rsb_cobs_decode(s.data() + a, b - a, p.data(), p.size());
        if (n < RSB_HEADER + 4) return;
        p.resize(static_cast<std::size_t>(n) - 4);
        const Bytes body(p.begin() + RSB_HEADER, p.end());
        Bytes changed = body;
        const std::uint32_t v = r.chance(3) ? 0xffff : r.below(8) == 0 ? 0 : r.below(5000);
        long len = -1;
        if (kind == 2 || body.size() < 2) {
            len = static_cast<long>(body.size()) +
                  (r.chance(2) ? 1 : -1) * (1 + static_cast<long>(r.below(40)));
            if (len < 0) len = 0;
        } else {
            const std::size_t off =
                r.below(static_cast<std::uint32_t>(std::min<std::size_t>(body.size() - 1, 40)));
            changed[off] = static_cast<std::uint8_t>(v), changed[off + 1] = static_cast<std::uint8_t>(v >> 8);
        }
        const Bytes f = encode(payload(p[1], static_cast<std::uint16_t>(p[2] | p[3] << 8), changed, len));
        // The new frame replaces the line and its delimiters (its own leading and trailing 0x00 included).
        s.erase(s.begin() + static_cast<std::ptrdiff_t>(a), s.begin() + static_cast<std::ptrdiff_t>(b));
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(a), f.begin() + 1, f.end() - 1);
        return;
    }
    case 4: // bit errors
        for (int i = 0, k = 1 + static_cast<int>(r.below(4)); i < k && !s.empty(); ++i)
            s[r.below(static_cast<std::uint32_t>(s.size()))] ^= static_cast<std::uint8_t>(1u << r.below(8));
        return;
    case 5: // cut off
        s.resize(at);
        return;
    case 6: // a frame again (a retransmission, or an answer to an earlier attempt)
        if (!ls.empty()) {
            const auto [a, b] = ls[r.below(static_cast<std::uint32_t>(ls.size()))];
            const Bytes copy(s.begin() + static_cast<std::ptrdiff_t>(a),
                             s.begin() + static_cast<std::ptrdiff_t>(b) + 1);
            s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), copy.begin(), copy.end());
        }
        return;
    default: // the delimiter of one frame turned into another byte
        if (!ls.empty()) {
            const std::size_t b = ls[r.below(static_cast<std::uint32_t>(ls.size()))].second;
            if (b < s.size()) s[b] = static_cast<std::uint8_t>(1u << r.below(8));
        }
        return;
    }
}

/** libFuzzer's own byte mutation (LLVMFuzzerMutate), passed in so this header builds without libFuzzer. */
using ByteMutator = std::size_t (*)(std::uint8_t* data, std::size_t size, std::size_t maxSize);

/** The framing-aware mutation: a fresh valid stream, damage to the stream, a frame's body mutated and the
 *  frame rebuilt with a right CRC and length (so mutations reach the command handlers), a frame added, or
 *  plain byte mutation. Returns the new size (at most maxSize). */
inline std::size_t mutate(std::uint8_t* data, std::size_t size, std::size_t maxSize, unsigned seed,
                          bool answers, ByteMutator byteMutate) {
    Rng r(seed);
    Bytes s(data, data + size);
    switch (r.below(6)) {
    case 0:
        s = validStream(r, answers, 1 + static_cast<int>(r.below(6)));
        if (r.chance(2)) damage(r, s);
        break;
    case 1:
    case 2:
        for (int i = 0, k = 1 + static_cast<int>(r.below(3)); i < k; ++i)
            damage(r, s);
        break;
    case 3: { // a frame's body mutated by libFuzzer, the frame rebuilt around it
        const auto ls = lines(s);
        if (ls.empty() || !byteMutate) break;
        const auto [a, b] = ls[r.below(static_cast<std::uint32_t>(ls.size()))];
        Bytes p(b - a);
        const long n = rsb_cobs_decode(s.data() + a, b - a, p.data(), p.size());
        if (n < RSB_HEADER + 4) break;
        Bytes body(p.begin() + RSB_HEADER, p.begin() + n - 4);
        const std::size_t room = RSB_MAX_BODY;
        const std::size_t used = body.size();
        body.resize(room);
        body.resize(byteMutate(body.data(), used, room));
        const Bytes f = encode(payload(p[1], static_cast<std::uint16_t>(p[2] | p[3] << 8), body));
        s.erase(s.begin() + static_cast<std::ptrdiff_t>(a), s.begin() + static_cast<std::ptrdiff_t>(b));
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(a), f.begin() + 1, f.end() - 1);
        break;
    }
    case 4:
        append(s, validStream(r, answers, 1));
        break;
    default:
        if (!byteMutate) break;
        s.resize(std::max(maxSize, s.size()));
        s.resize(byteMutate(s.data(), size, s.size()));
        break;
    }
    if (s.size() > maxSize) s.resize(maxSize);
    if (!s.empty()) std::memcpy(data, s.data(), s.size());
    return s.size();
}

inline std::string commandName(std::uint8_t type) {
    switch (type) {
    case RSB_HELLO:
        return "hello";
    case RSB_INFO:
        return "info";
    case RSB_PING:
        return "ping";
    case RSB_LOAD_KEY:
        return "load_key";
    case RSB_LOAD_NONCE:
        return "load_nonce";
    case RSB_LOAD_STATE:
        return "load_state";
    case RSB_ENCRYPT:
        return "encrypt";
    case RSB_DECRYPT:
        return "decrypt";
    case RSB_KAT_BATCH:
        return "kat_batch";
    case RSB_BENCH:
        return "bench";
    case RSB_RESET:
        return "reset";
    case RSB_STATS:
        return "stats";
    default:
        return "unknown";
    }
}

/** Named seed streams: every command (or answer) valid, then the two overflows and the other damage. */
inline std::vector<std::pair<std::string, Bytes>> seedStreams(bool answers) {
    std::vector<std::pair<std::string, Bytes>> out;
    Rng r(answers ? 2 : 1);
    for (const std::uint8_t cmd : kCommands) {
        const std::uint8_t t = answers ? static_cast<std::uint8_t>(cmd | RSB_RESPONSE) : cmd;
        const Bytes body = answers ? answerBody(r, cmd) : requestBody(r, cmd);
        out.emplace_back("valid_" + commandName(cmd), frame(t, 7, body));
    }
    if (answers) out.emplace_back("valid_error", frame(RSB_ERROR, 7, answerBody(r, RSB_ERROR)));
    // A session: HELLO, keys, an encryption, a KAT batch, a benchmark.
    Bytes session;
    std::uint16_t seq = 1;
    for (const std::uint8_t cmd : {RSB_HELLO, RSB_INFO, RSB_LOAD_KEY, RSB_LOAD_NONCE, RSB_ENCRYPT,
                                   RSB_DECRYPT, RSB_KAT_BATCH, RSB_LOAD_STATE, RSB_BENCH, RSB_RESET})
        append(session, answers
                            ? frame(static_cast<std::uint8_t>(cmd | RSB_RESPONSE), seq++, answerBody(r, cmd))
                            : frame(cmd, seq++, cmd == RSB_LOAD_KEY ? Bytes(17, 2) : requestBody(r, cmd)));
    out.emplace_back("session", session);
    // The firmware's overflow: a line of 4124 bytes (one more than any frame) decoding to 4123 bytes.
    Bytes over = longLine(RSB_MAX_LINE + 1);
    over.push_back(0);
    append(over, frame(answers ? RSB_PING | RSB_RESPONSE : RSB_PING, 9, Bytes{1, 2, 3}));
    out.emplace_back("overlong_4124", over);
    // The host's overflow: a 4200-byte line without a delimiter, then a good frame.
    Bytes noDelimiter = longLine(4200);
    append(noDelimiter, frame(answers ? RSB_PING | RSB_RESPONSE : RSB_PING, 9, Bytes{1, 2, 3}));
    out.emplace_back("line_4200_no_delimiter", noDelimiter);
    // Two 2.5 KB KAT answers (or requests) merged by a lost delimiter, then the retransmission.
    const Bytes big = answers ? frame(RSB_KAT_BATCH | RSB_RESPONSE, 3,
                                      [&] {
                                          Bytes b;
                                          put16(b, 1);
                                          append(b, r.bytes(8 + 2500 + 16));
                                          return b;
                                      }())
                              : frame(RSB_KAT_BATCH, 3, katBody(r, 2, {2500}));
    Bytes merged(big.begin(), big.end() - 1);
    merged.insert(merged.end(), big.begin() + 1, big.end());
    append(merged, big);
    out.emplace_back("merged_2500", merged);
    // A header length that disagrees with the body, then the same frame right.
    Bytes wrong = encode(payload(answers ? RSB_ENCRYPT | RSB_RESPONSE : RSB_PING, 4, r.bytes(40), 41));
    append(wrong, frame(answers ? RSB_ENCRYPT | RSB_RESPONSE : RSB_PING, 4, r.bytes(40)));
    out.emplace_back("header_length", wrong);
    if (!answers) { // inner lengths that disagree with the body
        Bytes inner = frame(RSB_ENCRYPT, 5, [&] {
            Bytes b = cryptBody(r, false, 10, 20);
            b[4] = 0xff; // message length 0xff14, body 36 bytes
            return b;
        }());
        append(inner, frame(RSB_KAT_BATCH, 6, [&] {
                   Bytes b = katBody(r, 0, {8, 8});
                   b[2] = 9; // nine records promised, two present
                   return b;
               }()));
        Bytes bench{1};
        put16(bench, 64);
        put16(bench, 0xffff), put16(bench, 0xffff); // more operations than any request may ask for
        append(inner, frame(RSB_BENCH, 7, bench));
        out.emplace_back("inner_lengths", inner);
    }
    return out;
}

} // namespace rs::fuzz::board
