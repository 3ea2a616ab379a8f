// ascon_core: the Ascon AEAD datapath and its sequencing, one operation (encrypt or decrypt) per
// start pulse. One permutation unit (UNROLL rounds per clock) is shared by every phase:
//   LOAD   (the start clock) state <= IV||K||N (full mode) or the injected state (precomputed)
//   INIT   p^12, then x3,x4 ^= K                                  (full mode only)
//   AD     per AD block: rate ^= block, p^b                     (skipped for empty AD or when
//                                                                the injected state holds the AD)
//   DATA   per full message block: encrypt (rate ^= P, C = rate) or decrypt (P = rate ^ C,
//          rate = C), p^b; the first block also adds the domain-separation bit to x4 (unless
//          the injected state holds the AD, and so the bit)
//   FINAL  last (partial) block as above with padding, K after the rate, p^12, tag = x3,x4 ^ K
// The stages are pipelined with the front end (ascon_frontend): while the permutation runs on
// block k, block k+1 is fetched, expanded and padded, so a block costs max(p^b clocks, words per
// block) clocks. AD and encryption take a block by absorbing it in the clock that starts p^b;
// decryption's own stage does decrypt + state restore + padding in that clock.
//
// Parameters that leave features out (hw/README.md has their measured cost):
//   VARIANTS        bit mask of the variants built in (bit v = CONFIG variant code v). With one
//                   variant, or with variants that agree on it, the byte order, rate, IV and
//                   domain bit are constants. The core runs a code whose bit is clear as if it
//                   were the lowest built variant; the AXI top does not store such a code.
//   LEN_BITS        width of the byte counters: ad_len and msg_len are taken modulo 2^LEN_BITS.
//   PHASE_COUNTERS  0: no cycle counters (cyc_* read 0).
module ascon_core #(
    parameter int UNROLL = 1,
    parameter int OUT_AW = 5,  // log2 of the output FIFO depth
    parameter int VARIANTS = 7,  // bit 0 Ascon-128, bit 1 Ascon-128a, bit 2 Ascon-AEAD128
    parameter int LEN_BITS = 32,  // 5..32
    parameter bit PHASE_COUNTERS = 1
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic         clear,      // idle only: forget DONE, AUTH_FAIL, STALLED
    input  logic [  1:0] variant,
    input  logic         decrypt,
    input  logic         precomp,    // state injected: no initialisation in hardware
    input  logic         adpre,      // (with precomp) the injected state already holds the AD
    input  logic [ 31:0] ad_len,
    input  logic [ 31:0] msg_len,
    input  logic [127:0] key_w,      // bus words {w3, w2, w1, w0}
    input  logic [127:0] nonce_w,
    input  logic [127:0] tag_w,      // expected tag (decryption)
    input  logic [319:0] state_in,
    input  logic         in_empty,
    input  logic [ 31:0] in_head,
    output logic         in_pop,
    input  logic [OUT_AW:0] out_free,
    output logic [  2:0] out_push_n,
    output logic [127:0] out_push_data,
    output logic         busy,
    output logic         done,       // sticky until the next start or clear
    output logic         auth_fail,  // sticky: decryption tag mismatch
    output logic         stalled,    // sticky: waited on a FIFO during the operation
    output logic [127:0] tag_words,
    output logic [319:0] state,
    output logic [  2:0] phase_now,
    output logic [ 31:0] cyc_total,
    output logic [ 31:0] cyc_init,
    output logic [ 31:0] cyc_ad,
    output logic [ 31:0] cyc_data,
    output logic [ 31:0] cyc_final,
    output logic [ 31:0] cyc_stall,  // clocks a block was taken later than CYCLES.md's schedule
    output logic         dbg_perm_busy,
    output logic [  3:0] dbg_round,
    output logic         dbg_blk_valid,
    output logic         dbg_take,
    output logic [  3:0] dbg_stage
);
  // Operation configuration, latched in the LOAD clock.
  logic [1:0] var_q;
  logic dec_q, skip_ad_q;
  logic [2:0] phase;
  logic [319:0] s;
  logic dsep_pend, ad_last_q;
  logic [2:0] kind_q;
  logic [127:0] tag_q;  // bus word layout
  logic done_q, fail_q, stalled_q;

  logic rate16, le;
  logic [3:0] nb;
  logic [127:0] k_lanes;
  logic [LEN_BITS-1:0] ad_n, msg_n;
  logic [1:0] var_in;

  // Variant-dependent values are constants where every built variant agrees on them.
  assign var_in = ascon_pkg::built_variant(3'(VARIANTS), variant);
  assign rate16 = ascon_pkg::var_rate16(3'(VARIANTS), var_q);
  assign le = ascon_pkg::var_le(3'(VARIANTS), var_q);
  assign ad_n = ad_len[LEN_BITS-1:0];  // lengths are counted modulo 2^LEN_BITS
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_len;
  assign unused_len = ^{ad_len, msg_len};
  /* verilator lint_on UNUSEDSIGNAL */
  assign msg_n = msg_len[LEN_BITS-1:0];
  assign nb = rate16 ? 4'd8 : 4'd6;
  assign k_lanes = ascon_pkg::words_to_rate(key_w, le);

  // Front end.
  logic blk_valid, blk_ad, blk_last, fe_stall, take;
  logic [4:0] blk_len;
  logic [127:0] blk_rate;

  ascon_frontend #(
      .LEN_BITS(LEN_BITS)
  ) u_frontend (
      .clk       (clk),
      .rst_n     (rst_n),
      .start     (start),
      .rate16    (rate16),
      .le        (le),
      .ad_len    (ad_n),
      .msg_len   (msg_n),
      .skip_ad   (precomp && adpre),
      .fifo_empty(in_empty),
      .fifo_head (in_head),
      .fifo_pop  (in_pop),
      .take      (take),
      .blk_valid (blk_valid),
      .blk_ad    (blk_ad),
      .blk_last  (blk_last),
      .blk_len   (blk_len),
      .blk_rate  (blk_rate),
      .stall     (fe_stall),
      .stage     (dbg_stage)
  );

  // Permutation unit.
  logic p_start, p_busy, p_last;
  logic [3:0] p_n, p_round;
  logic [319:0] p_in, p_out;
  logic [2:0] start_kind, kind_now;

  ascon_perm #(
      .UNROLL(UNROLL)
  ) u_perm (
      .clk    (clk),
      .rst_n  (rst_n),
      .start  (p_start),
      .nrounds(p_n),
      .s_in   (p_in),
      .s_out  (p_out),
      .busy   (p_busy),
      .last   (p_last),
      .round  (p_round)
  );

  // Data stage: encryption absorbs P, decryption decrypts, restores the rate and pads.
  logic [319:0] s_eff, s_abs, k_final, dsep;
  logic [127:0] rate, mask, new_rate, out_rate;
  logic [2:0] nwords;
  logic room, take_ad, take_data;

  assign dsep = le ? {256'b0, 1'b1, 63'b0} : {319'b0, 1'b1};  // x4 MSB (SP 800-232) or LSB
  assign s_eff = dsep_pend ? s ^ dsep : s;
  assign rate = s_eff[319:192];
  assign mask = ascon_pkg::rate_mask(blk_len, le);
  assign new_rate = dec_q ? (rate & ~mask) ^ blk_rate : rate ^ blk_rate;
  assign out_rate = (rate ^ blk_rate) & mask;  // ciphertext (encrypt) or plaintext (decrypt)
  assign s_abs = {new_rate, s_eff[191:0]};
  assign k_final = rate16 ? {128'b0, k_lanes, 64'b0} : {64'b0, k_lanes, 128'b0};
  assign nwords = 3'((blk_len + 5'd3) >> 2);
  assign room = out_free >= (OUT_AW + 1)'(nwords);

  assign take_ad = phase == ascon_pkg::PH_AD && !p_busy && blk_valid && blk_ad;
  assign take_data = phase == ascon_pkg::PH_DATA && !p_busy && blk_valid && !blk_ad && room;
  assign take = take_ad || take_data;
  assign out_push_n = take_data ? nwords : 3'd0;
  assign out_push_data = ascon_pkg::rate_to_words(out_rate, le);

  always_comb begin
    p_start = 1'b0;
    p_n = 4'd12;
    p_in = s;
    start_kind = ascon_pkg::PH_INIT;
    if (phase == ascon_pkg::PH_INIT && !p_busy) begin
      p_start = 1'b1;
    end else if (take_ad) begin
      p_start = 1'b1;
      p_n = nb;
      p_in = s ^ {blk_rate, 192'b0};
      start_kind = ascon_pkg::PH_AD;
    end else if (take_data) begin
      p_start = 1'b1;
      p_n = blk_last ? 4'd12 : nb;
      p_in = blk_last ? s_abs ^ k_final : s_abs;
      start_kind = blk_last ? ascon_pkg::PH_FINAL : ascon_pkg::PH_DATA;
    end
  end
  assign kind_now = p_start ? start_kind : kind_q;

  logic [127:0] tag_next;  // bus word layout
  logic ad_last_now;
  assign tag_next = ascon_pkg::rate_to_words(p_out[127:0] ^ k_lanes, le);
  assign ad_last_now = p_start ? blk_last : ad_last_q;

  // Phase of the work done in this clock (the cycle counters' view).
  always_comb begin
    if (start) phase_now = ascon_pkg::PH_LOAD;
    else if (p_start && start_kind == ascon_pkg::PH_FINAL) phase_now = ascon_pkg::PH_FINAL;
    else phase_now = phase;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      phase <= ascon_pkg::PH_IDLE;
      var_q <= ascon_pkg::VAR_ASCON128;
      dec_q <= 1'b0;
      skip_ad_q <= 1'b0;
      s <= '0;
      dsep_pend <= 1'b0;
      ad_last_q <= 1'b0;
      kind_q <= ascon_pkg::PH_INIT;
      tag_q <= '0;
      done_q <= 1'b0;
      fail_q <= 1'b0;
      stalled_q <= 1'b0;
    end else if (start) begin
      // LOAD: the lengths and key were written over AXI before START.
      var_q <= var_in;
      dec_q <= decrypt;
      skip_ad_q <= ad_n == 0 || (precomp && adpre);
      dsep_pend <= !(precomp && adpre);
      done_q <= 1'b0;
      fail_q <= 1'b0;
      stalled_q <= 1'b0;
      if (precomp) begin
        s <= state_in;
        phase <= (ad_n == 0 || adpre) ? ascon_pkg::PH_DATA : ascon_pkg::PH_AD;
      end else begin
        s <= {ascon_pkg::var_iv(var_in), ascon_pkg::words_to_rate(key_w, ascon_pkg::var_le(3'(VARIANTS), var_in)),
              ascon_pkg::words_to_rate(nonce_w, ascon_pkg::var_le(3'(VARIANTS), var_in))};
        phase <= ascon_pkg::PH_INIT;
      end
    end else if (clear) begin
      done_q <= 1'b0;
      fail_q <= 1'b0;
      stalled_q <= 1'b0;
    end else if (phase != ascon_pkg::PH_IDLE) begin
      if (fe_stall || (phase == ascon_pkg::PH_DATA && !p_busy && blk_valid && !room)) stalled_q <= 1'b1;
      if (p_start) begin
        kind_q <= start_kind;
        ad_last_q <= blk_last;
      end
      if (take_data) dsep_pend <= 1'b0;
      if (p_start || p_busy) s <= (kind_now == ascon_pkg::PH_INIT && p_last) ? p_out ^ {192'b0, k_lanes} : p_out;
      if (p_last) begin
        case (kind_now)
          ascon_pkg::PH_INIT: phase <= skip_ad_q ? ascon_pkg::PH_DATA : ascon_pkg::PH_AD;
          ascon_pkg::PH_AD: if (ad_last_now) phase <= ascon_pkg::PH_DATA;
          ascon_pkg::PH_FINAL: begin
            phase <= ascon_pkg::PH_IDLE;
            tag_q <= tag_next;
            done_q <= 1'b1;
            fail_q <= dec_q && (tag_next != tag_w);
          end
          default: ;
        endcase
      end else if (p_start && start_kind == ascon_pkg::PH_FINAL) begin
        phase <= ascon_pkg::PH_FINAL;
      end
    end
  end

  // Cycle counters: clocks of the operation, and per phase of the work done in the clock.
  if (PHASE_COUNTERS) begin : g_counters
    // CYC_STALL makes a streamed operation's count exact: CYCLES = the formula's core total +
    // CYC_STALL. Block 0 is due C0 clocks after LOAD and every later block M clocks after the one
    // before (hw/CYCLES.md); each clock in AD or data without a take once a block is due is a clock
    // the core waited on a FIFO (input words late, or no room for the output).
    localparam int NA = (12 + UNROLL - 1) / UNROLL;
    localparam logic [4:0] NB6 = 5'((6 + UNROLL - 1) / UNROLL), NB8 = 5'((8 + UNROLL - 1) / UNROLL);
    localparam logic [4:0] R0_FULL = 5'(1 + NA);
    logic [4:0] since, w_clk, nb_clk, m_clk, r0_clk, c0_clk, due;
    logic first_q, precomp_q;
    assign w_clk = rate16 ? 5'd4 : 5'd2;
    assign nb_clk = rate16 ? NB8 : NB6;
    assign m_clk = w_clk > nb_clk ? w_clk : nb_clk;
    assign r0_clk = precomp_q ? 5'd1 : R0_FULL;
    assign c0_clk = w_clk + 5'd1 > r0_clk ? w_clk + 5'd1 : r0_clk;
    assign due = first_q ? c0_clk : m_clk;
    always_ff @(posedge clk) begin
      if (!rst_n) begin
        since <= '0;
        first_q <= 1'b0;
        precomp_q <= 1'b0;
        cyc_stall <= '0;
      end else if (start) begin
        since <= 5'd1;
        first_q <= 1'b1;
        precomp_q <= precomp;
        cyc_stall <= '0;
      end else if (!clear && phase != ascon_pkg::PH_IDLE) begin
        if (take) begin
          since <= 5'd1;
          first_q <= 1'b0;
        end else begin
          if (since != 5'h1f) since <= since + 5'd1;
          if ((phase == ascon_pkg::PH_AD || phase == ascon_pkg::PH_DATA) && since >= due)
            cyc_stall <= cyc_stall + 1'b1;
        end
      end
    end

    always_ff @(posedge clk) begin
      if (!rst_n) begin
        cyc_total <= '0;
        cyc_init <= '0;
        cyc_ad <= '0;
        cyc_data <= '0;
        cyc_final <= '0;
      end else if (start) begin
        cyc_total <= 32'd1;
        cyc_init <= 32'd1;
        cyc_ad <= '0;
        cyc_data <= '0;
        cyc_final <= '0;
      end else if (!clear && phase != ascon_pkg::PH_IDLE) begin
        cyc_total <= cyc_total + 1'b1;
        case (phase_now)
          ascon_pkg::PH_INIT: cyc_init <= cyc_init + 1'b1;
          ascon_pkg::PH_AD: cyc_ad <= cyc_ad + 1'b1;
          ascon_pkg::PH_DATA: cyc_data <= cyc_data + 1'b1;
          default: cyc_final <= cyc_final + 1'b1;
        endcase
      end
    end
  end else begin : g_no_counters
    assign {cyc_total, cyc_init, cyc_ad, cyc_data, cyc_final, cyc_stall} = '0;
  end

  assign busy = phase != ascon_pkg::PH_IDLE;
  assign done = done_q;
  assign auth_fail = fail_q;
  assign stalled = stalled_q;
  assign tag_words = tag_q;
  assign state = s;
  assign dbg_perm_busy = p_start || p_busy;
  assign dbg_round = p_round;
  assign dbg_blk_valid = blk_valid;
  assign dbg_take = take;
endmodule
