#include "hw/ip/block/blockip.h"

#include <algorithm>
#include <stdexcept>

#include "core/crypto/blockmodes.h"
#include "core/crypto/skinny.h"
#include "core/oracle/algorithms.h"
#include "hw/ip/block/blockmodels.h"
#include "hw/ip/block/blockregisters.h"
#include "hw/ip/bus/axicapture.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/bus/buswords.h"

namespace rs::hw {

namespace {

using namespace blockreg; // the register offsets

/** Forwards every clock to the model and samples what the viewer shows into a store. */
class CapturingTarget final : public AxiLiteTarget {
  public:
    CapturingTarget(detail::BlockModel& m, waveform::WaveformStore* store) : m_model(m), m_capture(store) {
        for (const auto& [n, w] : {std::pair{"busy", 1}, {"round", 6}, {"irq", 1}})
            m_capture.add(n, w, "control");
        for (const char* n : {"x0", "x1", "x2", "x3"})
            m_capture.add(n, 32, "state");
    }
    AxiLiteOutputs tick(const AxiLiteInputs& in) override {
        const AxiLiteOutputs out = m_model.tick(in);
        if (!m_capture.enabled()) return out;
        const auto st = m_model.state();
        m_capture.sample(in, out,
                         {m_model.busy(), static_cast<std::uint64_t>(m_model.round()), out.irq, st[0], st[1],
                          st[2], st[3]});
        return out;
    }

