#include "core/waveform/vcd.h"

#include "core/waveform/vcdparse.h"

#include "core/waveform/bitstring.h"
#include "core/waveform/signalnames.h"

#include "core/fileio/safefile.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <unistd.h>

namespace rs::waveform {

namespace {

constexpr std::size_t kBlockSize = 256 * 1024; ///< bytes per read, and per progress report
constexpr std::size_t kMaxToken = 80 * 1024;   ///< a longer word means the file is not VCD
constexpr std::uint64_t kSignalBytes = 256;    ///< what a signal costs besides its changes, roughly
constexpr std::size_t kMaxWords = 256;         ///< words of one header command before its $end
constexpr std::size_t kSlack = 16;             ///< a separator after the data, and 8-byte loads

/** @brief A word of a message: at most 32 characters, non-printable bytes as \xNN. */
std::string shown(std::string_view s) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string q = "'";
    for (std::size_t i = 0; i < s.size() && i < 32; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c < 0x7f) {
            q.push_back(static_cast<char>(c));
        } else {
            q += "\\x";
            q.push_back(kHex[c >> 4]);
            q.push_back(kHex[c & 15]);
        }
    }
    if (s.size() > 32) q += "...";
    return q + "'";
}

[[noreturn]] void failAt(std::uint64_t line, const std::string& why) {
    throw VcdError("VCD line " + std::to_string(line) + ": " + why);
}

/** Splits the input into words, reading it in big blocks. A word is a run of bytes above ' ';
 *  every control character separates words, and only '\n' counts lines. */
class Tokenizer {
  public:
    Tokenizer(std::istream& in, std::uint64_t totalBytes, WaveformProgress progress)
        : m_in(in), m_total(totalBytes), m_progress(std::move(progress)),
          m_buf(std::make_unique<char[]>(kBlockSize + kMaxToken + kSlack)) {
        m_buf[0] = ' ';
    }

    /** @brief The next word, valid until the following call; false at the end of the input. */
    bool next(std::string_view& word) {
        for (;;) { // skip separators
            while (m_pos < m_end) {
                const char c = m_buf[m_pos];
                if (static_cast<unsigned char>(c) > ' ') goto found;
                m_line += c == '\n';
                ++m_pos;
            }
            if (!fill(m_end)) return false;
        }
    found:
        m_wordLine = m_line;
        std::size_t start = m_pos, p = m_pos;
        for (;;) {
            p = wordEnd(p);
            if (p < m_end) break;
            // The word reaches the end of the block: keep it and read on.
            if (p - start > kMaxToken) failAt(m_wordLine, "a word longer than 80 KiB (not a VCD file?)");
            const std::size_t kept = p - start;
            const bool more = fill(start);
            start = 0;
            p = kept;
            if (!more) {
                m_partial = true; // no separator after it: the file ends inside this word
                break;
            }
        }
        word = std::string_view(m_buf.get() + start, p - start);
        m_pos = p;
        return true;
    }

    /** @brief Line of the last word returned (1 before any). */
    std::uint64_t line() const { return m_wordLine; }
    /** @brief True when the last word returned ends the input without a separator after it: a file
     *  cut off in the middle of a line (every VCD writer ends its lines). */
    bool partial() const { return m_partial; }

  private:
    /** The first separator at or after p, eight bytes at a time: a byte below 0x21 sets its top
     *  bit in (w - 0x21..) & ~w & 0x80.. (higher bytes may be false hits, the lowest is exact).
     *  The separator written after the data stops it; the slack behind it keeps loads in bounds. */
    std::size_t wordEnd(std::size_t p) const {
        constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
        for (;; p += 8) {
            std::uint64_t w;
            std::memcpy(&w, m_buf.get() + p, 8);
            if constexpr (std::endian::native != std::endian::little) w = byteswap(w);
            const std::uint64_t hit = (w - 0x21 * kOnes) & ~w & kHigh;
            if (hit) return p + static_cast<std::size_t>(std::countr_zero(hit)) / 8;
        }
    }

    static std::uint64_t byteswap(std::uint64_t w) {
        std::uint64_t r = 0;
        for (int i = 0; i < 8; ++i, w >>= 8)
            r = (r << 8) | (w & 0xff);
        return r;
    }

