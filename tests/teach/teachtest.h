#pragma once
// Shared helpers of test_teach: explorer runs with the spec-example inputs, the lesson catalog built
// from the explorer's table, and hex formatting written independently of core/teach.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <string>

#include "core/crypto/bytes.h"
#include "core/sessions/explorermodel.h"
#include "core/teach/lesson.h"

namespace rs::test {

/** The explorer's default inputs (the spec examples) of one algorithm. */
inline std::map<std::string, crypto::Bytes> defaultInputs(const sessions::ExplorerAlgorithm& alg) {
    std::map<std::string, crypto::Bytes> in;
    for (const auto& f : alg.fields)
        in[f.name] = crypto::fromHex(f.defaultHex);
    return in;
}

/** The explorer's traced run of `id` with its default inputs, changed by `overrides`. */
inline sessions::ExplorerRun runDefault(const std::string& id, int rounds = 0,
                                        const std::map<std::string, crypto::Bytes>& overrides = {}) {
    const auto* alg = sessions::findExplorerAlgorithm(id);
    EXPECT_NE(alg, nullptr) << id;
    if (alg == nullptr) return {};
    auto in = defaultInputs(*alg);
    for (const auto& [k, v] : overrides)
        in[k] = v;
    return sessions::runExplorer(*alg, in, rounds);
}

/** What the explorer offers, as rs_teach's lesson parser takes it. */
inline teach::LessonCatalog explorerCatalog() {
    teach::LessonCatalog c;
    for (const auto& a : sessions::explorerAlgorithms()) {
        teach::LessonAlgorithm la{a.id, {}, a.maxRounds};
        for (const auto& f : a.fields)
            la.fields.emplace_back(f.name, f.bytes);
        c.push_back(la);
    }
    return c;
}

/** "0x" + lower-case hex, zero-padded to `digits`. */
inline std::string hx(std::uint64_t v, int digits) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string s;
    for (int i = digits - 1; i >= 0; --i)
        s += kDigits[(v >> (4 * i)) & 0xF];
    return "0x" + s;
}

/** Lower-case hex of bytes. */
inline std::string hexLower(const crypto::Bytes& b) {
    std::string s;
    for (std::uint8_t x : b)
        s += hx(x, 2).substr(2);
    return s;
}

/** Ascon word i (big-endian in the trace's state bytes). */
inline std::uint64_t asconWord(const crypto::Bytes& s, int i) {
    return crypto::loadBe64(s.data() + 8 * i);
}

/** LEA word i (little-endian in the trace's state bytes). */
inline std::uint32_t leaWord(const crypto::Bytes& s, int i) {
    return crypto::loadLe32(s.data() + 4 * i);
}

} // namespace rs::test
