#pragma once
// The saved-view file's JSON reader (internal to rs_wave; viewstatejson.cpp is its one user): rs_wave is
// Qt-free (docs/ARCHITECTURE.md), so it reads JSON itself, strictly as RFC 8259 says (no comments, no
// trailing commas, no duplicate keys, depth bounded), into a small tree; errors are ViewStateErrors that give
// the line and column.

#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/viewstate.h"

namespace rs::waveform::detail {

inline constexpr int kMaxJsonDepth = 32;

// --- reading JSON -------------------------------------------------------------------------------------

struct Json {
    enum class Type { Null, Bool, Number, String, Array, Object } type = Type::Null;
    bool boolean = false;
    std::string text; ///< a string's value, or a number's literal (converted where the schema says how)
    std::vector<Json> items;       ///< an array's values, or an object's values in the order of keys
    std::vector<std::string> keys; ///< an object's keys (no pair<string, Json>: Json is incomplete here)
};

class Reader {
  public:
    explicit Reader(std::string_view s) : m_s(s) {}

    Json document() {
        Json v = value(0);
        space();
        if (m_i != m_s.size()) fail("text after the JSON value");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        std::size_t line = 1, column = 1;
        for (std::size_t k = 0; k < m_i && k < m_s.size(); ++k, ++column)
            if (m_s[k] == '\n') {
                ++line;
                column = 0;
            }
        throw ViewStateError("wave view: line " + std::to_string(line) + ", column " +
                             std::to_string(column) + ": " + what);
    }

    void space() {
        while (m_i < m_s.size() &&
               (m_s[m_i] == ' ' || m_s[m_i] == '\t' || m_s[m_i] == '\n' || m_s[m_i] == '\r'))
            ++m_i;
    }

    bool take(char c) {
        space();
        if (m_i < m_s.size() && m_s[m_i] == c) {
            ++m_i;
            return true;
        }
        return false;
    }

    void expect(char c) {
        if (!take(c)) fail(std::string("expected '") + c + "'");
    }

    Json value(int depth) {
        if (depth > kMaxJsonDepth) fail("nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        space();
        if (m_i >= m_s.size()) fail("the text ends where a value should be");
        Json v;
        const char c = m_s[m_i];
        if (c == '{') {
            ++m_i;
            v.type = Json::Type::Object;
            if (take('}')) return v;
            do {
                space();
                std::string key = string();
                for (const std::string& k : v.keys)
                    if (k == key) fail("key \"" + key + "\" appears twice");
                expect(':');
                v.items.push_back(value(depth + 1));
                v.keys.push_back(std::move(key));
            } while (take(','));
            expect('}');
        } else if (c == '[') {
            ++m_i;
            v.type = Json::Type::Array;
            if (take(']')) return v;
            do
                v.items.push_back(value(depth + 1));
            while (take(','));
            expect(']');
        } else if (c == '"') {
            v.type = Json::Type::String;
            v.text = string();
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            v.type = Json::Type::Number;
            v.text = number();
        } else if (literal("true")) {
            v.type = Json::Type::Bool;
            v.boolean = true;
        } else if (literal("false")) {
            v.type = Json::Type::Bool;
        } else if (!literal("null")) {
            fail(std::string("unexpected character '") + c + "'");
        }
        return v;
    }

    bool literal(std::string_view word) {
        if (m_s.substr(m_i, word.size()) != word) return false;
        m_i += word.size();
        return true;
    }

    bool digits() {
        const std::size_t from = m_i;
        while (m_i < m_s.size() && m_s[m_i] >= '0' && m_s[m_i] <= '9')
            ++m_i;
        return m_i > from;
    }

    std::string number() {
        const std::size_t from = m_i;
        if (m_s[m_i] == '-') ++m_i;
        if (m_i < m_s.size() && m_s[m_i] == '0')
            ++m_i; // no leading zeros
        else if (!digits())
            fail("a number needs digits");
        if (m_i < m_s.size() && m_s[m_i] == '.') {
            ++m_i;
            if (!digits()) fail("a number needs digits after '.'");
        }
        if (m_i < m_s.size() && (m_s[m_i] == 'e' || m_s[m_i] == 'E')) {
            ++m_i;
            if (m_i < m_s.size() && (m_s[m_i] == '+' || m_s[m_i] == '-')) ++m_i;
            if (!digits()) fail("a number needs digits in its exponent");
        }
        return std::string(m_s.substr(from, m_i - from));
    }

    unsigned hex4() {
        if (m_s.size() - m_i < 4) fail("\\u needs four hex digits");
        unsigned v = 0;
        const auto [end, ec] = std::from_chars(m_s.data() + m_i, m_s.data() + m_i + 4, v, 16);
        if (ec != std::errc() || end != m_s.data() + m_i + 4) fail("\\u needs four hex digits");
        m_i += 4;
        return v;
    }

    static void utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    std::string string() {
        if (m_i >= m_s.size() || m_s[m_i] != '"') fail("expected a string in double quotes");
        ++m_i;
        std::string out;
        for (;;) {
            if (m_i >= m_s.size()) fail("a string is not closed");
            const char c = m_s[m_i++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("a control character inside a string");
            if (c != '\\') {
                out += c; // bytes >= 0x80 as they are: signal names are a file's bytes
                continue;
            }
            if (m_i >= m_s.size()) fail("a string is not closed");
            switch (const char e = m_s[m_i++]) {
            case '"':
            case '\\':
            case '/':
                out += e;
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                unsigned cp = hex4();
                if (cp >= 0xDC00 && cp <= 0xDFFF) fail("a lone low surrogate in \\u");
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (!literal("\\u")) fail("a high surrogate without its low half");
                    const unsigned low = hex4();
                    if (low < 0xDC00 || low > 0xDFFF) fail("a high surrogate without its low half");
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                utf8(out, cp);
                break;
            }
            default:
                fail(std::string("unknown escape '\\") + e + "'");
            }
        }
    }

    std::string_view m_s;
    std::size_t m_i = 0;
};

} // namespace rs::waveform::detail
