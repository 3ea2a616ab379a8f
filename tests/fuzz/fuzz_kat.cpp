// Fuzz target: the KAT file reader ("Name = HEX" records, CAVP sections). Invariant: a parse either
// throws KatError or gives records whose fields are readable; hex() throws only KatError.
#include <cstdint>
#include <string_view>

#include "core/katfile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        for (const auto& record : rs::core::parseKat(text, "fuzz")) {
            for (const auto& [name, value] : record.fields) {
                (void)value;
                try {
                    (void)record.hex(name);
                } catch (const rs::core::KatError&) {
                }
            }
            try {
                (void)record.text("Count");
            } catch (const rs::core::KatError&) {
            }
        }
    } catch (const rs::core::KatError&) {
    }
    return 0;
}
