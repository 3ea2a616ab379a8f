#pragma once
// A signal's stored changes (internal to rs_wave): the chunks and summary levels of
// WaveformStore's layout (waveformstore.h) and the sink a lazy load fills them through, shared by the
// store (waveformstore.cpp) and its drawing windows of lazily read signals (waveformwindow.cpp).

#include "core/waveform/waveformstore.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace rs::waveform {

namespace detail {

// Up to kChunkSize changes. Full chunks never move; the last one grows by doubling, so a signal
// with a handful of changes (most of a big design's nets) costs bytes, not a whole 64 KiB chunk.
// `values` holds each change's low word; a signal wider than 64 bits keeps all its words in `wide`.
struct Chunk {
    std::vector<Tick> ticks;
    std::vector<std::uint64_t> values;
    std::vector<std::uint64_t> wide;
};

/** The value before a signal's first change: zeros as wide as the widest signal. */
inline constexpr std::array<std::uint64_t, WaveformStore::kMaxWidth / 64> kZeroWords{};

constexpr std::size_t groupSize(int level) {
    std::size_t g = 1;
    for (int i = 0; i < level; ++i)
        g *= WaveformStore::kFanout;
    return g;
}

} // namespace detail

struct WaveformStore::Track {
    SignalInfo info;
    std::size_t words = 1;     ///< 64-bit words per value
    std::uint64_t topMask = 0; ///< the bits of the top word that the width holds
    std::vector<std::unique_ptr<detail::Chunk>> chunks;
    std::size_t count = 0;
    /// levels[L - 1][k] = ticks of the first and last change of changes [k 16^L, (k+1) 16^L).
    std::vector<std::vector<std::pair<Tick, Tick>>> levels;
    bool pending = false; ///< changes still in the file (lazy loading)
    std::string error;    ///< why a lazy load failed
    /// while pending: the changes that decide its values over the ticks [windowFirst, windowLast] only,
    /// for drawing (WaveformStore::loadWindow); dropped when the whole signal is loaded
    std::unique_ptr<Track> window;
    Tick windowFirst = 0, windowLast = 0;

    bool windowCovers(Tick begin, Tick end) const {
        return window && windowFirst <= begin && (end <= begin || end - 1 <= windowLast);
    }

    bool isWide() const { return words > 1; }
    std::size_t bytesPerChange() const {
        return sizeof(Tick) + sizeof(std::uint64_t) * (isWide() ? words + 1 : 1);
    }
    Tick tickAt(std::size_t i) const { return chunks[i / kChunkSize]->ticks[i % kChunkSize]; }
    std::uint64_t valueAt(std::size_t i) const { return chunks[i / kChunkSize]->values[i % kChunkSize]; }
    const std::uint64_t* wordsAt(std::size_t i) const {
        const detail::Chunk& c = *chunks[i / kChunkSize];
        return isWide() ? c.wide.data() + (i % kChunkSize) * words : c.values.data() + i % kChunkSize;
    }
    bool equalsAt(std::size_t i, const std::uint64_t* w) const {
        if (!isWide()) return valueAt(i) == w[0];
        return std::memcmp(wordsAt(i), w, words * sizeof(std::uint64_t)) == 0;
    }

    void append(Tick tick, const std::uint64_t* w) {
        if (count % kChunkSize == 0) chunks.push_back(std::make_unique<detail::Chunk>());
        detail::Chunk& c = *chunks.back();
        c.ticks.push_back(tick);
        c.values.push_back(w[0]);
        if (isWide()) c.wide.insert(c.wide.end(), w, w + words);
        ++count;
        // A summary entry of level L closes whenever the count reaches a multiple of 16^L.
        for (int level = 1;; ++level) {
            const std::size_t g = detail::groupSize(level);
            if (count % g != 0) break;
            if (levels.size() < static_cast<std::size_t>(level)) levels.emplace_back();
            levels[static_cast<std::size_t>(level - 1)].emplace_back(tickAt(count - g), tick);
        }
    }

    void setLast(const std::uint64_t* w) {
        detail::Chunk& c = *chunks[(count - 1) / kChunkSize];
        const std::size_t j = (count - 1) % kChunkSize;
        c.values[j] = w[0];
        if (isWide()) std::copy(w, w + words, c.wide.begin() + static_cast<std::ptrdiff_t>(j * words));
    }

    /** Removes the last change, and the summary entries that closed with it. */
    void popBack() {
        for (int level = 1; static_cast<std::size_t>(level) <= levels.size(); ++level)
            if (count % detail::groupSize(level) == 0) levels[static_cast<std::size_t>(level - 1)].pop_back();
        while (!levels.empty() && levels.back().empty())
            levels.pop_back();
        --count;
        detail::Chunk& c = *chunks.back();
        c.ticks.pop_back();
        c.values.pop_back();
        if (isWide()) c.wide.resize(c.wide.size() - words);
        if (c.ticks.empty()) chunks.pop_back();
    }

    /** Bytes this track holds (its window's too). */
    std::size_t heapBytes() const {
        std::size_t bytes = sizeof(Track) + info.name.capacity() + info.group.capacity();
        bytes += chunks.capacity() * sizeof(chunks[0]) + chunks.size() * sizeof(detail::Chunk);
        for (const auto& c : chunks)
            bytes += c->ticks.capacity() * sizeof(Tick) +
                     (c->values.capacity() + c->wide.capacity()) * sizeof(std::uint64_t);
        for (const auto& level : levels)
            bytes += sizeof(level) + level.capacity() * sizeof(level[0]);
        return bytes + (window ? window->heapBytes() : 0);
    }

    void reset() {
        chunks.clear();
        levels.clear();
        count = 0;
    }

    /** The whole value in force at tick (zeros before the first change). */
    Words wordsIn(Tick tick) const {
        const std::size_t i = lowerBound(tick + 1);
        return i == 0 ? Words(detail::kZeroWords.data(), words) : Words(wordsAt(i - 1), words);
    }

    /** WaveformStore::viewItems over this track. */
    std::vector<ViewItem> viewItems(Tick begin, Tick end, std::size_t pixels) const {
        std::vector<ViewItem> items;
        if (end <= begin) return items;
        const Tick span = end - begin;
        const Tick pixelTicks = std::max<Tick>(1, span / std::max<std::size_t>(1, pixels));
        std::size_t i = lowerBound(begin);
        while (i < count && tickAt(i) < end) {
            // The largest aligned group of changes starting at i that fits inside one pixel.
            std::size_t take = 1;
            Tick first = tickAt(i), last = first;
            for (int level = static_cast<int>(levels.size()); level >= 1; --level) {
                const std::size_t g = detail::groupSize(level);
                const auto& entries = levels[static_cast<std::size_t>(level - 1)];
                if (i % g != 0 || i / g >= entries.size()) continue;
                const auto [f, l] = entries[i / g];
                if (l - f < pixelTicks && l < end) {
                    take = g;
                    last = l;
                    break;
                }
            }
            const std::size_t index = i + take - 1;
            const std::uint64_t value = valueAt(index);
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
    Fill(const WaveformStore& store, std::unordered_map<SignalId, Track*> batch)
        : m_store(store), m_batch(std::move(batch)) {}
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

} // namespace rs::waveform
