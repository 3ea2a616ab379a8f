#include "core/waveform/waveformstore.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

namespace rs::waveform {

namespace {

// Up to kChunkSize changes. Full chunks never move; the last one grows by doubling, so a signal
// with a handful of changes (most of a big design's nets) costs bytes, not a whole 64 KiB chunk.
// `values` holds each change's low word; a signal wider than 64 bits keeps all its words in `wide`.
struct Chunk {
    std::vector<Tick> ticks;
    std::vector<std::uint64_t> values;
    std::vector<std::uint64_t> wide;
};

constexpr std::size_t groupSize(int level) {
    std::size_t g = 1;
    for (int i = 0; i < level; ++i)
        g *= WaveformStore::kFanout;
    return g;
}

/** The value before a signal's first change, for wordsAt(): zeros as wide as the widest signal. */
const std::array<std::uint64_t, WaveformStore::kMaxWidth / 64> kZeroWords{};

} // namespace

std::string Truncation::message() const {
    std::string s = "the file was cut off";
    if (line > 0) s += " at line " + std::to_string(line);
    if (!detail.empty()) s += " (" + detail + ")";
    return s + ": loaded the time steps before tick " + std::to_string(end);
}

struct WaveformStore::Track {
    SignalInfo info;
    std::size_t words = 1;     ///< 64-bit words per value
    std::uint64_t topMask = 0; ///< the bits of the top word that the width holds
    std::vector<std::unique_ptr<Chunk>> chunks;
    std::size_t count = 0;
    /// levels[L - 1][k] = ticks of the first and last change of changes [k 16^L, (k+1) 16^L).
    std::vector<std::vector<std::pair<Tick, Tick>>> levels;
    bool pending = false; ///< changes still in the file (lazy loading)
    std::string error;    ///< why a lazy load failed

    bool isWide() const { return words > 1; }
    std::size_t bytesPerChange() const {
        return sizeof(Tick) + sizeof(std::uint64_t) * (isWide() ? words + 1 : 1);
    }
    Tick tickAt(std::size_t i) const { return chunks[i / kChunkSize]->ticks[i % kChunkSize]; }
    std::uint64_t valueAt(std::size_t i) const { return chunks[i / kChunkSize]->values[i % kChunkSize]; }
    const std::uint64_t* wordsAt(std::size_t i) const {
        const Chunk& c = *chunks[i / kChunkSize];
        return isWide() ? c.wide.data() + (i % kChunkSize) * words : c.values.data() + i % kChunkSize;
    }
    bool equalsAt(std::size_t i, const std::uint64_t* w) const {
        if (!isWide()) return valueAt(i) == w[0];
        return std::memcmp(wordsAt(i), w, words * sizeof(std::uint64_t)) == 0;
    }

    void append(Tick tick, const std::uint64_t* w) {
        if (count % kChunkSize == 0) chunks.push_back(std::make_unique<Chunk>());
        Chunk& c = *chunks.back();
        c.ticks.push_back(tick);
        c.values.push_back(w[0]);
        if (isWide()) c.wide.insert(c.wide.end(), w, w + words);
        ++count;
        // A summary entry of level L closes whenever the count reaches a multiple of 16^L.
        for (int level = 1;; ++level) {
            const std::size_t g = groupSize(level);
            if (count % g != 0) break;
            if (levels.size() < static_cast<std::size_t>(level)) levels.emplace_back();
            levels[static_cast<std::size_t>(level - 1)].emplace_back(tickAt(count - g), tick);
        }
    }

    void setLast(const std::uint64_t* w) {
        Chunk& c = *chunks[(count - 1) / kChunkSize];
        const std::size_t j = (count - 1) % kChunkSize;
        c.values[j] = w[0];
        if (isWide()) std::copy(w, w + words, c.wide.begin() + static_cast<std::ptrdiff_t>(j * words));
    }

