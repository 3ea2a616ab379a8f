#pragma once
// Computed rows: an expression over a trace's signals (`busy && !valid`, `awaddr == 0x80`, `(a ^ b) & 0xF`)
// evaluated at every tick where one of its signals changes into a new signal of the store, named by the
// expression itself (WaveformStore::addDerivedSignal, group "computed").
//
// Grammar (C's operators and precedence, tightest first):
//   primary  := NAME | NUMBER | '(' expr ')'      NAME: a signal's store name ([A-Za-z_$.][A-Za-z0-9_$.]*,
//                                                  an optional [n] or [n:m] suffix), or any name in "double
//                                                  quotes"; NUMBER: decimal, 0x hex or 0b binary ('_'
//                                                  allowed)
//   unary    := ('!' | '~') unary | primary
//   then     + -   < > <= >=   == !=   &   ^   |   &&   ||   (left to right)
// Values are unsigned, at most 64 bits (an x or z in the file reads as 0, as everywhere in the store).
// Widths: a signal its own, a literal the bits it needs; ! && || and the comparisons give 1 bit; ~ keeps its
// operand's width; & | ^ - the wider operand's; + one bit more (at most 64). The result wraps to its width.

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief A bad expression: what was expected and where (column, 1-based; 0 when not about one place). */
class ExpressionError : public std::invalid_argument {
  public:
    ExpressionError(std::size_t column, const std::string& message);
    std::size_t column() const { return m_column; }

  private:
    std::size_t m_column;
};

/** @brief A parsed expression (immutable; copies share the tree). */
class Expression {
  public:
    struct Node;

    /** @brief Parses text; throws ExpressionError ("column 7: expected a signal name, a number or '(', found
     *  ')'"). */
    static Expression parse(std::string_view text);
    /** @brief The names it reads, each once, in order of first use. */
    const std::vector<std::string>& signalNames() const { return m_names; }
    /** @brief Where the name signalNames()[i] first appears (column, 1-based). */
    std::size_t nameColumn(std::size_t i) const { return m_columns.at(i); }
    /** @brief Its value given its names' values and widths (both in signalNames() order). */
    std::uint64_t evaluate(const std::vector<std::uint64_t>& values, const std::vector<int>& widths) const;
    /** @brief Its width in bits given the widths of its names (signalNames() order). */
    int width(const std::vector<int>& widths) const;

  private:
    std::shared_ptr<const Node> m_root;
    std::vector<std::string> m_names;
    std::vector<std::size_t> m_columns;
};

/** @brief Parses text, evaluates it over every change of its signals and adds the result to the store as a
 *  derived signal named by the trimmed text (the signal of that name when there is one: a row computed
 *  before, or an expression that is just a signal's name). Throws
 *  ExpressionError for a bad expression, an unknown signal (named, with its column) or one wider than 64
 *  bits. */
SignalId addComputedSignal(const WaveformStore& store, std::string_view text);

} // namespace rs::waveform
