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
// Signals may be of any width up to kMaxWidth bits. A value of up to 64 bits is one word in the
// chunk (the fast path every capture of the IP takes); a wider one keeps its low word there too and
// all of its words in a separate array of the chunk, so wide buses cost nothing to narrow ones.
// Change::value and valueAt() give the low 64 bits; changeWords() and wordsAt() the whole value.
//
// A store read lazily from a file (FST) holds its signals' names first and fetches a signal's changes
// through its SignalLoader when they are first asked for; see setLoader().
//
// One writer appends (sample/advance) in non-decreasing tick order; readers may query at any
// time from the same thread, or from another thread under the owner's lock (the store itself
// does no locking; a lazy load runs inside a const query, so a lazy store is used by one thread at
// a time).

#include "core/waveform/nameindex.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rs::waveform {

using Tick = std::uint64_t;
using SignalId = std::size_t;
/** @brief A value of any width as 64-bit words, least significant word first. */
using Words = std::span<const std::uint64_t>;

/** @brief A signal's identity: its name, bit width (1..kMaxWidth) and display group ("axi",
 *  "state"), plus optional names of its values (an FSM's states: 0 "idle", 1 "load", ...; only for
 *  signals of up to 64 bits). */
struct SignalInfo {
    std::string name;
    int width = 1;
    std::string group;
    std::map<std::uint64_t, std::string> valueNames;
};

/** @brief A signal's name within its group: a file's readers name a repeated name with its group ("g_1.valid"
 *  in group "g_1") or its whole path; this is the part after the group ("valid"). */
std::string_view nameInGroup(const SignalInfo& info);
/** @brief "group.name", the group once ("g_1.valid"), or the name of a signal outside any group. */
std::string qualifiedName(const SignalInfo& info);

/** @brief One value change: from tick on, the signal holds value (its low 64 bits). */
struct Change {
    Tick tick = 0;
    std::uint64_t value = 0;
};

/** @brief One item to draw: a single change (changes == 1, first == last), or a run of changes
 *  too dense for one pixel (changes > 1) from first to last, ending with value (the low 64 bits of
 *  change number index; changeWords(id, index) has all of it). */
struct ViewItem {
    Tick first = 0;
    Tick last = 0;
    std::uint64_t value = 0;
    std::size_t changes = 1;
    std::size_t index = 0;
};

/** @brief Where a file that ends early (a killed simulation) was cut. The store holds every
 *  complete time step before `end`. */
struct Truncation {
    Tick end = 0;           ///< the first tick not loaded (the time step that was cut)
    std::uint64_t line = 0; ///< the line the file ends in (0: not a text format)
    std::string detail;     ///< what was found there ("the file ends in the middle of a line")
    /** @brief One sentence for a status line or a report. */
    std::string message() const;
};

class WaveformStore;

/** @brief Receives a lazily loaded signal's changes (see SignalLoader). */
class SignalSink {
  public:
    virtual ~SignalSink() = default;
    /** @brief As WaveformStore::sampleWords, for a signal being loaded. */
    virtual void sample(SignalId id, Tick tick, Words words) = 0;
};

/** @brief Fetches the changes of signals that a store holds by name only (a file read lazily). */
class SignalLoader {
  public:
    virtual ~SignalLoader() = default;
    /** @brief Delivers every change of the signals ids (in tick order per signal) to sink; throws
     *  WaveformFileError (or another std::exception) when it cannot. */
    virtual void load(const std::vector<SignalId>& ids, SignalSink& sink) = 0;
    /** @brief Whether loadWindow() reads less than load() (a file in time blocks, as FST). */
    virtual bool readsWindows() const { return false; }
    /** @brief The ticks [first, last] a view should open on when reading the whole range would read much
     *  more (a file's first time block); nullopt: the whole range. */
    virtual std::optional<std::pair<Tick, Tick>> openingRange() const { return std::nullopt; }
    /** @brief Delivers the changes that decide the signals' values over the ticks [first, last]: each
     *  signal's value in force at first (as a change at or before first, when it has one) and its changes
     *  after, up to last at least; changes outside that range may come too. The default delivers all. */
    virtual void loadWindow(const std::vector<SignalId>& ids, Tick first, Tick last, SignalSink& sink) {
        (void)first;
        (void)last;
        load(ids, sink);
    }
};

