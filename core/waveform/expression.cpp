#include "core/waveform/expression.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <limits>
#include <optional>

namespace rs::waveform {

namespace {

enum class Op {
    Name,
    Number,
    Not,
    Invert,
    Add,
    Sub,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    And,
    Xor,
    Or,
    LogicAnd,
    LogicOr
};

constexpr std::size_t kMaxDepth = 200;  ///< nesting a recursive descent takes before it refuses
constexpr std::size_t kMaxNodes = 4096; ///< names, numbers and operators in one expression

bool nameStart(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}
bool nameChar(char c) {
    return nameStart(c) || std::isdigit(static_cast<unsigned char>(c)) || c == '.';
}

std::uint64_t mask(int width) {
    return width >= 64 ? ~0ull : (1ull << width) - 1;
}

} // namespace

ExpressionError::ExpressionError(std::size_t column, const std::string& message)
    : std::invalid_argument(column > 0 ? "column " + std::to_string(column) + ": " + message : message),
      m_column(column) {}

struct Expression::Node {
    Op op = Op::Number;
    std::uint64_t value = 0; ///< Number: the literal; Name: the index in the name list
    std::shared_ptr<const Node> a, b;
};

namespace {

using NodePtr = std::shared_ptr<const Expression::Node>;

class Parser {
  public:
    Parser(std::string_view text, std::vector<std::string>& names, std::vector<std::size_t>& columns)
        : m_text(text), m_names(names), m_columns(columns) {}

    NodePtr parseAll() {
        NodePtr n = binary(0);
        skip();
        if (m_pos < m_text.size()) fail("expected an operator or the end");
        return n;
    }

  private:
    struct Level {
        std::vector<std::pair<std::string_view, Op>> ops;
    };
    // Loosest first; a longer operator is listed before its prefix ("<=" before "<", "&&" before "&").
    const std::vector<Level>& levels() const {
        static const std::vector<Level> kLevels = {
            {{{"||", Op::LogicOr}}},
            {{{"&&", Op::LogicAnd}}},
            {{{"|", Op::Or}}},
            {{{"^", Op::Xor}}},
            {{{"&", Op::And}}},
            {{{"==", Op::Eq}, {"!=", Op::Ne}}},
            {{{"<=", Op::Le}, {">=", Op::Ge}, {"<", Op::Lt}, {">", Op::Gt}}},
            {{{"+", Op::Add}, {"-", Op::Sub}}},
        };
        return kLevels;
    }

    NodePtr make(Expression::Node n) {
        if (++m_nodes > kMaxNodes)
            throw ExpressionError(m_pos + 1, "the expression has more than " + std::to_string(kMaxNodes) +
                                                 " names, numbers and operators");
        return std::make_shared<Expression::Node>(std::move(n));
    }

