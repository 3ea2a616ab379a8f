#include "waveformstore.h"

#include <algorithm>
#include <stdexcept>

namespace rs::waveform {

namespace {

// Up to kChunkSize changes. Full chunks never move; the last one grows by doubling, so a signal
// with a handful of changes (most of a big design's nets) costs bytes, not a whole 64 KiB chunk.
struct Chunk {
    std::vector<Tick> ticks;
    std::vector<std::uint64_t> values;
};

constexpr std::size_t groupSize(int level) {
    std::size_t g = 1;
    for (int i = 0; i < level; ++i)
        g *= WaveformStore::kFanout;
    return g;
}

} // namespace

struct WaveformStore::Track {
    SignalInfo info;
    std::uint64_t mask = 0;
    std::vector<std::unique_ptr<Chunk>> chunks;
    std::size_t count = 0;
    /// levels[L - 1][k] = ticks of the first and last change of changes [k 16^L, (k+1) 16^L).
    std::vector<std::vector<std::pair<Tick, Tick>>> levels;

    Tick tickAt(std::size_t i) const { return chunks[i / kChunkSize]->ticks[i % kChunkSize]; }
    std::uint64_t valueAt(std::size_t i) const { return chunks[i / kChunkSize]->values[i % kChunkSize]; }

    void append(Tick tick, std::uint64_t value) {
        if (count % kChunkSize == 0) chunks.push_back(std::make_unique<Chunk>());
        Chunk& c = *chunks.back();
        c.ticks.push_back(tick);
        c.values.push_back(value);
        ++count;
        // A summary entry of level L closes whenever the count reaches a multiple of 16^L.
        for (int level = 1;; ++level) {
            const std::size_t g = groupSize(level);
            if (count % g != 0) break;
            if (levels.size() < static_cast<std::size_t>(level)) levels.emplace_back();
            levels[static_cast<std::size_t>(level - 1)].emplace_back(tickAt(count - g), tick);
        }
    }

