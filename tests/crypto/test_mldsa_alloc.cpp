// ML-DSA's fast signing allocates nothing inside its rejection loop (core/crypto/mldsafast.cpp): the number
// of heap allocations of a signature does not depend on how many attempts it took. Counted with a replaced
// global operator new, so this test is a program of its own (and stays out of the sanitizer build, whose
// runtime owns operator new).
#include "core/crypto/mldsa.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <new>

namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t n) {
    g_allocations.fetch_add(1, std::memory_order_relaxed);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}

using namespace rs::crypto;

TEST(MlDsaAllocations, FastSigningAllocatesTheSameWhateverTheAttempts) {
    for (MlDsaParamSet set : {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65, MlDsaParamSet::MlDsa87}) {
        SCOPED_TRACE(mldsaParams(set).name);
        const MlDsaKeyPair kp = mldsaKeyGen(set, Bytes(32, 0x5A), MlDsaImpl::Fast);
        const Bytes rnd(32, 0);
        // Allocations per signature, by the number of attempts it took (messages 0, 1, 2, ... of 8 bytes).
        std::map<int, long> byAttempts;
        for (int m = 0; m < 60 && (byAttempts.size() < 3 || byAttempts.rbegin()->first < 4); ++m) {
            const Bytes msg(8, static_cast<std::uint8_t>(m));
            const long before = g_allocations.load();
            const MlDsaSignature s = mldsaSign(set, kp.sk, msg, Bytes{}, rnd, MlDsaImpl::Fast);
            const long used = g_allocations.load() - before;
            const auto [it, fresh] = byAttempts.emplace(s.attempts, used);
            if (!fresh) {
                EXPECT_EQ(it->second, used) << s.attempts << " attempts";
            }
        }
        ASSERT_GE(byAttempts.size(), 2u) << "the messages all took the same number of attempts";
        for (const auto& [attempts, used] : byAttempts)
            EXPECT_EQ(used, byAttempts.begin()->second)
                << attempts << " attempts allocated " << used << " times, " << byAttempts.begin()->first
                << " attempts " << byAttempts.begin()->second << " times";
    }
}
