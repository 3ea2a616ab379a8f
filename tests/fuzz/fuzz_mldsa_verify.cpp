// Fuzz target: ML-DSA Verify (FIPS 204 Algorithms 3 and 5) around one genuine signature. Each parameter set
// has a fixed key pair (KeyGen from a fixed seed), a fixed message and context, and their deterministic
// signatures, pure and HashML-DSA with SHA2-512, made once.
// Input: the first byte picks the parameter set (byte % 3), the implementation (byte / 3 % 2: reference,
// fast) and the interface (byte / 6 % 2: pure, pre-hash); the rest is a list of mutations, 3 bytes each
// (position high, position low, x): a position inside signature || message || context || public key XORs
// x into that byte; the 8 positions after them change lengths (append x to / drop the last byte of the
// signature, the message, the context; move a byte between the context's end and the message's start,
// which keeps ctx || M and changes M').
// Invariants: Verify never throws (the public key keeps its length) and accepts exactly when signature,
// message, context and key are the genuine ones (ML-DSA is strongly unforgeable and its decoding strict, so
// any other accepted input is a bug). The rest of the input is also verified as a signature itself, as given
// and cut or zero-padded to the signature's length: accepted only when it is the genuine signature.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/crypto/bytes.h"
#include "core/crypto/mldsa.h"

namespace {

using namespace rs::crypto;

constexpr MlDsaPreHash kPreHash = MlDsaPreHash::Sha2_512;
constexpr std::size_t kMaxMutations = 64;

void check(bool ok) {
    if (!ok) std::abort();
}

struct Genuine {
    Bytes pk, sk, msg, ctx, sig, hashSig;
};

Bytes bytesOf(std::string_view s) {
    return Bytes(s.begin(), s.end());
}

Genuine makeGenuine(MlDsaParamSet set) {
    Bytes seed(32);
    for (std::size_t i = 0; i < seed.size(); ++i)
        seed[i] = static_cast<std::uint8_t>(0x40 + i + 16 * static_cast<int>(set));
    Genuine g;
    const MlDsaKeyPair kp = mldsaKeyGen(set, seed, MlDsaImpl::Fast);
    g.pk = kp.pk;
    g.sk = kp.sk;
    g.msg = bytesOf("RoundScope fuzz_mldsa_verify: the genuine message");
    g.ctx = bytesOf("ctx");
    const Bytes rnd(32, 0);
    g.sig = mldsaSign(set, g.sk, g.msg, g.ctx, rnd, MlDsaImpl::Fast).sig;
    g.hashSig = mldsaHashSign(set, g.sk, g.msg, g.ctx, kPreHash, rnd, MlDsaImpl::Fast).sig;
    // The starting point must verify, else every "rejected" below proves nothing.
    check(mldsaVerify(set, g.pk, g.msg, g.ctx, g.sig, MlDsaImpl::Reference));
    check(mldsaHashVerify(set, g.pk, g.msg, g.ctx, kPreHash, g.hashSig, MlDsaImpl::Reference));
    return g;
}

const Genuine& genuine(MlDsaParamSet set) {
    static const Genuine all[3] = {makeGenuine(MlDsaParamSet::MlDsa44), makeGenuine(MlDsaParamSet::MlDsa65),
                                   makeGenuine(MlDsaParamSet::MlDsa87)};
    return all[static_cast<int>(set)];
}

bool verify(MlDsaParamSet set, bool preHash, const Bytes& pk, const Bytes& msg, const Bytes& ctx,
            ByteView sig, MlDsaImpl impl) {
    return preHash ? mldsaHashVerify(set, pk, msg, ctx, kPreHash, sig, impl)
                   : mldsaVerify(set, pk, msg, ctx, sig, impl);
}

void dropLast(Bytes& b) {
    if (!b.empty()) b.pop_back();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const auto set = static_cast<MlDsaParamSet>(data[0] % 3);
    const MlDsaImpl impl = data[0] / 3 % 2 ? MlDsaImpl::Fast : MlDsaImpl::Reference;
    const bool preHash = data[0] / 6 % 2 == 1;
    const Genuine& g = genuine(set);
    const Bytes& gSig = preHash ? g.hashSig : g.sig;

    Bytes sig = gSig, msg = g.msg, ctx = g.ctx, pk = g.pk;
    for (std::size_t i = 1, n = 0; i + 3 <= size && n < kMaxMutations; i += 3, ++n) {
        const std::size_t total = sig.size() + msg.size() + ctx.size() + pk.size();
        std::size_t pos = ((std::size_t{data[i]} << 8) | data[i + 1]) % (total + 8);
        const std::uint8_t x = data[i + 2];
        for (Bytes* b : {&sig, &msg, &ctx, &pk}) {
            if (pos < b->size()) {
                (*b)[pos] ^= x;
                pos = SIZE_MAX;
                break;
            }
            pos -= b->size();
        }
        switch (pos) {
        case 0:
            sig.push_back(x);
            break;
        case 1:
            dropLast(sig);
            break;
        case 2:
            msg.push_back(x);
            break;
        case 3:
            dropLast(msg);
            break;
        case 4:
            ctx.push_back(x);
            break;
        case 5:
            dropLast(ctx);
            break;
        case 6: // the context's last byte becomes the message's first
            if (!ctx.empty()) {
                msg.insert(msg.begin(), ctx.back());
                ctx.pop_back();
            }
            break;
        case 7: // the message's first byte becomes the context's last
            if (!msg.empty()) {
                ctx.push_back(msg.front());
                msg.erase(msg.begin());
            }
            break;
        default:
            break; // a byte was XORed
        }
    }
    const bool same = sig == gSig && msg == g.msg && ctx == g.ctx && pk == g.pk;
    check(verify(set, preHash, pk, msg, ctx, sig, impl) == same);

    // The input itself as a signature, as given and fitted to the signature's length.
    const ByteView raw(data + 1, size - 1);
    const bool rawIsGenuine = raw.size() == gSig.size() && std::equal(raw.begin(), raw.end(), gSig.begin());
    check(verify(set, preHash, g.pk, g.msg, g.ctx, raw, impl) == rawIsGenuine);
    Bytes fitted(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(std::min(raw.size(), gSig.size())));
    fitted.resize(gSig.size(), 0);
    check(verify(set, preHash, g.pk, g.msg, g.ctx, fitted, impl) == (fitted == gSig));
    return 0;
}
