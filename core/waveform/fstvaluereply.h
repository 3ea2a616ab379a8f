#pragma once
// The parent's side of reading values from a child running the FST library (internal to rs_wave,
// fstreader.cpp): what it knows of the file after the hierarchy, the request for some signals' changes,
// and the checks of every record of the reply before a value reaches the store.

#include "core/waveform/fst.h"
#include "core/waveform/fstchildwork.h"
#include "core/waveform/fstwire.h"
#include "core/waveform/waveformstore.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rs::waveform::detail {

inline constexpr std::uint64_t kChangesPerProgress = 1u << 16;

/** @brief A file's layout as the parent knows it after the hierarchy. */
struct FstLayout {
    std::string path;
    ReadLimits limits;
    std::uint64_t fileBytes = 0;
    std::uint64_t start = 0, end = 0;
    std::uint64_t firstBlockEnd = 0; ///< the first value-change block's last time
    std::uint64_t valueBlocks = 0;
    std::vector<std::uint32_t> bitsOfHandle;   ///< 0: no variable has the handle
    std::vector<std::uint32_t> handleOfSignal; ///< by SignalId
};

/** @brief One read's request and the checks of its reply: every record the child sends goes through record(),
 *  which passes the values to sink. */
class ValueReply {
  public:
    ValueReply(const FstLayout& layout, const std::vector<SignalId>& ids,
               const std::optional<std::pair<std::uint64_t, std::uint64_t>>& window, std::uint64_t& held,
               const WaveformProgress& progress)
        : m_layout(layout), m_window(window), m_held(held), m_progress(progress) {
        m_request.bits.assign(layout.bitsOfHandle.size(), 0);
        m_request.endTime = layout.end;
        m_request.window = window;
        // The signals of each handle asked for (aliases share one), by handle: a few entries, not a list
        // per handle of the file (10^5 of them, made and freed on every window read).
        for (SignalId id : ids) {
            const std::uint32_t h = layout.handleOfSignal.at(id);
            m_request.bits[h] = layout.bitsOfHandle[h];
            m_idsOfHandle.emplace_back(h, id);
        }
        std::sort(m_idsOfHandle.begin(), m_idsOfHandle.end());
        m_valued.assign(m_request.bits.size(), false);
    }

    const detail::FstValueRequest& request() const { return m_request; }
    const bool& done() const { return m_done; }
    const std::optional<std::string>& refused() const { return m_refused; }
    /** @brief True once the reply is all there (done, or refused). */
    bool complete() const { return m_done || m_refused; }
    double fraction() const { return m_fraction; }

    void record(WireIn& in, SignalSink& sink) {
        if (complete()) throw WireError("a record after the end of the reply");
        const char tag = in.tag();
        switch (tag) {
        case 'T': {
            const std::uint64_t t = in.u64();
            if (m_anyTime && t < m_time) throw WireError("time goes back");
            if (!m_anyTime) m_firstTime = t;
            m_time = t;
            m_anyTime = true;
            break;
        }
        case 'C':
            change(in, sink);
            break;
        case 'D':
            if (in.u64() != m_changes) throw WireError("the change count does not match");
            m_done = true;
            break;
        case 'X':
            m_refused = std::string(in.str());
            break;
        default:
            throw unknownRecord(tag);
        }
    }

  private:
    void change(WireIn& in, SignalSink& sink) {
        const std::uint32_t h = in.u32();
        const std::uint8_t known = in.u8();
        const auto& bits = m_request.bits;
        if (h >= bits.size() || bits[h] == 0) throw WireError("a value for handle " + std::to_string(h));
        if (!m_anyTime || known > 1) throw WireError("a value record out of place");
        const std::string_view bytes = in.take((bits[h] + 7) / 8);
        m_words.assign(WaveformStore::wordCount(static_cast<int>(bits[h])), 0);
        for (std::size_t b = 0; b < bytes.size(); ++b)
            m_words[b / 8] |= std::uint64_t{static_cast<unsigned char>(bytes[b])} << (8 * (b % 8));
        // x/z before a signal's first known value store nothing (the store reads 0 there).
        if (known || m_valued[h]) {
            // A window that begins between two blocks: the library skipped the block before and gives
            // the values in force at the next block's start, unchanged since the window's.
            const bool frame = m_window && !m_valued[h] && m_time == m_firstTime && m_time > m_window->first;
            m_valued[h] = true;
            for (auto it = std::lower_bound(m_idsOfHandle.begin(), m_idsOfHandle.end(),
                                            std::make_pair(h, SignalId{0}));
                 it != m_idsOfHandle.end() && it->first == h; ++it)
                sink.sample(it->second, frame ? m_window->first : m_time, m_words);
        }
        m_held += 16 + bytes.size();
        if (m_held > m_layout.limits.maxBytes)
            throw FstError("FST file " + m_layout.path + " holds more changes than the reader's limit of " +
                           std::to_string(m_layout.limits.maxBytes >> 20) + " MiB");
        if (++m_changes >= m_nextReport) {
            m_nextReport += kChangesPerProgress;
            m_fraction = m_layout.end > m_layout.start
                             ? std::min(1.0, static_cast<double>(m_time - std::min(m_time, m_layout.start)) /
                                                 static_cast<double>(m_layout.end - m_layout.start))
                             : 1.0;
            if (m_progress && !m_progress(m_fraction)) throw WaveformCancelled();
        }
    }

    const FstLayout& m_layout;
    std::optional<std::pair<std::uint64_t, std::uint64_t>> m_window;
    std::uint64_t& m_held;
    const WaveformProgress& m_progress;
    detail::FstValueRequest m_request;
    std::vector<std::pair<std::uint32_t, SignalId>> m_idsOfHandle;
    std::vector<bool> m_valued;
    std::vector<std::uint64_t> m_words;
    std::uint64_t m_time = 0, m_firstTime = 0, m_changes = 0, m_nextReport = kChangesPerProgress;
    bool m_anyTime = false, m_done = false;
    std::optional<std::string> m_refused;
    double m_fraction = 0;
};

/** @brief Samples kept until a reply is known to be whole, then given to the real sink. */
class HeldSamples final : public SignalSink {
  public:
    void sample(SignalId id, Tick tick, Words words) override {
        m_samples.push_back({id, tick, m_words.size(), words.size()});
        m_words.insert(m_words.end(), words.begin(), words.end());
    }
    void replay(SignalSink& sink) const {
        for (const Sample& s : m_samples)
            sink.sample(s.id, s.tick, Words(m_words.data() + s.first, s.count));
    }

  private:
    struct Sample {
        SignalId id;
        Tick tick;
        std::size_t first, count;
    };
    std::vector<Sample> m_samples;
    std::vector<std::uint64_t> m_words;
};

} // namespace rs::waveform::detail
