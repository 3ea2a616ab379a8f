#include "vcd.h"

#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace rs::waveform {

namespace {

class Parser {
  public:
    explicit Parser(std::istream& in) : m_in(in) {}

    WaveformStore run() {
        std::string tok;
        while (next(tok)) {
            if (tok == "$enddefinitions") {
                skipToEnd();
                break;
            }
            if (tok == "$scope") {
                std::string type, name;
                expect(type);
                expect(name);
                skipToEnd();
                m_scopes.push_back(name);
            } else if (tok == "$upscope") {
                if (m_scopes.empty()) fail("$upscope without $scope");
                m_scopes.pop_back();
                skipToEnd();
            } else if (tok == "$var") {
                parseVar();
            } else if (!tok.empty() && tok[0] == '$') {
                skipToEnd(); // $date, $version, $timescale, $comment
            } else {
                fail("unexpected '" + tok + "' in the header");
            }
        }
        Tick now = 0;
        while (next(tok)) {
            const char c = tok[0];
            if (c == '#') {
                now = parseTime(tok.substr(1));
                m_store.advance(now);
            } else if (c == '$') {
                if (tok == "$comment") skipToEnd(); // $dumpvars, $dumpall, $dumpon, $dumpoff, $end: markers
            } else if (c == 'b' || c == 'B') {
                std::string code;
                expect(code);
                set(code, now, parseBits(tok.substr(1)));
            } else if (c == 'r' || c == 'R') {
                fail("real values are not supported");
            } else if (c == '0' || c == '1' || c == 'x' || c == 'X' || c == 'z' || c == 'Z') {
                if (tok.size() < 2) fail("scalar change without an identifier");
                set(tok.substr(1), now, c == '1' ? 1 : 0);
            } else {
                fail("unexpected '" + tok + "'");
            }
        }
        return std::move(m_store);
    }

  private:
    bool next(std::string& tok) {
        while (!(m_line >> tok)) {
            std::string line;
            if (!std::getline(m_in, line)) return false;
            ++m_lineNo;
            m_line.clear();
            m_line.str(line);
        }
        return true;
    }

    void expect(std::string& tok) {
        if (!next(tok)) fail("unexpected end of file");
    }

    void skipToEnd() {
        std::string tok;
        while (next(tok))
            if (tok == "$end") return;
        fail("missing $end");
    }

    [[noreturn]] void fail(const std::string& why) const {
        throw VcdError("VCD line " + std::to_string(m_lineNo) + ": " + why);
    }

    void parseVar() {
        std::string type, width, code, name, tok;
        expect(type);
        expect(width);
        expect(code);
        expect(name);
        while (true) { // an optional bit range, then $end
            expect(tok);
            if (tok == "$end") break;
        }
        int w = 0;
        try {
            w = std::stoi(width);
        } catch (const std::exception&) {
            fail("bad width '" + width + "'");
        }
        if (w < 1 || w > 64) fail("signal " + name + " is " + width + " bits wide (at most 64)");
        std::string group;
        for (std::size_t i = 1; i < m_scopes.size(); ++i)
            group += (group.empty() ? "" : ".") + m_scopes[i];
        if (m_store.find(name)) name = group + "." + name;
        m_codes[code].push_back(m_store.addSignal(name, w, group));
    }

    Tick parseTime(const std::string& s) const {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
            fail("bad time '#" + s + "'");
        return std::stoull(s);
    }

    std::uint64_t parseBits(const std::string& s) const {
        if (s.empty()) fail("empty vector value");
        if (s.size() > 64) fail("vector value wider than 64 bits");
        std::uint64_t v = 0;
        for (char c : s) {
            if (c != '0' && c != '1' && c != 'x' && c != 'X' && c != 'z' && c != 'Z')
                fail("bad bit '" + s + "'");
            v = (v << 1) | (c == '1' ? 1u : 0u);
        }
        return v;
    }

    void set(const std::string& code, Tick now, std::uint64_t value) {
        const auto it = m_codes.find(code);
        if (it == m_codes.end()) fail("unknown identifier '" + code + "'");
        for (SignalId id : it->second)
            m_store.sample(id, now, value);
    }

    std::istream& m_in;
    std::istringstream m_line;
    int m_lineNo = 0;
    std::vector<std::string> m_scopes;
    std::map<std::string, std::vector<SignalId>> m_codes;
    WaveformStore m_store;
};

} // namespace

WaveformStore readVcd(std::istream& in) {
    return Parser(in).run();
}

WaveformStore readVcdFile(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw VcdError("cannot open VCD file " + path);
    return readVcd(f);
}

} // namespace rs::waveform
