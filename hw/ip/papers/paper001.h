#pragma once
// Paper 001's figures for its ML-DSA polynomial unit, as the paper gives them (never measured here): the
// clocks of each FIPS 204 ring operation in its design at two butterflies per clock, the goals the Verilated
// unit (hw/ip/mldsa) is shown beside on the IP page and in hw/README.md. The experiment that measures ours is
// the campaign preset paper001 (resources/campaigns/paper001.json: the CPU against the unit, target ip).

#include "core/oracle/algorithms.h"

namespace rs::hw {

/** @brief The butterflies per clock of the paper's design, at which its clocks below hold. */
inline constexpr int kPaper001Butterflies = 2;

/** @brief The paper's clocks for one operation on its design (kPaper001Butterflies per clock). */
constexpr int paper001Clocks(oracle::MlDsaKind kind) {
    switch (kind) {
    case oracle::MlDsaKind::Ntt:
        return 533;
    case oracle::MlDsaKind::InverseNtt:
        return 536;
    case oracle::MlDsaKind::MultiplyNtt:
        return 85;
    case oracle::MlDsaKind::AddNtt:
        return 75;
    }
    return 0;
}

} // namespace rs::hw
