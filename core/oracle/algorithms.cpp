#include "core/oracle/algorithms.h"

#include "core/crypto/asconaead.h"
#include "core/crypto/asconhash.h"
#include "core/crypto/gcm.h"
#include "core/crypto/lea.h"
#include "core/crypto/skinny.h"

#include <algorithm>

namespace rs::oracle {

using crypto::InvalidArgument;

void AeadAlgorithm::checkSizes(ByteView key, ByteView nonce, std::optional<ByteView> tag) const {
    crypto::requireLength("key", key, keyBytes);
    crypto::requireLength("nonce", nonce, nonceBytes);
    if (tag) crypto::requireLength("tag", *tag, tagBytes);
}

void BlockAlgorithm::checkKey(ByteView key) const {
    if (key.size() != keyBytes)
        throw InvalidArgument("key must be " + std::to_string(keyBytes) + " bytes for " + id + ", got " +
                              std::to_string(key.size()));
}

namespace {

AeadAlgorithm asconAead(std::string id, crypto::AsconAeadVariant v) {
    AeadAlgorithm a;
    a.id = std::move(id);
    a.displayName = std::string(crypto::asconAeadName(v));
    // The oracle's answer and cpu.impl = reference are the step-by-step model (the code the explorer
    // traces), never the fast path it judges.
    a.encrypt = [v](ByteView k, ByteView n, ByteView ad, ByteView pt) {
        return crypto::asconEncryptModel(v, k, n, ad, pt);
    };
    a.decrypt = [v](ByteView k, ByteView n, ByteView ad, ByteView ct, ByteView tag) {
        return crypto::asconDecryptModel(v, k, n, ad, ct, tag);
    };
    a.encryptTraced = [v](ByteView k, ByteView n, ByteView ad, ByteView pt, crypto::Trace& t) {
        return crypto::asconEncryptTraced(v, k, n, ad, pt, t);
    };
    a.encryptInto = [v](ByteView k, ByteView n, ByteView ad, ByteView pt, std::span<std::uint8_t> ct,
                        std::span<std::uint8_t> tag) { crypto::asconEncryptInto(v, k, n, ad, pt, ct, tag); };
    a.decryptInto = [v](ByteView k, ByteView n, ByteView ad, ByteView ct, ByteView tag,
                        std::span<std::uint8_t> pt) {
        return crypto::asconDecryptInto(v, k, n, ad, ct, tag, pt);
    };
    return a;
}

AeadAlgorithm leaGcm(int bits) {
    AeadAlgorithm a;
    a.id = "lea-" + std::to_string(bits) + "-gcm";
    a.displayName = "LEA-" + std::to_string(bits) + "-GCM";
    a.keyBytes = static_cast<std::size_t>(bits / 8);
    a.nonceBytes = 12;
    a.encrypt = [](ByteView k, ByteView n, ByteView ad, ByteView pt) {
        return crypto::gcmEncrypt(crypto::Lea(k), n, ad, pt);
    };
    a.decrypt = [](ByteView k, ByteView n, ByteView ad, ByteView ct, ByteView tag) {
        return crypto::gcmDecrypt(crypto::Lea(k), n, ad, ct, tag);
    };
    return a;
}

BlockAlgorithm lea(int bits) {
    BlockAlgorithm b;
    b.id = "lea-" + std::to_string(bits);
    b.displayName = "LEA-" + std::to_string(bits);
    b.keyBytes = static_cast<std::size_t>(bits / 8);
    b.blockBytes = 16;
    b.standardRounds = bits == 128 ? 24 : bits == 192 ? 28 : 32;
    b.make = [](ByteView key, int rounds) -> std::unique_ptr<crypto::TracedBlockCipher> {
        return std::make_unique<crypto::Lea>(key, rounds);
    };
    return b;
}

BlockAlgorithm skinny(crypto::SkinnyVariant v, std::string id) {
    BlockAlgorithm b;
    b.id = std::move(id);
    b.displayName = std::string(crypto::skinnyName(v));
    b.keyBytes = crypto::skinnyTweakeyBytes(v);
    b.blockBytes = (v == crypto::SkinnyVariant::S64_64 || v == crypto::SkinnyVariant::S64_128 ||
                    v == crypto::SkinnyVariant::S64_192)
                       ? 8
                       : 16;
    b.standardRounds = crypto::skinnyRounds(v);
    b.make = [v](ByteView key, int rounds) -> std::unique_ptr<crypto::TracedBlockCipher> {
        return std::make_unique<crypto::Skinny>(v, key, rounds);
    };
    return b;
}

HashAlgorithm asconHash(std::string id, crypto::AsconHashVariant v, bool xof) {
    HashAlgorithm h;
    h.id = std::move(id);
    h.displayName = std::string(crypto::asconHashName(v));
    h.extendable = xof;
    h.defaultOutBytes = 32;
    h.hash = [v](ByteView msg, std::size_t out) { return crypto::asconHash(v, msg, out); };
    return h;
}

template <class T> const T* findIn(const std::vector<T>& table, std::string_view id) {
    const auto it = std::find_if(table.begin(), table.end(), [&](const T& a) { return a.id == id; });
    return it == table.end() ? nullptr : &*it;
}

template <class T> std::vector<std::string> idsOf(const std::vector<T>& table) {
    std::vector<std::string> ids;
    for (const T& a : table)
        ids.push_back(a.id);
    return ids;
}

} // namespace

const std::vector<AeadAlgorithm>& aeadAlgorithms() {
    using V = crypto::AsconAeadVariant;
    static const std::vector<AeadAlgorithm> table = {asconAead("ascon-128", V::Ascon128v12),
                                                     asconAead("ascon-128a", V::Ascon128av12),
                                                     asconAead("ascon-aead128", V::AsconAead128),
                                                     leaGcm(128),
                                                     leaGcm(192),
                                                     leaGcm(256)};
    return table;
}

const std::vector<BlockAlgorithm>& blockAlgorithms() {
    using V = crypto::SkinnyVariant;
    static const std::vector<BlockAlgorithm> table = {lea(128),
                                                      lea(192),
                                                      lea(256),
                                                      skinny(V::S64_64, "skinny-64-64"),
                                                      skinny(V::S64_128, "skinny-64-128"),
                                                      skinny(V::S64_192, "skinny-64-192"),
                                                      skinny(V::S128_128, "skinny-128-128"),
                                                      skinny(V::S128_256, "skinny-128-256"),
                                                      skinny(V::S128_384, "skinny-128-384")};
    return table;
}

const std::vector<HashAlgorithm>& hashAlgorithms() {
    using V = crypto::AsconHashVariant;
    static const std::vector<HashAlgorithm> table = {
        asconHash("ascon-hash256", V::Hash256, false), asconHash("ascon-xof128", V::Xof128, true),
        asconHash("ascon-hash", V::Hashv12, false), asconHash("ascon-xof", V::Xofv12, true)};
    return table;
}

const std::vector<MlDsaAlgorithm>& mldsaAlgorithms() {
    static const std::vector<MlDsaAlgorithm> table = {
        {"mldsa-ntt", "ML-DSA NTT (FIPS 204 Algorithm 41)", MlDsaKind::Ntt, false},
        {"mldsa-intt", "ML-DSA NTT⁻¹ (FIPS 204 Algorithm 42)", MlDsaKind::InverseNtt, false},
        {"mldsa-pwm", "ML-DSA MultiplyNTT (FIPS 204 Algorithm 45)", MlDsaKind::MultiplyNtt, true},
        {"mldsa-pwa", "ML-DSA AddNTT (FIPS 204 Algorithm 44)", MlDsaKind::AddNtt, true}};
    return table;
}

const AeadAlgorithm* findAead(std::string_view id) {
    return findIn(aeadAlgorithms(), id);
}
const BlockAlgorithm* findBlock(std::string_view id) {
    return findIn(blockAlgorithms(), id);
}
const HashAlgorithm* findHash(std::string_view id) {
    return findIn(hashAlgorithms(), id);
}
const MlDsaAlgorithm* findMlDsa(std::string_view id) {
    return findIn(mldsaAlgorithms(), id);
}

std::string joinIds(const std::vector<std::string>& ids) {
    std::string s;
    for (const auto& id : ids)
        s += (s.empty() ? "" : ", ") + id;
    return s;
}
std::vector<std::string> aeadIds() {
    return idsOf(aeadAlgorithms());
}
std::vector<std::string> blockIds() {
    return idsOf(blockAlgorithms());
}
std::vector<std::string> hashIds() {
    return idsOf(hashAlgorithms());
}
std::vector<std::string> mldsaIds() {
    return idsOf(mldsaAlgorithms());
}

} // namespace rs::oracle
