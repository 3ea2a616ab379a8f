#pragma once
// Shared test helpers: where the official vectors live, and hex shorthands.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "core/crypto/bytes.h"
#include "core/katfile.h"

namespace rs::test {

/** @brief Absolute path of a file under resources/vectors; fails the test (not skips) when it is absent. */
inline std::string vectorPath(const std::string& relative) {
    const std::filesystem::path p = std::filesystem::path(RS_VECTORS_DIR) / relative;
    EXPECT_TRUE(std::filesystem::exists(p))
        << "missing test vector file " << p << " (configure with -DROUNDSCOPE_VECTORS_DIR=...)";
    return p.string();
}

inline crypto::Bytes hex(std::string_view s) {
    return crypto::fromHex(s);
}

/** @brief Runs `check` on every record of a KAT file under resources/vectors, labelled by the record's
 *  `label` field; the file must hold exactly `expected` records and every one must be checked through
 *  to the end (a fatal failure inside `check` stops that record and fails the count). */
template <class Check>
void forEachKatRecord(const std::string& relative, std::size_t expected, const char* label, Check check) {
    const auto recs = core::readKatFile(vectorPath(relative));
    ASSERT_EQ(recs.size(), expected) << relative;
    std::size_t checked = 0;
    for (const auto& r : recs) {
        SCOPED_TRACE(r.has(label) ? r.text(label) : "line " + std::to_string(r.line));
        check(r);
        if (!::testing::Test::HasFatalFailure()) ++checked;
    }
    EXPECT_EQ(checked, expected) << relative;
}

} // namespace rs::test