    /** Moves [keep, end) to the front and appends the next block; false when nothing was read. */
    bool fill(std::size_t keep) {
        const std::size_t kept = m_end - keep;
        if (kept > 0 && keep > 0) std::memmove(m_buf.get(), m_buf.get() + keep, kept);
        m_pos = 0;
        m_end = kept;
        m_in.read(m_buf.get() + kept, static_cast<std::streamsize>(kBlockSize));
        const auto got = static_cast<std::size_t>(m_in.gcount());
        if (m_in.bad()) failAt(m_line, "read error");
        m_end += got;
        m_buf[m_end] = ' '; // stops wordEnd()
        if (got == 0) return false;
        m_read += got;
        if (m_progress && m_total > 0 &&
            !m_progress(std::min(1.0, static_cast<double>(m_read) / static_cast<double>(m_total))))
            throw WaveformCancelled();
        return true;
    }

    std::istream& m_in;
    std::uint64_t m_total;
    WaveformProgress m_progress;
    std::unique_ptr<char[]> m_buf;
    std::size_t m_pos = 0, m_end = 0;
    std::uint64_t m_read = 0;
    std::uint64_t m_line = 1, m_wordLine = 1;
    bool m_partial = false;
};

struct StringHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

/** The signals behind one identifier code (several when the file declares aliases). */
struct Slot {
    std::vector<SignalId> ids;
    int width = 1;       ///< the widest of them: a longer value is an error
    bool valued = false; ///< a known value was seen; x/z before it store nothing
    std::string name;    ///< the first signal's name, for messages
};

/** What the reader learns at the end of a file that was cut off. */
struct Cut {
    bool stepComplete = false; ///< the cut came in the next '#', so the step in progress is whole
    std::string detail;
};

class Parser {
  public:
    Parser(std::istream& in, std::uint64_t totalBytes, WaveformProgress progress, const ReadLimits& limits,
           WaveformStore& table, detail::VcdSink& sink)
        : m_tok(in, totalBytes, std::move(progress)), m_limits(limits), m_table(table), m_sink(sink),
          m_shortCodes(1u << 16, 0) {}

    void run() {
        parseHeader();
        m_sink.definitions(m_table);
        parseBody();
    }

  private:
    [[noreturn]] void fail(const std::string& why) const { failAt(m_tok.line(), why); }

    void parseHeader() {
        std::string_view tok;
        bool any = false;
        while (true) {
            if (!m_tok.next(tok)) {
                if (!any) fail("empty file (no VCD header)");
                fail("the header ends without $enddefinitions");
            }
            any = true;
            if (tok == "$enddefinitions") {
                words("$enddefinitions");
                return;
            } else if (tok == "$scope") {
                const auto w = words("$scope");
                if (w.size() < 2) fail("$scope needs a type and a name");
                m_namer.enter(w[1]);
            } else if (tok == "$upscope") {
                if (!m_namer.leave()) fail("$upscope without $scope");
                words("$upscope");
            } else if (tok == "$var") {
                parseVar();
            } else if (tok == "$timescale") {
                const std::uint64_t line = m_tok.line();
                std::string text;
                for (const std::string& w : words("$timescale"))
                    text += w;
                const auto seconds = parseTimescale(text);
                if (!seconds)
                    failAt(line, "bad timescale " + shown(text) + " (1, 10 or 100 s, ms, us, ns, ps, fs)");
                m_table.setTickSeconds(*seconds);
            } else if (tok[0] == '$') {
                skipText(tok); // $date, $version, $comment and extensions: free text up to $end
            } else {
                fail("unexpected " + shown(tok) + " in the header");
            }
        }
    }

    /** The words of a header command up to its $end; another keyword first is a missing $end. */
    std::vector<std::string> words(std::string_view keyword) {
        const std::uint64_t line = m_tok.line();
        std::vector<std::string> out;
        std::string_view tok;
        while (true) {
            if (!m_tok.next(tok)) failAt(line, std::string(keyword) + " has no $end (end of file)");
            if (tok == "$end") return out;
            if (tok[0] == '$' || out.size() == kMaxWords)
                failAt(line, std::string(keyword) + " has no $end (found " + shown(tok) + " on line " +
                                 std::to_string(m_tok.line()) + ")");
            out.emplace_back(tok);
        }
    }

