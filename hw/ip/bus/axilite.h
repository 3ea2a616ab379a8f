#pragma once
// AXI4-Lite (AMBA AXI and ACE spec, part B) at the pin level, clock by clock, and a master that
// turns register reads and writes into handshakes on those pins. The master drives any
// AxiLiteTarget: the Verilated IP (AsconIpDevice) or a test double.

#include <cstdint>
#include <stdexcept>

namespace rs::hw {

/** @brief What the master drives in one clock. */
struct AxiLiteInputs {
    std::uint8_t awaddr = 0;
    bool awvalid = false;
    std::uint32_t wdata = 0;
    std::uint8_t wstrb = 0xf;
    bool wvalid = false;
    bool bready = false;
    std::uint8_t araddr = 0;
    bool arvalid = false;
    bool rready = false;
};

/** @brief What the slave shows in that clock, just before the rising edge. */
struct AxiLiteOutputs {
    bool awready = false;
    bool wready = false;
    bool bvalid = false;
    std::uint8_t bresp = 0;
    bool arready = false;
    bool rvalid = false;
    std::uint8_t rresp = 0;
    std::uint32_t rdata = 0;
    bool irq = false;
};

inline constexpr std::uint8_t kAxiOkay = 0;
inline constexpr std::uint8_t kAxiSlvErr = 2;

/** @brief A clocked AXI4-Lite slave. */
class AxiLiteTarget {
  public:
    virtual ~AxiLiteTarget() = default;
    /** @brief Runs one clock with these inputs; returns the outputs the rising edge saw. */
    virtual AxiLiteOutputs tick(const AxiLiteInputs& in) = 0;
};

/** @brief An error response (SLVERR/DECERR) or a handshake that never completed. */
class AxiError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief A simulation stopped because its caller's cancel flag was raised (a campaign's Cancel). */
class IpCancelled : public std::runtime_error {
  public:
    IpCancelled() : std::runtime_error("cancelled") {}
};

/** @brief Single-outstanding AXI4-Lite master: one transaction at a time, BREADY/RREADY high. */
class AxiLiteMaster {
  public:
    /** @brief timeoutCycles bounds each handshake wait. */
    explicit AxiLiteMaster(AxiLiteTarget& target, int timeoutCycles = 1000);

    /** @brief Writes a register; throws AxiError on an error response or timeout. */
    void write(std::uint8_t addr, std::uint32_t data, std::uint8_t strb = 0xf);
    /** @brief Reads a register; throws AxiError on an error response or timeout. */
    std::uint32_t read(std::uint8_t addr);
    /** @brief Writes and returns BRESP instead of throwing on an error response. */
    std::uint8_t writeResp(std::uint8_t addr, std::uint32_t data, std::uint8_t strb = 0xf);
    /** @brief Reads and returns RRESP (data in *data) instead of throwing on an error response. */
    std::uint8_t readResp(std::uint8_t addr, std::uint32_t* data);
    /** @brief Runs clocks with the bus idle. */
    void idle(std::uint64_t cycles);

    /** @brief Clocks this master has run. */
    std::uint64_t cycles() const { return m_cycles; }
    /** @brief Completed transactions (reads + writes). */
    std::uint64_t transactions() const { return m_reads + m_writes; }
    std::uint64_t reads() const { return m_reads; }
    std::uint64_t writes() const { return m_writes; }
    /** @brief Zeroes the cycle and transaction counts. */
    void resetCounters();

  private:
    AxiLiteOutputs clock();

    AxiLiteTarget& m_target;
    int m_timeout;
    AxiLiteInputs m_in;
    std::uint64_t m_cycles = 0, m_reads = 0, m_writes = 0;
};

} // namespace rs::hw
