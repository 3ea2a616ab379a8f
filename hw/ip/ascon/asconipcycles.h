#pragma once
// The documented clock-count formula of the Ascon IP (hw/CYCLES.md derives it), so tests can hold
// the Verilated RTL to it and the GUI can explain a measurement.

#include <cstddef>
#include <cstdint>

#include "core/crypto/asconaead.h"
#include "hw/ip/ascon/asconipdevice.h"

namespace rs::hw {

/** @brief One operation as AsconIp runs it. */
struct AsconIpCycleQuery {
    crypto::AsconAeadVariant variant = crypto::AsconAeadVariant::Ascon128v12;
    int unroll = 1;
    bool precomputed = false;   ///< state after initialisation injected
    bool adPrecomputed = false; ///< (with precomputed) the injected state also holds the AD
    bool decrypt = false;
    std::size_t adBytes = 0;
    std::size_t msgBytes = 0;
};

/** @brief The terms of the formula, for display. */
struct AsconIpCycleTerms {
    int rateBytes = 8;          ///< r
    int wordsPerBlock = 2;      ///< w = r / 4: the front end reads one 32-bit word per clock
    int initClocks = 12;        ///< n_a = ceil(12 / unroll)
    int blockPermClocks = 6;    ///< n_b = ceil(b / unroll), b = 6 (Ascon-128) or 8
    int blockClocks = 6;        ///< M = max(w, n_b): clocks per AD or message block
    std::size_t adBlocks = 0;   ///< s = |A| / r + 1 when AD is processed, else 0
    std::size_t fullBlocks = 0; ///< t = |P| / r (the last, partial block goes with finalisation)
};

/** @brief Expected counts for an operation whose input and output fit the FIFOs. */
struct AsconIpCycleFormula {
    AsconIpCycleTerms terms;
    AsconIpPhaseCycles core;           ///< START's clock to DONE, per phase
    std::uint64_t axiTransactions = 0; ///< AsconIp's writes, STATUS polls and reads
    std::uint64_t totalCycles = 0;     ///< bus clocks of the whole operation = 2 per transaction
};

/** @brief Evaluates the formula; throws std::invalid_argument for unroll outside 1..12. */
AsconIpCycleFormula expectedCycles(const AsconIpCycleQuery& q);

/** @brief True when AsconIp can load the whole input before START and read the output after DONE
 *  (no streaming), which is when the formula holds exactly. */
bool fitsFifos(const AsconIpCycleQuery& q);

} // namespace rs::hw
