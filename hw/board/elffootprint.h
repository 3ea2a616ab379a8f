#pragma once
// What a firmware image occupies, read from its ELF32 section headers (no binutils needed): the sections
// the program loads (SHF_ALLOC), split as text (executable), rodata (read-only data), data (writable,
// with contents) and bss (writable, no contents). The stacks lie outside every section (hw/zynq/firmware/
// zynq.ld reserves them after .bss), so they are not part of it: they are measured at run time.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace rs::hw::board {

struct ElfFootprint {
    std::uint64_t text = 0, rodata = 0, data = 0, bss = 0;
    std::uint64_t total() const { return text + rodata + data + bss; }
};

class ElfError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief The footprint of a 32-bit little-endian ELF file; ElfError (naming the file) when it is missing
 *  or not one, or a header points outside the file. */
ElfFootprint readElfFootprint(const std::string& path);
/** @brief The same over bytes in memory; `name` goes into the error. */
ElfFootprint parseElfFootprint(const unsigned char* data, std::size_t size, const std::string& name);

} // namespace rs::hw::board