/** @brief What a view draws of one signal over a range of ticks (WaveformStore::drawWindow). */
struct DrawWindow {
    std::vector<std::uint64_t> start; ///< the whole value in force at the range's first tick
    /// as WaveformStore::viewItems, except that each item's index is its own position in items
    std::vector<ViewItem> items;
    /// for a signal wider than 64 bits: each item's whole value, wordCount(width) words per item
    std::vector<std::uint64_t> wide;
};

class WaveformStore {
  public:
    static constexpr std::size_t kChunkSize = 4096; ///< changes per chunk
    static constexpr std::size_t kFanout = 16;      ///< changes per summary entry, per level
    static constexpr int kMaxWidth = 1 << 16;       ///< widest signal, in bits

    WaveformStore();
    ~WaveformStore();
    WaveformStore(WaveformStore&&) noexcept;
    WaveformStore& operator=(WaveformStore&&) noexcept;

    /** @brief Adds a signal (initial value 0 until its first sample); throws std::invalid_argument
     *  for an empty or duplicate name or a width outside 1..kMaxWidth. */
    SignalId addSignal(std::string name, int width, std::string group = {});
    /** @brief Makes room for `count` more signals (a reader that knows how many are coming). */
    void reserveSignals(std::size_t count);
    /** @brief Adds a signal computed from the others (a computed row, core/waveform/expression.h) to a store
     *  that is already shared read-only, in group "computed", with its changes (tick order, as sample()).
     *  Like a lazy load it changes the store from a const method: call it from the thread that uses the
     * store. Throws as addSignal, and for a width over 64 bits. */
    SignalId addDerivedSignal(std::string name, int width, const std::vector<Change>& changes) const;
    /** @brief Number of signals. */
    std::size_t signalCount() const;
    /** @brief Name, width and group of a signal; throws std::out_of_range for a bad id. */
    const SignalInfo& signal(SignalId id) const;
    /** @brief The signal of that name, if any. */
    std::optional<SignalId> find(std::string_view name) const;
    /** @brief The signals of one group, in the order they were added. */
    std::vector<SignalId> group(std::string_view group) const;
    /** @brief Names the signal's values (an FSM's states); throws std::out_of_range for a bad id and
     *  std::invalid_argument for a signal wider than 64 bits. */
    void setValueNames(SignalId id, std::map<std::uint64_t, std::string> names);
    /** @brief 64-bit words per value of a signal of width bits. */
    static std::size_t wordCount(int width) { return (static_cast<std::size_t>(width) + 63) / 64; }

    /** @brief Seconds per tick (a VCD's $timescale; 10 ns for the IP's 100 MHz clock); 0 = unknown. */
    double tickSeconds() const { return m_tickSeconds; }
    /** @brief Sets seconds per tick (0 = unknown); throws std::invalid_argument when negative. */
    void setTickSeconds(double seconds);
    /** @brief Bytes held by the store's chunks, summaries and signal table (memory per change). */
    std::size_t memoryBytes() const;
    /** @brief Bytes of stored change data (ticks and values), kept as changes come in: what a reader
     *  checks against its limit. */
    std::uint64_t changeBytes() const { return m_changeBytes; }

    /** @brief Records the signal's value at tick; stores a change only when the value differs
     *  from the previous one (the first sample always is one). Bits above the width are dropped;
     *  a wider signal's higher words are 0. Throws std::invalid_argument when tick is before the
     *  signal's last change. */
    void sample(SignalId id, Tick tick, std::uint64_t value);
    /** @brief sample() for a value of any width: words least significant first; missing words are 0,
     *  bits above the width are dropped. */
    void sampleWords(SignalId id, Tick tick, Words words);
    /** @brief Extends the captured time range to end (exclusive), e.g. after the last clock. */
    void advance(Tick end);
    /** @brief One past the last tick sampled or advanced to; 0 for an empty store. */
    Tick endTick() const;
    /** @brief Drops every change at or after end and makes end the end tick (a file cut off in the
     *  middle of a time step keeps the steps before it). */
    void truncate(Tick end);

