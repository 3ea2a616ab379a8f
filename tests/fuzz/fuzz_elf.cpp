// Fuzz target: a firmware image's ELF32 section headers (hw/board/elffootprint.h), as paper000 reads the
// builds' sizes. Invariants: an ElfError, or a footprint whose parts add up and are each no larger than
// the section headers could describe (shnum × 2³² − 1), and the same answer a second time.
#include <cstdint>
#include <cstdlib>

#include "hw/board/elffootprint.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace rs::hw::board;
    ElfFootprint f;
    try {
        f = parseElfFootprint(data, size, "input");
    } catch (const ElfError&) {
        return 0;
    }
    const std::uint64_t bound = std::uint64_t{0xffff} * 0xffffffffu;
    if (f.text > bound || f.rodata > bound || f.data > bound || f.bss > bound) std::abort();
    if (f.total() != f.text + f.rodata + f.data + f.bss) std::abort();
    const ElfFootprint g = parseElfFootprint(data, size, "input");
    if (g.total() != f.total() || g.text != f.text || g.bss != f.bss) std::abort();
    return 0;
}
