#pragma once
// The Ascon IP as an IpCore (hw/ip/ipcore.h): the oracle's Ascon AEAD operations (encryption: ct‖tag) through
// AsconIp, settings "unroll" (rounds per clock, the Verilated settings, default 1) and "precomputed" (the
// state after initialisation injected from the host, default 0); the clocks per phase beside
// hw/CMakeLists.txt's formula (asconipcycles.h). A campaign simulates every repeat (and reports the median
// simulation time).

#include <memory>

#include "hw/ip/ipcore.h"

namespace rs::hw {

/** @brief A new Ascon core (its models built on the thread that first runs it). */
std::unique_ptr<IpCore> makeAsconIpCore();

} // namespace rs::hw
