#include "core/waveform/waveformstore.h"

#include "core/waveform/waveformtrack.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

namespace rs::waveform {

std::string_view nameInGroup(const SignalInfo& info) {
    std::string_view name = info.name;
    if (info.group.empty()) return name;
    const std::string prefix = info.group + ".";
    if (name.starts_with(prefix)) return name.substr(prefix.size());
    if (const auto at = name.find("." + prefix); at != std::string_view::npos)
        return name.substr(at + prefix.size() + 1);
    return name;
}

std::string qualifiedName(const SignalInfo& info) {
    const std::string_view base = nameInGroup(info);
    return info.group.empty() ? std::string(base) : info.group + "." + std::string(base);
}

namespace {

using detail::Chunk;
using detail::groupSize;

} // namespace

std::string Truncation::message() const {
    std::string s = "the file was cut off";
    if (line > 0) s += " at line " + std::to_string(line);
    if (!detail.empty()) s += " (" + detail + ")";
    return s + ": loaded the time steps before tick " + std::to_string(end);
}

WaveformStore::WaveformStore() = default;
WaveformStore::~WaveformStore() = default;
WaveformStore::WaveformStore(WaveformStore&&) noexcept = default;
WaveformStore& WaveformStore::operator=(WaveformStore&&) noexcept = default;

SignalId WaveformStore::addSignal(std::string name, int width, std::string group) {
    return newTrack(std::move(name), width, std::move(group));
}

void WaveformStore::reserveSignals(std::size_t count) {
    m_tracks.reserve(m_tracks.size() + count);
    m_index.reserve(m_tracks.size() + count);
}

SignalId WaveformStore::newTrack(std::string name, int width, std::string group) const {
    if (name.empty()) throw std::invalid_argument("waveform signal name is empty");
    if (width < 1 || width > kMaxWidth)
        throw std::invalid_argument("waveform signal " + name + ": width " + std::to_string(width) +
                                    " is outside 1.." + std::to_string(kMaxWidth));
    if (m_tracks.size() >= detail::NameIndex::kNone) throw std::invalid_argument("too many waveform signals");
    if (find(name)) throw std::invalid_argument("waveform signal " + name + " already exists");
    auto t = std::make_unique<Track>();
    t->info = SignalInfo{std::move(name), width, std::move(group), {}};
    t->words = wordCount(width);
    const int topBits = width - 64 * static_cast<int>(t->words - 1);
    t->topMask = topBits == 64 ? ~0ull : (1ull << topBits) - 1;
    m_tracks.push_back(std::move(t));
    const auto id = static_cast<std::uint32_t>(m_tracks.size() - 1);
    m_index.insert(m_tracks[id]->info.name, id,
                   [this](std::uint32_t i) -> std::string_view { return m_tracks[i]->info.name; });
    return id;
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
    if (const auto id = m_index.find(
            name, [this](std::uint32_t i) -> std::string_view { return m_tracks[i]->info.name; }))
        return *id;
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
    bytes += m_index.heapBytes(); // the name index: slots of a hash and an id
    for (const auto& t : m_tracks)
        bytes += t->heapBytes();
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
    return loaded(id).wordsIn(tick);
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
    return loaded(id).viewItems(begin, end, pixels);
}

void WaveformStore::setLoader(std::shared_ptr<SignalLoader> loader) {
    m_loader = std::move(loader);
    for (auto& t : m_tracks) {
        t->pending = m_loader && t->count == 0 && t->error.empty();
        if (!t->pending) dropWindow(*t);
    }
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
    std::unordered_map<SignalId, Track*> tracks;
    for (SignalId id : batch) {
        Track& t = *m_tracks[id];
        t.pending = false; // a load that fails is not tried again on every query
        dropWindow(t);
        tracks.emplace(id, &t);
    }
    if (!m_loader) return;
    try {
        Fill fill(*this, std::move(tracks));
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