    /** @brief Number of stored changes of a signal. */
    std::size_t changeCount(SignalId id) const;
    /** @brief The index-th change (0-based); throws std::out_of_range. */
    Change change(SignalId id, std::size_t index) const;
    /** @brief The whole value of the index-th change (wordCount(width) words); throws
     *  std::out_of_range. Valid until the signal's next change is stored. */
    Words changeWords(SignalId id, std::size_t index) const;
    /** @brief Number of chunks the signal's changes occupy. */
    std::size_t chunkCount(SignalId id) const;
    /** @brief The value in force at tick (0 before the first change); the low 64 bits. */
    std::uint64_t valueAt(SignalId id, Tick tick) const;
    /** @brief The whole value in force at tick (wordCount(width) words, zeros before the first change). */
    Words wordsAt(SignalId id, Tick tick) const;
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

    // --- lazy loading ----------------------------------------------------------------------------
    /** @brief Makes every signal without changes wait for loader: its changes are fetched the first
     *  time anything asks for them (or through load()). A null loader loads nothing more. */
    void setLoader(std::shared_ptr<SignalLoader> loader);
    /** @brief False while the signal's changes are still in the file. */
    bool isLoaded(SignalId id) const;
    /** @brief Loads those of ids that wait, in one batch; throws the loader's error (then those
     *  signals stay empty, with loadError() set). */
    void load(const std::vector<SignalId>& ids) const;
    /** @brief load() of every signal. */
    void loadAll() const;
    /** @brief Why the signal's changes could not be loaded; empty when they were (or wait). */
    const std::string& loadError(SignalId id) const;
    /** @brief For drawing a lazily read file: reads only the changes of those of ids that wait which decide
     *  their values over [begin, end) and about one span more on either side (a window, kept per signal
     *  beside the waiting track, replacing the one before), in one batch, when the loader reads windows;
     *  otherwise load(ids). Only drawWindow() and wordsForView() answer from a window: every other query
     *  of a waiting signal still loads it whole first. Throws as load() (the failed signals stay waiting,
     *  without a window). */
    void loadWindow(const std::vector<SignalId>& ids, Tick begin, Tick end) const;
    /** @brief What a view draws of a signal over [begin, end) at about one item per pixel: from its window
     *  when that covers the range, else from the whole signal (loaded first when it waits). */
    DrawWindow drawWindow(SignalId id, Tick begin, Tick end, std::size_t pixels) const;
    /** @brief wordsAt() for a view's labels: from the signal's window when that covers tick. */
    std::vector<std::uint64_t> wordsForView(SignalId id, Tick tick) const;
    /** @brief The loader's SignalLoader::openingRange (nullopt without a loader). */
    std::optional<std::pair<Tick, Tick>> openingRange() const;

    // --- files cut short -------------------------------------------------------------------------
    /** @brief Set by a reader when the file ended early; nullopt for a complete file. */
    const std::optional<Truncation>& truncation() const { return m_truncation; }
    void setTruncation(std::optional<Truncation> t) { m_truncation = std::move(t); }

    /** @brief Removes every signal and change. */
    void clear();

  private:
    struct Track;
    class Fill;
    const Track& track(SignalId id) const;
    Track& track(SignalId id);
    /** addSignal's work, on the mutable tables (addDerivedSignal uses it too). */
    SignalId newTrack(std::string name, int width, std::string group) const;
    /** The track, its changes loaded first when they wait (a failed load leaves it empty). */
    const Track& loaded(SignalId id) const;
    void store(Track& t, Tick tick, Words words) const;
    /** Frees a waiting track's drawing window (waveformwindow.cpp). */
    void dropWindow(Track& t) const;

    // Mutable for addDerivedSignal (a computed row added to a shared store).
    mutable std::vector<std::unique_ptr<Track>> m_tracks;
    mutable detail::NameIndex m_index; ///< name -> id
    // Mutable: a lazy load fills tracks (heap objects) and these counters from const queries.
    mutable Tick m_end = 0;
    mutable std::uint64_t m_changeBytes = 0;
    double m_tickSeconds = 0;
    std::shared_ptr<SignalLoader> m_loader;
    std::optional<Truncation> m_truncation;
    std::vector<std::uint64_t> m_scratch; ///< sampleWords' normalised value
};

} // namespace rs::waveform
