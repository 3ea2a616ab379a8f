#pragma once
// AsconIp: Ascon AEAD through the Verilated IP core, driven the way the paper's ARM drives its PL
// core: register writes and reads over AXI4-Lite, polling STATUS for DONE. Every result carries the
// clock counts per phase and the AXI traffic it cost.
//
// Threads: an AsconIp builds a model per unroll setting on first use; all calls must come from the
// thread that made the first call for that setting (checked, std::logic_error otherwise).

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/crypto/asconaead.h"
#include "core/crypto/bytes.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/ascon/asconipdevice.h"

namespace rs::hw {

/** @brief How to run one operation. */
struct AsconIpOptions {
    int unroll = 1;                          ///< rounds per clock: one of AsconIpDevice::supportedUnrolls()
    AsconIpBuild build = AsconIpBuild::Full; ///< Lean: the AEAD128-only build (unroll 1 only)
    bool precomputed = false;                ///< inject the state after initialisation (computed on the host)
    bool adPrecomputed = false;              ///< with precomputed: the injected state also holds the AD
    waveform::WaveformStore* capture = nullptr; ///< append every clock's signals here
    std::vector<std::string> captureGroups;     ///< groups to capture; empty = all
    std::string
        vcdPath; ///< write the captured signals as VCD with a toggling clk (waveform::withCaptureClock)
    std::string
        fstPath; ///< Verilator trace of every net as FST (all or nothing; IpTraceError when it cannot)
    /** Raised: the operation stops within a few clocks' polling with IpCancelled (a long message's
     *  simulation takes seconds; a campaign's Cancel must not wait for it). */
    const std::atomic<bool>* cancel = nullptr;
    /** Decryption: set CONFIG.STREAM_UNVERIFIED, so plaintext leaves the IP before the tag is
     *  checked (the unsafe mode the IP offers for comparison; off by default). */
    bool streamUnverified = false;
};

/** @brief Clock counts of one operation. */
struct AsconIpCycles {
    std::uint64_t total = 0; ///< every bus clock from the first register write to the last read
    std::uint64_t init = 0;  ///< core: LOAD + initialisation
    std::uint64_t ad = 0;    ///< core: associated data
    std::uint64_t data = 0;  ///< core: message blocks
    std::uint64_t final = 0; ///< core: last block + finalisation
    std::uint64_t axi = 0;   ///< total - core: what the bus costs around the core
    /** Streamed runs: core clocks spent waiting on a FIFO (CYC_STALL; core() = the formula + stall,
     *  summed over both passes of a verify-first decryption). 0 when nothing streamed. */
    std::uint64_t stall = 0;
    /** @brief init + ad + data + final. */
    std::uint64_t core() const { return init + ad + data + final; }
};

/** @brief What every operation reports besides its output. */
struct AsconIpRunInfo {
    AsconIpCycles cycles;
    std::uint64_t axiTransactions = 0;
    std::uint64_t axiWrites = 0;
    std::uint64_t axiReads = 0;
    bool streamed = false; ///< input or output did not fit the FIFOs and moved during the run
    bool stalled = false;  ///< the core waited on a FIFO
    int passes = 1;        ///< 2: a decryption longer than the output FIFO verified its tag first
    int unroll = 1;
    bool precomputed = false;
    bool adPrecomputed = false;
};

struct AsconIpEncryptResult {
    crypto::Bytes ct;
    crypto::Bytes tag;
    AsconIpRunInfo run;
};

struct AsconIpDecryptResult {
    std::optional<crypto::Bytes> pt; ///< nullopt when the tag did not verify (plaintext discarded)
    AsconIpRunInfo run;
};

class AsconIp {
  public:
    AsconIp();
    ~AsconIp();
    AsconIp(const AsconIp&) = delete;
    AsconIp& operator=(const AsconIp&) = delete;

    /** @brief Encrypts pt. Throws crypto::InvalidArgument naming key/nonce, std::invalid_argument
     *  for an unsupported unroll, std::logic_error from a wrong thread, AxiError on a bus fault. */
    AsconIpEncryptResult encrypt(crypto::AsconAeadVariant v, crypto::ByteView key, crypto::ByteView nonce,
                                 crypto::ByteView ad, crypto::ByteView pt,
                                 const AsconIpOptions& options = {});
    /** @brief Decrypts ct and checks tag in the IP (STATUS.AUTH_FAIL). */
    AsconIpDecryptResult decrypt(crypto::AsconAeadVariant v, crypto::ByteView key, crypto::ByteView nonce,
                                 crypto::ByteView ad, crypto::ByteView ct, crypto::ByteView tag,
                                 const AsconIpOptions& options = {});

    /** @brief The device for an unroll setting, built on first use. */
    AsconIpDevice& device(int unroll, AsconIpBuild build = AsconIpBuild::Full);

  private:
    struct Operation;
    AsconIpRunInfo run(const Operation& op, const AsconIpOptions& options, crypto::Bytes& out,
                       bool& authFail);

    using DeviceKey = std::pair<int, AsconIpBuild>; ///< (unroll, build)
    std::map<DeviceKey, std::unique_ptr<AsconIpDevice>> m_devices;
    std::map<DeviceKey, bool> m_dirty; ///< an operation failed part-way: CLEAR (or reset) first
};

/** @brief The AEAD variants the IP's CONFIG.VARIANT selects (codes 0, 1, 2; hw/rtl/REGISTERS.md). */
const std::vector<crypto::AsconAeadVariant>& ipVariants();
/** @brief The oracle's AEAD id of a variant: the registry row that is that variant (AeadAlgorithm::ascon). */
std::string ipVariantId(crypto::AsconAeadVariant v);
/** @brief The variant of an oracle AEAD id the IP runs; nullopt for any other id. */
std::optional<crypto::AsconAeadVariant> ipVariantFromId(std::string_view id);

} // namespace rs::hw
