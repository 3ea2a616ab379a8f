// ML-DSA ring arithmetic, written from the pseudocode of FIPS 204 section 7.5 and Appendix B.
#include "core/crypto/mldsantt.h"

#include <string>

namespace rs::crypto {

namespace {

constexpr std::int64_t kQ = kMlDsaQ;

// Products of two values in [0, q) fit easily in 64 bits (q < 2^23).
inline std::int32_t mulMod(std::int64_t a, std::int64_t b) noexcept {
    return static_cast<std::int32_t>(a * b % kQ);
}
inline std::int32_t addMod(std::int32_t a, std::int32_t b) noexcept {
    const std::int32_t s = a + b;
    return s >= kMlDsaQ ? s - kMlDsaQ : s;
}
inline std::int32_t subMod(std::int32_t a, std::int32_t b) noexcept {
    const std::int32_t d = a - b;
    return d < 0 ? d + kMlDsaQ : d;
}

template <class Obs>
void emit(Obs& obs, std::string_view phase, int round, std::string_view step, const MlDsaPoly& w) {
    std::array<std::uint8_t, 4 * kMlDsaN> bytes{};
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        const auto c = static_cast<std::uint32_t>(w[i]);
        bytes[4 * i] = static_cast<std::uint8_t>(c >> 24);
        bytes[4 * i + 1] = static_cast<std::uint8_t>(c >> 16);
        bytes[4 * i + 2] = static_cast<std::uint8_t>(c >> 8);
        bytes[4 * i + 3] = static_cast<std::uint8_t>(c);
    }
    obs.step(phase, -1, round, step, bytes);
}

// Algorithm 41: Cooley–Tukey butterflies, len = 128 down to 1, zeta = zetas[++m].
// With butterflies = true (the traced path only) every butterfly is also reported.
template <class Obs> void nttCore(MlDsaPoly& w, Obs& obs, bool butterflies = false) {
    constexpr std::string_view ph = "NTT";
    if constexpr (Obs::enabled) emit(obs, ph, 0, "input", w);
    std::size_t m = 0;
    int layer = 0;
    for (std::size_t len = 128; len >= 1; len /= 2) {
        int index = 0;
        for (std::size_t start = 0; start < kMlDsaN; start += 2 * len) {
            const std::int32_t z = kMlDsaZetas[++m];
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = mulMod(z, w[j + len]);
                w[j + len] = subMod(w[j], t);
                w[j] = addMod(w[j], t);
                ++index;
                if constexpr (Obs::enabled)
                    if (butterflies)
                        emit(obs, ph, layer + 1,
                             mldsaButterflyStepName(false, {layer + 1, index, j, len, m, z}), w);
            }
        }
        ++layer;
        if constexpr (Obs::enabled)
            emit(obs, ph, layer,
                 "Cooley–Tukey layer " + std::to_string(layer) + " (len " + std::to_string(len) + ")", w);
    }
}

// Algorithm 42: Gentleman–Sande butterflies, len = 1 up to 128, zeta = -zetas[--m], then * 256^-1.
template <class Obs> void inverseNttCore(MlDsaPoly& w, Obs& obs, bool butterflies = false) {
    constexpr std::string_view ph = "inverse NTT";
    if constexpr (Obs::enabled) emit(obs, ph, 0, "input", w);
    std::size_t m = kMlDsaN;
    int layer = 0;
    for (std::size_t len = 1; len < kMlDsaN; len *= 2) {
        int index = 0;
        for (std::size_t start = 0; start < kMlDsaN; start += 2 * len) {
            const std::int32_t z = subMod(0, kMlDsaZetas[--m]);
            for (std::size_t j = start; j < start + len; ++j) {
                const std::int32_t t = w[j];
                w[j] = addMod(t, w[j + len]);
                w[j + len] = mulMod(z, subMod(t, w[j + len]));
                ++index;
                if constexpr (Obs::enabled)
                    if (butterflies)
                        emit(obs, ph, layer + 1,
                             mldsaButterflyStepName(true, {layer + 1, index, j, len, m, z}), w);
            }
        }
        ++layer;
        if constexpr (Obs::enabled)
            emit(obs, ph, layer,
                 "Gentleman–Sande layer " + std::to_string(layer) + " (len " + std::to_string(len) + ")", w);
    }
    for (auto& c : w)
        c = mulMod(kMlDsaNInverse, c);
    if constexpr (Obs::enabled) emit(obs, ph, layer + 1, "× 256⁻¹", w);
}

std::string badCoefficient(std::size_t index, std::int64_t value) {
    return "ML-DSA polynomial: coefficient " + std::to_string(index) + " is " + std::to_string(value) +
           ", not in [0, q = " + std::to_string(kMlDsaQ) + ")";
}

} // namespace

MlDsaPoly mldsaNtt(const MlDsaPoly& w) noexcept {
    MlDsaPoly r = w;
    NoTrace none;
    nttCore(r, none);
    return r;
}

MlDsaPoly mldsaInverseNtt(const MlDsaPoly& wHat) noexcept {
    MlDsaPoly r = wHat;
    NoTrace none;
    inverseNttCore(r, none);
    return r;
}

MlDsaPoly mldsaAddNtt(const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    MlDsaPoly r{};
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        r[i] = addMod(a[i], b[i]);
    return r;
}

MlDsaPoly mldsaMultiplyNtt(const MlDsaPoly& a, const MlDsaPoly& b) noexcept {
    MlDsaPoly r{};
    for (std::size_t i = 0; i < kMlDsaN; ++i)
        r[i] = mulMod(a[i], b[i]);
    return r;
}

