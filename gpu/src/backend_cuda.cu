// The CUDA kernels and their launches. Every per-block function comes from gpu/device (the same
// code the host tests run); this file only places tables in constant or shared memory and maps threads.
#include <cuda_runtime.h>

#include <stdexcept>
#include <string>

#include "gpu/device/ascon.h"
#include "gpu/device/lea.h"
#include "gpu/device/skinny128.h"
#include "gpu/device/threadbody.h"
#include "gpu/src/backend.h"

namespace rs::gpu {

namespace {

__constant__ std::uint32_t c_t[4][256];
__constant__ std::uint32_t c_sbox[256];
__constant__ std::uint32_t c_rc[kSkinnyMaxRounds][4];
__constant__ std::uint32_t c_tk[kSkinnyMaxRounds][4];
__constant__ std::uint32_t c_k[kSkinnyMaxRounds][4];
__constant__ std::uint32_t c_leaRk[kLeaMaxRounds][6];
__constant__ std::uint8_t c_key[16];

void check(cudaError_t e, const char* what) {
    if (e != cudaSuccess)
        throw std::runtime_error(std::string("CUDA ") + what + ": " + cudaGetErrorString(e));
}

__device__ __forceinline__ std::uint64_t globalThread() {
    return static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
}

// --- SKINNY-128 ------------------------------------------------------------------------------------

template <int B>
__global__ void __launch_bounds__(512)
    skinnyPaper(const std::uint8_t* in, std::uint8_t* out, std::uint64_t bytes, std::uint64_t threads,
                bool ctr, Block128 iv, int rounds) {
    const std::uint64_t g = globalThread();
    if (g >= threads) return;
    blockModeThread<B>(g, threads, in, out, bytes, ctr, iv, [rounds](const Block128& b) {
        return skinnyEncryptTables(b, c_t, c_rc, c_tk, rounds);
    });
}

template <int B>
__global__ void __launch_bounds__(512)
    skinnySharedTables(const std::uint8_t* in, std::uint8_t* out, std::uint64_t bytes, std::uint64_t threads,
                       bool ctr, Block128 iv, int rounds) {
    __shared__ std::uint32_t t[4][256];
    for (unsigned i = threadIdx.x; i < 4 * 256; i += blockDim.x)
        t[i / 256][i % 256] = c_t[i / 256][i % 256];
    __syncthreads();
    const std::uint64_t g = globalThread();
    if (g >= threads) return;
    const std::uint32_t(*tables)[256] = t; // shared variables are static: capture a pointer
    blockModeThread<B>(g, threads, in, out, bytes, ctr, iv, [tables, rounds](const Block128& b) {
        return skinnyEncryptTablesFolded(b, tables, c_k, rounds);
    });
}

template <int B>
__global__ void __launch_bounds__(256)
    skinnySharedSbox(const std::uint8_t* in, std::uint8_t* out, std::uint64_t bytes, std::uint64_t threads,
                     bool ctr, Block128 iv, int rounds) {
    // 32 copies of the S-box, entry b of copy l at b*32 + l: lane l always reads bank l.
    __shared__ std::uint32_t sbox[256 * 32];
    for (unsigned i = threadIdx.x; i < 256 * 32; i += blockDim.x)
        sbox[i] = c_sbox[i >> 5];
    __syncthreads();
    const std::uint64_t g = globalThread();
    if (g >= threads) return;
    const unsigned lane = threadIdx.x & 31u;
    const std::uint32_t* copies = sbox; // shared variables are static: capture a pointer
    blockModeThread<B>(g, threads, in, out, bytes, ctr, iv, [copies, lane, rounds](const Block128& b) {
        return skinnyEncryptSbox(
            b, [copies, lane](std::uint32_t x) { return copies[(x << 5) | lane]; }, c_k, rounds);
    });
}

// --- LEA -------------------------------------------------------------------------------------------

template <int B>
__global__ void __launch_bounds__(256)
    leaConstRk(const std::uint8_t* in, std::uint8_t* out, std::uint64_t bytes, std::uint64_t threads,
               bool ctr, Block128 iv, int rounds) {
    const std::uint64_t g = globalThread();
    if (g >= threads) return;
    blockModeThread<B>(g, threads, in, out, bytes, ctr, iv,
                       [rounds](const Block128& b) { return leaEncrypt(b, c_leaRk, rounds); });
}

// --- Ascon-AEAD128 ---------------------------------------------------------------------------------

__global__ void __launch_bounds__(128)
    asconPerMessage(const std::uint8_t* in, std::uint8_t* out, std::uint64_t len, std::uint64_t messages,
                    Block128 nonce, const std::uint8_t* ad, std::uint64_t adLen) {
    const std::uint64_t g = globalThread();
    if (g >= messages) return;
    std::uint8_t n[16];
    storeBlock(n, counterBlock(nonce, g));
    std::uint8_t key[16];
    for (int i = 0; i < 16; ++i)
        key[i] = c_key[i];
    std::uint8_t* o = out + g * (len + 16);
    asconAead128Encrypt(key, n, ad, adLen, in + g * len, len, o, o + len);
}

/** Device memory freed on every path. */
struct DeviceBuffer {
    std::uint8_t* p = nullptr;
    explicit DeviceBuffer(std::size_t n) { check(cudaMalloc(&p, n ? n : 1), "cudaMalloc"); }
    ~DeviceBuffer() { cudaFree(p); }
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
};

struct Events {
    cudaEvent_t start{}, kernelStart{}, kernelStop{}, stop{};
    Events() {
        for (cudaEvent_t* e : {&start, &kernelStart, &kernelStop, &stop})
            check(cudaEventCreate(e), "cudaEventCreate");
    }
    ~Events() {
        for (cudaEvent_t e : {start, kernelStart, kernelStop, stop})
            cudaEventDestroy(e);
    }
};

template <class Launch>
void launchBlocks(int blocksPerThread, std::uint64_t threads, int tpb, Launch launch) {
    const std::uint64_t grid =
        (threads + static_cast<std::uint64_t>(tpb) - 1) / static_cast<std::uint64_t>(tpb);
    if (grid > 0x7fffffffull) throw std::runtime_error("input too large for one launch");
    if (grid == 0) return;
    launch(blocksPerThread, static_cast<unsigned>(grid), tpb);
    check(cudaGetLastError(), "kernel launch");
}

} // namespace

std::string probeDevice(DeviceInfo* info) {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) return std::string("no CUDA device: ") + cudaGetErrorString(e);
    if (count == 0) return "no CUDA device: the driver reports none";
    cudaDeviceProp p{};
    if (const cudaError_t pe = cudaGetDeviceProperties(&p, 0); pe != cudaSuccess)
        return std::string("no CUDA device: ") + cudaGetErrorString(pe);
    if (info) {
        info->name = p.name;
        info->major = p.major;
        info->minor = p.minor;
        info->memoryBytes = p.totalGlobalMem;
        info->multiprocessors = p.multiProcessorCount;
        cudaDriverGetVersion(&info->driverVersion);
        cudaRuntimeGetVersion(&info->runtimeVersion);
    }
    return {};
}