    /** Skips free text up to $end ($comment, $date, $version). */
    void skipText(std::string_view keyword) {
        const std::uint64_t line = m_tok.line();
        const std::string name(keyword);
        std::string_view tok;
        while (m_tok.next(tok))
            if (tok == "$end") return;
        failAt(line, name + " has no $end (end of file)");
    }

    /** $var type width code reference [range] $end. The identifier code is any printable ASCII
     *  ('!'..'~'), '$' included (Verilator and fst2vcd hand out "$" to ordinary signals), so the third
     *  word is taken as it is; only "$end" there ends the command. */
    std::vector<std::string> varWords() {
        const std::uint64_t line = m_tok.line();
        std::vector<std::string> out;
        std::string_view tok;
        while (true) {
            if (!m_tok.next(tok)) failAt(line, "$var has no $end (end of file)");
            if (tok == "$end") return out;
            if ((tok[0] == '$' && out.size() != 2) || out.size() == kMaxWords)
                failAt(line, "$var has no $end (found " + shown(tok) + " on line " +
                                 std::to_string(m_tok.line()) + ")");
            out.emplace_back(tok);
        }
    }

    void parseVar() {
        const std::uint64_t line = m_tok.line();
        const auto w = varWords();
        if (w.size() < 4) failAt(line, "$var needs a type, a width, an identifier code and a name");
        const std::string &type = w[0], &width = w[1], &code = w[2];
        const std::string& reference = w[3];
        if (type == "real" || type == "realtime" || type == "shortreal" || type == "string")
            failAt(line, "signal " + reference + " is a " + type + " variable (not supported)");
        if (width.empty() || width.size() > 6 || width.find_first_not_of("0123456789") != std::string::npos)
            failAt(line, "bad width " + shown(width));
        const int bits = std::stoi(width);
        if (bits < 1 || bits > WaveformStore::kMaxWidth)
            failAt(line, "signal " + reference + " is " + width + " bits wide (at most " +
                             std::to_string(WaveformStore::kMaxWidth) + ")");
        const auto name = m_namer.name(reference);
        if (!name) failAt(line, "duplicate signal " + shown(reference));
        SignalId id = 0;
        try {
            id = m_table.addSignal(*name, bits, m_namer.group());
        } catch (const std::invalid_argument& e) {
            failAt(line, e.what());
        }
        m_heldBytes += kSignalBytes;
        if (m_heldBytes > m_limits.maxBytes) failAt(line, tooMuch());
        Slot* s = slot(code);
        if (!s) {
            m_slots.emplace_back();
            s = &m_slots.back();
            s->width = bits;
            s->name = *name;
            const std::size_t index = m_slots.size(); // stored + 1: 0 means none
            if (code.size() <= 2)
                m_shortCodes[shortKey(code)] = static_cast<std::uint32_t>(index);
            else
                m_longCodes.emplace(code, index);
        }
        s->ids.push_back(id);
        s->width = std::max(s->width, bits);
    }

    std::string tooMuch() const {
        return "the file holds more than the reader's limit of " + std::to_string(m_limits.maxBytes >> 20) +
               " MiB of signals and changes";
    }

    /** One- and two-character codes index a table directly (code bytes are above ' ', so the
     *  two ranges do not overlap); longer ones go through a hash map. */
    static std::size_t shortKey(std::string_view code) {
        const auto c0 = static_cast<unsigned char>(code[0]);
        return code.size() == 1 ? c0 : (std::size_t{c0} << 8) | static_cast<unsigned char>(code[1]);
    }

    Slot* slot(std::string_view code) {
        std::size_t index = 0;
        if (code.size() <= 2) {
            index = m_shortCodes[shortKey(code)];
        } else {
            const auto it = m_longCodes.find(code);
            if (it != m_longCodes.end()) index = it->second;
        }
        return index == 0 ? nullptr : &m_slots[index - 1];
    }

