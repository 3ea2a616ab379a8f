#include "core/oracle/operation.h"

#include "core/crypto/blockmodes.h"
#include "core/oracle/mldsascheme.h"

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
    /** Coefficients uniform in [0, q): 23-bit draws, those >= q rejected. */
    crypto::Bytes mldsaPolys(std::size_t count) {
        crypto::Bytes out;
        out.reserve(count * kMlDsaPolyBytes);
        for (std::size_t i = 0; i < count * crypto::kMlDsaN;) {
            const auto c = static_cast<std::uint32_t>(next() & 0x7fffff);
            if (c >= static_cast<std::uint32_t>(crypto::kMlDsaQ)) continue;
            for (int s = 24; s >= 0; s -= 8)
                out.push_back(static_cast<std::uint8_t>(c >> s));
            ++i;
        }
        return out;
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
    if (op.mldsaScheme) {
        const MlDsaSchemeAlgorithm& alg = *op.mldsaScheme;
        if (alg.fixedMessageBytes && messageBytes != *alg.fixedMessageBytes)
            throw OracleError(alg.id + ": the message is " + std::to_string(messageBytes) +
                              " bytes; it runs at " + std::to_string(*alg.fixedMessageBytes) +
                              " bytes (the seed ξ) only");
        if (alg.kind != MlDsaSchemeKind::KeyGen) in.key = gen.bytes(kMlDsaSeedBytes); // the key pair's seed
        in.message = gen.bytes(static_cast<std::size_t>(messageBytes));
        return in;
    }
    if (op.mldsa) {
        const std::size_t k = mldsaPolynomialCount(*op.mldsa, messageBytes);
        in.message = gen.mldsaPolys(k);
        if (op.mldsa->twoOperands) in.key = gen.mldsaPolys(k);
        return in;
    }
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
    if ((op.mldsa = findMlDsa(id))) return op;
    if ((op.mldsaScheme = findMlDsaScheme(id))) return op;
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
    for (const auto& m : mldsaIds())
        ids.push_back(m);
    for (const auto& m : mldsaSchemeIds())
        ids.push_back(m);
    return ids;
}

std::vector<std::uint64_t> runMessageSizes(std::string_view operation,
                                           const std::vector<std::uint64_t>& listed) {
    const MlDsaSchemeAlgorithm* scheme = findMlDsaScheme(operation);
    if (scheme && scheme->fixedMessageBytes) return {*scheme->fixedMessageBytes};
    return listed;
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
    if (op.mldsaScheme) {
        try {
            return mldsaSchemeReference(*op.mldsaScheme, inputs, 0); // the first output's answer
        } catch (const crypto::InvalidArgument& e) {
            throw OracleError(op.id + ": " + e.what());
        }
    }
    if (op.mldsa) {
        const MlDsaOperands in = mldsaOperands(*op.mldsa, inputs);
        crypto::Bytes out;
        out.reserve(in.a.size() * kMlDsaPolyBytes);
        for (std::size_t i = 0; i < in.a.size(); ++i) {
            const crypto::Bytes r = crypto::mldsaPolyToBytes(
                mldsaReference(*op.mldsa, in.a[i], in.b.empty() ? in.a[i] : in.b[i]));
            out.insert(out.end(), r.begin(), r.end());
        }
        return out;
    }
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

std::size_t mldsaPolynomialCount(const MlDsaAlgorithm& alg, std::uint64_t messageBytes) {
    if (messageBytes == 0 || messageBytes % kMlDsaPolyBytes != 0)
        throw OracleError(alg.id + ": the message is " + std::to_string(messageBytes) +
                          " bytes, not a positive multiple of 1024 (one polynomial: 256 coefficients of 4 "
                          "bytes)");
    return static_cast<std::size_t>(messageBytes / kMlDsaPolyBytes);
}

namespace {

std::vector<crypto::MlDsaPoly> polys(const MlDsaAlgorithm& alg, crypto::ByteView bytes,
                                     std::string_view what) {
    std::vector<crypto::MlDsaPoly> out;
    for (std::size_t i = 0; i * kMlDsaPolyBytes < bytes.size(); ++i) {
        try {
            out.push_back(crypto::mldsaPolyFromBytes(bytes.subspan(i * kMlDsaPolyBytes, kMlDsaPolyBytes)));
        } catch (const crypto::InvalidArgument& e) {
            throw OracleError(alg.id + ": " + std::string(what) + " polynomial " + std::to_string(i) + ": " +
                              e.what());
        }
    }
    return out;
}

} // namespace

MlDsaOperands mldsaOperands(const MlDsaAlgorithm& alg, const Inputs& inputs) {
    const std::size_t k = mldsaPolynomialCount(alg, inputs.message.size());
    const std::string second = alg.twoOperands ? "the second operands (key)" : "nothing";
    if (inputs.key.size() != (alg.twoOperands ? k * kMlDsaPolyBytes : 0))
        throw OracleError(alg.id + ": the key is " + std::to_string(inputs.key.size()) + " bytes; it holds " +
                          second + ": " + std::to_string(alg.twoOperands ? k * kMlDsaPolyBytes : 0) +
                          " bytes for " + std::to_string(k) + " polynomial" + (k == 1 ? "" : "s"));
    if (!inputs.nonce.empty() || !inputs.ad.empty())
        throw OracleError(alg.id + ": takes no nonce or associated data");
    MlDsaOperands out;
    out.a = polys(alg, inputs.message, "message");
    if (alg.twoOperands) out.b = polys(alg, inputs.key, "key");
    return out;
}

crypto::MlDsaPoly mldsaReference(const MlDsaAlgorithm& alg, const crypto::MlDsaPoly& a,
                                 const crypto::MlDsaPoly& b) {
    switch (alg.kind) {
    case MlDsaKind::Ntt:
        return crypto::mldsaNtt(a);
    case MlDsaKind::InverseNtt:
        return crypto::mldsaInverseNtt(a);
    case MlDsaKind::MultiplyNtt:
        return crypto::mldsaMultiplyNtt(a, b);
    case MlDsaKind::AddNtt:
        return crypto::mldsaAddNtt(a, b);
    }
    return a;
}

} // namespace rs::oracle
