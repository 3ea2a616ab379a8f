// Drawing windows of lazily read signals: a view of a big file (FST) reads only the time blocks it shows.
// A window is a second, small track beside a waiting signal's empty one; only the drawing queries
// (drawWindow, wordsForView) answer from it, so every other query keeps meaning the whole signal.
#include "core/waveform/waveformstore.h"

#include "core/waveform/waveformtrack.h"

#include <algorithm>
#include <limits>

namespace rs::waveform {

void WaveformStore::dropWindow(Track& t) const {
    if (!t.window) return;
    m_changeBytes -= t.window->count * t.window->bytesPerChange();
    t.window.reset();
}

void WaveformStore::loadWindow(const std::vector<SignalId>& ids, Tick begin, Tick end) const {
    if (!m_loader || !m_loader->readsWindows()) return load(ids);
    if (end <= begin) end = begin + 1;
    std::vector<SignalId> batch;
    for (SignalId id : ids) {
        const Track& t = track(id);
        if (t.pending && !t.windowCovers(begin, end) &&
            std::find(batch.begin(), batch.end(), id) == batch.end())
            batch.push_back(id);
    }
    if (batch.empty()) return;
    // One span more on either side: a view panned by less than its width reads nothing new.
    const Tick span = end - begin;
    const Tick first = begin - std::min(begin, span);
    const Tick last =
        end - 1 > std::numeric_limits<Tick>::max() - span ? std::numeric_limits<Tick>::max() : end - 1 + span;
    std::unordered_map<SignalId, Track*> windows;
    for (SignalId id : batch) {
        Track& t = *m_tracks[id];
        dropWindow(t);
        t.window = std::make_unique<Track>();
        t.window->info = t.info;
        t.window->words = t.words;
        t.window->topMask = t.topMask;
        windows.emplace(id, t.window.get());
    }
    try {
        Fill fill(*this, std::move(windows));
        m_loader->loadWindow(batch, first, last, fill);
    } catch (const std::exception&) {
        for (SignalId id : batch)
            dropWindow(*m_tracks[id]);
        throw;
    }
    for (SignalId id : batch) {
        Track& t = *m_tracks[id];
        t.windowFirst = first;
        t.windowLast = last;
    }
}

DrawWindow WaveformStore::drawWindow(SignalId id, Tick begin, Tick end, std::size_t pixels) const {
    const Track& whole = track(id);
    const Track& t = whole.pending && whole.windowCovers(begin, end) ? *whole.window : loaded(id);
    DrawWindow w;
    const Words start = t.wordsIn(begin);
    w.start.assign(start.begin(), start.end());
    w.items = t.viewItems(begin, end, pixels);
    for (std::size_t k = 0; k < w.items.size(); ++k) {
        ViewItem& item = w.items[k];
        if (t.isWide()) w.wide.insert(w.wide.end(), t.wordsAt(item.index), t.wordsAt(item.index) + t.words);
        item.index = k;
    }
    return w;
}

std::optional<std::pair<Tick, Tick>> WaveformStore::openingRange() const {
    return m_loader ? m_loader->openingRange() : std::nullopt;
}

std::vector<std::uint64_t> WaveformStore::wordsForView(SignalId id, Tick tick) const {
    const Track& whole = track(id);
    const Track& t = whole.pending && whole.windowCovers(tick, tick + 1) ? *whole.window : loaded(id);
    const Words words = t.wordsIn(tick);
    return {words.begin(), words.end()};
}

} // namespace rs::waveform
