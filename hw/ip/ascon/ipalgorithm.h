#pragma once
// The Verilated IP as a oracle::AeadAlgorithm, so the one KAT comparator (core/katrunner.h) judges
// it exactly as it judges the C++ models.

#include <string_view>

#include "core/oracle/algorithms.h"
#include "hw/ip/ascon/asconip.h"

namespace rs::hw {

/** @brief An AeadAlgorithm whose encrypt/decrypt run on ip (which must outlive it) with options
 *  (capture and trace files are ignored: a KAT run is thousands of operations). The display name
 *  says which IP build ran: "Ascon-128 v1.2 (Verilated IP, unroll 3, precomputed)". Throws
 *  std::invalid_argument for an id that is not an Ascon AEAD. */
oracle::AeadAlgorithm ipAeadAlgorithm(AsconIp& ip, std::string_view id, AsconIpOptions options = {});

} // namespace rs::hw
