// Fuzz target: the editor's size lists ("0..128/8, 1K, 16..64M*2"). Invariants: a SpecError or at most
// 10 000 distinct sizes of at most 1 GiB, and formatSizeList reads back as the same list.
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string_view>

#include "core/campaign/campaignspec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rs::campaign;
    std::vector<std::uint64_t> sizes;
    try {
        sizes = parseSizeList(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const SpecError&) {
        return 0;
    }
    if (sizes.empty() || sizes.size() > 10000) std::abort();
    if (std::set<std::uint64_t>(sizes.begin(), sizes.end()).size() != sizes.size()) std::abort();
    for (const auto n : sizes)
        if (n > (std::uint64_t{1} << 30)) std::abort();
    if (parseSizeList(formatSizeList(sizes)) != sizes) std::abort();
    return 0;
}