    [[noreturn]] void fail(const std::string& expected) const {
        std::string found = m_pos >= m_text.size() ? "the end" : "'" + std::string(1, m_text[m_pos]) + "'";
        throw ExpressionError(m_pos + 1, expected + ", found " + found);
    }
    void skip() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos])))
            ++m_pos;
    }
    bool take(std::string_view op) {
        if (m_text.substr(m_pos, op.size()) != op) return false;
        // "&" is not the start of "&&", nor "|" of "||" (those belong to the looser level).
        if ((op == "&" || op == "|") && m_pos + 1 < m_text.size() && m_text[m_pos + 1] == op[0]) return false;
        m_pos += op.size();
        return true;
    }

    NodePtr binary(std::size_t level) {
        if (level == levels().size()) return unary();
        NodePtr left = binary(level + 1);
        for (;;) {
            skip();
            bool matched = false;
            for (const auto& [text, op] : levels()[level].ops)
                if (take(text)) {
                    NodePtr right = binary(level + 1);
                    left = make(Expression::Node{op, 0, left, right});
                    matched = true;
                    break;
                }
            if (!matched) return left;
        }
    }

    NodePtr unary() {
        skip();
        if (m_pos < m_text.size() && (m_text[m_pos] == '!' || m_text[m_pos] == '~')) {
            const Op op = m_text[m_pos++] == '!' ? Op::Not : Op::Invert;
            // Unary operators and parentheses share one bound, so the recursion's depth is bounded.
            if (++m_depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth));
            NodePtr operand = unary();
            --m_depth;
            return make(Expression::Node{op, 0, operand, nullptr});
        }
        return primary();
    }

    NodePtr primary() {
        skip();
        if (m_pos >= m_text.size()) fail("expected a signal name, a number or '('");
        const char c = m_text[m_pos];
        if (c == '(') {
            if (++m_depth > kMaxDepth) fail("nesting deeper than " + std::to_string(kMaxDepth));
            ++m_pos;
            NodePtr n = binary(0);
            skip();
            if (m_pos >= m_text.size() || m_text[m_pos] != ')') fail("expected ')'");
            ++m_pos;
            --m_depth;
            return n;
        }
        if (std::isdigit(static_cast<unsigned char>(c))) return number();
        if (c == '"' || nameStart(c)) return name();
        fail("expected a signal name, a number or '('");
    }

    NodePtr number() {
        const std::size_t start = m_pos;
        int base = 10;
        if (m_text.substr(m_pos, 2) == "0x" || m_text.substr(m_pos, 2) == "0X") {
            base = 16;
            m_pos += 2;
        } else if (m_text.substr(m_pos, 2) == "0b" || m_text.substr(m_pos, 2) == "0B") {
            base = 2;
            m_pos += 2;
        }
        std::uint64_t v = 0;
        int digits = 0;
        while (m_pos < m_text.size()) {
            const char ch = static_cast<char>(std::tolower(static_cast<unsigned char>(m_text[m_pos])));
            if (ch == '_') {
                ++m_pos;
                continue;
            }
            int d = -1;
            if (ch >= '0' && ch <= '9') d = ch - '0';
            if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
            if (d < 0 || d >= base) break;
            if (v > (std::numeric_limits<std::uint64_t>::max() - static_cast<unsigned>(d)) / base)
                throw ExpressionError(start + 1, "the number does not fit in 64 bits");
            v = v * static_cast<unsigned>(base) + static_cast<unsigned>(d);
            ++digits;
            ++m_pos;
        }
        if (digits == 0)
            fail(base == 16 ? "expected hex digits after 0x" : "expected binary digits after 0b");
        if (m_pos < m_text.size() && nameChar(m_text[m_pos]))
            fail("expected a digit of base " + std::to_string(base));
        return make(Expression::Node{Op::Number, v, nullptr, nullptr});
    }

    NodePtr name() {
        const std::size_t start = m_pos;
        std::string n;
        if (m_text[m_pos] == '"') {
            const std::size_t close = m_text.find('"', m_pos + 1);
            if (close == std::string_view::npos) {
                m_pos = m_text.size();
                fail("expected the closing '\"' of the name");
            }
            n = std::string(m_text.substr(m_pos + 1, close - m_pos - 1));
            if (n.empty()) fail("expected a name between the quotes");
            m_pos = close + 1;
        } else {
            while (m_pos < m_text.size() && nameChar(m_text[m_pos]))
                ++m_pos;
            // A bus's range written into its name ("data[7:0]", "mem[3]").
            if (m_pos < m_text.size() && m_text[m_pos] == '[') {
                std::size_t p = m_pos + 1;
                while (p < m_text.size() &&
                       (std::isdigit(static_cast<unsigned char>(m_text[p])) || m_text[p] == ':'))
                    ++p;
                if (p < m_text.size() && m_text[p] == ']' && p > m_pos + 1) m_pos = p + 1;
            }
            n = std::string(m_text.substr(start, m_pos - start));
        }
        auto it = std::find(m_names.begin(), m_names.end(), n);
        if (it == m_names.end()) {
            m_names.push_back(n);
            m_columns.push_back(start + 1);
            it = m_names.end() - 1;
        }
        return make(
            Expression::Node{Op::Name, static_cast<std::uint64_t>(it - m_names.begin()), nullptr, nullptr});
    }

    std::string_view m_text;
    std::vector<std::string>& m_names;
    std::vector<std::size_t>& m_columns;
    std::size_t m_pos = 0;
    std::size_t m_depth = 0;
    std::size_t m_nodes = 0;
};

/** The node's value and (in width) its width; each result wraps to its width, so ~ and - give the bits a row
 *  of that width shows. */
