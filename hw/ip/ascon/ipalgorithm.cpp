#include "hw/ip/ascon/ipalgorithm.h"

#include <stdexcept>
#include <string>

namespace rs::hw {

oracle::AeadAlgorithm ipAeadAlgorithm(AsconIp& ip, std::string_view id, AsconIpOptions options) {
    const auto variant = ipVariantFromId(id);
    const oracle::AeadAlgorithm* model = oracle::findAead(id);
    if (!variant || !model) {
        std::vector<std::string> ids;
        for (const crypto::AsconAeadVariant v : ipVariants())
            ids.push_back(ipVariantId(v));
        throw std::invalid_argument("'" + std::string(id) + "' is not an Ascon AEAD (choose " +
                                    oracle::joinIds(ids) + ")");
    }
    options.capture = nullptr;
    options.vcdPath.clear();
    options.fstPath.clear();
    oracle::AeadAlgorithm alg;
    alg.id = model->id;
    alg.displayName =
        model->displayName + " (Verilated IP, unroll " + std::to_string(options.unroll) +
        (options.precomputed ? (options.adPrecomputed ? ", precomputed with AD" : ", precomputed") : "") +
        ")";
    alg.keyBytes = model->keyBytes;
    alg.nonceBytes = model->nonceBytes;
    alg.tagBytes = model->tagBytes;
    const crypto::AsconAeadVariant v = *variant;
    alg.encrypt = [&ip, v, options](crypto::ByteView key, crypto::ByteView nonce, crypto::ByteView ad,
                                    crypto::ByteView pt) {
        AsconIpEncryptResult r = ip.encrypt(v, key, nonce, ad, pt, options);
        return crypto::AeadResult{std::move(r.ct), std::move(r.tag)};
    };
    alg.decrypt = [&ip, v, options](crypto::ByteView key, crypto::ByteView nonce, crypto::ByteView ad,
                                    crypto::ByteView ct,
                                    crypto::ByteView tag) -> std::optional<crypto::Bytes> {
        return ip.decrypt(v, key, nonce, ad, ct, tag, options).pt;
    };
    return alg;
}

} // namespace rs::hw
