// Fuzz target: the Wycheproof AEAD JSON reader. Invariant: KatError or test cases, nothing else.
#include <cstdint>
#include <string_view>

#include "core/katfile.h"
#include "core/wycheproof.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        (void)rs::core::parseWycheproofAead(std::string_view(reinterpret_cast<const char*>(data), size),
                                            "fuzz");
    } catch (const rs::core::KatError&) {
    }
    return 0;
}
