#include "hw/ip/ascon/asconip.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/oracle/algorithms.h"
#include "core/waveform/captureclock.h"
#include "core/waveform/vcd.h"
#include "hw/ip/ascon/ipprecompute.h"
#include "hw/ip/ascon/ipregisters.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/bus/buswords.h"

namespace rs::hw {

using crypto::AsconAeadVariant;
using crypto::Bytes;
using crypto::ByteView;

struct AsconIp::Operation {
    AsconAeadVariant variant;
    ByteView key, nonce, ad, data, tag;
    bool decrypt = false;
};

namespace {

std::uint32_t variantCode(AsconAeadVariant v) {
    switch (v) {
    case AsconAeadVariant::Ascon128v12:
        return 0;
    case AsconAeadVariant::Ascon128av12:
        return 1;
    case AsconAeadVariant::AsconAead128:
        return 2;
    }
    return 0;
}

void checkSize(ByteView b, const char* name) {
    if (b.size() != 16)
        throw crypto::InvalidArgument(std::string(name) + " must be 16 bytes, got " +
                                      std::to_string(b.size()));
}

/** Undoes capture and tracing however the operation ends; marks the device dirty on failure. */
class RunGuard {
  public:
    RunGuard(AsconIpDevice& dev, bool& dirty) : m_dev(dev), m_dirty(dirty) {}
    ~RunGuard() {
        if (m_capturing) m_dev.stopCapture();
        if (m_fst) m_dev.closeFst();
        if (!m_ok) m_dirty = true;
    }
    void capturing() { m_capturing = true; }
    void fst() { m_fst = true; }
    /** Writes the FST file of a run that went well (the destructor drops the trace of one that failed). */
    void finishFst() {
        if (!m_fst) return;
        m_fst = false;
        m_dev.finishFst();
    }
    void stopCapture() {
        if (m_capturing) m_dev.stopCapture();
        m_capturing = false;
    }
    void ok() { m_ok = true; }

