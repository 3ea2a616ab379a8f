#include "core/oracle/operation.h"

#include "core/crypto/blockmodes.h"

namespace rs::oracle {

namespace {

/** FNV-1a over the bytes of a field, then a separator so ("ab", 1) and ("a", ...) differ. */
void mix(std::uint64_t& h, const void* data, std::size_t n) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    h ^= 0xff;
    h *= 0x100000001b3ULL;
}

/** SplitMix64: small, fast, and the same on every platform. */
class SplitMix {
  public:
    explicit SplitMix(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    crypto::Bytes bytes(std::size_t n) {
        crypto::Bytes out(n);
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8)
            crypto::storeLe64(&out[i], next());
        if (i < n) {
            std::uint64_t last = next();
            for (; i < n; ++i, last >>= 8)
                out[i] = static_cast<std::uint8_t>(last);
        }
        return out;
    }

  private:
    std::uint64_t m_state;
};

Inputs fill(const Operation& op, std::uint64_t messageBytes, std::uint64_t adBytes, SplitMix& gen) {
    Inputs in;
    if (op.aead) {
        in.key = gen.bytes(op.aead->keyBytes);
        in.nonce = gen.bytes(op.aead->nonceBytes);
        in.ad = gen.bytes(static_cast<std::size_t>(adBytes));
    } else {
        in.key = gen.bytes(op.block->keyBytes);
        if (op.ctr) in.nonce = gen.bytes(op.block->blockBytes); // the initial counter block
    }
    in.message = gen.bytes(static_cast<std::size_t>(messageBytes));
    return in;
}

} // namespace

std::optional<Operation> findOperation(std::string_view id) {
    Operation op;
    op.id = std::string(id);
    if ((op.aead = findAead(id))) return op;
    for (const bool ctr : {false, true}) {
        const std::string_view mode = ctr ? "-ctr" : "-ecb";
        if (id.size() > mode.size() && id.substr(id.size() - mode.size()) == mode &&
            (op.block = findBlock(id.substr(0, id.size() - mode.size())))) {
            op.ctr = ctr;
            return op;
        }
    }
    return std::nullopt;
}

Operation operation(std::string_view id) {
    if (auto op = findOperation(id)) return *op;
    throw OracleError("algorithm: unknown algorithm '" + std::string(id) + "'");
}

std::vector<std::string> operationIds() {
    std::vector<std::string> ids = aeadIds();
    for (const auto& b : blockIds()) {
        ids.push_back(b + "-ecb");
        ids.push_back(b + "-ctr");
    }
    return ids;
}

Inputs makeInputs(std::string_view id, std::uint64_t messageBytes, std::uint64_t adBytes) {
    const Operation op = operation(id);
    // Only the operation and the sizes seed the generator: every back end of a campaign encrypts the same
    // bytes for the same point, so their outputs (and any failure) can be compared directly.
    std::uint64_t seed = 0xcbf29ce484222325ULL;
    mix(seed, id.data(), id.size());
    mix(seed, &messageBytes, sizeof messageBytes);
    mix(seed, &adBytes, sizeof adBytes);
    SplitMix gen(seed);
    return fill(op, messageBytes, adBytes, gen);
}

Inputs randomInputs(const Operation& op, std::uint64_t messageBytes, std::uint64_t adBytes,
                    std::uint64_t seed) {
    SplitMix gen(seed ^ 0x5deece66dULL);
    return fill(op, messageBytes, adBytes, gen);
}

crypto::Bytes referenceOutput(const Operation& op, const Inputs& inputs) {
    try {
        if (op.aead) {
            crypto::AeadResult r = op.aead->encrypt(inputs.key, inputs.nonce, inputs.ad, inputs.message);
            r.ct.insert(r.ct.end(), r.tag.begin(), r.tag.end());
            return r.ct;
        }
        const auto cipher = op.block->make(inputs.key, 0);
        if (op.ctr) return crypto::ctrXor(*cipher, inputs.nonce, inputs.message);
        // ECB is defined on whole blocks only; a size that is not one is an error, never padded.
        if (inputs.message.size() % op.block->blockBytes != 0)
            throw OracleError("ecb needs whole blocks: " + std::to_string(inputs.message.size()) +
                              " bytes is not a multiple of " + std::to_string(op.block->blockBytes) +
                              " for " + op.block->id);
        return crypto::ecbEncrypt(*cipher, inputs.message);
    } catch (const crypto::InvalidArgument& e) {
        throw OracleError(op.id + ": " + e.what());
    }
}

} // namespace rs::oracle
