#pragma once
// Shared test helpers: where the official vectors live, and hex shorthands.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "crypto/bytes.h"

namespace rs::test {

/** @brief Absolute path of a file under shared/vectors; fails the test (not skips) when it is absent. */
inline std::string vectorPath(const std::string& relative) {
    const std::filesystem::path p = std::filesystem::path(RS_VECTORS_DIR) / relative;
    EXPECT_TRUE(std::filesystem::exists(p))
        << "missing test vector file " << p << " (configure with -DROUNDSCOPE_VECTORS_DIR=...)";
    return p.string();
}

inline crypto::Bytes hex(std::string_view s) {
    return crypto::fromHex(s);
}

} // namespace rs::test