bool cudaBuilt() {
    return true;
}

Timing launchOnDevice(const Variant& v, const LaunchInputs& in, crypto::Bytes& out) {
    const bool aead = launchesMessages(v);
    const bool ctr =
        !aead && v.algorithm.size() > 4 && v.algorithm.compare(v.algorithm.size() - 4, 4, "-ctr") == 0;
    const std::size_t inBytes = aead ? in.message.size() * in.messages : in.message.size();
    const std::size_t outBytes = aead ? (in.message.size() + 16) * in.messages : in.message.size();
    // The host buffer of all messages (AEAD): message i is the same plaintext, its own nonce.
    crypto::Bytes host;
    const std::uint8_t* src = in.message.data();
    if (aead && in.messages > 1) {
        host.resize(inBytes);
        for (std::uint64_t i = 0; i < in.messages; ++i)
            std::copy(in.message.begin(), in.message.end(),
                      host.begin() + static_cast<std::ptrdiff_t>(i * in.message.size()));
        src = host.data();
    }
    // Tables and keys into constant memory (not timed: per key, not per message).
    Block128 iv{};
    int rounds = 0;
    if (aead) {
        crypto::requireLength("key", in.key, 16);
        crypto::requireLength("nonce", in.iv, 16);
        check(cudaMemcpyToSymbol(c_key, in.key.data(), 16), "cudaMemcpyToSymbol(key)");
        iv = loadBlock(in.iv.data());
    } else {
        if (ctr) {
            crypto::requireLength("CTR IV", in.iv, 16);
            iv = loadBlock(in.iv.data());
        } else if (in.message.size() % 16 != 0) {
            throw crypto::InvalidArgument("ECB needs whole 16-byte blocks");
        }
        if (v.algorithm.rfind("skinny-", 0) == 0) {
            const SkinnyTables t = makeSkinnyTables(in.key);
            rounds = t.rounds;
            check(cudaMemcpyToSymbol(c_t, t.t, sizeof t.t), "cudaMemcpyToSymbol(T)");
            check(cudaMemcpyToSymbol(c_sbox, t.sbox, sizeof t.sbox), "cudaMemcpyToSymbol(sbox)");
            check(cudaMemcpyToSymbol(c_rc, t.rc, sizeof t.rc), "cudaMemcpyToSymbol(RC')");
            check(cudaMemcpyToSymbol(c_tk, t.tk, sizeof t.tk), "cudaMemcpyToSymbol(TK')");
            check(cudaMemcpyToSymbol(c_k, t.k, sizeof t.k), "cudaMemcpyToSymbol(K')");
        } else {
            const LeaSchedule s = makeLeaSchedule(in.key);
            rounds = s.rounds;
            check(cudaMemcpyToSymbol(c_leaRk, s.rk, sizeof s.rk), "cudaMemcpyToSymbol(LEA round keys)");
        }
    }
    DeviceBuffer dIn(inBytes), dOut(outBytes), dAd(in.ad.size());
    if (!in.ad.empty())
        check(cudaMemcpy(dAd.p, in.ad.data(), in.ad.size(), cudaMemcpyHostToDevice), "cudaMemcpy(AD)");
    out.assign(outBytes, 0);
    Events ev;
    check(cudaEventRecord(ev.start), "cudaEventRecord");
    if (inBytes) check(cudaMemcpy(dIn.p, src, inBytes, cudaMemcpyHostToDevice), "cudaMemcpy(host to device)");
    check(cudaEventRecord(ev.kernelStart), "cudaEventRecord");
    const std::uint64_t bytes = in.message.size();
    if (aead) {
        launchBlocks(1, in.messages, v.threadsPerBlock, [&](int, unsigned grid, int tpb) {
            asconPerMessage<<<grid, tpb>>>(dIn.p, dOut.p, bytes, in.messages, iv, dAd.p, in.ad.size());
        });
    } else {
        const std::uint64_t threads = threadsFor(bytes, v.blocksPerThread);
        launchBlocks(v.blocksPerThread, threads, v.threadsPerBlock, [&](int b, unsigned grid, int tpb) {
            if (v.algorithm.rfind("lea-", 0) == 0) {
                if (b == 4)
                    leaConstRk<4><<<grid, tpb>>>(dIn.p, dOut.p, bytes, threads, ctr, iv, rounds);
                else
                    leaConstRk<1><<<grid, tpb>>>(dIn.p, dOut.p, bytes, threads, ctr, iv, rounds);
            } else if (v.id == "paper") {
                skinnyPaper<1><<<grid, tpb>>>(dIn.p, dOut.p, bytes, threads, ctr, iv, rounds);
            } else if (v.id == "shared-tables") {
                skinnySharedTables<1><<<grid, tpb>>>(dIn.p, dOut.p, bytes, threads, ctr, iv, rounds);
            } else if (b == 4) {
                skinnySharedSbox<4><<<grid, tpb>>>(dIn.p, dOut.p, bytes, threads, ctr, iv, rounds);
            } else {
                skinnySharedSbox<1><<<grid, tpb>>>(dIn.p, dOut.p, bytes, threads, ctr, iv, rounds);
            }
        });
    }
    check(cudaEventRecord(ev.kernelStop), "cudaEventRecord");
    if (outBytes)
        check(cudaMemcpy(out.data(), dOut.p, outBytes, cudaMemcpyDeviceToHost), "cudaMemcpy(device to host)");
    check(cudaEventRecord(ev.stop), "cudaEventRecord");
    check(cudaEventSynchronize(ev.stop), "kernel");
    Timing t;
    float ms = 0;
    check(cudaEventElapsedTime(&ms, ev.kernelStart, ev.kernelStop), "cudaEventElapsedTime");
    t.kernelMs = ms;
    check(cudaEventElapsedTime(&ms, ev.start, ev.stop), "cudaEventElapsedTime");
    t.totalMs = ms;
    return t;
}

} // namespace rs::gpu
