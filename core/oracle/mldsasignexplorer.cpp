#include "core/oracle/mldsasignexplorer.h"

#include <string>

namespace rs::oracle {

ExplorerProfile mldsaSignExplorerProfile(crypto::MlDsaParamSet set) {
    const crypto::MlDsaParams& p = crypto::mldsaParams(set);
    ExplorerProfile e;
    e.name = std::string(p.name) + " Sign (rejection loop)";
    InputField seed{"seed", "Key seed ξ (KeyGen_internal)", 32,
                    "000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F"};
    InputField msg{"msg", "Message M", -1, "526F756E6453636F7065"}; // "RoundScope"
    InputField ctx{"ctx", "Context (0–255 bytes)", -1, ""};
    ctx.check = [](const crypto::Bytes& b) {
        return b.size() > 255 ? "a context holds at most 255 bytes, not " + std::to_string(b.size())
                              : std::string();
    };
    InputField rnd{"rnd", "rnd (all zero: deterministic)", 32, std::string(64, '0')};
    e.inputs = {seed, msg, ctx, rnd};
    e.fixedRounds = "one round per attempt, until one passes (expected " +
                    std::to_string(p.expectedAttempts).substr(0, 4) + ")";
    e.outputTitle = "Signature σ";
    e.outputNote = "sigEncode(c̃, z, h), " + std::to_string(p.sigBytes) + " bytes";
    return e;
}

} // namespace rs::oracle
