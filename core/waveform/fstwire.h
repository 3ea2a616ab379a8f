#pragma once
// The records a child running the FST library sends its parent (internal to rs_wave). The child is
// not trusted: every record is read by WireIn, which checks each length against what it can be and
// throws WireError on anything else, and the parent checks every value (handles, widths, times).
//
// A record is a tag byte and fixed fields, little-endian; a string is a u32 length and its bytes.
//   'F' file:      i8 timescale exponent, u64 start time, u64 end time, u32 max handle
//   'S' scope:     string name                  'U' upscope
//   'V' variable:  u32 handle, u32 bits, u8 kind (VarKind), u8 alias, string name
//   'E' enum table: u64 id, u32 count, count x (string value bits, string name)
//   'R' enum reference for the next variable: u64 id
//   'Z' end of the hierarchy
//   'T' time:      u64 time                     'C' change: u32 handle, u8 known, ceil(bits/8) bytes
//   'D' done:      u64 changes sent             'X' error: string message
// 'C' carries the value least significant byte first; its length follows from the handle's width,
// which the parent knows from the hierarchy it read earlier, never from the child.

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/waveform/guardedchild.h"

namespace rs::waveform::detail {

enum class VarKind : std::uint8_t { Bits = 0, Real = 1, String = 2 };

inline constexpr std::uint32_t kMaxWireString = 1u << 20; ///< names, enum texts, messages

/** @brief A record the child sent that cannot be what it claims. */
class WireError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief The error for a record the parent does not expect where it came. */
inline WireError unknownRecord(char tag) {
    return WireError("unknown record " + std::to_string(static_cast<unsigned char>(tag)));
}

/** @brief The child's side: records into the pipe. */
class WireOut {
  public:
    explicit WireOut(PipeOut& out) : m_out(out) {}
    void tag(char t) { m_out.put(&t, 1); }
    void u8(std::uint8_t v) { m_out.put(&v, 1); }
    void u32(std::uint32_t v) { le(v, 4); }
    void u64(std::uint64_t v) { le(v, 8); }
    void str(std::string_view s) {
        const auto n = static_cast<std::uint32_t>(std::min<std::size_t>(s.size(), kMaxWireString));
        u32(n);
        m_out.put(s.data(), n);
    }
    void bytes(const void* p, std::size_t n) { m_out.put(p, n); }
    void flush() { m_out.flush(); }

  private:
    void le(std::uint64_t v, int n) {
        unsigned char b[8];
        for (int i = 0; i < n; ++i, v >>= 8)
            b[i] = static_cast<unsigned char>(v & 0xff);
        m_out.put(b, static_cast<std::size_t>(n));
    }
    PipeOut& m_out;
};

/** @brief The parent's side: a cursor over the bytes received so far. Each read throws Incomplete
 *  when the record is not all there yet (the caller rewinds to the record's start and waits). */
class WireIn {
  public:
    struct Incomplete {};

    explicit WireIn(std::string_view bytes) : m_bytes(bytes) {}
    std::size_t pos() const { return m_pos; }
    bool atEnd() const { return m_pos == m_bytes.size(); }

    char tag() { return static_cast<char>(u8()); }
    std::uint8_t u8() { return static_cast<std::uint8_t>(take(1)[0]); }
    std::uint32_t u32() { return static_cast<std::uint32_t>(le(4)); }
    std::uint64_t u64() { return le(8); }
    std::string_view str() {
        const std::uint32_t n = u32();
        if (n > kMaxWireString) throw WireError("a string of " + std::to_string(n) + " bytes");
        return take(n);
    }
    std::string_view take(std::size_t n) {
        if (m_bytes.size() - m_pos < n) throw Incomplete{};
        const std::string_view s = m_bytes.substr(m_pos, n);
        m_pos += n;
        return s;
    }

  private:
    std::uint64_t le(int n) {
        const std::string_view b = take(static_cast<std::size_t>(n));
        std::uint64_t v = 0;
        for (int i = n - 1; i >= 0; --i)
            v = (v << 8) | static_cast<unsigned char>(b[static_cast<std::size_t>(i)]);
        return v;
    }
    std::string_view m_bytes;
    std::size_t m_pos = 0;
};

} // namespace rs::waveform::detail
