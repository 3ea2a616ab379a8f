#include "core/waveform/captureclock.h"

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "core/waveform/waveformfile.h"

namespace rs::waveform {

Tick captureUnitsPerCycle(double tickSeconds) {
    const double fs = std::round(tickSeconds * 1e15);
    if (!(fs >= 2) || fs > 1e18) return 2; // unknown, under 2 fs or absurd: two units a cycle
    const auto tickFs = static_cast<std::uint64_t>(fs);
    std::uint64_t unit = 1;
    while (unit * 10 <= tickFs / 2)
        unit *= 10;
    while (unit > 1 && tickFs % (2 * unit) != 0)
        unit /= 10;
    if (tickFs % (2 * unit) != 0) return 2; // an odd number of fs: two half-cycle units
    return tickFs / unit;
}

WaveformStore withCaptureClock(const WaveformStore& capture) {
    if (capture.find(kCaptureClockName))
        throw std::invalid_argument(std::string("the capture already has a signal named ") +
                                    kCaptureClockName);
    capture.loadAll();
    const double cycle = capture.tickSeconds() > 0 ? capture.tickSeconds() : kCaptureCycleSeconds;
    const Tick units = captureUnitsPerCycle(cycle);
    WaveformStore out;
    out.setTickSeconds(cycle / static_cast<double>(units));
    const Tick end = capture.endTick();
    // The clock first: the top of the file's hierarchy, where a viewer looks for it.
    const SignalId clk = out.addSignal(kCaptureClockName, 1);
    for (Tick t = 0; t < end; ++t) {
        out.sample(clk, units * t, 1);
        out.sample(clk, units * t + units / 2, 0);
    }
    for (SignalId id = 0; id < capture.signalCount(); ++id) {
        const SignalInfo& info = capture.signal(id);
        const SignalId copy = out.addSignal(info.name, info.width, info.group);
        if (!info.valueNames.empty()) out.setValueNames(copy, info.valueNames);
        for (std::size_t i = 0; i < capture.changeCount(id); ++i)
            out.sampleWords(copy, units * capture.change(id, i).tick, capture.changeWords(id, i));
    }
    out.advance(units * end);
    return out;
}

void writeCaptureFile(const WaveformStore& capture, const std::string& path) {
    if (capture.find(kCaptureClockName))
        writeWaveformFile(capture, path);
    else
        writeWaveformFile(withCaptureClock(capture), path);
}

} // namespace rs::waveform
