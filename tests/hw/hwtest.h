#pragma once
// Shared helpers of the hardware tests: variants, KAT files, random inputs.

#include "tests/testsupport.h"

#include <random>
#include <string>
#include <vector>

#include "core/crypto/asconaead.h"
#include "core/crypto/bytes.h"
#include "core/oracle/algorithms.h"

namespace rs::test {

struct IpVariant {
    const char* id;
    crypto::AsconAeadVariant variant;
    const char* katFile;
};

inline const std::vector<IpVariant>& ipVariants() {
    static const std::vector<IpVariant> v = {
        {"ascon-128", crypto::AsconAeadVariant::Ascon128v12, "ascon/ascon128v12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-128a", crypto::AsconAeadVariant::Ascon128av12, "ascon/ascon128av12_LWC_AEAD_KAT_128_128.txt"},
        {"ascon-aead128", crypto::AsconAeadVariant::AsconAead128,
         "ascon/asconaead128_LWC_AEAD_KAT_128_128.txt"},
    };
    return v;
}

/** @brief The oracle's id of an ML-DSA ring operation ("mldsa-ntt"). */
inline std::string mldsaId(oracle::MlDsaKind kind) {
    for (const oracle::MlDsaAlgorithm& a : oracle::mldsaAlgorithms())
        if (a.kind == kind) return a.id;
    return "?";
}

inline crypto::Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    crypto::Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

} // namespace rs::test
