// ascon_frontend: block sequencer and input pipeline, shared by the AD, encryption and decryption
// stages. It cuts the AD and the message into rate blocks (the last block of each is partial,
// possibly empty, and carries the padding), reads their words from the input FIFO one 32-bit word
// per clock, expands and pads each word in the clock it is read (byte expansion + padding), and
// presents the whole block to the core's stage, where it waits until taken.
//
// Input alignment (the paper's Fig. 7). The length of a block is known in its issue clock c0, but
// its words arrive one per clock, so the stage inputs are aligned by delay registers:
//   d1..d4      the block descriptor {length, last, kind}: length delayed 4 clocks (2 for the
//               8-byte rate of Ascon-128) so that it meets the block's last word; each word reads
//               its own tap (word i uses d_i) to place the padding byte;
//   blk_q       the companion input: one 128-bit block buffer {lane0, lane1}; each word is
//               written into its own 32-bit slot in the clock it is read, so lane 0 (x0 part,
//               words 0-1) is complete at c2 and waits there for lane 1 (x1 part, words 2-3) at c4.
//               One block is in flight at a time (the next issues in the clock the stage takes
//               this one), so the buffer holds lane 0 as long as a delay line would.
// At c4 (c2 for Ascon-128) length, lane 0 and lane 1 sit on the same clock edge as the stage that
// takes them (absorb in AD/encryption; decrypt + state restore + padding in decryption).
// When the FIFO lacks a needed word, or a presented block is not taken, the pipeline holds.
module ascon_frontend #(
    parameter int LEN_BITS = 32  // width of the byte counters (5..32)
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,       // LOAD clock: take the lengths, forget any block
    input  logic         rate16,      // 16-byte rate (Ascon-128a, Ascon-AEAD128)
    input  logic         le,          // SP 800-232 byte order and 0x01 padding
    input  logic [LEN_BITS-1:0] ad_len,
    input  logic [LEN_BITS-1:0] msg_len,
    input  logic         skip_ad,     // no AD blocks (empty AD, or AD inside the injected state)
    input  logic         fifo_empty,
    input  logic [ 31:0] fifo_head,
    output logic         fifo_pop,
    input  logic         take,        // the stage takes the presented block in this clock
    output logic         blk_valid,
    output logic         blk_ad,      // 1: AD block, 0: message block
    output logic         blk_last,    // last block of its kind (partial, padded)
    output logic [  4:0] blk_len,     // message bytes in the block, 0..16
    output logic [127:0] blk_rate,    // expanded, padded block {lane0, lane1}
    output logic         stall,       // waiting for the input FIFO
    output logic [  3:0] stage        // debug: which delay stages hold the block in flight
);
  // Sequencer: bytes still to cut into blocks, per kind.
  logic [LEN_BITS-1:0] ad_left, msg_left;
  logic ad_pend, msg_pend;

  // Descriptor issued this clock (stage 0).
  logic have, d0_ad, d0_last;
  logic [4:0] d0_len;
  logic [LEN_BITS-1:0] rate_bytes, left;

  // Delay line of the descriptor (stage k holds the block issued k clocks ago).
  logic [4:1] d_vld, d_ad, d_last;
  logic [4:0] d_len1, d_len2, d_len3, d_len4;

  // Gathered block {lane0, lane1}.
  logic [127:0] blk_q, slot;

  logic pres, inflight, can_issue, issue, adv, need, word_stall, reading;
  logic [1:0] wi;
  logic [4:0] wlen;
  logic wlast, active;
  logic [127:0] chunk;
  logic [31:0] wpad;
  logic [4:0] wbase;

  assign rate_bytes = rate16 ? LEN_BITS'(16) : LEN_BITS'(8);
  assign have = ad_pend || msg_pend;
  assign left = ad_pend ? ad_left : msg_left;
  assign d0_ad = ad_pend;
  assign d0_last = left < rate_bytes;
  assign d0_len = d0_last ? left[4:0] : rate_bytes[4:0];

  assign pres = rate16 ? d_vld[4] : d_vld[2];
  assign inflight = |d_vld;
  assign can_issue = have && !start && (!inflight || (pres && take));

  // The word read in this clock: word i of the block at stage i (issue clock = stage 0).
  always_comb begin
    active = 1'b1;
    wi = 2'd0;
    wlen = d0_len;
    wlast = d0_last;
    if (d_vld[1]) begin
      wi = 2'd1;
      wlen = d_len1;
      wlast = d_last[1];
    end else if (rate16 && d_vld[2]) begin
      wi = 2'd2;
      wlen = d_len2;
      wlast = d_last[2];
    end else if (rate16 && d_vld[3]) begin
      wi = 2'd3;
      wlen = d_len3;
      wlast = d_last[3];
    end else if (!can_issue) begin
      active = 1'b0;
    end
  end

  // A block already issued reads its word i at stage i; if that word is not in the FIFO yet the
  // whole line holds. A block that cannot be issued for want of its first word just waits, and
  // the line still moves (a block taken in this clock must leave it).
  assign reading = d_vld[1] || (rate16 && (d_vld[2] || d_vld[3]));
  assign need = active && (wbase < wlen);  // word i holds bytes 4i..4i+3
  assign word_stall = need && fifo_empty;
  assign issue = can_issue && !word_stall;
  assign adv = !(reading && word_stall) && !(pres && !take);
  assign fifo_pop = need && !word_stall;
  assign stall = word_stall;

  // Byte expansion + padding of the word: bytes beyond the length cleared, the padding byte
  // (0x80 for v1.2, 0x01 for SP 800-232) right after the last message byte of the last block.
  assign wbase = {1'b0, wi, 2'b00};
  always_comb begin
    wpad = need ? fifo_head : 32'b0;
    for (int j = 0; j < 4; j++) begin
      if (wbase + 5'(j) >= wlen) wpad[8*j+:8] = 8'h00;
      if (wlast && wbase + 5'(j) == wlen) wpad[8*j+:8] = le ? 8'h01 : 8'h80;
    end
  end
  assign chunk = ascon_pkg::word_to_rate(wpad, wi, le);

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      ad_pend <= 1'b0;
      msg_pend <= 1'b0;
      ad_left <= '0;
      msg_left <= '0;
    end else if (start) begin
      ad_pend <= (ad_len != 0) && !skip_ad;
      ad_left <= ad_len;
      msg_pend <= 1'b1;
      msg_left <= msg_len;
    end else if (issue) begin
      if (ad_pend) begin
        if (d0_last) ad_pend <= 1'b0;
        else ad_left <= ad_left - rate_bytes;
      end else begin
        if (d0_last) msg_pend <= 1'b0;
        else msg_left <= msg_left - rate_bytes;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      d_vld <= '0;
      d_ad <= '0;
      d_last <= '0;
      d_len1 <= '0;
      d_len2 <= '0;
      d_len3 <= '0;
      d_len4 <= '0;
    end else if (start) begin
      d_vld <= '0;
    end else if (adv) begin
      d_vld[1] <= issue;
      d_ad[1] <= d0_ad;
      d_last[1] <= d0_last;
      d_len1 <= d0_len;
      d_vld[2] <= d_vld[1];
      d_ad[2] <= d_ad[1];
      d_last[2] <= d_last[1];
      d_len2 <= d_len1;
      d_vld[3] <= rate16 && d_vld[2];  // Ascon-128 blocks leave the line at stage 2
      d_ad[3] <= d_ad[2];
      d_last[3] <= d_last[2];
      d_len3 <= d_len2;
      d_vld[4] <= d_vld[3];
      d_ad[4] <= d_ad[3];
      d_last[4] <= d_last[3];
      d_len4 <= d_len3;
    end
  end

  // Block gathering: word 0 in its issue clock, words 1-3 at their stage, each into its slot.
  assign slot = ascon_pkg::word_to_rate(32'hffffffff, wi, le);
  always_ff @(posedge clk) begin
    if (issue || (adv && reading)) blk_q <= (blk_q & ~slot) | chunk;
  end

  assign blk_valid = pres;
  assign blk_ad = rate16 ? d_ad[4] : d_ad[2];
  assign blk_last = rate16 ? d_last[4] : d_last[2];
  assign blk_len = rate16 ? d_len4 : d_len2;
  assign blk_rate = rate16 ? blk_q : {blk_q[127:64], 64'b0};
  assign stage = d_vld;
endmodule
