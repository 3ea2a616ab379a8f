// VCD -> FST without holding the file (convertVcdToFst, fst.h). The writer's guarded child (fstemit.h)
// opens the FST library's writer, runs the VCD parser (vcdparse.h) on the input and hands each time step
// to the writer as it ends, with the store's rules for what a change is (FstStepSink), so the FST holds
// what writeFstFile(readVcdFile(...)) writes. The child sends the parent progress, then the result or the
// reason it failed, as records through its pipe:
//   'P' f64                     fraction of the VCD's bytes read (only when the caller asks for progress)
//   'R' u64 signals, u64 end, u8 cut, [u64 cut end, u64 cut line, detail...]    written
//   'E' message...              the VCD file is bad (VcdError); 'F' message...  another failure
#include "core/waveform/fst.h"

#include "core/waveform/vcd.h"

#if RS_WAVE_HAVE_FST
#include "core/fileio/safefile.h"
#include "core/waveform/fstemit.h"
#include "core/waveform/vcdparse.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <unistd.h>
#include <vector>
#endif

namespace rs::waveform {

#if RS_WAVE_HAVE_FST

namespace {

constexpr int kBadInput = 5;   ///< the child's exit status after an 'E' record
constexpr int kOtherError = 6; ///< the child's exit status after an 'F' record

/**
 * The changes of one time step, held until the step ends and then written in signal order, with
 * WaveformStore::sample's rules: the last value sampled in the step counts, and only when it differs
 * from the signal's value before the step (its first value always does). A file cut off inside a step
 * drops that step, as WaveformStore::truncate does. Holds two values per signal, whatever the length.
 */
class FstStepSink final : public detail::VcdSink {
  public:
    FstStepSink(detail::FstEmitter& out, double fallbackSeconds) : m_out(out), m_fallback(fallbackSeconds) {}

    void definitions(const WaveformStore& table) override {
        m_out.begin(table, table.tickSeconds() > 0 ? table.tickSeconds() : m_fallback);
        m_signals.resize(table.signalCount());
        std::size_t offset = 0;
        for (std::size_t i = 0; i < m_signals.size(); ++i) {
            const int width = table.signal(i).width;
            Signal& s = m_signals[i];
            s.offset = offset;
            s.words = WaveformStore::wordCount(width);
            s.topMask = width % 64 == 0 ? ~std::uint64_t{0} : (std::uint64_t{1} << (width % 64)) - 1;
            offset += s.words;
        }
        m_before.assign(offset, 0);
        m_step.assign(offset, 0);
    }

    void sample(SignalId id, Tick tick, std::uint64_t value) override {
        const Signal& s = m_signals[id];
        if (s.words != 1) return sampleWords(id, tick, Words(&value, 1));
        at(tick);
        m_step[s.offset] = value & s.topMask;
        touch(id);
    }

    void sampleWords(SignalId id, Tick tick, Words words) override {
        const Signal& s = m_signals[id];
        at(tick);
        std::uint64_t* v = m_step.data() + s.offset;
        for (std::size_t k = 0; k < s.words; ++k)
            v[k] = k < words.size() ? words[k] : 0;
        v[s.words - 1] &= s.topMask;
        touch(id);
    }

    void advance(Tick end) override {
        if (end > m_tick) {
            flush();
            m_tick = end;
        }
        m_end = std::max(m_end, end);
    }

    void truncate(Tick end) override {
        if (m_tick >= end) {
            for (const SignalId id : m_touched)
                m_signals[id].inStep = false;
            m_touched.clear();
        } else {
            flush();
        }
        m_end = end;
    }

    std::uint64_t heldBytes() const override {
        return (m_before.size() + m_step.size() + m_touched.capacity()) * sizeof(std::uint64_t);
    }

    /** @brief Writes the last step; the end tick (one past the capture). */
    Tick finish() {
        flush();
        return m_end;
    }

  private:
    struct Signal {
        std::size_t offset = 0, words = 1;
        std::uint64_t topMask = ~std::uint64_t{0};
        bool written = false; ///< a change was written: m_before holds its value
        bool inStep = false;  ///< sampled in the step being read: m_step holds the value
    };

    void at(Tick tick) {
        if (tick != m_tick) {
            flush();
            m_tick = tick;
        }
        m_end = std::max(m_end, tick + 1);
    }

    void touch(SignalId id) {
        if (m_signals[id].inStep) return;
        m_signals[id].inStep = true;
        m_touched.push_back(id);
    }

    void flush() {
        std::sort(m_touched.begin(), m_touched.end()); // signal order within a tick, as writeFstFile
        for (const SignalId id : m_touched) {
            Signal& s = m_signals[id];
            s.inStep = false;
            const std::uint64_t* now = m_step.data() + s.offset;
            std::uint64_t* before = m_before.data() + s.offset;
            if (s.written && std::equal(now, now + s.words, before)) continue;
            std::copy(now, now + s.words, before);
            s.written = true;
            m_out.change(m_tick, id, Words(before, s.words));
        }
        m_touched.clear();
    }

