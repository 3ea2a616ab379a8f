#pragma once
// Byte-string inputs of roundscope-cli given as HEX on the command line or as @FILE, one rule for every
// command that takes them (hash --in, mldsa --seed/--sk/--pk/--msg/--sig/--ctx/--rnd):
//  - HEX: the value's hex digits (an empty value is zero bytes);
//  - @FILE: the file, read bounded (fileio::readFileBounded). A value of any length (a message) is the
//    file's raw bytes. A value of a fixed length (a key, a signature) is the raw bytes when the file has
//    exactly that many, else the file's hex text (spaces and line breaks ignored), so a key saved as hex from
//    `--json | jq -r .sk` and one saved as raw bytes both read.
// Every problem is a UsageError naming the option: "--seed: expected 32 bytes, got 31", "--sk: cannot read
// 'x': ...", "--pk: 'pk.hex' is neither 2592 raw bytes nor hex text: ...".

#include "app/cli/cliargs.h"

#include <cstddef>
#include <string>

namespace rs::cli {

/** @brief The most a @FILE input may hold (a message to hash or sign): 64 MiB. */
inline constexpr std::size_t kMaxInputFileBytes = std::size_t{64} << 20;

/** @brief The option's bytes, HEX or @FILE (any length: a file's raw bytes); UsageError naming it. */
crypto::Bytes inputBytes(const CliArgs& args, const std::string& name);
/** @brief inputBytes, absent -> fallback. */
crypto::Bytes inputBytesOr(const CliArgs& args, const std::string& name, const crypto::Bytes& fallback);
/** @brief The option's bytes, HEX or @FILE (raw bytes of exactly `size`, or hex text), exactly `size` bytes;
 *  otherwise UsageError "--name: expected N bytes<forWhat>, got M" (forWhat: " for ML-DSA-44"). */
crypto::Bytes sizedInputBytes(const CliArgs& args, const std::string& name, std::size_t size,
                              const std::string& forWhat = {});

} // namespace rs::cli