    Slot& known(std::string_view code) {
        Slot* s = slot(code);
        if (!s) fail("unknown identifier " + shown(code));
        return *s;
    }

    void parseBody() {
        Tick now = 0;
        std::string_view tok;
        const auto cutAt = [&](Cut cut) {
            // A killed simulation leaves the time step it was writing incomplete: keep the steps before it.
            const Tick end = cut.stepComplete ? now + 1 : now;
            m_sink.truncate(end);
            m_table.setTruncation(Truncation{end, m_tok.line(), std::move(cut.detail)});
        };
        const Cut midLine{false, "the file ends in the middle of a line"};
        while (m_tok.next(tok)) {
            if (m_tok.partial()) return cutAt(Cut{tok[0] == '#', midLine.detail});
            switch (tok[0]) {
            case '#': {
                const Tick t = parseTime(tok);
                if (t < now)
                    fail("time #" + std::to_string(t) + " goes back (after #" + std::to_string(now) + ")");
                now = t;
                m_sink.advance(now);
                if (m_sink.heldBytes() + m_heldBytes > m_limits.maxBytes) fail(tooMuch());
                break;
            }
            case 'b':
            case 'B': {
                // The next word may refill the buffer under tok: keep the value's text first.
                m_value.assign(tok);
                const std::string_view value = m_value;
                std::string_view code;
                if (!m_tok.next(code))
                    return cutAt(Cut{false, "the file ends between a value and its identifier code"});
                if (m_tok.partial()) return cutAt(midLine);
                Slot& s = known(code);
                vector(s, value, now);
                break;
            }
            case 'r':
            case 'R':
                fail("real values are not supported");
            case '0':
            case '1':
            case 'x':
            case 'X':
            case 'z':
            case 'Z':
                if (tok.size() < 2) fail("scalar change without an identifier");
                set(known(tok.substr(1)), now, tok[0] == '1' ? 1 : 0, tok[0] != '0' && tok[0] != '1');
                break;
            case '$':
                // $dumpvars, $dumpall, $dumpon, $dumpoff and $end only mark blocks.
                if (tok == "$comment" && !skipBodyComment())
                    return cutAt(Cut{false, "the file ends inside a $comment"});
                break;
            default:
                fail("unexpected " + shown(tok));
            }
        }
    }

    /** Skips a $comment in the value section; false when the file ends first. */
    bool skipBodyComment() {
        std::string_view tok;
        while (m_tok.next(tok))
            if (tok == "$end" && !m_tok.partial()) return true;
        return false;
    }

    Tick parseTime(std::string_view tok) const {
        if (tok.size() < 2) fail("bad time " + shown(tok));
        Tick t = 0;
        for (std::size_t i = 1; i < tok.size(); ++i) {
            const unsigned d = static_cast<unsigned char>(tok[i]) - '0';
            if (d > 9) fail("bad time " + shown(tok));
            if (t > (~Tick{0} - d) / 10) fail("time " + shown(tok) + " is too large");
            t = t * 10 + d;
        }
        return t;
    }

    /** A vector value ("b0101", x and z as 0) for a slot: at most the slot's width in digits. */
    void vector(Slot& s, std::string_view tok, Tick now) {
        const std::string_view digits = tok.substr(1);
        if (digits.empty()) fail("empty vector value");
        if (digits.size() > static_cast<std::size_t>(s.width))
            fail("a " + std::to_string(digits.size()) + "-bit value for the " + std::to_string(s.width) +
                 "-bit signal " + s.name);
        if (digits.size() <= 64) {
            std::uint64_t v = 0;
            if (detail::parseBinary(digits.data(), digits.size(), v)) return set(s, now, v, false);
            std::size_t xz = 0;
            v = slowBits(tok, digits, xz);
            return set(s, now, v, xz == digits.size());
        }
        // Wider than 64 bits: 64 digits per word from the least significant end.
        m_words.assign(WaveformStore::wordCount(s.width), 0);
        std::size_t xz = 0;
        for (std::size_t k = 0, end = digits.size(); end > 0; ++k) {
            const std::size_t begin = end > 64 ? end - 64 : 0;
            const std::string_view group = digits.substr(begin, end - begin);
            if (!detail::parseBinary(group.data(), group.size(), m_words[k]))
                m_words[k] = slowBits(tok, group, xz);
            end = begin;
        }
        const bool unknown = xz == digits.size();
        if (unknown && !s.valued) return;
        s.valued = true;
        for (SignalId id : s.ids)
            m_sink.sampleWords(id, now, m_words);
    }

