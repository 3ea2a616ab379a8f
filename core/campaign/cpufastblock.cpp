#include "core/campaign/cpufastblock.h"

#include "core/crypto/gcmfast.h"
#include "core/crypto/leafast.h"
#include "core/crypto/skinnyfast.h"
#include "core/oracle/algorithms.h"

namespace rs::campaign {

namespace {

class SkinnyBlocks final : public FastBlocks {
  public:
    SkinnyBlocks(crypto::SkinnyVariant v, crypto::ByteView key) : m_fast(v, key) {}
    void ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const override {
        m_fast.ecb(in, out, blocks);
    }
    void ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const override {
        m_fast.ecbDecrypt(in, out, blocks);
    }
    void ctr(const std::uint8_t* counter, const std::uint8_t* in, std::uint8_t* out,
             std::size_t bytes) const override {
        m_fast.ctr(counter, in, out, bytes);
    }
    std::string isa() const override { return crypto::skinnyFastIsaName(m_fast.isa()); }

  private:
    crypto::SkinnyFast m_fast;
};

class LeaBlocks final : public FastBlocks {
  public:
    explicit LeaBlocks(crypto::ByteView key) : m_fast(key) {}
    void ecb(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const override {
        m_fast.ecb(in, out, blocks);
    }
    void ecbDecrypt(const std::uint8_t* in, std::uint8_t* out, std::size_t blocks) const override {
        m_fast.ecbDecrypt(in, out, blocks);
    }
    void ctr(const std::uint8_t* counter, const std::uint8_t* in, std::uint8_t* out,
             std::size_t bytes) const override {
        m_fast.ctr(counter, in, out, bytes);
    }
    std::string isa() const override { return crypto::leaFastIsaName(m_fast.isa()); }

  private:
    crypto::LeaFast m_fast;
};

class LeaGcm final : public FastAead {
  public:
    explicit LeaGcm(crypto::ByteView key) : m_fast(key) {}
    void encrypt(crypto::ByteView nonce, crypto::ByteView ad, crypto::ByteView pt, std::span<std::uint8_t> ct,
                 std::span<std::uint8_t> tag) const override {
        crypto::gcmEncryptFastInto(m_fast, nonce, ad, pt, ct, tag, m_ghash);
    }
    std::optional<crypto::Bytes> decrypt(crypto::ByteView nonce, crypto::ByteView ad, crypto::ByteView ct,
                                         crypto::ByteView tag) const override {
        return crypto::gcmDecryptFast(m_fast, nonce, ad, ct, tag, m_ghash);
    }
    std::string isa() const override {
        return std::string(crypto::leaFastIsaName(m_fast.isa())) + "+" + crypto::ghashIsaName(m_ghash);
    }

  private:
    crypto::LeaFast m_fast;
    crypto::GhashIsa m_ghash = crypto::ghashBest();
};

} // namespace

std::unique_ptr<FastAead> makeFastAead(const std::string& aeadId, crypto::ByteView key) {
    const oracle::AeadAlgorithm* row = oracle::findAead(aeadId);
    if (row && row->cpuFastPath == oracle::CpuFastPath::LeaGcm) return std::make_unique<LeaGcm>(key);
    return nullptr;
}

std::unique_ptr<FastBlocks> makeFastBlocks(const std::string& blockId, crypto::ByteView key) {
    const oracle::BlockAlgorithm* row = oracle::findBlock(blockId);
    if (!row) return nullptr;
    if (row->cpuFastPath == oracle::CpuFastPath::LeaBlocks) return std::make_unique<LeaBlocks>(key);
    if (row->cpuFastPath == oracle::CpuFastPath::SkinnyBlocks)
        if (const auto skinny = crypto::skinnyVariantFromId(blockId))
            return std::make_unique<SkinnyBlocks>(*skinny, key);
    return nullptr;
}

std::map<std::string, std::string> cpuFastBlockProvenance() {
    return {{"skinny.fast_isa", crypto::skinnyFastIsaName(crypto::skinnyFastBest())},
            {"lea.fast_isa", crypto::leaFastIsaName(crypto::leaFastBest())},
            {"ghash.fast_isa", crypto::ghashIsaName(crypto::ghashBest())}};
}

} // namespace rs::campaign
