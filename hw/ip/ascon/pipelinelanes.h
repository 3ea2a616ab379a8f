#pragma once
// Pipeline lanes of one captured IP operation: for every rate block, the clocks in which it occupies
// each stage of the input pipeline (issue = word 0 read, delay stages d1..d4, presented to the stage,
// taken), the permutation work it starts, and when each input of the stage (the length descriptor,
// lane 0, lane 1) becomes available and how long it is held until the take edge: the alignment of the
// paper's Fig. 7, recovered from the waveform capture alone (groups "control" and "pipeline").
//
// Plain C++ over a WaveformStore; the lane chart of the GUI and `roundscope-cli ip lanes` draw it.

#include <cstdint>
#include <string>
#include <vector>

#include "core/waveform/waveformstore.h"
#include "hw/ip/clockspan.h"

namespace rs::hw {

/** @brief What a block carries. */
enum class BlockKind { AssociatedData, Message, Last };

/** @brief One rate block's way through the input pipeline. */
struct PipelineBlock {
    int index = 0; ///< 0-based over the operation (AD blocks first)
    BlockKind kind = BlockKind::Message;
    Tick issue = 0;                ///< clock of stage 0: the block is issued and its word 0 read
    std::vector<ClockSpan> stages; ///< stages[k-1]: clocks in delay stage k (1..S; S = 4 at rate 16, 2 at
                                   ///< rate 8); longer than one clock when the line holds
    ClockSpan waiting;             ///< presented (blk_valid) and not yet taken; empty when taken at once
    Tick take = 0;                 ///< clock in which the stage takes it (absorb + first rounds)
    ClockSpan permutation; ///< permutation clocks it starts (p^b, or finalisation's p^a for the last block),
                           ///< from take on
    // Fig. 7: the stage inputs, each from the clock it is complete through the take clock, in which
    // the stage uses it (end = take + 1).
    ClockSpan length; ///< the length descriptor, known at issue, delayed S clocks
    ClockSpan lane0;  ///< lane 0 (x0 part, words 0-1), complete after word 1, delayed to meet lane 1
    ClockSpan lane1;  ///< lane 1 (x1 part, words 2-3; rate 16 only, else empty)
};

/** @brief The lanes of one operation. */
struct PipelineLanes {
    int wordsPerBlock = 0;    ///< w = rate / 4: 2 (Ascon-128) or 4 (Ascon-128a, Ascon-AEAD128)
    Tick load = 0;            ///< the LOAD clock (phase 1)
    Tick end = 0;             ///< one past the last busy clock
    ClockSpan initialisation; ///< p^a of initialisation (empty in precomputed mode)
    std::vector<PipelineBlock> blocks;
};

/** @brief Reads the lanes of the first operation that starts at or after `from` in a capture holding
 *  the "control" and "pipeline" groups (AsconIpDevice's signal names). Throws std::invalid_argument naming
 *  the missing signal, or when no operation starts at or after `from`. */
PipelineLanes extractPipelineLanes(const waveform::WaveformStore& store, Tick from = 0);

/** @brief Short label of a block kind: "AD", "message", "last". */
std::string blockKindName(BlockKind kind);

} // namespace rs::hw