MlDsaPoly mldsaPolyFromCoefficients(std::span<const std::int64_t> coefficients) {
    if (coefficients.size() != kMlDsaN)
        throw InvalidArgument("ML-DSA polynomial: " + std::to_string(coefficients.size()) +
                              " coefficients, expected 256");
    MlDsaPoly p{};
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        if (coefficients[i] < 0 || coefficients[i] >= kQ)
            throw InvalidArgument(badCoefficient(i, coefficients[i]));
        p[i] = static_cast<std::int32_t>(coefficients[i]);
    }
    return p;
}

MlDsaPoly mldsaPolyFromBytes(ByteView bytes) {
    if (bytes.size() != 4 * kMlDsaN)
        throw InvalidArgument("ML-DSA polynomial: " + std::to_string(bytes.size()) +
                              " bytes, expected 1024 (256 coefficients of 4 bytes)");
    MlDsaPoly p{};
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        const std::uint32_t c = (std::uint32_t{bytes[4 * i]} << 24) |
                                (std::uint32_t{bytes[4 * i + 1]} << 16) |
                                (std::uint32_t{bytes[4 * i + 2]} << 8) | std::uint32_t{bytes[4 * i + 3]};
        if (c >= static_cast<std::uint32_t>(kMlDsaQ)) throw InvalidArgument(badCoefficient(i, c));
        p[i] = static_cast<std::int32_t>(c);
    }
    return p;
}

Bytes mldsaPolyToBytes(const MlDsaPoly& p) {
    Bytes out(4 * kMlDsaN);
    for (std::size_t i = 0; i < kMlDsaN; ++i) {
        const auto c = static_cast<std::uint32_t>(p[i]);
        out[4 * i] = static_cast<std::uint8_t>(c >> 24);
        out[4 * i + 1] = static_cast<std::uint8_t>(c >> 16);
        out[4 * i + 2] = static_cast<std::uint8_t>(c >> 8);
        out[4 * i + 3] = static_cast<std::uint8_t>(c);
    }
    return out;
}

MlDsaButterfly mldsaButterfly(bool inverse, int layer, int index) {
    if (layer < 1 || layer > 8)
        throw InvalidArgument("ML-DSA butterfly: layer " + std::to_string(layer) + " is not in 1..8");
    if (index < 1 || index > 128)
        throw InvalidArgument("ML-DSA butterfly: index " + std::to_string(index) + " is not in 1..128");
    MlDsaButterfly b;
    b.layer = layer;
    b.index = index;
    // NTT: len = 128 >> (layer - 1); NTT^-1: len = 1 << (layer - 1). Block s = (index - 1) / len holds
    // the pairs start + 0..len-1 with start = 2 len s.
    b.len = inverse ? std::size_t{1} << (layer - 1) : std::size_t{128} >> (layer - 1);
    const std::size_t k = static_cast<std::size_t>(index - 1), block = k / b.len;
    b.i = 2 * b.len * block + k % b.len;
    const std::size_t blocks = 128 / b.len; // blocks per layer = zetas used by the layer
    if (!inverse) {
        b.m = blocks + block; // layers before this one used 1 + 2 + ... + blocks/2 = blocks - 1 zetas
        b.zeta = kMlDsaZetas[b.m];
    } else {
        b.m = 2 * blocks - 1 - block; // m counts down from 256: this layer starts at 2 * blocks - 1
        b.zeta = subMod(0, kMlDsaZetas[b.m]);
    }
    return b;
}

std::string mldsaButterflyStepName(bool inverse, const MlDsaButterfly& b) {
    std::string s = "layer " + std::to_string(b.layer) + " butterfly " + std::to_string(b.index) + ": (" +
                    std::to_string(b.i) + ", " + std::to_string(b.i + b.len) + "), ζ = ";
    if (inverse) s += "−zetas[" + std::to_string(b.m) + "] = ";
    return s + std::to_string(b.zeta);
}

MlDsaPoly mldsaNttObserved(const MlDsaPoly& w, StepSink& sink, MlDsaTraceDetail detail) {
    MlDsaPoly r = w;
    nttCore(r, sink, detail == MlDsaTraceDetail::Butterflies);
    return r;
}

MlDsaPoly mldsaInverseNttObserved(const MlDsaPoly& wHat, StepSink& sink, MlDsaTraceDetail detail) {
    MlDsaPoly r = wHat;
    inverseNttCore(r, sink, detail == MlDsaTraceDetail::Butterflies);
    return r;
}

MlDsaPoly mldsaNttTraced(const MlDsaPoly& w, Trace& trace, MlDsaTraceDetail detail) {
    trace.layout = mldsaPolyLayout();
    TraceRecorder rec(trace);
    return mldsaNttObserved(w, rec, detail);
}

MlDsaPoly mldsaInverseNttTraced(const MlDsaPoly& wHat, Trace& trace, MlDsaTraceDetail detail) {
    trace.layout = mldsaPolyLayout();
    TraceRecorder rec(trace);
    return mldsaInverseNttObserved(wHat, rec, detail);
}

StateLayout mldsaPolyLayout() {
    StateLayout l;
    l.name = "mldsa-poly";
    l.rows = 16;
    l.cols = 16;
    l.cellBits = 32;
    l.rowLabel = "c";
    l.encoding =
        "1024 bytes = coefficients w[0..255] in index order, each a 32-bit big-endian value in [0, q); "
        "row r, column c holds w[16r + c]; NTT-domain states are in the spec's bit-reversed order";
    return l;
}

} // namespace rs::crypto
