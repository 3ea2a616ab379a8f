#include "core/crypto/trace.h"

namespace rs::crypto {

void TraceRecorder::step(std::string_view phase, int block, int round, std::string_view step,
                         std::span<const std::uint8_t> state, std::span<const std::uint8_t> roundKey) {
    m_out.steps.push_back(TraceStep{std::string(phase), block, round, std::string(step),
                                    std::vector<std::uint8_t>(state.begin(), state.end()),
                                    std::vector<std::uint8_t>(roundKey.begin(), roundKey.end())});
}

} // namespace rs::crypto
