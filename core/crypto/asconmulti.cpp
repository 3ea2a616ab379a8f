// Multi-message Ascon-AEAD128: the portable kernel (one message, scalar words), the run-time choice
// between it and the AVX2 and AVX-512 kernels (asconmultiavx2.cpp, asconmultiavx512.cpp), and the
// split of a call into batches.
#include "core/crypto/asconmulti.h"
#include "core/crypto/cpufeatures.h"

#include "core/crypto/asconmultikernel.h"
#include "core/crypto/asconpermutation.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>

namespace rs::crypto {

namespace {

constexpr bool sameRoundConstants() {
    for (std::size_t i = 0; i < 12; ++i)
        if (detail::kAsconMultiRc[i] != kAsconRoundConstants[i]) return false;
    return true;
}
static_assert(sameRoundConstants(), "asconmultikernel.h's round constants differ from asconpermutation.h's");

// Portable kernel: one lane, a plain uint64 per state word (the compiler's rotate and andn).
struct PortableOps {
    using V = std::uint64_t;
    static constexpr std::size_t kLanes = 1;
    static V set1(std::uint64_t v) noexcept { return v; }
    static V x(V a, V b) noexcept { return a ^ b; }
    static V xandn(V x, V a, V b) noexcept { return x ^ (~a & b); }
    static V xor3(V a, V b, V c) noexcept { return a ^ b ^ c; }
    static V notv(V a) noexcept { return ~a; }
    template <int R> static V ror(V a) noexcept { return std::rotr(a, R); }
    static void load2(const std::uint8_t* const* p, std::size_t off, V& w0, V& w1) noexcept {
        w0 = detail::asconLoad<true>(p[0] + off);
        w1 = detail::asconLoad<true>(p[0] + off + 8);
    }
    static void store2(std::uint8_t* const* p, std::size_t off, V w0, V w1) noexcept {
        detail::asconStore<true>(p[0] + off, w0);
        detail::asconStore<true>(p[0] + off + 8, w1);
    }
};

bool cpuHasAvx2() noexcept {
    return cpuHas(CpuFeature::Avx2);
}
bool cpuHasAvx512() noexcept {
    return cpuHas(CpuFeature::Avx512f);
}

/** The next narrower implementation (portable for portable). */
AsconMultiIsa narrower(AsconMultiIsa isa) noexcept {
    return isa == AsconMultiIsa::Avx512 ? AsconMultiIsa::Avx2 : AsconMultiIsa::Portable;
}

/** The ISA for the next batch when r messages are left: `isa` when r fills it, or a padded batch of it
 *  is more than half full and more than a full batch of the next narrower one; else the same choice
 *  for the narrower ISA. */
AsconMultiIsa batchIsa(AsconMultiIsa isa, std::size_t r) noexcept {
    while (isa != AsconMultiIsa::Portable) {
        const std::size_t lanes = asconMultiLanes(isa);
        if (r >= lanes || (2 * r > lanes && r > asconMultiLanes(narrower(isa)))) return isa;
        isa = narrower(isa);
    }
    return isa;
}

void runBatch(AsconMultiIsa isa, const detail::AsconMultiLanes& m, std::size_t adLen, std::size_t ptLen) {
    switch (isa) {
    case AsconMultiIsa::Portable:
        return detail::asconMultiEncryptLanes<PortableOps>(m, adLen, ptLen);
    case AsconMultiIsa::Avx2:
        return detail::asconMultiAvx2Encrypt(m, adLen, ptLen);
    case AsconMultiIsa::Avx512:
        return detail::asconMultiAvx512Encrypt(m, adLen, ptLen);
    }
}

/** Throws unless the buffer holds count messages of `each` bytes. */
void requireField(const char* what, std::size_t size, std::size_t count, std::size_t each) {
    if (each != 0 && count > std::numeric_limits<std::size_t>::max() / each)
        throw InvalidArgument(std::string("asconAead128EncryptMulti: ") + what + " size overflows");
    if (size != count * each)
        throw InvalidArgument(std::string("asconAead128EncryptMulti: ") + what + " has " +
                              std::to_string(size) + " bytes, expected " + std::to_string(count) + " x " +
                              std::to_string(each));
}

} // namespace

const char* asconMultiIsaName(AsconMultiIsa isa) noexcept {
    switch (isa) {
    case AsconMultiIsa::Portable:
        return "portable";
    case AsconMultiIsa::Avx2:
        return "avx2";
    case AsconMultiIsa::Avx512:
        return "avx512";
    }
    return "unknown";
}

bool asconMultiIsaAvailable(AsconMultiIsa isa) noexcept {
    switch (isa) {
    case AsconMultiIsa::Portable:
        return true;
    case AsconMultiIsa::Avx2:
        return detail::asconMultiAvx2Compiled() && cpuHasAvx2();
    case AsconMultiIsa::Avx512:
        // Its remainders run on the AVX2 kernel.
        return detail::asconMultiAvx512Compiled() && cpuHasAvx512() &&
               asconMultiIsaAvailable(AsconMultiIsa::Avx2);
    }
    return false;
}

AsconMultiIsa asconMultiBest() noexcept {
    if (asconMultiIsaAvailable(AsconMultiIsa::Avx512)) return AsconMultiIsa::Avx512;
    return asconMultiIsaAvailable(AsconMultiIsa::Avx2) ? AsconMultiIsa::Avx2 : AsconMultiIsa::Portable;
}

std::size_t asconMultiLanes(AsconMultiIsa isa) noexcept {
    switch (isa) {
    case AsconMultiIsa::Portable:
        return 1;
    case AsconMultiIsa::Avx2:
        return 4;
    case AsconMultiIsa::Avx512:
        return 8;
    }
    return 1;
}

void asconAead128EncryptMulti(std::size_t count, ByteView keys, ByteView nonces, ByteView ad,
                              std::size_t adLen, ByteView pt, std::size_t ptLen, std::span<std::uint8_t> ct,
                              std::span<std::uint8_t> tags, AsconMultiIsa isa) {
    if (!asconMultiIsaAvailable(isa))
        throw InvalidArgument(std::string("asconAead128EncryptMulti: implementation '") +
                              asconMultiIsaName(isa) + "' is not available on this machine");
    requireField("keys", keys.size(), count, 16);
    requireField("nonces", nonces.size(), count, 16);
    requireField("ad", ad.size(), count, adLen);
    requireField("pt", pt.size(), count, ptLen);
    requireField("ct", ct.size(), count, ptLen);
    requireField("tags", tags.size(), count, 16);

    detail::AsconMultiLanes m{};
    for (std::size_t i = 0; i < count;) {
        const AsconMultiIsa use = batchIsa(isa, count - i);
        const std::size_t lanes = asconMultiLanes(use);
        const std::size_t take = std::min(lanes, count - i);
        for (std::size_t j = 0; j < lanes; ++j) {
            const std::size_t k = i + std::min(j, take - 1); // padding lanes repeat the last message
            m.key[j] = keys.data() + 16 * k;
            m.nonce[j] = nonces.data() + 16 * k;
            m.ad[j] = ad.data() + adLen * k;
            m.pt[j] = pt.data() + ptLen * k;
            m.ct[j] = ct.data() + ptLen * k;
            m.tag[j] = tags.data() + 16 * k;
        }
        runBatch(use, m, adLen, ptLen);
        i += take;
    }
}

} // namespace rs::crypto
