// AXI4-Lite slave around one block-cipher core (LEA, SKINNY-128-256 or SKINNY-128-384), with the ASCON IP's
// conventions (hw/rtl/REGISTERS.md): word registers at byte addresses, byte 4i+j of a string in bits
// [8j+7:8j] of word i, the handshake of axil_slave (shared with the Ascon and ML-DSA tops): AWREADY =
// WREADY = AWVALID && WVALID && !BVALID with BVALID a clock later, ARREADY =
// !RVALID with RVALID a clock later, SLVERR for unmapped or read-only addresses and for START/CLEAR while
// busy.
//
//   0x00 CTRL    W  bit 0 START (this write's clock is the core's LOAD clock), bit 1 CLEAR (DONE)
//   0x04 CONFIG  RW [1:0] LEA key length: 0 128, 1 192, 2 256 bits (SKINNY: unused)
//   0x08 STATUS  R  [0] BUSY, [1] DONE (sticky until START / CLEAR; also irq)
//   0x14 CYCLES  R  clocks of the last operation, LOAD clock to the clock that set DONE
//   0x28 INFO    R  [7:0] RPC, [15:8] cipher (1 LEA, 2 SKINNY-128-256, 3 SKINNY-128-384), [31:24] version 1
//   0x30-0x4C KEY0..7  W  key (LEA: 16/24/32 bytes; SKINNY: TK1 || TK2)
//   0x50-0x5C DIN0..3  RW the block to encrypt
//   0x60-0x6C DOUT0..3 R  the result
//   0x80-0x8C KEY8..11 W  SKINNY-128-384's TK3 (CIPHER 3 only; unmapped otherwise)
module block_axi_top #(
    parameter int CIPHER = 1,  // 1 LEA-128/192/256, 2 SKINNY-128-256, 3 SKINNY-128-384
    parameter int RPC = 1
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
    output logic         irq,
    output logic         dbg_busy,
    output logic [  5:0] dbg_round,
    output logic [127:0] dbg_state
);
  localparam logic [7:0] CIPHER_ID = CIPHER[7:0];
  localparam logic [7:0] RPC_ID = RPC[7:0];

  logic [1:0] cfg;
  logic [255:0] key_w;
  logic [127:0] din_w, dout;
  logic busy, core_done, done, start, clear;
  logic [31:0] cycles;
  logic [5:0] round;

  // ---- bus (axil_slave, shared with the other IP tops) ----
  logic w_hs, w_err, r_err;
  logic [5:0] w_idx, r_idx;
  logic [31:0] strb_mask, r_data;
  axil_slave u_axi (
      .w_mask (strb_mask),
      .ar_wait(1'b0),
      /* verilator lint_off PINCONNECTEMPTY */
      .ar_hs  (),
      /* verilator lint_on PINCONNECTEMPTY */
      .*  // the s_axi_* pins and w_hs, w_idx, w_err, ar_hs, r_idx, r_data, r_err by name
  );

  // ---- write side ----

  always_comb begin
    w_err = 1'b0;
    start = 1'b0;
    clear = 1'b0;
    if (w_hs) begin
      if (w_idx == 6'h00) begin
        if (busy && (s_axi_wdata[0] || s_axi_wdata[1])) w_err = 1'b1;
        else begin
          start = s_axi_wdata[0];
          clear = s_axi_wdata[1];
        end
      end else if (!(w_idx == 6'h01 || (w_idx >= 6'h0c && w_idx <= 6'h17) ||
                     (CIPHER == 3 && w_idx >= 6'h20 && w_idx <= 6'h23))) begin
        w_err = 1'b1;  // read-only or unmapped
      end
    end
  end

  always_ff @(posedge aclk) begin
    if (!aresetn) begin
      cfg <= '0;
      key_w <= '0;
      din_w <= '0;
    end else begin
      if (w_hs) begin
        if (w_idx == 6'h01) cfg <= (cfg & ~strb_mask[1:0]) | (s_axi_wdata[1:0] & strb_mask[1:0]);
        for (int i = 0; i < 8; i++)
          if ({26'b0, w_idx} == 32'h0c + i)
            key_w[32*i+:32] <= (key_w[32*i+:32] & ~strb_mask) | (s_axi_wdata & strb_mask);
        for (int i = 0; i < 4; i++)
          if ({26'b0, w_idx} == 32'h14 + i)
            din_w[32*i+:32] <= (din_w[32*i+:32] & ~strb_mask) | (s_axi_wdata & strb_mask);
      end
    end
  end

  // ---- read mux ----

  always_comb begin
    r_err = 1'b0;
    r_data = '0;
    if (r_idx == 6'h00) r_data = '0;
    else if (r_idx == 6'h01) r_data = {30'b0, cfg};
    else if (r_idx == 6'h02) r_data = {30'b0, done, busy};
    else if (r_idx == 6'h05) r_data = cycles;
    else if (r_idx == 6'h0a) r_data = {8'd1, 8'd0, CIPHER_ID, RPC_ID};
    else if (r_idx >= 6'h0c && r_idx <= 6'h13) r_data = '0;  // KEY reads 0
    else if (r_idx >= 6'h14 && r_idx <= 6'h17) r_data = din_w[32*(r_idx-6'h14)+:32];
    else if (r_idx >= 6'h18 && r_idx <= 6'h1b) r_data = dout[32*(r_idx-6'h18)+:32];
    else if (CIPHER == 3 && r_idx >= 6'h20 && r_idx <= 6'h23) r_data = '0;  // KEY8..11 read 0
    else r_err = 1'b1;
  end

  // ---- core, DONE and the clock count ----
  generate
    if (CIPHER == 1) begin : g_lea
      lea_core #(.RPC(RPC)) core (.clk(aclk), .rst_n(aresetn), .start(start), .key_len(cfg), .key(key_w),
                                  .din(din_w), .dout(dout), .busy(busy), .done(core_done), .round(round));
    end else if (CIPHER == 3) begin : g_skinny384
      /* verilator lint_off UNUSEDSIGNAL */
      logic [1:0] unused_cfg;
      assign unused_cfg = cfg;
      /* verilator lint_on UNUSEDSIGNAL */
      logic [127:0] key3_w;  // KEY8..11: TK3
      always_ff @(posedge aclk) begin
        if (!aresetn) key3_w <= '0;
        else if (w_hs)
          for (int i = 0; i < 4; i++)
            if ({26'b0, w_idx} == 32'h20 + i)
              key3_w[32*i+:32] <= (key3_w[32*i+:32] & ~strb_mask) | (s_axi_wdata & strb_mask);
      end
      skinny_core #(.RPC(RPC), .TK(3)) core (.clk(aclk), .rst_n(aresetn), .start(start),
                                             .key({key3_w, key_w}), .din(din_w), .dout(dout), .busy(busy),
                                             .done(core_done), .round(round));
    end else begin : g_skinny
      /* verilator lint_off UNUSEDSIGNAL */
      logic [1:0] unused_cfg;
      assign unused_cfg = cfg;
      /* verilator lint_on UNUSEDSIGNAL */
      skinny_core #(.RPC(RPC)) core (.clk(aclk), .rst_n(aresetn), .start(start), .key(key_w), .din(din_w),
                                     .dout(dout), .busy(busy), .done(core_done), .round(round));
    end
  endgenerate

  // DONE is the core's done (it falls at the next START) unless CLEAR hid it; CYCLES counts the LOAD clock
  // and every busy clock.
  logic cleared;
  assign done = core_done && !cleared;
  always_ff @(posedge aclk) begin
    if (!aresetn) begin
      cleared <= 1'b0;
      cycles <= '0;
    end else begin
      if (start) begin
        cleared <= 1'b0;
        cycles <= 32'd1;
      end else if (busy) begin
        cycles <= cycles + 32'd1;
      end
      if (clear) cleared <= 1'b1;
    end
  end

  assign irq = done;
  assign dbg_busy = busy;
  assign dbg_round = round;
  assign dbg_state = dout;
endmodule