  private:
    AsconIpDevice& m_dev;
    bool& m_dirty;
    bool m_capturing = false, m_fst = false, m_ok = false;
};

// Streaming gives up when DONE has not come after this many bus clocks per word moved (a hung
// core, not a long message: a word costs well under 100 clocks even at one round per clock).
constexpr std::uint64_t kStreamClocksPerWord = 1000;

} // namespace

AsconIp::AsconIp() = default;
AsconIp::~AsconIp() = default;

AsconIpDevice& AsconIp::device(int unroll, AsconIpBuild build) {
    auto it = m_devices.find({unroll, build});
    if (it == m_devices.end())
        it =
            m_devices.emplace(DeviceKey{unroll, build}, std::make_unique<AsconIpDevice>(unroll, build)).first;
    it->second->requireOwnerThread("AsconIp");
    return *it->second;
}

AsconIpRunInfo AsconIp::run(const Operation& op, const AsconIpOptions& options, Bytes& out, bool& authFail) {
    checkSize(op.key, "key");
    checkSize(op.nonce, "nonce");
    if (op.decrypt) checkSize(op.tag, "tag");
    AsconIpDevice& dev = device(options.unroll, options.build);
    bool& dirty = m_dirty[{options.unroll, options.build}];
    if (dirty) {
        dev.reset();
        dirty = false;
    }
    const bool adPre = options.precomputed && options.adPrecomputed;
    std::vector<std::uint32_t> in = adPre ? std::vector<std::uint32_t>{} : packBusWords(op.ad);
    const std::vector<std::uint32_t> msg = packBusWords(op.data);
    in.insert(in.end(), msg.begin(), msg.end());
    const std::size_t outWords = msg.size();

    RunGuard guard(dev, dirty);
    waveform::WaveformStore localStore;
    waveform::WaveformStore* store = options.capture;
    if (!store && !options.vcdPath.empty()) store = &localStore;
    if (store) {
        dev.startCapture(*store, options.captureGroups);
        guard.capturing();
    }
    if (!options.fstPath.empty()) {
        dev.openFst(options.fstPath);
        guard.fst();
    }

    AxiLiteMaster bus(dev);
    dev.resetPhaseCycles();
    std::uint32_t cfg = variantCode(op.variant);
    if (op.decrypt) cfg |= reg::kCfgDecrypt;
    if (options.precomputed) cfg |= reg::kCfgPrecomputed;
    if (adPre) cfg |= reg::kCfgAdPrecomputed;
    // A decryption's plaintext is released only after its tag verified; one longer than the output
    // FIFO needs two passes (the first checks the tag) unless unverified streaming was asked for.
    const bool twoPass = op.decrypt && !options.streamUnverified && outWords > reg::kOutDepth;
    if (op.decrypt && options.streamUnverified) cfg |= reg::kCfgStreamUnverified;
    if (twoPass) cfg |= reg::kCfgVerifyFirst;
    bus.write(reg::kConfig, cfg);
    bus.write(reg::kAdLen, adPre ? 0u : static_cast<std::uint32_t>(op.ad.size()));
    bus.write(reg::kMsgLen, static_cast<std::uint32_t>(op.data.size()));
    const auto key = packBusWords(op.key);
    for (std::size_t i = 0; i < 4; ++i)
        bus.write(static_cast<std::uint8_t>(reg::kKey + 4 * i), key[i]);
    if (options.precomputed) {
        const crypto::AsconState s = adPre ? stateAfterAd(op.variant, op.key, op.nonce, op.ad)
                                           : initialState(op.variant, op.key, op.nonce);
        for (std::size_t i = 0; i < 10; ++i) {
            const std::uint64_t x = s.x[i / 2];
            bus.write(static_cast<std::uint8_t>(reg::kState + 4 * i),
                      static_cast<std::uint32_t>(i % 2 ? x >> 32 : x));
        }
    } else {
        const auto nonce = packBusWords(op.nonce);
        for (std::size_t i = 0; i < 4; ++i)
            bus.write(static_cast<std::uint8_t>(reg::kNonce + 4 * i), nonce[i]);
    }
    if (op.decrypt) {
        const auto tag = packBusWords(op.tag);
        for (std::size_t i = 0; i < 4; ++i)
            bus.write(static_cast<std::uint8_t>(reg::kTag + 4 * i), tag[i]);
    }

    AsconIpRunInfo info;
    info.unroll = options.unroll;
    info.precomputed = options.precomputed;
    info.adPrecomputed = adPre;
    info.streamed = in.size() > reg::kInDepth || outWords > reg::kOutDepth;
    info.passes = twoPass ? 2 : 1;

    std::vector<std::uint32_t> got;
    std::uint32_t status = 0;
    for (int pass = 1; pass <= info.passes; ++pass) {
        const bool discard = twoPass && pass == 1; // the first pass releases nothing
        const std::size_t want = discard ? 0 : outWords;
        got.clear();
        got.reserve(want);
        std::size_t sent = 0;
        for (; sent < std::min<std::size_t>(in.size(), reg::kInDepth); ++sent)
            bus.write(reg::kDin, in[sent]);
        bus.write(reg::kCtrl, reg::kCtrlStart);
        if (!info.streamed) {
            do
                status = bus.read(reg::kStatus);
            while (!(status & reg::kStDone));
            if (!(status & reg::kStAuthFail))
                while (got.size() < want)
                    got.push_back(bus.read(reg::kDout));
        } else {
            // Keep both FIFOs moving while the core runs: drain output, refill input.
            const std::uint64_t limit = bus.cycles() + kStreamClocksPerWord * (in.size() + outWords + 64);
            while (true) {
                if (bus.cycles() > limit)
                    throw AxiError("IP did not finish: no DONE after " + std::to_string(limit) + " clocks");
                if (options.cancel != nullptr && options.cancel->load(std::memory_order_relaxed))
                    throw IpCancelled();
                status = bus.read(reg::kStatus);
                for (unsigned n = reg::statusOutCount(status); n > 0 && got.size() < want; --n)
                    got.push_back(bus.read(reg::kDout));
                for (unsigned n = reg::statusInFree(status); n > 0 && sent < in.size(); --n)
                    bus.write(reg::kDin, in[sent++]);
                if ((status & reg::kStDone) && (got.size() == want || (status & reg::kStAuthFail))) break;
            }
        }
        if (info.streamed) info.cycles.stall += bus.read(reg::kCycStall);
        if (status & reg::kStAuthFail) break; // nothing was released; no second pass
    }
    authFail = (status & reg::kStAuthFail) != 0;
    info.stalled = (status & reg::kStStalled) != 0;
    out = authFail ? Bytes(op.data.size(), 0)
                   : unpackBusWords(got, op.data.size()); // nothing released on failure
    if (!op.decrypt) {
        std::vector<std::uint32_t> tag;
        for (std::size_t i = 0; i < 4; ++i)
            tag.push_back(bus.read(static_cast<std::uint8_t>(reg::kTag + 4 * i)));
        const Bytes tagBytes = unpackBusWords(tag, 16);
        out.insert(out.end(), tagBytes.begin(), tagBytes.end());
    }

    const AsconIpPhaseCycles& ph = dev.phaseCycles();
    info.cycles.total = bus.cycles();
    info.cycles.init = ph.init;
    info.cycles.ad = ph.ad;
    info.cycles.data = ph.data;
    info.cycles.final = ph.final;
    info.cycles.axi = info.cycles.total - info.cycles.core();
    info.axiTransactions = bus.transactions();
    info.axiWrites = bus.writes();
    info.axiReads = bus.reads();

    guard.stopCapture();
    if (!options.vcdPath.empty()) waveform::writeVcdFile(waveform::withCaptureClock(*store), options.vcdPath);
    guard.finishFst();
    guard.ok();
    return info;
}

AsconIpEncryptResult AsconIp::encrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                      ByteView pt, const AsconIpOptions& options) {
    Bytes out;
    bool fail = false;
    AsconIpEncryptResult r;
    r.run = run(Operation{v, key, nonce, ad, pt, {}, false}, options, out, fail);
    r.tag.assign(out.end() - 16, out.end());
    out.resize(out.size() - 16);
    r.ct = std::move(out);
    return r;
}

