#pragma once
// The campaign target "board": each run encrypts on a Zynq board (or the virtual board) over the serial
// protocol and reports the board's own timer: time_min/median/max per operation (ns), the IP's clock count,
// and the path (hardware IP or ARM software). Options: "board.port" (a serial device, or "virtual", the
// default: roundscope-board-sim is started), "board.path" ("hw" default, or "sw"), "board.baud" (115200).
// Ascon AEAD only (the IP's variants), messages up to one frame.

#include <memory>

#include "core/campaign/runner.h"

namespace rs::hw::board {

std::unique_ptr<campaign::Runner> makeBoardRunner();
/** @brief What target "board" is, without building its runner: the Ascon IP's variants, its tool
 *  (roundscope-board-sim for the default port, virtual), measured figures (the board's timer), and on
 *  Slurm the node the board is attached to (board.slurm.nodelist, required). */
campaign::TargetDeclaration boardDeclaration();
/** @brief Registers target "board" (boardDeclaration() and its factory) with campaign::registerTarget. */
void registerBoardRunner();

} // namespace rs::hw::board
