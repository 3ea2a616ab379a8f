#include "hw/board/elffootprint.h"

#include "core/fileio/safefile.h"

#include <string>
#include <vector>

namespace rs::hw::board {

namespace {

constexpr std::uint32_t kShfWrite = 1, kShfAlloc = 2, kShfExec = 4;
constexpr std::uint32_t kShtNobits = 8;

std::uint32_t le(const unsigned char* b, std::size_t at, int bytes) {
    std::uint32_t v = 0;
    for (int i = bytes - 1; i >= 0; --i)
        v = (v << 8) | b[at + static_cast<std::size_t>(i)];
    return v;
}

} // namespace

ElfFootprint readElfFootprint(const std::string& path) {
    std::string b; // a regular file of at most 64 MiB (firmware images are far smaller), read bounded
    try {
        b = fileio::readFileBounded(path, std::uint64_t{64} << 20, "firmware image");
    } catch (const fileio::FileError& e) {
        throw ElfError(e.what());
    }
    return parseElfFootprint(reinterpret_cast<const unsigned char*>(b.data()), b.size(), path);
}

ElfFootprint parseElfFootprint(const unsigned char* b, std::size_t n, const std::string& name) {
    const auto fail = [&name](const std::string& why) { return ElfError(name + ": " + why); };
    if (n < 52 || b[0] != 0x7f || b[1] != 'E' || b[2] != 'L' || b[3] != 'F') throw fail("not an ELF file");
    if (b[4] != 1 || b[5] != 1) throw fail("not a 32-bit little-endian ELF file");
    const std::uint64_t shoff = le(b, 32, 4), shentsize = le(b, 46, 2), shnum = le(b, 48, 2);
    if (shnum == 0 || shentsize < 40 || shoff + shnum * shentsize > n)
        throw fail("its section headers lie outside the file");
    ElfFootprint f;
    for (std::uint64_t i = 0; i < shnum; ++i) {
        const std::size_t h = static_cast<std::size_t>(shoff + i * shentsize);
        const std::uint32_t type = le(b, h + 4, 4), flags = le(b, h + 8, 4), size = le(b, h + 20, 4);
        if (!(flags & kShfAlloc)) continue;
        if (type == kShtNobits)
            f.bss += size;
        else if (flags & kShfExec)
            f.text += size;
        else if (flags & kShfWrite)
            f.data += size;
        else
            f.rodata += size;
    }
    return f;
}

} // namespace rs::hw::board