  private:
    detail::BlockModel& m_model;
    AxiCapture m_capture;
};

} // namespace

std::optional<BlockIpAlgorithm> blockIpAlgorithm(std::string_view id) {
    const oracle::BlockAlgorithm* b = oracle::findBlock(id);
    if (b == nullptr || b->blockBytes != 16) return std::nullopt;
    // Which Verilated core computes the cipher the row names (block_axi_top's CIPHER): the one LEA core for
    // every key length (CONFIG.KEYSIZE), a SKINNY-128 core per tweakey size (told by crypto's own variant
    // names). Key length and rounds are the oracle's.
    std::optional<BlockCore> core;
    if (b->id.rfind("lea-", 0) == 0)
        core = BlockCore::Lea;
    else if (b->displayName == crypto::skinnyName(crypto::SkinnyVariant::S128_256))
        core = BlockCore::Skinny128_256;
    else if (b->displayName == crypto::skinnyName(crypto::SkinnyVariant::S128_384))
        core = BlockCore::Skinny128_384;
    if (!core) return std::nullopt;
    return BlockIpAlgorithm{*core, b->keyBytes, b->standardRounds};
}

std::vector<std::string> blockIpAlgorithms() {
    std::vector<std::string> ids;
    for (const oracle::BlockAlgorithm& b : oracle::blockAlgorithms())
        if (blockIpAlgorithm(b.id)) ids.push_back(b.id);
    return ids;
}

std::uint64_t blockIpCycles(int rounds, int rpc) {
    return 1 + static_cast<std::uint64_t>((rounds + rpc - 1) / rpc);
}

BlockIp::BlockIp() = default;
BlockIp::~BlockIp() = default;

std::vector<int> BlockIp::supportedRpc(BlockCore core) {
    std::vector<int> out;
    for (const auto& [c, r] : detail::builtBlockModels())
        if (c == static_cast<int>(core)) out.push_back(r);
    std::sort(out.begin(), out.end());
    return out;
}

detail::BlockModel& BlockIp::model(BlockCore core, int rpc) {
    if (m_models.empty()) m_owner = std::this_thread::get_id();
    if (m_owner != std::this_thread::get_id())
        throw std::logic_error("BlockIp: a Verilated model must be clocked by the thread that built it");
    const auto key = std::make_pair(static_cast<int>(core), rpc);
    auto it = m_models.find(key);
    if (it == m_models.end()) {
        auto m = detail::makeBlockModel(key.first, rpc);
        if (!m) {
            std::string built;
            for (const int r : supportedRpc(core))
                built += (built.empty() ? "" : ", ") + std::to_string(r);
            throw crypto::InvalidArgument("rounds per clock " + std::to_string(rpc) +
                                          " was not Verilated (built: " + built + ")");
        }
        it = m_models.emplace(key, std::move(m)).first;
    }
    return *it->second;
}

BlockIpResult BlockIp::ecb(std::string_view algorithm, crypto::ByteView key, crypto::ByteView in, int rpc) {
    return run(algorithm, key, {}, in, rpc, false);
}

BlockIpResult BlockIp::ctr(std::string_view algorithm, crypto::ByteView key, crypto::ByteView iv,
                           crypto::ByteView in, int rpc) {
    crypto::requireLength("CTR IV", iv, 16);
    return run(algorithm, key, iv, in, rpc, true);
}

BlockIpResult BlockIp::run(std::string_view algorithm, crypto::ByteView key, crypto::ByteView iv,
                           crypto::ByteView in, int rpc, bool ctr) {
    const auto alg = blockIpAlgorithm(algorithm);
    if (!alg)
        throw crypto::InvalidArgument("the block IP runs " + oracle::joinIds(blockIpAlgorithms()) +
                                      ", not '" + std::string(algorithm) + "'");
    crypto::requireLength("key", key, alg->keyBytes);
    if (!ctr && in.size() % 16) throw crypto::InvalidArgument("ECB needs whole 16-byte blocks");
    detail::BlockModel& m = model(alg->core, rpc);
    struct FstGuard {
        detail::BlockModel& m;
        bool on;
        ~FstGuard() {
            if (on) m.closeFst();
        }
    } guard{m, !m_fst.empty()};
    if (!m_fst.empty()) {
        m.openFst(m_fst);
        m_fst.clear();
    }
    CapturingTarget target(m, m_capture);
    AxiLiteMaster bus(target);
    BlockIpResult r;
    r.output.resize(in.size());
    bus.write(kConfig, alg->keyBytes == 16 ? 0u : alg->keyBytes == 24 ? 1u : 2u);
    std::vector<std::uint32_t> keyWords = packBusWords(key);
    keyWords.resize(12, 0); // KEY0..7, and KEY8..11 (SKINNY-128-384's TK3)
    for (std::size_t i = 0; i < 8; ++i)
        bus.write(static_cast<std::uint8_t>(kKey + 4 * i), keyWords[i]);
    if (alg->core == BlockCore::Skinny128_384) // TK3 in KEY8..11
        for (std::size_t i = 0; i < 4; ++i)
            bus.write(static_cast<std::uint8_t>(kKey3 + 4 * i), keyWords[8 + i]);
    std::uint8_t counter[16] = {};
    if (ctr) std::copy(iv.begin(), iv.end(), counter);
    for (std::size_t off = 0; off < in.size(); off += 16) {
        if (m_cancel != nullptr && m_cancel->load(std::memory_order_relaxed)) throw IpCancelled();
        const crypto::ByteView block = ctr ? crypto::ByteView(counter, 16) : in.subspan(off, 16);
        const std::vector<std::uint32_t> blockWords = packBusWords(block);
        for (std::size_t i = 0; i < 4; ++i)
            bus.write(static_cast<std::uint8_t>(kDin + 4 * i), blockWords[i]);
        bus.write(kCtrl, 1);
        int polls = 0;
        while (!(bus.read(kStatus) & 2u))
            if (++polls > 10000) throw AxiError("the block IP did not raise DONE");
        r.coreCycles += bus.read(kCycles);
        std::vector<std::uint32_t> outWords(4);
        for (std::size_t i = 0; i < 4; ++i)
            outWords[i] = bus.read(static_cast<std::uint8_t>(kDout + 4 * i));
        const crypto::Bytes out = unpackBusWords(outWords, 16);
        const std::size_t n = std::min<std::size_t>(16, in.size() - off);
        for (std::size_t j = 0; j < n; ++j)
            r.output[off + j] = ctr ? static_cast<std::uint8_t>(in[off + j] ^ out[j]) : out[j];
        if (ctr) crypto::incrementBigEndian(counter, 16);
        ++r.blocks;
    }
    r.busClocks = bus.cycles();
    if (guard.on) {
        guard.on = false; // a failed write leaves nothing; a run that threw above drops its trace
        m.finishFst();
    }
    return r;
}

} // namespace rs::hw
