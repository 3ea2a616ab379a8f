#include "hw/ip/ascon/asconipdevice.h"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "hw/ip/ascon/ipsignals.h"
#include "hw/ip/ascon/modelbackend.h"

namespace rs::hw {

struct AsconIpDevice::Capture {
    waveform::WaveformStore* store = nullptr;
    std::vector<std::pair<const detail::SignalDef*, waveform::SignalId>> signals;
    std::uint64_t startCycle = 0;
};

AsconIpDevice::AsconIpDevice(int unroll, AsconIpBuild build)
    : m_unroll(unroll), m_owner(std::this_thread::get_id()) {
    if (build == AsconIpBuild::Lean) {
        if (unroll != 1)
            throw std::invalid_argument("the lean Ascon IP build exists at unroll 1 only, not " +
                                        std::to_string(unroll));
        m_model = detail::makeLeanModelBackend();
    } else {
        m_model = detail::makeModelBackend(unroll);
    }
    if (!m_model) {
        std::string list;
        for (int u : supportedUnrolls())
            list += (list.empty() ? "" : ", ") + std::to_string(u);
        throw std::invalid_argument("unroll " + std::to_string(unroll) + " is not built (choose one of " +
                                    list + ")");
    }
    m_model->reset();
}

AsconIpDevice::~AsconIpDevice() = default;

void AsconIpDevice::requireOwnerThread(const char* what) const {
    if (std::this_thread::get_id() != m_owner)
        throw std::logic_error(std::string("AsconIpDevice::") + what +
                               ": called from a thread other than the one that built the model");
}

AxiLiteOutputs AsconIpDevice::tick(const AxiLiteInputs& in) {
    AxiLiteOutputs out;
    m_model->tick(in, out, m_probes);
    switch (static_cast<AsconIpPhase>(m_probes.phase)) {
    case AsconIpPhase::Load:
    case AsconIpPhase::Init:
        ++m_phase.init;
        break;
    case AsconIpPhase::Ad:
        ++m_phase.ad;
        break;
    case AsconIpPhase::Data:
        ++m_phase.data;
        break;
    case AsconIpPhase::Final:
        ++m_phase.final;
        break;
    case AsconIpPhase::Idle:
        break;
    }
    if (m_capture) {
        const detail::ClockView view{in, out, m_probes};
        const waveform::Tick t = m_cycle - m_capture->startCycle;
        for (const auto& [def, id] : m_capture->signals)
            m_capture->store->sample(id, t, def->value(view));
    }
    ++m_cycle;
    return out;
}

void AsconIpDevice::reset() {
    requireOwnerThread("reset");
    m_model->reset();
    m_probes = {};
}

void AsconIpDevice::startCapture(waveform::WaveformStore& store, const std::vector<std::string>& groups) {
    requireOwnerThread("startCapture");
    const auto& known = signalGroups();
    for (const auto& g : groups)
        if (std::find(known.begin(), known.end(), g) == known.end())
            throw std::invalid_argument("unknown signal group '" + g +
                                        "' (choose axi, control, pipeline, state)");
    auto cap = std::make_unique<Capture>();
    cap->store = &store;
    // Ticks continue after what the store already holds, so one store can take several runs.
    cap->startCycle = m_cycle - store.endTick();
    for (const auto& def : detail::signalDefs()) {
        if (!groups.empty() && std::find(groups.begin(), groups.end(), def.group) == groups.end()) continue;
        const auto existing = store.find(def.name);
        const waveform::SignalId id = existing ? *existing : store.addSignal(def.name, def.width, def.group);
        // The waveform view shows the FSM's states by name.
        if (std::string_view(def.name) == "phase")
            store.setValueNames(
                id, {{0, "idle"}, {1, "load"}, {2, "init"}, {3, "AD"}, {4, "data"}, {5, "final"}});
        cap->signals.emplace_back(&def, id);
    }
    m_capture = std::move(cap);
}

void AsconIpDevice::stopCapture() {
    requireOwnerThread("stopCapture");
    if (!m_capture) return;
    m_capture->store->advance(m_cycle - m_capture->startCycle);
    m_capture.reset();
}

void AsconIpDevice::openFst(const std::string& path) {
    requireOwnerThread("openFst");
    m_model->openFst(path);
}

void AsconIpDevice::finishFst() {
    requireOwnerThread("finishFst");
    m_model->finishFst();
}

void AsconIpDevice::closeFst() {
    requireOwnerThread("closeFst");
    m_model->closeFst();
}

std::vector<int> AsconIpDevice::supportedUnrolls() {
    return detail::builtUnrolls();
}

const std::vector<std::string>& AsconIpDevice::signalGroups() {
    static const std::vector<std::string> groups = {"axi", "control", "pipeline", "state"};
    return groups;
}

} // namespace rs::hw