    detail::FstEmitter& m_out;
    double m_fallback;
    std::vector<Signal> m_signals;
    std::vector<std::uint64_t> m_before, m_step; ///< each signal's words at offset
    std::vector<SignalId> m_touched;             ///< the signals sampled in the step being read
    Tick m_tick = 0;                             ///< the step being read
    Tick m_end = 0;
};

template <class T> void putRaw(std::string& out, T value) {
    out.append(reinterpret_cast<const char*>(&value), sizeof value);
}

/** The child: the whole conversion into temp; returns its exit status. */
int convertInChild(int in, std::uint64_t size, bool sendProgress, const ReadLimits& limits,
                   const FstOptions& options, double fallbackSeconds, const std::string& temp, int fd) {
    detail::PipeOut pipe(fd);
    std::string record;
    try {
        detail::FstEmitter out(temp, options);
        if (!out.ok()) return detail::kFstWriteFailed;
        FstStepSink sink(out, fallbackSeconds);
        WaveformStore table;
        fileio::DescriptorStream stream(in);
        WaveformProgress progress;
        if (sendProgress)
            progress = [&](double fraction) {
                record = "P";
                putRaw(record, fraction);
                pipe.put(record.data(), record.size());
                pipe.flush();
                return true;
            };
        detail::parseVcd(stream, size, progress, limits, table, sink);
        const Tick end = sink.finish();
        if (const int status = out.finish(end); status != 0) return status;
        record = "R";
        putRaw(record, static_cast<std::uint64_t>(table.signalCount()));
        putRaw(record, static_cast<std::uint64_t>(end));
        putRaw(record, static_cast<std::uint8_t>(table.truncation() ? 1 : 0));
        if (const auto& cut = table.truncation()) {
            putRaw(record, static_cast<std::uint64_t>(cut->end));
            putRaw(record, cut->line);
            record += cut->detail;
        }
        pipe.put(record.data(), record.size());
        return 0;
    } catch (const VcdError& e) {
        record = std::string("E") + e.what();
        pipe.put(record.data(), record.size());
        return kBadInput;
    } catch (const std::exception& e) {
        record = std::string("F") + e.what();
        pipe.put(record.data(), record.size());
        return kOtherError;
    }
}

/** The parent's reading of the child's last record ('R'); throws FstError when it is not whole. */
VcdToFst resultOf(const std::string& record, const std::string& fstPath) {
    std::size_t at = 1;
    const auto take = [&](auto& value) {
        if (record.size() < at + sizeof value)
            throw FstError("cannot write FST file " + fstPath + ": the writer's report is incomplete");
        std::memcpy(&value, record.data() + at, sizeof value);
        at += sizeof value;
    };
    if (record.empty() || record[0] != 'R')
        throw FstError("cannot write FST file " + fstPath + ": the writer sent no report");
    std::uint64_t signals = 0, end = 0;
    std::uint8_t cut = 0;
    take(signals);
    take(end);
    take(cut);
    VcdToFst result;
    result.signalCount = static_cast<std::size_t>(signals);
    result.endTick = end;
    if (cut) {
        Truncation t;
        take(t.end);
        take(t.line);
        t.detail = record.substr(at);
        result.truncation = std::move(t);
    }
    return result;
}

} // namespace

VcdToFst convertVcdToFst(const std::string& vcdPath, const std::string& fstPath,
                         const WaveformProgress& progress, const ReadLimits& limits,
                         const FstOptions& options) {
    const auto fallback = parseTimescale(options.timescale);
    if (!fallback) throw FstError("bad FST timescale option '" + options.timescale + "'");
    std::uint64_t size = 0;
    int in = detail::openVcdFile(vcdPath, size); // the child reads it through this descriptor
    const std::unique_ptr<int, void (*)(int*)> closer(&in, [](int* d) { ::close(*d); });

    std::string received; // progress records are handled as they come; the last record stays
    bool cancelled = false;
    const auto onData = [&](std::string_view bytes) {
        received.append(bytes);
        std::size_t used = 0;
        constexpr std::size_t kProgress = 1 + sizeof(double);
        while (received.size() - used >= kProgress && received[used] == 'P') {
            double fraction = 0;
            std::memcpy(&fraction, received.data() + used + 1, sizeof fraction);
            used += kProgress;
            if (progress && !cancelled && !progress(fraction)) cancelled = true;
        }
        received.erase(0, used);
    };
    const auto checkEnd = [&](const detail::ChildEnd& end) {
        // A cancel wins even when the child finished before the parent could stop it: nothing is written.
        if (cancelled || end.kind == detail::ChildEnd::Kind::Cancelled) throw WaveformCancelled();
        if (end.kind != detail::ChildEnd::Kind::Exited || received.empty()) return;
        const std::string message = received.substr(1);
        if (end.code == kBadInput && received[0] == 'E') throw VcdError(message);
        if (end.code == kOtherError && received[0] == 'F')
            throw FstError("cannot write FST file " + fstPath + ": " + message + "; nothing was written");
    };
    const bool sendProgress = static_cast<bool>(progress);
    detail::writeFstThroughChild(
        fstPath,
        [&](const std::string& temp, int fd) {
            return convertInChild(in, size, sendProgress, limits, options, *fallback, temp, fd);
        },
        onData, [&] { return !cancelled; }, checkEnd);
    return resultOf(received, fstPath);
}

#else

VcdToFst convertVcdToFst(const std::string&, const std::string&, const WaveformProgress&, const ReadLimits&,
                         const FstOptions&) {
    throw FstError("FST support was not built: " RS_WAVE_FST_MISSING);
}

#endif

} // namespace rs::waveform
