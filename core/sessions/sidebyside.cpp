#include "core/sessions/sidebyside.h"

#include <algorithm>
#include <bit>

namespace rs::sessions {

int alignedStep(int position, int stepCount) {
    if (stepCount <= 0) return -1;
    return std::clamp(position, 0, stepCount - 1);
}

int sharedStepCount(int leftSteps, int rightSteps) {
    return std::max({0, leftSteps, rightSteps});
}

std::vector<std::string> sharedPlaintextFields(const ExplorerAlgorithm& a, const ExplorerAlgorithm& b) {
    std::vector<std::string> out;
    for (const ExplorerField& f : a.fields)
        if ((f.name == "pt" || f.name == "state") && b.field(f.name) != nullptr) out.push_back(f.name);
    return out;
}

std::string plaintextField(const ExplorerAlgorithm& a) {
    for (const char* name : {"pt", "state"})
        if (a.field(name) != nullptr) return name;
    return a.fields.empty() ? std::string() : a.fields.front().name;
}

int hammingWeight(const crypto::Bytes& bytes) {
    int n = 0;
    for (const std::uint8_t b : bytes)
        n += std::popcount(b);
    return n;
}

StateComparison compareStates(const crypto::StateLayout& a, const crypto::Bytes& left,
                              const crypto::StateLayout& b, const crypto::Bytes& right) {
    StateComparison c;
    c.leftBits = static_cast<int>(left.size()) * 8;
    c.rightBits = static_cast<int>(right.size()) * 8;
    c.leftWeight = hammingWeight(left);
    c.rightWeight = hammingWeight(right);
    // The same bytes in another layout are other bits of another cipher: never counted against each other.
    c.comparable = a.name == b.name && a.rows == b.rows && a.cols == b.cols && a.cellBits == b.cellBits &&
                   a.encoding == b.encoding && left.size() == right.size() && !left.empty();
    if (!c.comparable) return c;
    c.bits = c.leftBits;
    for (std::size_t i = 0; i < left.size(); ++i)
        c.differing += std::popcount(static_cast<std::uint8_t>(left[i] ^ right[i]));
    return c;
}

} // namespace rs::sessions
