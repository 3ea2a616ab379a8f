#pragma once
// Repeats of a known centre for the comparison tests: n times drawn from a normal distribution of 1 %
// spread around `centre` (a quiet machine's noise), from a fixed seed so every run of a test draws the same.

#include <cstdint>
#include <random>
#include <vector>

namespace rs::test {

inline std::vector<double> noisyRepeats(double centre, int n, std::uint32_t seed) {
    std::mt19937 g(seed);
    std::normal_distribution<double> d(centre, centre * 0.01);
    std::vector<double> v;
    for (int i = 0; i < n; ++i)
        v.push_back(d(g));
    return v;
}

} // namespace rs::test
