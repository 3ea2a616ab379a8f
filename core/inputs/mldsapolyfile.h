#pragma once
// ML-DSA operand files: what `ntt run --in`, `ip run --alg mldsa-* --in` and the IP page's operand file
// hold. A polynomial is 256 coefficients in [0, q); a file holds one (a) or two (a then b), as
//  - raw bytes: 1024 per polynomial, 256 big-endian 32-bit coefficients each (crypto::mldsaPolyToBytes);
//  - hex text of those bytes: 2048 hex digits per polynomial, whitespace anywhere;
//  - decimal text: 256 coefficients per polynomial, separated by whitespace, commas or semicolons.
// The forms cannot be mistaken for one another: raw bytes always hold a zero byte (a coefficient's top
// byte is 0) and text holds only printable characters and whitespace; a decimal coefficient has at most
// 7 digits (q - 1 = 8380416), so 256 of them never make the 2048 digits of a hex polynomial. Plain C++.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/mldsantt.h"

namespace rs::inputs {

/** @brief The largest operand file read (decimal text with generous spacing fits many times over). */
inline constexpr std::uint64_t kMlDsaPolyFileLimit = std::uint64_t{256} << 10;

/**
 * @brief The polynomials in an operand file's bytes. count: 1 or 2 polynomials exactly, or 0 for
 * "1 or 2, whichever the file holds". Throws crypto::InvalidArgument saying what the bytes are and what
 * was expected ("1000 bytes of binary data; expected 1 polynomial: 1024 bytes, ..."), or naming the
 * polynomial and coefficient that is out of range ("polynomial b: ML-DSA polynomial: coefficient 3 is
 * 8380417, not in [0, q = 8380417)").
 */
std::vector<crypto::MlDsaPoly> parseMlDsaPolys(std::string_view data, std::size_t count);

/** @brief Reads an operand file (a regular file of at most kMlDsaPolyFileLimit bytes, through
 *  fileio::readFileBounded: a FIFO, device or directory is refused before a byte is read) and parses it;
 *  throws fileio::FileError or crypto::InvalidArgument, each naming the file ("ML-DSA operand file 'x': ").
 */
std::vector<crypto::MlDsaPoly> readMlDsaPolyFile(const std::string& path, std::size_t count);

} // namespace rs::inputs
