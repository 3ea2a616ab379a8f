// ML-DSA parameter sets (FIPS 204 Tables 1 and 2), the pre-hash names of ACVP and the rejection texts.
#include "core/crypto/mldsa.h"

#include <cctype>

namespace rs::crypto {

namespace {

constexpr std::int32_t kGamma2Small = (kMlDsaQ - 1) / 88; // 95232
constexpr std::int32_t kGamma2Large = (kMlDsaQ - 1) / 32; // 261888

// Table 1 (k, l, eta, tau, beta = tau * eta, gamma1, gamma2, omega, lambda) and Table 2 (sizes in bytes).
const MlDsaParams kParams[3] = {
    {MlDsaParamSet::MlDsa44, "ML-DSA-44", 4, 4, 2, 39, 78, 1 << 17, kGamma2Small, 80, 128, 13, 4.25, 1312,
     2560, 2420},
    {MlDsaParamSet::MlDsa65, "ML-DSA-65", 6, 5, 4, 49, 196, 1 << 19, kGamma2Large, 55, 192, 13, 5.1, 1952,
     4032, 3309},
    {MlDsaParamSet::MlDsa87, "ML-DSA-87", 8, 7, 2, 60, 120, 1 << 19, kGamma2Large, 75, 256, 13, 3.85, 2592,
     4896, 4627},
};

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

struct PreHashName {
    MlDsaPreHash ph;
    const char* name;
};
const PreHashName kPreHashNames[] = {
    {MlDsaPreHash::Sha2_224, "SHA2-224"},         {MlDsaPreHash::Sha2_256, "SHA2-256"},
    {MlDsaPreHash::Sha2_384, "SHA2-384"},         {MlDsaPreHash::Sha2_512, "SHA2-512"},
    {MlDsaPreHash::Sha2_512_224, "SHA2-512/224"}, {MlDsaPreHash::Sha2_512_256, "SHA2-512/256"},
    {MlDsaPreHash::Sha3_224, "SHA3-224"},         {MlDsaPreHash::Sha3_256, "SHA3-256"},
    {MlDsaPreHash::Sha3_384, "SHA3-384"},         {MlDsaPreHash::Sha3_512, "SHA3-512"},
    {MlDsaPreHash::Shake128, "SHAKE-128"},        {MlDsaPreHash::Shake256, "SHAKE-256"},
};

} // namespace

const MlDsaParams& mldsaParams(MlDsaParamSet set) noexcept {
    switch (set) {
    case MlDsaParamSet::MlDsa44:
        return kParams[0];
    case MlDsaParamSet::MlDsa65:
        return kParams[1];
    case MlDsaParamSet::MlDsa87:
        return kParams[2];
    }
    return kParams[0];
}

std::optional<MlDsaParamSet> mldsaParamSetFromName(std::string_view name) noexcept {
    try {
        std::string s = lower(name);
        // "ML-DSA-44", "mldsa-44" or just "44" (the prefixes are stripped, the rest must be the number).
        for (std::string_view prefix : {std::string_view("ml-dsa-"), std::string_view("mldsa-")}) {
            if (s.size() > prefix.size() && s.compare(0, prefix.size(), prefix) == 0) {
                s = s.substr(prefix.size());
                break;
            }
        }
        if (s == "44") return MlDsaParamSet::MlDsa44;
        if (s == "65") return MlDsaParamSet::MlDsa65;
        if (s == "87") return MlDsaParamSet::MlDsa87;
    } catch (...) {
    }
    return std::nullopt;
}

std::optional<MlDsaPreHash> mldsaPreHashFromName(std::string_view name) noexcept {
    try {
        const std::string s = lower(name);
        for (const PreHashName& p : kPreHashNames)
            if (lower(p.name) == s) return p.ph;
    } catch (...) {
    }
    return std::nullopt;
}

const char* mldsaPreHashName(MlDsaPreHash ph) noexcept {
    for (const PreHashName& p : kPreHashNames)
        if (p.ph == ph) return p.name;
    return "?";
}

const char* mldsaRejectionText(MlDsaRejection r) noexcept {
    switch (r) {
    case MlDsaRejection::None:
        return "none";
    case MlDsaRejection::ZNorm:
        return "‖z‖∞ ≥ γ1 − β";
    case MlDsaRejection::R0Norm:
        return "‖r0‖∞ ≥ γ2 − β";
    case MlDsaRejection::Ct0Norm:
        return "‖ct0‖∞ ≥ γ2";
    case MlDsaRejection::TooManyHints:
        return "hints > ω";
    }
    return "?";
}

} // namespace rs::crypto
