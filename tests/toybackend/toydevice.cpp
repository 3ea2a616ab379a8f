#include "tests/toybackend/toydevice.h"

#include <string>

#include "tests/toybackend/toylea.h"

namespace rs::toy {

namespace {
void requireSize(const char* what, crypto::ByteView b, std::size_t n) {
    if (b.size() != n)
        throw ToyError(std::string(what) + " must be " + std::to_string(n) + " bytes, got " +
                       std::to_string(b.size()));
}
} // namespace

crypto::Bytes ToyDevice::ecb(crypto::ByteView key, crypto::ByteView plaintext) {
    requireSize("key", key, 16);
    if (plaintext.size() % 16 != 0)
        throw ToyError("ECB takes whole 16-byte blocks, got " + std::to_string(plaintext.size()) + " bytes");
    crypto::Bytes out(plaintext.size());
    toy_lea128_ecb(key.data(), plaintext.data(), out.data(), plaintext.size());
    m_blocks += plaintext.size() / 16;
    return out;
}

crypto::Bytes ToyDevice::ctr(crypto::ByteView key, crypto::ByteView iv, crypto::ByteView plaintext) {
    requireSize("key", key, 16);
    requireSize("counter block", iv, 16);
    crypto::Bytes out(plaintext.size());
    toy_lea128_ctr(key.data(), iv.data(), plaintext.data(), out.data(), plaintext.size());
    m_blocks += (plaintext.size() + 15) / 16;
    return out;
}

} // namespace rs::toy