std::uint64_t eval(const Expression::Node& n, const std::vector<std::uint64_t>& v, const std::vector<int>& w,
                   int& width) {
    int wa = 1, wb = 1;
    switch (n.op) {
    case Op::Name:
        width = w[n.value];
        return v.empty() ? 0 : v[n.value];
    case Op::Number:
        width = std::max(1, static_cast<int>(std::bit_width(n.value)));
        return n.value;
    case Op::Not:
        width = 1;
        return eval(*n.a, v, w, wa) == 0 ? 1 : 0;
    case Op::Invert: {
        const std::uint64_t a = eval(*n.a, v, w, width);
        return ~a & mask(width);
    }
    default:
        break;
    }
    const std::uint64_t a = eval(*n.a, v, w, wa), b = eval(*n.b, v, w, wb);
    width = 1;
    switch (n.op) {
    case Op::LogicAnd:
        return a != 0 && b != 0;
    case Op::LogicOr:
        return a != 0 || b != 0;
    case Op::Lt:
        return a < b;
    case Op::Gt:
        return a > b;
    case Op::Le:
        return a <= b;
    case Op::Ge:
        return a >= b;
    case Op::Eq:
        return a == b;
    case Op::Ne:
        return a != b;
    default:
        break;
    }
    width = std::max(wa, wb);
    switch (n.op) {
    case Op::Add:
        width = std::min(64, width + 1);
        return (a + b) & mask(width);
    case Op::Sub:
        return (a - b) & mask(width);
    case Op::And:
        return a & b;
    case Op::Xor:
        return a ^ b;
    default: // Or
        return a | b;
    }
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

} // namespace

Expression Expression::parse(std::string_view text) {
    if (trimmed(text).empty()) throw ExpressionError(0, "the expression is empty");
    Expression e;
    e.m_root = Parser(text, e.m_names, e.m_columns).parseAll();
    return e;
}

std::uint64_t Expression::evaluate(const std::vector<std::uint64_t>& values,
                                   const std::vector<int>& widths) const {
    int width = 1;
    return eval(*m_root, values, widths, width);
}

int Expression::width(const std::vector<int>& widths) const {
    int width = 1;
    eval(*m_root, {}, widths, width);
    return width;
}

SignalId addComputedSignal(const WaveformStore& store, std::string_view text) {
    const std::string name(trimmed(text));
    const Expression e = Expression::parse(text);
    const std::vector<std::string>& names = e.signalNames();
    std::vector<SignalId> ids;
    std::vector<int> widths;
    for (std::size_t i = 0; i < names.size(); ++i) {
        const auto id = store.find(names[i]);
        if (!id) throw ExpressionError(e.nameColumn(i), "no signal named '" + names[i] + "' in this trace");
        const int w = store.signal(*id).width;
        if (w > 64)
            throw ExpressionError(e.nameColumn(i),
                                  "signal '" + names[i] + "' is " + std::to_string(w) +
                                      " bits wide; an expression takes signals of up to 64 bits");
        ids.push_back(*id);
        widths.push_back(w);
    }
    if (const auto existing = store.find(name)) return *existing;
    store.load(ids);

    // Walk the changes of every signal in tick order, evaluating once per tick where any changes.
    std::vector<Change> out;
    std::vector<std::size_t> next(ids.size(), 0);
    std::vector<std::uint64_t> values(ids.size(), 0);
    Tick tick = 0;
    for (;;) {
        for (std::size_t i = 0; i < ids.size(); ++i)
            while (next[i] < store.changeCount(ids[i]) && store.change(ids[i], next[i]).tick <= tick)
                values[i] = store.change(ids[i], next[i]++).value;
        const std::uint64_t v = e.evaluate(values, widths);
        if (out.empty() || out.back().value != v) out.push_back(Change{tick, v});
        std::optional<Tick> following;
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (next[i] < store.changeCount(ids[i])) {
                const Tick t = store.change(ids[i], next[i]).tick;
                following = following ? std::min(*following, t) : t;
            }
        if (!following) break;
        tick = *following;
    }
    return store.addDerivedSignal(name, e.width(widths), out);
}

} // namespace rs::waveform
