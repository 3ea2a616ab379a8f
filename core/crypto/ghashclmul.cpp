// GHASH fast path: run-time dispatch between the VPCLMULQDQ and PCLMULQDQ kernels and the reference
// table code.
#include "core/crypto/ghashclmul.h"
#include "core/crypto/cpufeatures.h"

#include <algorithm>
#include <string>

namespace rs::crypto {

namespace {

bool hasPclmul() noexcept {
    return detail::ghashClmulCompiled() && cpuHas(CpuFeature::Pclmul) && cpuHas(CpuFeature::Ssse3);
}
// The VPCLMULQDQ kernel leaves fewer than 16 blocks to the PCLMULQDQ one, so it needs both.
bool hasVpclmul() noexcept {
    return detail::ghashVpclmulCompiled() && hasPclmul() && cpuHas(CpuFeature::Vpclmulqdq) &&
           cpuHas(CpuFeature::Avx512f) && cpuHas(CpuFeature::Avx512bw);
}

} // namespace

const char* ghashIsaName(GhashIsa isa) noexcept {
    switch (isa) {
    case GhashIsa::Portable:
        return "portable";
    case GhashIsa::Pclmul:
        return "pclmul";
    case GhashIsa::Vpclmul:
        return "vpclmul";
    }
    return "?";
}

bool ghashIsaAvailable(GhashIsa isa) noexcept {
    switch (isa) {
    case GhashIsa::Portable:
        return true;
    case GhashIsa::Pclmul:
        return hasPclmul();
    case GhashIsa::Vpclmul:
        return hasVpclmul();
    }
    return false;
}

GhashIsa ghashBest() noexcept {
    if (hasVpclmul()) return GhashIsa::Vpclmul;
    return hasPclmul() ? GhashIsa::Pclmul : GhashIsa::Portable;
}

GhashFast::GhashFast(const std::uint8_t h[16], GhashIsa isa) : m_ref(h), m_isa(isa) {
    if (!ghashIsaAvailable(isa))
        throw InvalidArgument(std::string("GHASH: implementation '") + ghashIsaName(isa) +
                              "' is not available on this machine");
    if (isa != GhashIsa::Portable) detail::ghashClmulInit(h, m_htab);
}

void GhashFast::update(const std::uint8_t* data, std::size_t blocks) noexcept {
    if (blocks == 0) return;
    if (m_isa == GhashIsa::Portable) {
        m_ref.update(ByteView(data, 16 * blocks));
        return;
    }
    if (m_isa == GhashIsa::Vpclmul && blocks >= 16) {
        if (!m_hpowReady) {
            detail::ghashVpclmulInit(m_htab, m_hpow);
            m_hpowReady = true;
        }
        const std::size_t done = detail::ghashVpclmulUpdate(m_hpow, m_x, data, blocks);
        data += 16 * done;
        blocks -= done;
    }
    if (blocks > 0) detail::ghashClmulUpdate(m_htab, m_x, data, blocks);
}

void GhashFast::updatePadded(ByteView data) noexcept {
    const std::size_t whole = data.size() / 16;
    update(data.data(), whole);
    if (data.size() % 16 != 0) {
        // SP 800-38D 7.1 step 5: A and C are padded with zeros up to a block boundary.
        std::uint8_t last[16] = {};
        std::copy(data.begin() + static_cast<std::ptrdiff_t>(16 * whole), data.end(), last);
        update(last, 1);
    }
}

void GhashFast::updateLengths(std::uint64_t aadBytes, std::uint64_t ctBytes) noexcept {
    std::uint8_t block[16];
    storeBe64(block, aadBytes * 8);
    storeBe64(block + 8, ctBytes * 8);
    update(block, 1);
}

std::array<std::uint8_t, 16> GhashFast::digest() const noexcept {
    if (m_isa == GhashIsa::Portable) return m_ref.digest();
    std::array<std::uint8_t, 16> out{};
    std::copy(m_x, m_x + 16, out.begin());
    return out;
}

} // namespace rs::crypto