    /** Up to 64 digits with x and z as 0, counting them in xz; a bad digit is an error naming tok. */
    std::uint64_t slowBits(std::string_view tok, std::string_view digits, std::size_t& xz) const {
        std::uint64_t v = 0;
        for (const char c : digits) {
            if (c == '0' || c == '1') {
                v = (v << 1) | static_cast<std::uint64_t>(c - '0');
            } else if (c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
                v <<= 1;
                ++xz;
            } else {
                fail("bad bit in " + shown(tok));
            }
        }
        return v;
    }

    void set(Slot& s, Tick now, std::uint64_t value, bool unknown) {
        if (unknown && !s.valued) return; // x before any value: the store reads 0 there already
        s.valued = true;
        for (SignalId id : s.ids)
            m_sink.sample(id, now, value);
    }

    Tokenizer m_tok;
    ReadLimits m_limits;
    WaveformStore& m_table; ///< the signal table (and, read into a store, the changes too)
    detail::VcdSink& m_sink;
    detail::SignalNamer m_namer;
    std::uint64_t m_heldBytes = 0;      ///< what the signals cost besides their changes
    std::vector<std::uint64_t> m_words; ///< a wide value being parsed
    std::string m_value;                ///< the text of a vector value while its code is read
    std::vector<Slot> m_slots;
    std::vector<std::uint32_t> m_shortCodes; ///< shortKey(code) -> slot index + 1
    std::unordered_map<std::string, std::size_t, StringHash, std::equal_to<>> m_longCodes;
};

/** The changes into the store that holds the signal table: readVcd(). */
class StoreSink final : public detail::VcdSink {
  public:
    explicit StoreSink(WaveformStore& store) : m_store(store) {}
    void definitions(const WaveformStore&) override {}
    void sample(SignalId id, Tick tick, std::uint64_t value) override { m_store.sample(id, tick, value); }
    void sampleWords(SignalId id, Tick tick, Words words) override { m_store.sampleWords(id, tick, words); }
    void advance(Tick end) override { m_store.advance(end); }
    void truncate(Tick end) override { m_store.truncate(end); }
    std::uint64_t heldBytes() const override { return m_store.changeBytes(); }

  private:
    WaveformStore& m_store;
};

WaveformStore readInto(std::istream& in, std::uint64_t totalBytes, const WaveformProgress& progress,
                       const ReadLimits& limits) {
    WaveformStore store;
    StoreSink sink(store);
    detail::parseVcd(in, totalBytes, progress, limits, store, sink);
    return store;
}

} // namespace

namespace detail {

void parseVcd(std::istream& in, std::uint64_t totalBytes, const WaveformProgress& progress,
              const ReadLimits& limits, WaveformStore& table, VcdSink& sink) {
    Parser(in, totalBytes, progress, limits, table, sink).run();
}

int openVcdFile(const std::string& path, std::uint64_t& size) {
    try {
        // A device (/dev/zero), a FIFO or a directory is refused before a byte is read; the parser caps
        // what it holds (limits.maxBytes), so the file is streamed, not read whole.
        return fileio::openRegularFile(path, "VCD file", size);
    } catch (const fileio::FileError& e) {
        throw VcdError(e.what());
    }
}

} // namespace detail

WaveformStore readVcd(std::istream& in, const ReadLimits& limits) {
    return readInto(in, 0, {}, limits);
}

WaveformStore readVcdFile(const std::string& path, const WaveformProgress& progress,
                          const ReadLimits& limits) {
    std::uint64_t size = 0;
    int fd = detail::openVcdFile(path, size);
    const std::unique_ptr<int, void (*)(int*)> closer(&fd, [](int* d) { ::close(*d); });
    fileio::DescriptorStream f(fd);
    return readInto(f, size, progress, limits);
}

} // namespace rs::waveform
