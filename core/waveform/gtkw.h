#pragma once
// GTKWave's save files (.gtkw): written so that GTKWave opens a dump with the rows we show, read so that a
// view made in GTKWave opens here. Plain C++ (no Qt).
//
// The format (GTKWave 3.3's savefile.c; the committed tests/waveform/data/wave/gtkwave-made.gtkw was written
// by GTKWave 3.3.118 itself): "[key] value" lines ([dumpfile] "path", [timestart] tick, ...), the marker
// line "*zoom cursor A B ... Z" (zoom: ticks per pixel = 2^-zoom; the primary marker (our cursor A), then
// the 26 named markers, -1 when unset) with "[markername] Lname" naming one, "@hex" lines that set the
// trace flags (TR_* of GTKWave's analyzer.h: bit 1 hex, 2 decimal, 3 binary, 4 octal, 5 right-justify,
// 9 blank, 10 signed, 11 ASCII, 12 collapsed, 22 closed, 23 group begin, 24 group end) in force for the
// lines below, trace lines (a signal's full hierarchical name: "TOP.top.state[319:0]"; "+{alias} name" a
// renamed one), and "-text"
// lines (a comment; with the blank flag and group begin/end flags, a group's opening and closing line;
// "-" alone a blank separator). "[*]" lines are comments.
//
// Names: GTKWave names a signal by its scopes from the top one, joined with '.', and a vector's range
// ("[msb:lsb]"); the store keeps the scopes below the top one (its group) and drops the range, so writing
// needs the dump's top scope (dumpTopScope) and reading maps a name by its scopes below the top one.

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/waveform/viewstate.h"
#include "core/waveform/waveformstore.h"

namespace rs::waveform {

/** @brief A .gtkw file that cannot be read: the message names the line and what is wrong. */
class GtkwError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief GTKWave's trace flags (analyzer.h, TR_*) that this module reads or writes. */
namespace gtkwflag {
inline constexpr std::uint64_t kHex = 1u << 1;
inline constexpr std::uint64_t kDec = 1u << 2;
inline constexpr std::uint64_t kBin = 1u << 3;
inline constexpr std::uint64_t kOct = 1u << 4;
inline constexpr std::uint64_t kRjustify = 1u << 5;
inline constexpr std::uint64_t kBlank = 1u << 9;
inline constexpr std::uint64_t kSigned = 1u << 10;
inline constexpr std::uint64_t kAscii = 1u << 11;
inline constexpr std::uint64_t kCollapsed = 1u << 12;
inline constexpr std::uint64_t kClosed = 1u << 22;
inline constexpr std::uint64_t kGroupBegin = 1u << 23;
inline constexpr std::uint64_t kGroupEnd = 1u << 24;
} // namespace gtkwflag

/** @brief One line of the trace list. */
struct GtkwTrace {
    enum class Kind { Signal, Comment, Blank, GroupBegin, GroupEnd };
    Kind kind = Kind::Signal;
    std::string name;        ///< a signal's full name, a comment's text, a group's name
    std::uint64_t flags = 0; ///< the flags in force (TR_*)
    bool closed = false;     ///< a group shown closed
    std::string alias;       ///< a signal's name as shown ("+{alias} name" lines)
    bool operator==(const GtkwTrace&) const = default;
};

/** @brief A named marker of GTKWave (A..Z: index 0..25). */
struct GtkwMarker {
    int index = 0;
    Tick tick = 0;
    std::string name; ///< [markername]; empty: GTKWave shows the letter
    bool operator==(const GtkwMarker&) const = default;
};

/** @brief What a .gtkw holds that we use. */
struct GtkwFile {
    std::string dumpFile;
    std::optional<Tick> timeStart;
    std::optional<double> zoom; ///< ticks per pixel = 2^-zoom
    std::optional<Tick> cursor; ///< GTKWave's primary marker
    std::vector<GtkwMarker> markers;
    std::vector<GtkwTrace> traces;
    /** @brief Lines that were read past: "line N: why" (unknown keys are not noted). */
    std::vector<std::string> skipped;
};

/** @brief The .gtkw text. */
std::string writeGtkw(const GtkwFile& file);
/** @brief Reads .gtkw text: a malformed line (a bad flag, marker or time) is noted in skipped and read
 *  past; throws GtkwError when the text is not a GTKWave save file (binary, nothing GTKWave writes). */
GtkwFile parseGtkw(std::string_view text);

/** @brief The one mapping between our radix and GTKWave's flags (right-justified, as GTKWave writes). */
std::uint64_t gtkwFlagsOf(Radix radix);
/** @brief The radix of GTKWave's flags; a format we lack (octal) is hex, with *approximated set. */
Radix radixOfGtkwFlags(std::uint64_t flags, bool* approximated = nullptr);

/** @brief GTKWave's name of a store signal in a dump whose top scope is topScope:
 *  "TOP.top.u_sub.count_q[7:0]" (a range for width > 1). */
std::string gtkwaveName(const SignalInfo& info, std::string_view topScope);
/** @brief The top scope of a VCD (its first $scope) from the dump's first bytes; "" when none is found
 *  (not a VCD). */
std::string vcdTopScope(std::string_view head);
/** @brief The top scope GTKWave names a dump's signals under: a VCD's first $scope (its first 64 KiB read
 *  through fileio's bounded opener); "TOP" (Verilator's) for an FST, whose hierarchy is compressed, and
 *  for a file that cannot be read or has none. */
std::string dumpTopScope(const std::string& path);

/** @brief The view as a .gtkw: its signal rows with their radix and display names, separators,
 *  comments and groups (collapsed: closed), cursor A, markers (the first 26), the visible range's start and
 * zoom. Rows GTKWave cannot be given (bit slices) are left out and noted in *notes. */
GtkwFile gtkwFromView(const WaveViewState& view, const WaveformStore& store, std::string_view dumpFile,
                      std::string_view topScope, std::vector<std::string>* notes = nullptr);
/** @brief Multiplies every time of the file (cursor, markers, window start; the zoom follows) by factor:
 *  a .gtkw for a capture exported with its clock (captureclock.h: factor captureUnitsPerCycle). */
void scaleGtkwTimes(GtkwFile& file, Tick factor);
/** @brief Applies a .gtkw to a view of the store (its clock, unit and wave area kept): rows replaced by
 *  the traces found in the store (by their scopes below the top one and name, any range ignored) with
 *  their radix and alias, comments and blank lines as comment and separator rows, groups (one level:
 *  a nested group's rows join the outer one) with their closed flag, the cursor, markers and the range.
 *  Traces it cannot map, and what it cannot show (formats it lacks), are noted in *notes. */
void applyGtkw(const GtkwFile& file, const WaveformStore& store, WaveViewState& view,
               std::vector<std::string>* notes = nullptr);

} // namespace rs::waveform