    /** Removes the last change, and the summary entries that closed with it. */
    void popBack() {
        for (int level = 1; static_cast<std::size_t>(level) <= levels.size(); ++level)
            if (count % groupSize(level) == 0) levels[static_cast<std::size_t>(level - 1)].pop_back();
        while (!levels.empty() && levels.back().empty())
            levels.pop_back();
        --count;
        Chunk& c = *chunks.back();
        c.ticks.pop_back();
        c.values.pop_back();
        if (isWide()) c.wide.resize(c.wide.size() - words);
        if (c.ticks.empty()) chunks.pop_back();
    }

    void reset() {
        chunks.clear();
        levels.clear();
        count = 0;
    }

    std::size_t lowerBound(Tick tick) const {
        // Binary search over the change index; tickAt() finds the chunk by division.
        std::size_t lo = 0, hi = count;
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (tickAt(mid) < tick)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }
};

/** The sink a lazy load writes through: only the signals of the batch, values normalised. */
class WaveformStore::Fill final : public SignalSink {
  public:
    Fill(const WaveformStore& store, const std::vector<SignalId>& batch) : m_store(store) {
        for (SignalId id : batch)
            m_batch.emplace(id, &*store.m_tracks[id]);
    }
    void sample(SignalId id, Tick tick, Words words) override {
        const auto it = m_batch.find(id);
        if (it == m_batch.end())
            throw std::invalid_argument("waveform signal id " + std::to_string(id) + " is not being loaded");
        Track& t = *it->second;
        m_buffer.assign(t.words, 0);
        std::copy_n(words.begin(), std::min(words.size(), t.words), m_buffer.begin());
        m_buffer.back() &= t.topMask;
        m_store.store(t, tick, m_buffer);
    }

