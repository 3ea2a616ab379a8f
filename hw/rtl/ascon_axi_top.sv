// ascon_axi_top: the RoundScope Ascon IP: an AXI4-Lite slave (32-bit data, 8-bit byte address)
// in front of ascon_core, with an input FIFO (DIN) and an output FIFO (DOUT). The register map is
// in REGISTERS.md next to this file.
//
// Handshakes: axil_slave (shared with the other IP tops): a transaction takes two clocks when the
// master answers at once.
// Errors (SLVERR): an unmapped or read-only address, DIN while the input FIFO is full, DOUT while
// the output FIFO is empty or its plaintext is held, START or CLEAR while busy, a START of a held
// decryption whose plaintext does not fit the output FIFO, TAG reads except after an encryption.
//
// Plaintext release (REGISTERS.md, "Decryption"): by default a decryption's plaintext stays in the
// output FIFO, unreadable, until the tag has verified (AUTH_OK) and is cleared when it fails; a
// message longer than the FIFO is decrypted in two passes (VERIFY_FIRST: the first only checks the
// tag, the second releases the plaintext); CONFIG.STREAM_UNVERIFIED restores the unsafe streaming.
// STATE0..9 read back only what the master wrote (never the working state, which would give away
// the key), and TAG0..3 read the computed tag only after an encryption (no tag oracle).
// The dbg_* ports are probes for the simulator's waveform capture (an ILA would tap the same
// nets); they add no logic.
module ascon_axi_top #(
    parameter int UNROLL = 1,
    parameter int IN_DEPTH = 32,   // words, power of two, at most 128
    parameter int OUT_DEPTH = 32,  // words, power of two, at most 128
    parameter int VARIANTS = 7,  // built variants, bit v = CONFIG code v (ascon_core)
    parameter int LEN_BITS = 32,  // AD_LEN / MSG_LEN bits the core counts (ascon_core)
    parameter bit PHASE_COUNTERS = 1  // 0: CYCLES..CYC_FINAL read 0 (ascon_core)
) (
    input  logic         aclk,
    input  logic         aresetn,
    input  logic [  7:0] s_axi_awaddr,
    input  logic [  2:0] s_axi_awprot,
    input  logic         s_axi_awvalid,
    output logic         s_axi_awready,
    input  logic [ 31:0] s_axi_wdata,
    input  logic [  3:0] s_axi_wstrb,
    input  logic         s_axi_wvalid,
    output logic         s_axi_wready,
    output logic [  1:0] s_axi_bresp,
    output logic         s_axi_bvalid,
    input  logic         s_axi_bready,
    input  logic [  7:0] s_axi_araddr,
    input  logic [  2:0] s_axi_arprot,
    input  logic         s_axi_arvalid,
    output logic         s_axi_arready,
    output logic [ 31:0] s_axi_rdata,
    output logic [  1:0] s_axi_rresp,
    output logic         s_axi_rvalid,
    input  logic         s_axi_rready,
    output logic         irq,            // DONE
    output logic [  2:0] dbg_phase,
    output logic         dbg_busy,
    output logic         dbg_perm_busy,
    output logic [  3:0] dbg_round,
    output logic [  3:0] dbg_stage,
    output logic         dbg_blk_valid,
    output logic         dbg_take,
    output logic [319:0] dbg_state,
    output logic         dbg_held,       // STATUS.HELD: decrypted plaintext held, DOUT unreadable
    output logic         dbg_auth_ok,    // STATUS.AUTH_OK: the tag verified, the plaintext is released
    output logic [  7:0] dbg_out_count   // words in the output FIFO (held or not)
);
  localparam int IAW = $clog2(IN_DEPTH);
  localparam int OAW = $clog2(OUT_DEPTH);
  localparam logic [OAW:0] OUT_FULL_FREE = OUT_DEPTH[OAW:0];
  localparam logic [32:0] OUT_DEPTH_W = 33'(OUT_DEPTH);

  // Registers written by the master.
  // [1:0] variant, [4] decrypt, [5] precomputed, [6] AD precomputed, [7] stream unverified
  // plaintext, [8] verify first
  logic [8:0] cfg;
  logic [31:0] ad_len, msg_len;
  logic [127:0] key_w, nonce_w, tag_in;
  logic [319:0] state_in;

  // Core and FIFOs.
  logic busy, done, auth_fail, stalled, start, clear;
  logic [127:0] tag_words;
  logic [319:0] state;
  logic [2:0] phase_now;
  logic [31:0] cyc_total, cyc_init, cyc_ad, cyc_data, cyc_final, cyc_stall;
  logic in_pop, in_push, out_pop;
  logic [31:0] in_head, out_head;
  logic [IAW:0] in_count, in_free;
  logic [OAW:0] out_count, out_free;
  logic [2:0] out_push_n;
  logic [127:0] out_push_data;

  // Plaintext release. The run_* flags are sampled at START.
  logic run_dec, run_hold, run_verify, verified, done_d, done_rise, auth_ok, held, out_fits;
  logic [OAW:0] core_out_free;
  logic [2:0] fifo_push_n;
  assign done_rise = done && !done_d;
  assign auth_ok = done && run_dec && !auth_fail;
  assign held = run_hold && !auth_ok;
  assign out_fits = ({1'b0, msg_len} + 33'd3) >> 2 <= OUT_DEPTH_W;

  // ---- bus ----
  logic w_hs, w_err, ar_hs, r_err;
  logic [5:0] w_idx, r_idx;
  logic [31:0] strb_mask, r_data;
  axil_slave u_axi (
      .w_mask (strb_mask),
      .ar_wait(1'b0),
      .*  // the s_axi_* pins and w_hs, w_idx, w_err, ar_hs, r_idx, r_data, r_err by name
  );

  // ---- write side: decode and registers ----

  function automatic logic [31:0] merge(input logic [31:0] old, input logic [31:0] data,
                                        input logic [31:0] mask);
    merge = (old & ~mask) | (data & mask);
  endfunction

  always_comb begin
    w_err = 1'b0;
    start = 1'b0;
    clear = 1'b0;
    in_push = 1'b0;
    if (w_hs) begin
      case (w_idx)
        6'h00: begin  // CTRL
          if (busy && (s_axi_wdata[0] || s_axi_wdata[1])) w_err = 1'b1;
          else if (s_axi_wdata[0] && cfg[4] && !cfg[7] && !cfg[8] && !out_fits) w_err = 1'b1;
          else begin
            start = s_axi_wdata[0];
            clear = s_axi_wdata[1];
          end
        end
        6'h01, 6'h03, 6'h04: ;  // CONFIG, AD_LEN, MSG_LEN
        6'h0c, 6'h0d, 6'h0e, 6'h0f, 6'h10, 6'h11, 6'h12, 6'h13: ;  // KEY, NONCE
        6'h14, 6'h15, 6'h16, 6'h17, 6'h18, 6'h19, 6'h1a, 6'h1b, 6'h1c, 6'h1d: ;  // STATE
        6'h24, 6'h25, 6'h26, 6'h27: ;  // TAG (expected)
        6'h20: begin  // DIN
          if (in_free == 0) w_err = 1'b1;
          else in_push = 1'b1;
        end
        default: w_err = 1'b1;
      endcase
    end
  end

  always_ff @(posedge aclk) begin
    if (!aresetn) begin
      cfg <= {7'b0, ascon_pkg::built_variant(3'(VARIANTS), 2'd3)};
      ad_len <= '0;
      msg_len <= '0;
      key_w <= '0;
      nonce_w <= '0;
      tag_in <= '0;
      state_in <= '0;
      run_dec <= 1'b0;
      run_hold <= 1'b0;
      run_verify <= 1'b0;
      verified <= 1'b0;
      done_d <= 1'b0;
    end else begin
      done_d <= done;
      // VERIFIED: set by a first pass whose tag matched, cleared when any other run ends.
      if (done_rise) verified <= run_verify && !auth_fail;
      if (start) begin
        run_dec <= cfg[4];
        run_verify <= cfg[4] && cfg[8] && !verified && !cfg[7];
        run_hold <= cfg[4] && !cfg[7] && !cfg[8];
      end
      if (clear) begin
        run_dec <= 1'b0;
        run_hold <= 1'b0;
        run_verify <= 1'b0;
        verified <= 1'b0;
      end
      // Changing what a first pass verified forgets it (DIN words are the master's to repeat).
      if (w_hs && !w_err && (w_idx == 6'h01 || w_idx == 6'h03 || w_idx == 6'h04 ||
                             (w_idx >= 6'h0c && w_idx <= 6'h1d) || (w_idx >= 6'h24 && w_idx <= 6'h27)))
        verified <= 1'b0;
      if (w_hs) begin
        case (w_idx)
          6'h01: begin
            if (s_axi_wstrb[0]) begin
              if (ascon_pkg::variant_built(3'(VARIANTS), s_axi_wdata[1:0]))
                cfg[1:0] <= s_axi_wdata[1:0];  // 3 is reserved, so is a variant not built
              cfg[7:4] <= s_axi_wdata[7:4];
            end
            if (s_axi_wstrb[1]) cfg[8] <= s_axi_wdata[8];
          end
          6'h03: ad_len <= merge(ad_len, s_axi_wdata, strb_mask);
          6'h04: msg_len <= merge(msg_len, s_axi_wdata, strb_mask);
          6'h0c, 6'h0d, 6'h0e, 6'h0f:
          key_w[32*w_idx[1:0]+:32] <= merge(key_w[32*w_idx[1:0]+:32], s_axi_wdata, strb_mask);
          6'h10, 6'h11, 6'h12, 6'h13:
          nonce_w[32*w_idx[1:0]+:32] <= merge(nonce_w[32*w_idx[1:0]+:32], s_axi_wdata, strb_mask);
          6'h24, 6'h25, 6'h26, 6'h27:
          tag_in[32*w_idx[1:0]+:32] <= merge(tag_in[32*w_idx[1:0]+:32], s_axi_wdata, strb_mask);
          default: begin
            // STATE0..9: word 2i = x_i[31:0], word 2i+1 = x_i[63:32]
            for (int k = 0; k < 10; k++) begin
              if (w_idx == 6'h14 + 6'(k)) begin
                state_in[(256-64*(k/2)+32*(k%2))+:32] <=
                    merge(state_in[(256-64*(k/2)+32*(k%2))+:32], s_axi_wdata, strb_mask);
              end
            end
          end
        endcase
      end
    end
  end

  // ---- read side: the register mux ----
  assign out_pop = ar_hs && r_idx == 6'h21 && out_count != 0 && !held;

  always_comb begin
    r_data = 32'b0;
    r_err = 1'b0;
    case (r_idx)
      6'h00: r_data = 32'b0;  // CTRL reads 0
      6'h01: r_data = {23'b0, cfg};
      6'h02: begin  // STATUS
        r_data = {6'b0, verified, held, held ? 8'b0 : 8'(out_count), 8'(in_free), auth_ok, phase_now,
                  stalled, auth_fail, done, busy};
      end
      6'h03: r_data = ad_len;
      6'h04: r_data = msg_len;
      6'h05: r_data = cyc_total;
      6'h06: r_data = cyc_init;
      6'h07: r_data = cyc_ad;
      6'h08: r_data = cyc_data;
      6'h09: r_data = cyc_final;
      6'h0b: r_data = cyc_stall;
      6'h0a: r_data = {8'h02, 8'(OUT_DEPTH), 8'(IN_DEPTH), 8'(UNROLL)};  // INFO
      6'h0c, 6'h0d, 6'h0e, 6'h0f: r_data = 32'b0;  // KEY is write-only
      6'h10, 6'h11, 6'h12, 6'h13: r_data = nonce_w[32*r_idx[1:0]+:32];
      6'h14, 6'h15, 6'h16, 6'h17, 6'h18, 6'h19, 6'h1a, 6'h1b, 6'h1c, 6'h1d: begin
        for (int k = 0; k < 10; k++)
          if (r_idx == 6'h14 + 6'(k)) r_data = state_in[(256-64*(k/2)+32*(k%2))+:32];
      end
      6'h21: begin  // DOUT
        r_data = out_head;
        r_err = out_count == 0 || held;
      end
      6'h24, 6'h25, 6'h26, 6'h27: begin  // TAG: the computed tag after an encryption only
        r_data = tag_words[32*r_idx[1:0]+:32];
        r_err = !done || run_dec;
      end
      default: r_err = 1'b1;
    endcase
  end

  // ---- FIFOs and core ----
  ascon_fifo #(
      .DEPTH(IN_DEPTH),
      .PUSH_MAX(1)
  ) u_in_fifo (
      .clk      (aclk),
      .rst_n    (aresetn),
      .clear    (clear),
      .push_n   ({2'b0, in_push}),
      .push_data(s_axi_wdata),
      .pop      (in_pop),
      .head     (in_head),
      .count    (in_count),
      .free     (in_free)
  );

  ascon_fifo #(
      .DEPTH(OUT_DEPTH),
      .PUSH_MAX(4)
  ) u_out_fifo (
      .clk      (aclk),
      .rst_n    (aresetn),
      .clear    (clear || start || (done && auth_fail)),
      .push_n   (fifo_push_n),
      .push_data(out_push_data),
      .pop      (out_pop),
      .head     (out_head),
      .count    (out_count),
      .free     (out_free)
  );

  ascon_core #(
      .UNROLL(UNROLL),
      .OUT_AW(OAW),
      .VARIANTS(VARIANTS),
      .LEN_BITS(LEN_BITS),
      .PHASE_COUNTERS(PHASE_COUNTERS)
  ) u_core (
      .clk          (aclk),
      .rst_n        (aresetn),
      .start        (start),
      .clear        (clear),
      .variant      (cfg[1:0]),
      .decrypt      (cfg[4]),
      .precomp      (cfg[5]),
      .adpre        (cfg[6]),
      .ad_len       (ad_len),
      .msg_len      (msg_len),
      .key_w        (key_w),
      .nonce_w      (nonce_w),
      .tag_w        (tag_in),
      .state_in     (state_in),
      .in_empty     (in_count == 0),
      .in_head      (in_head),
      .in_pop       (in_pop),
      .out_free     (core_out_free),
      .out_push_n   (out_push_n),
      .out_push_data(out_push_data),
      .busy         (busy),
      .done         (done),
      .auth_fail    (auth_fail),
      .stalled      (stalled),
      .tag_words    (tag_words),
      .state        (state),
      .phase_now    (phase_now),
      .cyc_total    (cyc_total),
      .cyc_init     (cyc_init),
      .cyc_ad       (cyc_ad),
      .cyc_data     (cyc_data),
      .cyc_final    (cyc_final),
      .cyc_stall    (cyc_stall),
      .dbg_perm_busy(dbg_perm_busy),
      .dbg_round    (dbg_round),
      .dbg_blk_valid(dbg_blk_valid),
      .dbg_take     (dbg_take),
      .dbg_stage    (dbg_stage)
  );

  // A first pass discards the plaintext and never waits on the output FIFO.
  assign fifo_push_n = run_verify ? 3'b0 : out_push_n;
  assign core_out_free = run_verify ? OUT_FULL_FREE : out_free;

  assign irq = done;
  assign dbg_phase = phase_now;
  assign dbg_busy = busy;
  assign dbg_state = state;
  assign dbg_held = held;
  assign dbg_auth_ok = auth_ok;
  assign dbg_out_count = 8'(out_count);
endmodule
