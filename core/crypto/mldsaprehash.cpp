// HashML-DSA (FIPS 204 section 5.4, Algorithms 4 and 5): M' = 1 || |ctx| || ctx || OID(PH) || PH(M), signed
// and verified with the internal interface. The OIDs are the DER encodings of the NIST hash algorithm arcs
// 2.16.840.1.101.3.4.2.x (x = 1..12).
#include "core/crypto/mldsa.h"

#include "core/crypto/mldsainternal.h"
#include "core/crypto/sha2.h"
#include "core/crypto/sha3.h"

#include <string>

namespace rs::crypto {

namespace mldsa {

Bytes preHashOid(MlDsaPreHash ph) {
    std::uint8_t last = 0;
    switch (ph) {
    case MlDsaPreHash::Sha2_256:
        last = 0x01;
        break;
    case MlDsaPreHash::Sha2_384:
        last = 0x02;
        break;
    case MlDsaPreHash::Sha2_512:
        last = 0x03;
        break;
    case MlDsaPreHash::Sha2_224:
        last = 0x04;
        break;
    case MlDsaPreHash::Sha2_512_224:
        last = 0x05;
        break;
    case MlDsaPreHash::Sha2_512_256:
        last = 0x06;
        break;
    case MlDsaPreHash::Sha3_224:
        last = 0x07;
        break;
    case MlDsaPreHash::Sha3_256:
        last = 0x08;
        break;
    case MlDsaPreHash::Sha3_384:
        last = 0x09;
        break;
    case MlDsaPreHash::Sha3_512:
        last = 0x0A;
        break;
    case MlDsaPreHash::Shake128:
        last = 0x0B;
        break;
    case MlDsaPreHash::Shake256:
        last = 0x0C;
        break;
    }
    return {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, last};
}

Bytes preHashDigest(MlDsaPreHash ph, ByteView msg) {
    switch (ph) {
    case MlDsaPreHash::Sha2_224:
        return sha2_224(msg);
    case MlDsaPreHash::Sha2_256:
        return sha2_256(msg);
    case MlDsaPreHash::Sha2_384:
        return sha2_384(msg);
    case MlDsaPreHash::Sha2_512:
        return sha2_512(msg);
    case MlDsaPreHash::Sha2_512_224:
        return sha2_512_224(msg);
    case MlDsaPreHash::Sha2_512_256:
        return sha2_512_256(msg);
    case MlDsaPreHash::Sha3_224:
        return sha3_224(msg);
    case MlDsaPreHash::Sha3_256:
        return sha3_256(msg);
    case MlDsaPreHash::Sha3_384:
        return sha3_384(msg);
    case MlDsaPreHash::Sha3_512:
        return sha3_512(msg);
    case MlDsaPreHash::Shake128:
        return shake128(msg, 32); // 256 bits (Algorithm 4 line 20)
    case MlDsaPreHash::Shake256:
        return shake256(msg, 64); // 512 bits (line 23)
    }
    throw InvalidArgument("unknown ML-DSA pre-hash function");
}

} // namespace mldsa

Bytes mldsaFormatPreHashMessage(ByteView msg, ByteView ctx, MlDsaPreHash ph) {
    if (ctx.size() > 255)
        throw InvalidArgument("HashML-DSA context must be at most 255 bytes, got " +
                              std::to_string(ctx.size()));
    const Bytes oid = mldsa::preHashOid(ph);
    const Bytes digest = mldsa::preHashDigest(ph, msg);
    Bytes m;
    m.reserve(2 + ctx.size() + oid.size() + digest.size());
    m.push_back(1);
    m.push_back(static_cast<std::uint8_t>(ctx.size()));
    m.insert(m.end(), ctx.begin(), ctx.end());
    m.insert(m.end(), oid.begin(), oid.end());
    m.insert(m.end(), digest.begin(), digest.end());
    return m;
}

MlDsaSignature mldsaHashSign(MlDsaParamSet set, ByteView sk, ByteView msg, ByteView ctx, MlDsaPreHash ph,
                             ByteView rnd, MlDsaImpl impl) {
    return mldsaSignInternal(set, sk, mldsaFormatPreHashMessage(msg, ctx, ph), rnd, impl);
}

bool mldsaHashVerify(MlDsaParamSet set, ByteView pk, ByteView msg, ByteView ctx, MlDsaPreHash ph,
                     ByteView sig, MlDsaImpl impl) {
    const MlDsaParams& p = mldsaParams(set);
    requireLength(std::string(p.name) + " public key", pk, p.pkBytes);
    if (ctx.size() > 255) return false; // Algorithm 5 line 1
    return mldsaVerifyInternal(set, pk, mldsaFormatPreHashMessage(msg, ctx, ph), sig, impl);
}

} // namespace rs::crypto
