#include "gpu/host/gpustats.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

#include "core/oracle/operation.h"

namespace rs::gpu {

std::uint64_t parseSize(const std::string& text) {
    std::size_t used = 0;
    unsigned long long n = 0;
    try {
        if (text.empty() || text[0] == '-') throw std::invalid_argument("");
        n = std::stoull(text, &used);
    } catch (const std::exception&) {
        throw std::invalid_argument("expected a size such as 64, 1K or 64M, got '" + text + "'");
    }
    const std::string unit = text.substr(used);
    int shift = 0;
    if (unit == "K" || unit == "k")
        shift = 10;
    else if (unit == "M" || unit == "m")
        shift = 20;
    else if (unit == "G" || unit == "g")
        shift = 30;
    else if (!unit.empty())
        throw std::invalid_argument("unknown unit in '" + text + "' (K, M or G)");
    if (n > (std::uint64_t(1) << 40) >> shift) throw std::invalid_argument("'" + text + "' is too large");
    return static_cast<std::uint64_t>(n) << shift;
}

double median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

std::string jsonNumber(double v) {
    if (!std::isfinite(v)) return "null";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

std::string samplesJson(const std::vector<double>& v) {
    std::string o = "[";
    for (std::size_t i = 0; i < v.size(); ++i)
        o += (i ? "," : "") + jsonNumber(v[i]);
    return o + "]";
}

std::string statsJson(const std::vector<double>& v) {
    if (v.empty()) return "null";
    return "{\"min\":" + jsonNumber(*std::min_element(v.begin(), v.end())) +
           ",\"median\":" + jsonNumber(median(v)) +
           ",\"max\":" + jsonNumber(*std::max_element(v.begin(), v.end())) +
           ",\"samples\":" + samplesJson(v) + "}";
}

std::string jsonString(const std::string& s) {
    std::string o = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            o += '\\';
            o += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            o += buf;
        } else {
            o += c;
        }
    }
    return o + "\"";
}

CpuTiming timeCpu(const Variant& v, const LaunchInputs& in, int repeats, crypto::Bytes& output) {
    CpuTiming t;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        output = referenceOutput(v, in);
        t.ms.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    return t;
}

Speedup speedup(double cpuMs, double gpuMs) {
    if (!(cpuMs > 0) || !(gpuMs > 0)) return {NAN, NAN};
    return {cpuMs / gpuMs, 1.0 - gpuMs / cpuMs};
}

std::string speedupJson(const CpuTiming& cpu, double totalMs, double kernelMs) {
    const Speedup total = speedup(cpu.medianMs(), totalMs), kernel = speedup(cpu.medianMs(), kernelMs);
    return ",\"cpu_ms\":" + statsJson(cpu.ms) + ",\"speedup_E\":" + jsonNumber(total.e) +
           ",\"efficiency_S\":" + jsonNumber(total.s) + ",\"speedup_E_kernel\":" + jsonNumber(kernel.e) +
           ",\"efficiency_S_kernel\":" + jsonNumber(kernel.s);
}

LaunchInputs sweepInputs(const std::string& algorithm, std::uint64_t bytes, std::uint64_t messageBytes) {
    // The oracle's inputs of the point (oracle::makeInputs), the bytes every back end of a campaign gets:
    // a block mode's one message of `bytes`; an AEAD's message of `messageBytes` (at most `bytes`) with 16
    // bytes of AD, launched as many times as fill `bytes` (message i under nonce + i).
    const bool aead = oracle::operation(algorithm).aead != nullptr;
    const std::uint64_t len = aead ? std::max<std::uint64_t>(1, std::min(messageBytes, bytes)) : bytes;
    oracle::Inputs in = oracle::makeInputs(algorithm, len, aead ? 16 : 0);
    LaunchInputs out;
    out.key = std::move(in.key);
    out.iv = std::move(in.nonce); // CTR's initial counter block, the AEAD's nonce; empty for ECB
    out.ad = std::move(in.ad);
    out.message = std::move(in.message);
    if (aead) out.messages = std::max<std::uint64_t>(1, bytes / len);
    return out;
}

} // namespace rs::gpu
