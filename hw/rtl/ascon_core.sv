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
module ascon_core #(
    parameter int UNROLL = 1,
    parameter int OUT_AW = 5  // log2 of the output FIFO depth
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
  logic [127:0] tag_q;
  logic done_q, fail_q, stalled_q;

  logic rate16, le;
  logic [3:0] nb;
  logic [127:0] k_lanes;

  assign rate16 = var_q != ascon_pkg::VAR_ASCON128;
  assign le = var_q == ascon_pkg::VAR_AEAD128;
  assign nb = rate16 ? 4'd8 : 4'd6;
  assign k_lanes = ascon_pkg::words_to_rate(key_w, le);

  // Front end.
  logic blk_valid, blk_ad, blk_last, fe_stall, take;
  logic [4:0] blk_len;
  logic [127:0] blk_rate;

  ascon_frontend u_frontend (
      .clk       (clk),
      .rst_n     (rst_n),
      .start     (start),
      .rate16    (rate16),
      .le        (le),
      .ad_len    (ad_len),
      .msg_len   (msg_len),
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

  logic [127:0] tag_next;
  logic ad_last_now;
  assign tag_next = p_out[127:0] ^ k_lanes;
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
      cyc_total <= '0;
      cyc_init <= '0;
      cyc_ad <= '0;
      cyc_data <= '0;
      cyc_final <= '0;
    end else if (start) begin
      // LOAD: the lengths and key were written over AXI before START.
      var_q <= variant;
      dec_q <= decrypt;
      skip_ad_q <= ad_len == 0 || (precomp && adpre);
      dsep_pend <= !(precomp && adpre);
      done_q <= 1'b0;
      fail_q <= 1'b0;
      stalled_q <= 1'b0;
      cyc_total <= 32'd1;
      cyc_init <= 32'd1;
      cyc_ad <= '0;
      cyc_data <= '0;
      cyc_final <= '0;
      if (precomp) begin
        s <= state_in;
        phase <= (ad_len == 0 || adpre) ? ascon_pkg::PH_DATA : ascon_pkg::PH_AD;
      end else begin
        s <= {variant == ascon_pkg::VAR_ASCON128 ? ascon_pkg::IV_ASCON128 : variant == ascon_pkg::VAR_ASCON128A ? ascon_pkg::IV_ASCON128A
                : ascon_pkg::IV_AEAD128, ascon_pkg::words_to_rate(key_w, variant == ascon_pkg::VAR_AEAD128),
              ascon_pkg::words_to_rate(nonce_w, variant == ascon_pkg::VAR_AEAD128)};
        phase <= ascon_pkg::PH_INIT;
      end
    end else if (clear) begin
      done_q <= 1'b0;
      fail_q <= 1'b0;
      stalled_q <= 1'b0;
    end else if (phase != ascon_pkg::PH_IDLE) begin
      cyc_total <= cyc_total + 1'b1;
      case (phase_now)
        ascon_pkg::PH_INIT: cyc_init <= cyc_init + 1'b1;
        ascon_pkg::PH_AD: cyc_ad <= cyc_ad + 1'b1;
        ascon_pkg::PH_DATA: cyc_data <= cyc_data + 1'b1;
        default: cyc_final <= cyc_final + 1'b1;
      endcase
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
            fail_q <= dec_q && (ascon_pkg::rate_to_words(tag_next, le) != tag_w);
          end
          default: ;
        endcase
      end else if (p_start && start_kind == ascon_pkg::PH_FINAL) begin
        phase <= ascon_pkg::PH_FINAL;
      end
    end
  end

  assign busy = phase != ascon_pkg::PH_IDLE;
  assign done = done_q;
  assign auth_fail = fail_q;
  assign stalled = stalled_q;
  assign tag_words = ascon_pkg::rate_to_words(tag_q, le);
  assign state = s;
  assign dbg_perm_busy = p_start || p_busy;
  assign dbg_round = p_round;
  assign dbg_blk_valid = blk_valid;
  assign dbg_take = take;
endmodule