    /** Removes the last change, and the summary entries that closed with it. */
    void popBack() {
        for (int level = 1; static_cast<std::size_t>(level) <= levels.size(); ++level)
            if (count % groupSize(level) == 0) levels[static_cast<std::size_t>(level - 1)].pop_back();
        while (!levels.empty() && levels.back().empty())
            levels.pop_back();
        --count;
        chunks.back()->ticks.pop_back();
        chunks.back()->values.pop_back();
        if (chunks.back()->ticks.empty()) chunks.pop_back();
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

WaveformStore::WaveformStore() = default;
WaveformStore::~WaveformStore() = default;
WaveformStore::WaveformStore(WaveformStore&&) noexcept = default;
WaveformStore& WaveformStore::operator=(WaveformStore&&) noexcept = default;

SignalId WaveformStore::addSignal(std::string name, int width, std::string group) {
    if (name.empty()) throw std::invalid_argument("waveform signal name is empty");
    if (width < 1 || width > 64)
        throw std::invalid_argument("waveform signal " + name + ": width " + std::to_string(width) +
                                    " is outside 1..64");
    if (m_index.count(name) != 0) throw std::invalid_argument("waveform signal " + name + " already exists");
    auto t = std::make_unique<Track>();
    m_index.emplace(name, m_tracks.size());
    t->info = SignalInfo{std::move(name), width, std::move(group), {}};
    t->mask = width == 64 ? ~0ull : (1ull << width) - 1;
    m_tracks.push_back(std::move(t));
    return m_tracks.size() - 1;
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
    track(id).info.valueNames = std::move(names);
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
            bytes += c->ticks.capacity() * sizeof(Tick) + c->values.capacity() * sizeof(std::uint64_t);
        for (const auto& level : t->levels)
            bytes += sizeof(level) + level.capacity() * sizeof(level[0]);
    }
    return bytes;
}

void WaveformStore::sample(SignalId id, Tick tick, std::uint64_t value) {
    Track& t = track(id);
    value &= t.mask;
    if (t.count > 0) {
        const Tick last = t.tickAt(t.count - 1);
        if (tick < last)
            throw std::invalid_argument("waveform signal " + t.info.name + ": tick " + std::to_string(tick) +
                                        " is before its last change at " + std::to_string(last));
        if (value == t.valueAt(t.count - 1)) {
            m_end = std::max(m_end, tick + 1);
            return;
        }
        if (tick == last) {
            // A second sample in the same tick replaces the first; one that restores the value
            // before it (a zero-time glitch) leaves no change at all.
            if (t.count >= 2 && value == t.valueAt(t.count - 2))
                t.popBack();
            else
                t.chunks[(t.count - 1) / kChunkSize]->values[(t.count - 1) % kChunkSize] = value;
            return;
        }
    }
    t.append(tick, value);
    m_end = std::max(m_end, tick + 1);
}

void WaveformStore::advance(Tick end) {
    m_end = std::max(m_end, end);
}

Tick WaveformStore::endTick() const {
    return m_end;
}

std::size_t WaveformStore::changeCount(SignalId id) const {
    return track(id).count;
}

Change WaveformStore::change(SignalId id, std::size_t index) const {
    const Track& t = track(id);
    if (index >= t.count)
        throw std::out_of_range("waveform signal " + t.info.name + ": change " + std::to_string(index));
    return Change{t.tickAt(index), t.valueAt(index)};
}

std::size_t WaveformStore::chunkCount(SignalId id) const {
    return track(id).chunks.size();
}

std::uint64_t WaveformStore::valueAt(SignalId id, Tick tick) const {
    const Track& t = track(id);
    const std::size_t i = t.lowerBound(tick + 1); // first change after tick
    return i == 0 ? 0 : t.valueAt(i - 1);
}

std::size_t WaveformStore::lowerBound(SignalId id, Tick tick) const {
    return track(id).lowerBound(tick);
}

std::vector<Change> WaveformStore::changesIn(SignalId id, Tick begin, Tick end) const {
    const Track& t = track(id);
    std::vector<Change> out;
    for (std::size_t i = t.lowerBound(begin); i < t.count && t.tickAt(i) < end; ++i)
        out.push_back(Change{t.tickAt(i), t.valueAt(i)});
    return out;
}

int WaveformStore::summaryLevels(SignalId id) const {
    return static_cast<int>(track(id).levels.size());
}

std::size_t WaveformStore::summaryEntries(SignalId id, int level) const {
    const Track& t = track(id);
    if (level < 1 || static_cast<std::size_t>(level) > t.levels.size()) return 0;
    return t.levels[static_cast<std::size_t>(level - 1)].size();
}

std::pair<Tick, Tick> WaveformStore::summaryEntry(SignalId id, int level, std::size_t index) const {
    const Track& t = track(id);
    if (level < 1 || static_cast<std::size_t>(level) > t.levels.size() ||
        index >= t.levels[static_cast<std::size_t>(level - 1)].size())
        throw std::out_of_range("waveform signal " + t.info.name + ": summary level " +
                                std::to_string(level) + " entry " + std::to_string(index));
    return t.levels[static_cast<std::size_t>(level - 1)][index];
}

std::vector<ViewItem> WaveformStore::viewItems(SignalId id, Tick begin, Tick end, std::size_t pixels) const {
    const Track& t = track(id);
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
        const std::uint64_t value = t.valueAt(i + take - 1);
        if (!items.empty() && first - items.back().first < pixelTicks) {
            ViewItem& it = items.back();
            it.last = last;
            it.value = value;
            it.changes += take;
        } else {
            items.push_back(ViewItem{first, last, value, take});
        }
        i += take;
    }
    return items;
}

void WaveformStore::clear() {
    m_tracks.clear();
    m_index.clear();
    m_end = 0;
    m_tickSeconds = 0;
}

} // namespace rs::waveform
