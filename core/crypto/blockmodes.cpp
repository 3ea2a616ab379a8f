#include "core/crypto/blockmodes.h"

#include <array>

namespace rs::crypto {

namespace {
void requireWholeBlocks(const BlockCipher& cipher, ByteView in) {
    if (in.size() % cipher.blockSize() != 0)
        throw InvalidArgument("ECB input must be a multiple of " + std::to_string(cipher.blockSize()) +
                              " bytes for " + cipher.name() + ", got " + std::to_string(in.size()));
}
} // namespace

Bytes ecbEncrypt(const BlockCipher& cipher, ByteView in) {
    requireWholeBlocks(cipher, in);
    Bytes out(in.begin(), in.end());
    const std::size_t bs = cipher.blockSize();
    for (std::size_t off = 0; off < out.size(); off += bs)
        cipher.encryptBlock(&out[off], &out[off]);
    return out;
}

Bytes ecbDecrypt(const BlockCipher& cipher, ByteView in) {
    requireWholeBlocks(cipher, in);
    Bytes out(in.begin(), in.end());
    const std::size_t bs = cipher.blockSize();
    for (std::size_t off = 0; off < out.size(); off += bs)
        cipher.decryptBlock(&out[off], &out[off]);
    return out;
}

void incrementBigEndian(std::uint8_t* block, std::size_t n) noexcept {
    for (std::size_t i = n; i-- > 0;)
        if (++block[i] != 0) break;
}

Bytes ctrXor(const BlockCipher& cipher, ByteView iv, ByteView in) {
    const std::size_t bs = cipher.blockSize();
    requireLength("CTR IV", iv, bs);
    std::array<std::uint8_t, 16> counter{};
    std::array<std::uint8_t, 16> stream{};
    std::copy(iv.begin(), iv.end(), counter.begin());
    Bytes out(in.size());
    for (std::size_t off = 0; off < in.size(); off += bs) {
        cipher.encryptBlock(counter.data(), stream.data());
        const std::size_t n = std::min(bs, in.size() - off);
        for (std::size_t i = 0; i < n; ++i)
            out[off + i] = in[off + i] ^ stream[i];
        incrementBigEndian(counter.data(), bs);
    }
    return out;
}

} // namespace rs::crypto
