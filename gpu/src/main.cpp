// roundscope-gpu: runs the CUDA kernels and reports one JSON line per measurement.
//
//   roundscope-gpu probe                      device name and capability, or why there is none
//   roundscope-gpu variants                   the kernels, one JSON line each
//   roundscope-gpu sweep --alg A [--variant V|all] [--from 16] [--to 64M] [--repeats 10]
//                        [--message-bytes 64 (Ascon: bytes per message)]
//   roundscope-gpu run --alg A --variant V --key HEX [--iv HEX] --in FILE --out FILE [--ad FILE]
//                      [--messages K] [--repeats N]
//
// Every launch's output is judged by the oracle against the C++ model (rs_crypto); a mismatch is
// reported as "verified": false without timings. Exit status: 0 ok, 1 wrong output, 2 bad usage,
// 3 a CUDA call failed, 4 no CUDA device (the line says why).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/fileio/safefile.h"
#include "core/oracle/oracle.h"
#include "gpu/host/gpustats.h"
#include "gpu/src/backend.h"

namespace {

using namespace rs::gpu;
using rs::crypto::Bytes;

constexpr int kExitWrong = 1, kExitUsage = 2, kExitCuda = 3, kExitNoDevice = 4;

struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::map<std::string, std::string> parseArgs(int argc, char** argv, int first) {
    std::map<std::string, std::string> a;
    for (int i = first; i < argc; ++i) {
        const std::string k = argv[i];
        if (k.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + k + "'");
        if (i + 1 >= argc) throw UsageError(k + " needs a value");
        a[k.substr(2)] = argv[++i];
    }
    return a;
}

std::string need(const std::map<std::string, std::string>& a, const std::string& k) {
    const auto it = a.find(k);
    if (it == a.end()) throw UsageError("--" + k + " is required");
    return it->second;
}

std::uint64_t sizeArg(const std::map<std::string, std::string>& a, const std::string& k, std::uint64_t def) {
    const auto it = a.find(k);
    if (it == a.end()) return def;
    try {
        return parseSize(it->second);
    } catch (const std::exception& e) {
        throw UsageError("--" + k + ": " + e.what());
    }
}

Bytes hexArg(const std::map<std::string, std::string>& a, const std::string& k) {
    const auto it = a.find(k);
    if (it == a.end()) return {};
    try {
        return rs::crypto::fromHex(it->second);
    } catch (const std::exception& e) {
        throw UsageError("--" + k + ": " + e.what());
    }
}

/** A run's input file: a regular file of at most 1 GiB (a campaign's largest message). */
Bytes readFile(const std::string& path) {
    try {
        const std::string data = rs::fileio::readFileBounded(path, std::uint64_t{1} << 30, "input file");
        return Bytes(data.begin(), data.end());
    } catch (const rs::fileio::FileError& e) {
        throw UsageError(e.what());
    }
}

std::string deviceJson(const DeviceInfo& d) {
    std::ostringstream s;
    s << "\"device\":" << jsonString(d.name) << ",\"compute_capability\":\"" << d.major << "." << d.minor
      << "\",\"multiprocessors\":" << d.multiprocessors << ",\"memory_bytes\":" << d.memoryBytes
      << ",\"driver\":" << d.driverVersion << ",\"runtime\":" << d.runtimeVersion;
    return s.str();
}

/** The device, or the no-device line and exit status. */
bool requireDevice(DeviceInfo& d) {
    const std::string why = probeDevice(&d);
    if (why.empty()) return true;
    std::cout << "{\"status\":" << jsonString(why) << "}" << std::endl;
    return false;
}

int probe() {
    DeviceInfo d;
    if (!requireDevice(d)) return kExitNoDevice;
    std::cout << "{\"status\":\"ok\"," << deviceJson(d) << "}" << std::endl;
    return 0;
}

int listVariants() {
    for (const Variant& v : variants())
        std::cout << "{\"algorithm\":" << jsonString(v.algorithm) << ",\"variant\":" << jsonString(v.id)
                  << ",\"blocks_per_thread\":" << v.blocksPerThread
                  << ",\"threads_per_block\":" << v.threadsPerBlock
                  << ",\"description\":" << jsonString(v.description) << "}\n";
    return 0;
}

const Variant& variantArg(const std::string& alg, const std::string& id) {
    if (const Variant* v = findVariant(alg, id)) return *v;
    std::string known;
    for (const Variant& v : variants())
        if (v.algorithm == alg) known += (known.empty() ? "" : ", ") + v.id;
    if (known.empty()) {
        for (const auto& a : gpuAlgorithms())
            known += (known.empty() ? "" : ", ") + a;
        throw UsageError("--alg: no kernel for '" + alg + "' (kernels: " + known + ")");
    }
    throw UsageError("--variant: '" + id + "' is not a variant of " + alg + " (" + known + ")");
}

/** Times `repeats` launches after a warm-up launch; the output of every launch (the warm-up and each
 *  timed one, compared after its timing ends) is judged by the oracle against the C++ model. Prints one
 *  JSON line; false, with the first wrong launch named, when any output is wrong. */
bool measure(const DeviceInfo& d, const Variant& v, const LaunchInputs& in, const Bytes& reference,
             int repeats, const CpuTiming* cpu, std::uint64_t bytes, Bytes* lastOutput) {
    Bytes out;
    std::vector<double> kernel, total;
    std::ostringstream line;
    line << "{" << deviceJson(d) << ",\"algorithm\":" << jsonString(v.algorithm)
         << ",\"variant\":" << jsonString(v.id) << ",\"bytes\":" << bytes << ",\"messages\":" << in.messages;
    const auto wrong = [&](int launch) {
        const rs::oracle::Verdict verdict = rs::oracle::verify(out, reference);
        if (verdict) return false;
        line << ",\"verified\":false,\"error\":"
             << jsonString("launch " + std::to_string(launch) + " of " + std::to_string(repeats + 1) + ": " +
                           verdict.message)
             << "}";
        std::cout << line.str() << std::endl;
        return true;
    };
    launchOnDevice(v, in, out); // the first launch warms up (module load, caches): checked, not timed
    if (wrong(1)) return false;
    for (int r = 0; r < repeats; ++r) {
        const Timing t = launchOnDevice(v, in, out);
        kernel.push_back(t.kernelMs);
        total.push_back(t.totalMs);
        if (wrong(r + 2)) return false;
    }
    if (lastOutput) *lastOutput = out;
    line << ",\"verified\":true,\"launches_checked\":" << repeats + 1 << ",\"repeats\":" << repeats
         << ",\"kernel_ms\":" << statsJson(kernel) << ",\"total_ms\":" << statsJson(total)
         << ",\"throughput_bytes_per_s\":" << jsonNumber(bytes / (median(total) / 1e3))
         << ",\"kernel_throughput_bytes_per_s\":" << jsonNumber(bytes / (median(kernel) / 1e3));
    if (cpu) line << speedupJson(*cpu, median(total), median(kernel));
    line << "}";
    std::cout << line.str() << std::endl;
    return true;
}

int sweep(const std::map<std::string, std::string>& a) {
    const std::string alg = need(a, "alg");
    const std::string which = a.count("variant") ? a.at("variant") : "all";
    std::vector<const Variant*> chosen;
    for (const Variant& v : variants())
        if (v.algorithm == alg && (which == "all" || v.id == which)) chosen.push_back(&v);
    if (chosen.empty()) variantArg(alg, which); // throws the right usage error
    const std::uint64_t from = sizeArg(a, "from", 16), to = sizeArg(a, "to", std::uint64_t(64) << 20);
    const std::uint64_t messageBytes = sizeArg(a, "message-bytes", 64);
    const int repeats = static_cast<int>(sizeArg(a, "repeats", 10));
    if (from == 0 || to < from) throw UsageError("--from/--to: need 0 < from <= to");
    if (repeats < 1 || repeats > 1000) throw UsageError("--repeats: 1..1000");
    DeviceInfo d;
    if (!requireDevice(d)) return kExitNoDevice;
    bool ok = true;
    for (std::uint64_t bytes = from; bytes <= to; bytes *= 2) {
        const LaunchInputs in = sweepInputs(alg, bytes, messageBytes);
        const std::uint64_t total = launchesMessages(alg) ? in.message.size() * in.messages : bytes;
        Bytes reference;
        const CpuTiming cpu = timeCpu(*chosen.front(), in, repeats, reference);
        for (const Variant* v : chosen)
            ok = measure(d, *v, in, reference, repeats, &cpu, total, nullptr) && ok;
    }
    return ok ? 0 : kExitWrong;
}

int run(const std::map<std::string, std::string>& a) {
    const Variant& v = variantArg(need(a, "alg"), need(a, "variant"));
    LaunchInputs in;
    in.key = hexArg(a, "key");
    in.iv = hexArg(a, "iv");
    in.message = readFile(need(a, "in"));
    if (a.count("ad")) in.ad = readFile(a.at("ad"));
    in.messages = sizeArg(a, "messages", 1);
    if (in.messages < 1 || (!launchesMessages(v) && in.messages != 1)) {
        std::string aeads;
        for (const auto& alg : gpuAlgorithms())
            if (launchesMessages(alg)) aeads += (aeads.empty() ? "" : ", ") + alg;
        throw UsageError("--messages: at least 1, and only for " + aeads);
    }
    const int repeats = static_cast<int>(sizeArg(a, "repeats", 10));
    if (repeats < 1 || repeats > 1000) throw UsageError("--repeats: 1..1000");
    Bytes reference;
    try {
        reference = referenceOutput(v, in);
    } catch (const std::exception& e) {
        throw UsageError(e.what());
    }
    DeviceInfo d;
    if (!requireDevice(d)) return kExitNoDevice;
    Bytes out;
    const std::uint64_t total = launchesMessages(v) ? in.message.size() * in.messages : in.message.size();
    if (!measure(d, v, in, reference, repeats, nullptr, total, &out)) return kExitWrong;
    // The first message's output (block modes: all of it), for the caller's own check.
    const std::size_t keep = launchesMessages(v) ? in.message.size() + 16 : out.size();
    try {
        rs::fileio::writeFileAtomic(need(a, "out"),
                                    std::string_view(reinterpret_cast<const char*>(out.data()), keep));
    } catch (const rs::fileio::FileError& e) {
        throw UsageError(e.what());
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const std::string cmd = argc > 1 ? argv[1] : "";
    try {
        if (cmd == "probe") return probe();
        if (cmd == "variants") return listVariants();
        if (cmd == "sweep") return sweep(parseArgs(argc, argv, 2));
        if (cmd == "run") return run(parseArgs(argc, argv, 2));
        throw UsageError(cmd.empty() ? "a command is required: probe, variants, sweep or run"
                                     : "unknown command '" + cmd + "' (probe, variants, sweep, run)");
    } catch (const UsageError& e) {
        std::cerr << "roundscope-gpu: " << e.what() << std::endl;
        return kExitUsage;
    } catch (const std::exception& e) {
        std::cout << "{\"status\":" << jsonString(std::string("error: ") + e.what()) << "}" << std::endl;
        std::cerr << "roundscope-gpu: " << e.what() << std::endl;
        return kExitCuda;
    }
}