  private:
    const WaveformStore& m_store;
    std::unordered_map<SignalId, Track*> m_batch;
    std::vector<std::uint64_t> m_buffer;
};

WaveformStore::WaveformStore() = default;
WaveformStore::~WaveformStore() = default;
WaveformStore::WaveformStore(WaveformStore&&) noexcept = default;
WaveformStore& WaveformStore::operator=(WaveformStore&&) noexcept = default;

SignalId WaveformStore::addSignal(std::string name, int width, std::string group) {
    return newTrack(std::move(name), width, std::move(group));
}

SignalId WaveformStore::newTrack(std::string name, int width, std::string group) const {
    if (name.empty()) throw std::invalid_argument("waveform signal name is empty");
    if (width < 1 || width > kMaxWidth)
        throw std::invalid_argument("waveform signal " + name + ": width " + std::to_string(width) +
                                    " is outside 1.." + std::to_string(kMaxWidth));
    if (m_index.count(name) != 0) throw std::invalid_argument("waveform signal " + name + " already exists");
    auto t = std::make_unique<Track>();
    m_index.emplace(name, m_tracks.size());
    t->info = SignalInfo{std::move(name), width, std::move(group), {}};
    t->words = wordCount(width);
    const int topBits = width - 64 * static_cast<int>(t->words - 1);
    t->topMask = topBits == 64 ? ~0ull : (1ull << topBits) - 1;
    m_tracks.push_back(std::move(t));
    return m_tracks.size() - 1;
}

SignalId WaveformStore::addDerivedSignal(std::string name, int width,
                                         const std::vector<Change>& changes) const {
    if (width > 64)
        throw std::invalid_argument("waveform signal " + name + ": a computed signal has at most 64 bits");
    const Tick end = m_end;
    const SignalId id = newTrack(std::move(name), width, "computed");
    Track& t = *m_tracks[id];
    for (const Change& c : changes) {
        const std::uint64_t value = c.value & t.topMask;
        store(t, c.tick, Words(&value, 1));
    }
    m_end = std::max(end, m_end); // a computed row never lengthens the trace
    return id;
}

std::size_t WaveformStore::signalCount() const {
    return m_tracks.size();
}

const WaveformStore::Track& WaveformStore::track(SignalId id) const {
    if (id >= m_tracks.size()) throw std::out_of_range("waveform signal id " + std::to_string(id));
    return *m_tracks[id];
}

WaveformStore::Track& WaveformStore::track(SignalId id) {
    if (id >= m_tracks.size()) throw std::out_of_range("waveform signal id " + std::to_string(id));
    return *m_tracks[id];
}

const WaveformStore::Track& WaveformStore::loaded(SignalId id) const {
    const Track& t = track(id);
    if (t.pending) {
        try {
            load({id});
        } catch (const std::exception&) {
            // Recorded in loadError(); a query shows the signal empty rather than throwing mid-paint.
        }
    }
    return t;
}

const SignalInfo& WaveformStore::signal(SignalId id) const {
    return track(id).info;
}

std::optional<SignalId> WaveformStore::find(std::string_view name) const {
    // A hash index: a design with tens of thousands of nets must not cost N^2 to load.
    const auto it = m_index.find(std::string(name));
    if (it != m_index.end()) return it->second;
    return std::nullopt;
}

std::vector<SignalId> WaveformStore::group(std::string_view group) const {
    std::vector<SignalId> ids;
    for (std::size_t i = 0; i < m_tracks.size(); ++i)
        if (m_tracks[i]->info.group == group) ids.push_back(i);
    return ids;
}

void WaveformStore::setValueNames(SignalId id, std::map<std::uint64_t, std::string> names) {
    Track& t = track(id);
    if (t.isWide() && !names.empty())
        throw std::invalid_argument("waveform signal " + t.info.name + ": value names need at most 64 bits");
    t.info.valueNames = std::move(names);
}

void WaveformStore::setTickSeconds(double seconds) {
    if (!(seconds >= 0)) throw std::invalid_argument("waveform tick length must be >= 0 seconds");
    m_tickSeconds = seconds;
}

std::size_t WaveformStore::memoryBytes() const {
    std::size_t bytes = sizeof(*this) + m_tracks.capacity() * sizeof(m_tracks[0]);
    // The name index: a node (key, id, next pointer, hash) per signal plus the bucket array.
    bytes += m_index.size() * (sizeof(std::pair<const std::string, SignalId>) + 2 * sizeof(void*)) +
             m_index.bucket_count() * sizeof(void*);
    for (const auto& t : m_tracks) {
        bytes += sizeof(Track) + t->info.name.capacity() + t->info.group.capacity();
        bytes += t->chunks.capacity() * sizeof(t->chunks[0]) + t->chunks.size() * sizeof(Chunk);
        for (const auto& c : t->chunks)
            bytes += c->ticks.capacity() * sizeof(Tick) +
                     (c->values.capacity() + c->wide.capacity()) * sizeof(std::uint64_t);
        for (const auto& level : t->levels)
            bytes += sizeof(level) + level.capacity() * sizeof(level[0]);
    }
    return bytes;
}

void WaveformStore::store(Track& t, Tick tick, Words words) const {
    const std::uint64_t* w = words.data();
    if (t.count > 0) {
        const Tick last = t.tickAt(t.count - 1);
        if (tick < last)
            throw std::invalid_argument("waveform signal " + t.info.name + ": tick " + std::to_string(tick) +
                                        " is before its last change at " + std::to_string(last));
        if (t.equalsAt(t.count - 1, w)) {
            m_end = std::max(m_end, tick + 1);
            return;
        }
        if (tick == last) {
            // A second sample in the same tick replaces the first; one that restores the value
            // before it (a zero-time glitch) leaves no change at all.
            if (t.count >= 2 && t.equalsAt(t.count - 2, w)) {
                t.popBack();
                m_changeBytes -= t.bytesPerChange();
            } else {
                t.setLast(w);
            }
            return;
        }
    }
    t.append(tick, w);
    m_changeBytes += t.bytesPerChange();
    m_end = std::max(m_end, tick + 1);
}

void WaveformStore::sample(SignalId id, Tick tick, std::uint64_t value) {
    Track& t = track(id);
    if (t.isWide()) return sampleWords(id, tick, Words(&value, 1));
    // The common case (every signal of the IP's captures), kept as lean as before wide signals.
    value &= t.topMask;
    if (t.count > 0) {
        const Tick last = t.tickAt(t.count - 1);
        if (tick < last) return store(t, tick, Words(&value, 1)); // throws
        if (value == t.valueAt(t.count - 1)) {
            m_end = std::max(m_end, tick + 1);
            return;
        }
        if (tick == last) return store(t, tick, Words(&value, 1)); // a second sample in the same tick
    }
    t.append(tick, &value);
    m_changeBytes += t.bytesPerChange();
    m_end = std::max(m_end, tick + 1);
}

void WaveformStore::sampleWords(SignalId id, Tick tick, Words words) {
    Track& t = track(id);
    if (!t.isWide()) {
        sample(id, tick, words.empty() ? 0 : words[0]);
        return;
    }
    m_scratch.assign(t.words, 0);
    std::copy_n(words.begin(), std::min(words.size(), t.words), m_scratch.begin());
    m_scratch.back() &= t.topMask;
    store(t, tick, m_scratch);
}

void WaveformStore::advance(Tick end) {
    m_end = std::max(m_end, end);
}

Tick WaveformStore::endTick() const {
    return m_end;
}

void WaveformStore::truncate(Tick end) {
    for (auto& t : m_tracks)
        while (t->count > 0 && t->tickAt(t->count - 1) >= end) {
            t->popBack();
            m_changeBytes -= t->bytesPerChange();
        }
    m_end = end;
}

std::size_t WaveformStore::changeCount(SignalId id) const {
    return loaded(id).count;
}

Change WaveformStore::change(SignalId id, std::size_t index) const {
    const Track& t = loaded(id);
    if (index >= t.count)
        throw std::out_of_range("waveform signal " + t.info.name + ": change " + std::to_string(index));
    return Change{t.tickAt(index), t.valueAt(index)};
}

Words WaveformStore::changeWords(SignalId id, std::size_t index) const {
    const Track& t = loaded(id);
    if (index >= t.count)
        throw std::out_of_range("waveform signal " + t.info.name + ": change " + std::to_string(index));
    return Words(t.wordsAt(index), t.words);
}

std::size_t WaveformStore::chunkCount(SignalId id) const {
    return loaded(id).chunks.size();
}

std::uint64_t WaveformStore::valueAt(SignalId id, Tick tick) const {
    const Track& t = loaded(id);
    const std::size_t i = t.lowerBound(tick + 1); // first change after tick
    return i == 0 ? 0 : t.valueAt(i - 1);
}

Words WaveformStore::wordsAt(SignalId id, Tick tick) const {
    const Track& t = loaded(id);
    const std::size_t i = t.lowerBound(tick + 1);
    return i == 0 ? Words(kZeroWords.data(), t.words) : Words(t.wordsAt(i - 1), t.words);
}

std::size_t WaveformStore::lowerBound(SignalId id, Tick tick) const {
    return loaded(id).lowerBound(tick);
}

std::vector<Change> WaveformStore::changesIn(SignalId id, Tick begin, Tick end) const {
    const Track& t = loaded(id);
    std::vector<Change> out;
    for (std::size_t i = t.lowerBound(begin); i < t.count && t.tickAt(i) < end; ++i)
        out.push_back(Change{t.tickAt(i), t.valueAt(i)});
    return out;
}

int WaveformStore::summaryLevels(SignalId id) const {
    return static_cast<int>(loaded(id).levels.size());
}

std::size_t WaveformStore::summaryEntries(SignalId id, int level) const {
    const Track& t = loaded(id);
    if (level < 1 || static_cast<std::size_t>(level) > t.levels.size()) return 0;
    return t.levels[static_cast<std::size_t>(level - 1)].size();
}

std::pair<Tick, Tick> WaveformStore::summaryEntry(SignalId id, int level, std::size_t index) const {
    const Track& t = loaded(id);
    if (level < 1 || static_cast<std::size_t>(level) > t.levels.size() ||
        index >= t.levels[static_cast<std::size_t>(level - 1)].size())
        throw std::out_of_range("waveform signal " + t.info.name + ": summary level " +
                                std::to_string(level) + " entry " + std::to_string(index));
    return t.levels[static_cast<std::size_t>(level - 1)][index];
}

std::vector<ViewItem> WaveformStore::viewItems(SignalId id, Tick begin, Tick end, std::size_t pixels) const {
    const Track& t = loaded(id);
    std::vector<ViewItem> items;
    if (end <= begin) return items;
    const Tick span = end - begin;
    const Tick pixelTicks = std::max<Tick>(1, span / std::max<std::size_t>(1, pixels));
    std::size_t i = t.lowerBound(begin);
    while (i < t.count && t.tickAt(i) < end) {
        // The largest aligned group of changes starting at i that fits inside one pixel.
        std::size_t take = 1;
        Tick first = t.tickAt(i), last = first;
        for (int level = static_cast<int>(t.levels.size()); level >= 1; --level) {
            const std::size_t g = groupSize(level);
            const auto& entries = t.levels[static_cast<std::size_t>(level - 1)];
            if (i % g != 0 || i / g >= entries.size()) continue;
            const auto [f, l] = entries[i / g];
            if (l - f < pixelTicks && l < end) {
                take = g;
                last = l;
                break;
            }
        }
        const std::size_t index = i + take - 1;
        const std::uint64_t value = t.valueAt(index);
        if (!items.empty() && first - items.back().first < pixelTicks) {
            ViewItem& it = items.back();
            it.last = last;
            it.value = value;
            it.changes += take;
            it.index = index;
        } else {
            items.push_back(ViewItem{first, last, value, take, index});
        }
        i += take;
    }
    return items;
}

void WaveformStore::setLoader(std::shared_ptr<SignalLoader> loader) {
    m_loader = std::move(loader);
    for (auto& t : m_tracks)
        t->pending = m_loader && t->count == 0 && t->error.empty();
}

bool WaveformStore::isLoaded(SignalId id) const {
    return !track(id).pending;
}

void WaveformStore::load(const std::vector<SignalId>& ids) const {
    std::vector<SignalId> batch;
    for (SignalId id : ids)
        if (track(id).pending && std::find(batch.begin(), batch.end(), id) == batch.end())
            batch.push_back(id);
    if (batch.empty()) return;
    for (SignalId id : batch)
        m_tracks[id]->pending = false; // a load that fails is not tried again on every query
    if (!m_loader) return;
    try {
        Fill fill(*this, batch);
        m_loader->load(batch, fill);
    } catch (const std::exception& e) {
        for (SignalId id : batch) {
            Track& t = *m_tracks[id];
            m_changeBytes -= t.count * t.bytesPerChange();
            t.reset();
            t.error = e.what();
        }
        throw;
    }
}

void WaveformStore::loadAll() const {
    std::vector<SignalId> all;
    for (SignalId id = 0; id < m_tracks.size(); ++id)
        if (m_tracks[id]->pending) all.push_back(id);
    load(all);
}

const std::string& WaveformStore::loadError(SignalId id) const {
    return track(id).error;
}

void WaveformStore::clear() {
    m_tracks.clear();
    m_index.clear();
    m_end = 0;
    m_changeBytes = 0;
    m_tickSeconds = 0;
    m_loader.reset();
    m_truncation.reset();
}

} // namespace rs::waveform
