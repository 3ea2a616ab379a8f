#pragma once
// A view row's values as text: the ONE formatter of a row value (hex, unsigned and signed decimal,
// binary, ASCII, a signal's own value names, a mapping file's enum names), used by the GUI's painter and
// name column and by anything else that prints a row value; a row's width and value at a tick for rows
// made of bit slices; its title; and the enum mapping file (value -> name). Plain C++.
//
// The enum mapping file: UTF-8 text, one mapping a line, `VALUE NAME`: VALUE is decimal, 0x hex or 0b
// binary ('_' allowed between digits), NAME the rest of the line (trimmed; spaces allowed). Blank lines
// and lines starting with '#' are skipped. E.g.
//     # Ascon phase register
//     0x0 IDLE
//     0x3 FINAL

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/waveform/viewstate.h"
#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief An enum mapping file that cannot be read: the message names the file and line. */
class EnumFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief The text of a value of `width` bits (words least significant first) in a radix: uppercase hex
 *  with leading zeros, unsigned decimal, two's complement signed decimal, binary (width digits), ASCII
 *  (bytes from the most significant, '.' for one not printable), or the name `names` gives it (Named,
 *  Enum; hex when it has none, or names is null). */
std::string formatValue(Words value, int width, Radix radix,
                        const std::map<std::uint64_t, std::string>* names = nullptr);

/** @brief The names a row's radix uses: the signal's value names (Named), the row's enum (Enum), or
 *  null. */
const std::map<std::uint64_t, std::string>* rowNames(const WaveformStore& store, const WaveRow& row);

/** @brief A row's width in bits: the signal's, or the number of its bit slices (0: not a signal row). */
int rowWidth(const WaveformStore& store, const WaveRow& row);

/** @brief A row's value at a tick (words least significant first); a lazily read signal's drawing
 *  window answers when it covers the tick (WaveformStore::wordsForView). */
std::vector<std::uint64_t> rowWordsAt(const WaveformStore& store, const WaveRow& row, Tick tick);

/** @brief formatValue() of a row's value at a tick, in the row's radix ("" for a row with no signal). */
std::string rowValueText(const WaveformStore& store, const WaveRow& row, Tick tick);

/** @brief What a row is called in the name column: its label if renamed (or a comment's text), else the
 *  signal's name with [msb:0] for a bus, name[k] for one bit, {a[3], b[0], ...} for bits grouped. */
std::string rowTitle(const WaveformStore& store, const WaveRow& row);

/** @brief The draw items of a row made of bit slices over [begin, end) at about `pixels` items
 *  (WaveformStore::viewItems of each part, merged; an item whose bits did not change is left out; value
 *  holds the row's low 64 bits). For a whole-signal row it is the signal's viewItems. */
std::vector<ViewItem> rowViewItems(const WaveformStore& store, const WaveRow& row, Tick begin, Tick end,
                                   std::size_t pixels);

/** @brief What a view draws of a row over [begin, end): WaveformStore::drawWindow for a whole-signal row
 *  (a lazily read signal's window when one covers the range), rowViewItems() and the value at begin for a
 *  row of bit slices. */
DrawWindow rowDrawWindow(const WaveformStore& store, const WaveRow& row, Tick begin, Tick end,
                         std::size_t pixels);

/** @brief A value as a number for analog drawing: two's complement over width for Radix::Signed, else
 *  unsigned (values past 2^53 rounded). */
double rowNumber(Words value, int width, Radix radix);

/** @brief The least and greatest rowNumber() a row holds over [begin, end) (every change of a whole
 *  signal; a bit-slice row's values at its draw items over 4096 pixels). {0, 0} for no signal. */
std::pair<double, double> rowNumberRange(const WaveformStore& store, const WaveRow& row, Tick begin,
                                         Tick end);

/** @brief Parses an enum mapping file's text (format above); `what` names it in errors. Throws
 *  EnumFileError naming the line: a bad value, a missing name, a value given twice, no mapping. */
std::map<std::uint64_t, std::string> parseEnumMap(std::string_view text, const std::string& what);

/** @brief Reads and parses an enum mapping file (at most 1 MiB). Throws EnumFileError (also for a file
 *  that cannot be read). */
std::map<std::uint64_t, std::string> loadEnumFile(const std::string& path);

} // namespace rs::waveform
