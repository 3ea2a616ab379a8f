#include "hw/ip/axiregistermaps.h"

#include "core/waveform/foldedmatch.h"

#include <algorithm>
#include <cctype>

#include "hw/ip/ascon/ipregisters.h"
#include "hw/ip/block/blockregisters.h"
#include "hw/ip/mldsa/mldsaregisters.h"

namespace rs::hw {

namespace {

using waveform::AxiRegister;
using waveform::AxiRegisterMap;

/** count word registers NAME<first>.. from offset on. */
void words(AxiRegisterMap& m, std::uint32_t offset, const std::string& name, int first, int count) {
    for (int i = 0; i < count; ++i)
        m.registers.push_back(
            AxiRegister{offset + 4u * static_cast<std::uint32_t>(i), name + std::to_string(first + i)});
}

AxiRegisterMap asconMap() {
    AxiRegisterMap m{"ascon",
                     {{reg::kCtrl, "CTRL"},
                      {reg::kConfig, "CONFIG"},
                      {reg::kStatus, "STATUS"},
                      {reg::kAdLen, "AD_LEN"},
                      {reg::kMsgLen, "MSG_LEN"},
                      {reg::kCycles, "CYCLES"},
                      {reg::kCycInit, "CYC_INIT"},
                      {reg::kCycAd, "CYC_AD"},
                      {reg::kCycData, "CYC_DATA"},
                      {reg::kCycFinal, "CYC_FINAL"},
                      {reg::kInfo, "INFO"},
                      {reg::kCycStall, "CYC_STALL"},
                      {reg::kDin, "DIN"},
                      {reg::kDout, "DOUT"}}};
    words(m, reg::kKey, "KEY", 0, 4);
    words(m, reg::kNonce, "NONCE", 0, 4);
    words(m, reg::kState, "STATE", 0, 10);
    words(m, reg::kTag, "TAG", 0, 4);
    return m;
}

AxiRegisterMap blockMap() {
    using namespace blockreg;
    AxiRegisterMap m{
        "block",
        {{kCtrl, "CTRL"}, {kConfig, "CONFIG"}, {kStatus, "STATUS"}, {kCycles, "CYCLES"}, {kInfo, "INFO"}}};
    words(m, kKey, "KEY", 0, 8);
    words(m, kDin, "DIN", 0, 4);
    words(m, kDout, "DOUT", 0, 4);
    words(m, kKey3, "KEY", 8, 4);
    return m;
}

AxiRegisterMap mldsaMap() {
    using namespace mldsareg;
    return AxiRegisterMap{"mldsa",
                          {{kCtrl, "CTRL"},
                           {kConfig, "CONFIG"},
                           {kStatus, "STATUS"},
                           {kCycles, "CYCLES"},
                           {kInfo, "INFO"},
                           {kSlot, "SLOT"},
                           {kIndex, "INDEX"},
                           {kData, "DATA"}}};
}

const std::vector<AxiRegisterMap>& maps() {
    static const std::vector<AxiRegisterMap> kMaps = {asconMap(), blockMap(), mldsaMap()};
    return kMaps;
}

} // namespace

std::vector<std::string> axiRegisterMapCores() {
    std::vector<std::string> ids;
    for (const AxiRegisterMap& m : maps())
        ids.push_back(m.core);
    return ids;
}

const waveform::AxiRegisterMap* axiRegisterMap(std::string_view core) {
    for (const AxiRegisterMap& m : maps())
        if (m.core == core) return &m;
    return nullptr;
}

std::string axiCoreOf(const waveform::WaveformStore& store) {
    // Our captures: each core's own signals (hw/ip/*/ capturing targets); a Verilator trace: its top module.
    if (store.find("stage_issue")) return "mldsa";
    if (store.find("perm_busy")) return "ascon";
    bool ascon = false, block = false, mldsa = false;
    const std::string* lastGroup = nullptr;
    const auto look = [&](std::string_view where) {
        using waveform::containsFolded;
        mldsa = mldsa || containsFolded(where, "mldsa");
        ascon = ascon || containsFolded(where, "ascon");
        block = block || containsFolded(where, "block_axi_top") || containsFolded(where, "lea_core") ||
                containsFolded(where, "skinny_core");
    };
    for (waveform::SignalId id = 0; id < store.signalCount(); ++id) {
        const auto& s = store.signal(id);
        // No name of these holds a dot: group and name are looked at apart, a group once per run of its
        // signals, and nothing is copied (10^5 signals in a big design).
        if (!lastGroup || s.group != *lastGroup) look(s.group);
        lastGroup = &s.group;
        look(s.name);
    }
    if (mldsa + ascon + block == 1) return mldsa ? "mldsa" : ascon ? "ascon" : "block";
    // The block cores' capture: a 6-bit round counter and a 32-bit state word x3 (Ascon's are 64 bits).
    const auto x3 = store.find("x3");
    if (store.find("round") && x3 && store.signal(*x3).width == 32) return "block";
    return {};
}

} // namespace rs::hw