AsconIpDecryptResult AsconIp::decrypt(AsconAeadVariant v, ByteView key, ByteView nonce, ByteView ad,
                                      ByteView ct, ByteView tag, const AsconIpOptions& options) {
    Bytes out;
    bool fail = false;
    AsconIpDecryptResult r;
    r.run = run(Operation{v, key, nonce, ad, ct, tag, true}, options, out, fail);
    if (!fail)
        r.pt = std::move(out);
    else
        std::fill(out.begin(), out.end(), 0); // released plaintext is wiped, not returned
    return r;
}

const std::vector<AsconAeadVariant>& ipVariants() {
    static const std::vector<AsconAeadVariant> variants = {
        AsconAeadVariant::Ascon128v12, AsconAeadVariant::Ascon128av12, AsconAeadVariant::AsconAead128};
    return variants;
}

std::string ipVariantId(AsconAeadVariant v) {
    for (const oracle::AeadAlgorithm& a : oracle::aeadAlgorithms())
        if (a.ascon == v) return a.id;
    throw std::logic_error("the oracle has no AEAD row named " + std::string(crypto::asconAeadName(v)));
}

std::optional<AsconAeadVariant> ipVariantFromId(std::string_view id) {
    for (const AsconAeadVariant v : ipVariants())
        if (ipVariantId(v) == id) return v;
    return std::nullopt;
}

} // namespace rs::hw
