#pragma once
// In-memory waveform store: the value changes of named signals over integer clock ticks.
//
// Layout (after PulseView's segments): per signal an append-only list of changes (tick, value),
// kept in fixed-size chunks so appending never moves stored data, plus summary levels over the
// change list: level L (L >= 1) has one entry per 16^L consecutive changes holding the ticks of
// the first and last change of that group. A view that spans many changes per pixel skips whole
// groups through the coarsest level that fits in a pixel, so drawing costs about one item per
// pixel however long the capture is.
//
// One writer appends (sample/advance) in non-decreasing tick order; readers may query at any
// time from the same thread, or from another thread under the owner's lock (the store itself
// does no locking). Values are up to 64 bits; wider buses are stored as several signals.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace rs::waveform {

using Tick = std::uint64_t;
using SignalId = std::size_t;

/** @brief A signal's identity: its name, bit width (1..64) and display group ("axi", "state"),
 *  plus optional names of its values (an FSM's states: 0 "idle", 1 "load", ...). */
struct SignalInfo {
    std::string name;
    int width = 1;
    std::string group;
    std::map<std::uint64_t, std::string> valueNames;
};

/** @brief One value change: from tick on, the signal holds value. */
struct Change {
    Tick tick = 0;
    std::uint64_t value = 0;
};

/** @brief One item to draw: a single change (changes == 1, first == last), or a run of changes
 *  too dense for one pixel (changes > 1) from first to last, ending with value. */
struct ViewItem {
    Tick first = 0;
    Tick last = 0;
    std::uint64_t value = 0;
    std::size_t changes = 1;
};

class WaveformStore {
  public:
    static constexpr std::size_t kChunkSize = 4096; ///< changes per chunk
    static constexpr std::size_t kFanout = 16;      ///< changes per summary entry, per level

    WaveformStore();
    ~WaveformStore();
    WaveformStore(WaveformStore&&) noexcept;
    WaveformStore& operator=(WaveformStore&&) noexcept;

    /** @brief Adds a signal (initial value 0 until its first sample); throws std::invalid_argument
     *  for an empty or duplicate name or a width outside 1..64. */
    SignalId addSignal(std::string name, int width, std::string group = {});
    /** @brief Number of signals. */
    std::size_t signalCount() const;
    /** @brief Name, width and group of a signal; throws std::out_of_range for a bad id. */
    const SignalInfo& signal(SignalId id) const;
    /** @brief The signal of that name, if any. */
    std::optional<SignalId> find(std::string_view name) const;
    /** @brief The signals of one group, in the order they were added. */
    std::vector<SignalId> group(std::string_view group) const;
    /** @brief Names the signal's values (an FSM's states); throws std::out_of_range for a bad id. */
    void setValueNames(SignalId id, std::map<std::uint64_t, std::string> names);

    /** @brief Seconds per tick (a VCD's $timescale; 10 ns for the IP's 100 MHz clock); 0 = unknown. */
    double tickSeconds() const { return m_tickSeconds; }
    /** @brief Sets seconds per tick (0 = unknown); throws std::invalid_argument when negative. */
    void setTickSeconds(double seconds);
    /** @brief Bytes held by the store's chunks, summaries and signal table (memory per change). */
    std::size_t memoryBytes() const;

    /** @brief Records the signal's value at tick; stores a change only when the value differs
     *  from the previous one (the first sample always is one). Bits above the width are dropped.
     *  Throws std::invalid_argument when tick is before the signal's last change. */
    void sample(SignalId id, Tick tick, std::uint64_t value);
    /** @brief Extends the captured time range to end (exclusive), e.g. after the last clock. */
    void advance(Tick end);
    /** @brief One past the last tick sampled or advanced to; 0 for an empty store. */
    Tick endTick() const;

    /** @brief Number of stored changes of a signal. */
    std::size_t changeCount(SignalId id) const;
    /** @brief The index-th change (0-based); throws std::out_of_range. */
    Change change(SignalId id, std::size_t index) const;
    /** @brief Number of chunks the signal's changes occupy. */
    std::size_t chunkCount(SignalId id) const;
    /** @brief The value in force at tick (0 before the first change). */
    std::uint64_t valueAt(SignalId id, Tick tick) const;
    /** @brief Index of the first change at or after tick (changeCount when none). */
    std::size_t lowerBound(SignalId id, Tick tick) const;
    /** @brief Every change with begin <= tick < end. */
    std::vector<Change> changesIn(SignalId id, Tick begin, Tick end) const;

    /** @brief Number of complete summary levels of a signal (level L needs 16^L changes). */
    int summaryLevels(SignalId id) const;
    /** @brief Entries of summary level L (1-based); each covers 16^L changes. */
    std::size_t summaryEntries(SignalId id, int level) const;
    /** @brief Ticks of the first and last change of entry index of level L. */
    std::pair<Tick, Tick> summaryEntry(SignalId id, int level, std::size_t index) const;

    /** @brief The changes in [begin, end) reduced to about one item per pixel: changes closer
     *  together than (end - begin) / pixels ticks merge into one dense item, found through the
     *  summary levels without visiting every change. */
    std::vector<ViewItem> viewItems(SignalId id, Tick begin, Tick end, std::size_t pixels) const;

    /** @brief Removes every signal and change. */
    void clear();

  private:
    struct Track;
    const Track& track(SignalId id) const;
    Track& track(SignalId id);

    std::vector<std::unique_ptr<Track>> m_tracks;
    std::unordered_map<std::string, SignalId> m_index; ///< name -> id
    Tick m_end = 0;
    double m_tickSeconds = 0;
};

} // namespace rs::waveform
