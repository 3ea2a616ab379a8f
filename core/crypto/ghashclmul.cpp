// GHASH fast path: run-time dispatch between the PCLMULQDQ kernels and the reference table code.
#include "core/crypto/ghashclmul.h"
#include "core/crypto/cpufeatures.h"

#include <algorithm>
#include <string>

namespace rs::crypto {

namespace {

bool hasPclmul() noexcept {
    return detail::ghashClmulCompiled() && cpuHas(CpuFeature::Pclmul) && cpuHas(CpuFeature::Ssse3);
}

} // namespace

const char* ghashIsaName(GhashIsa isa) noexcept {
    return isa == GhashIsa::Pclmul ? "pclmul" : "portable";
}

bool ghashIsaAvailable(GhashIsa isa) noexcept {
    return isa == GhashIsa::Portable || hasPclmul();
}

GhashIsa ghashBest() noexcept {
    return hasPclmul() ? GhashIsa::Pclmul : GhashIsa::Portable;
}

GhashFast::GhashFast(const std::uint8_t h[16], GhashIsa isa) : m_ref(h), m_isa(isa) {
    if (!ghashIsaAvailable(isa))
        throw InvalidArgument(std::string("GHASH: implementation '") + ghashIsaName(isa) +
                              "' is not available on this machine");
    if (isa == GhashIsa::Pclmul) detail::ghashClmulInit(h, m_htab);
}

void GhashFast::update(const std::uint8_t* data, std::size_t blocks) noexcept {
    if (blocks == 0) return;
    if (m_isa == GhashIsa::Pclmul)
        detail::ghashClmulUpdate(m_htab, m_x, data, blocks);
    else
        m_ref.update(ByteView(data, 16 * blocks));
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
