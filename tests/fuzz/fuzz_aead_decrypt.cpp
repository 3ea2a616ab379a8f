// Fuzz target: AEAD decryption of every registered scheme (Ascon v1.2, Ascon-AEAD128, LEA-GCM). The input
// chooses the scheme, key, nonce, AD, ciphertext and tag. Invariants: no tag is ever accepted that the
// scheme itself would not produce (a plaintext returned must re-encrypt to exactly the ciphertext and tag
// given), and the genuine tag of any input is accepted and gives the plaintext back.
#include <cstdint>
#include <cstdlib>
#include <optional>

#include "core/oracle/algorithms.h"

namespace {

struct Reader {
    const std::uint8_t* p;
    std::size_t n;
    rs::crypto::Bytes take(std::size_t count) {
        const std::size_t k = count < n ? count : n;
        rs::crypto::Bytes out(p, p + k);
        out.resize(count, 0);
        p += k;
        n -= k;
        return out;
    }
    std::size_t byte() { return n ? (--n, *p++) : 0; }
};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto& schemes = rs::oracle::aeadAlgorithms();
    Reader in{data, size};
    const auto& alg = schemes[in.byte() % schemes.size()];
    const auto key = in.take(alg.keyBytes);
    const auto nonce = in.take(alg.nonceBytes);
    const auto ad = in.take(in.byte() % 48);
    const auto tag = in.take(alg.tagBytes);
    const auto ct = in.take(in.n);

    // A forgery attempt: whatever is accepted must be exactly what the scheme produces.
    if (const std::optional<rs::crypto::Bytes> pt = alg.decrypt(key, nonce, ad, ct, tag)) {
        const auto again = alg.encrypt(key, nonce, ad, *pt);
        if (again.ct != ct || again.tag != tag) std::abort();
    }
    // The genuine tag of the same bytes taken as plaintext is accepted, and one flipped tag bit is not.
    const auto genuine = alg.encrypt(key, nonce, ad, ct);
    const auto back = alg.decrypt(key, nonce, ad, genuine.ct, genuine.tag);
    if (!back || *back != ct) std::abort();
    auto forged = genuine.tag;
    forged[size % forged.size()] ^= static_cast<std::uint8_t>(1u << (size % 8));
    if (alg.decrypt(key, nonce, ad, genuine.ct, forged)) std::abort();
    return 0;
}
