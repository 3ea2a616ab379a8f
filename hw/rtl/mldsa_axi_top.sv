// AXI4-Lite slave around the ML-DSA polynomial unit (mldsa_core), with the Ascon IP's conventions
// (hw/rtl/REGISTERS.md, section "ML-DSA polynomial unit"): word registers at byte addresses,
// AWREADY = WREADY = AWVALID && WVALID && !BVALID with BVALID a clock later, ARREADY = !RVALID with RVALID
// a clock later (DATA reads also wait one clock after the coefficient port moved, while its registered
// memory read refreshes), SLVERR for unmapped or read-only addresses and for what busy forbids.
//
//   0x00 CTRL    W  bit 0 START (op from CONFIG), bit 1 CLEAR (DONE); SLVERR while busy
//   0x04 CONFIG  RW [1:0] op: 0 NTT (A), 1 INTT (A), 2 PWM (A o B -> A), 3 PWA (A + B -> A)
//   0x08 STATUS  R  [0] BUSY, [1] DONE (sticky until START / CLEAR; also irq), [2] BANK_CONFLICT
//   0x14 CYCLES  R  clocks of the last operation, START clock to the clock of the last write
//   0x28 INFO    R  [7:0] B, [15:8] core (3 = ML-DSA polynomial unit), [31:24] version (1)
//   0x30 SLOT    RW [0] 0 slot A, 1 slot B; a value > 1 is SLVERR
//   0x34 INDEX   RW [7:0] coefficient index; a value > 255 is SLVERR
//   0x38 DATA    RW the coefficient at (SLOT, INDEX), then INDEX + 1 (mod 256); a value >= q, a partial
//                   write or any access while busy is SLVERR (nothing stored, INDEX unchanged)
module mldsa_axi_top #(
    parameter int B = 2
) (
    input  logic           aclk,
    input  logic           aresetn,
    input  logic [    7:0] s_axi_awaddr,
    input  logic [    2:0] s_axi_awprot,
    input  logic           s_axi_awvalid,
    output logic           s_axi_awready,
    input  logic [   31:0] s_axi_wdata,
    input  logic [    3:0] s_axi_wstrb,
    input  logic           s_axi_wvalid,
    output logic           s_axi_wready,
    output logic [    1:0] s_axi_bresp,
    output logic           s_axi_bvalid,
    input  logic           s_axi_bready,
    input  logic [    7:0] s_axi_araddr,
    input  logic [    2:0] s_axi_arprot,
    input  logic           s_axi_arvalid,
    output logic           s_axi_arready,
    output logic [   31:0] s_axi_rdata,
    output logic [    1:0] s_axi_rresp,
    output logic           s_axi_rvalid,
    input  logic           s_axi_rready,
    output logic           irq,
    output logic           dbg_busy,
    output logic [    2:0] dbg_layer,
    output logic [    6:0] dbg_stage_valid,
    output logic [2*B-1:0] dbg_bank_re,
    output logic [2*B-1:0] dbg_bank_we
);
  localparam logic [7:0] B_ID = B[7:0];
  localparam logic [5:0] R_CTRL = 6'h00, R_CONFIG = 6'h01, R_STATUS = 6'h02, R_CYCLES = 6'h05, R_INFO = 6'h0a,
                         R_SLOT = 6'h0c, R_INDEX = 6'h0d, R_DATA = 6'h0e;

  logic [1:0] cfg;
  logic slot;
  logic [7:0] idx;
  logic busy, core_done, done, conflict, start, clear;
  logic [31:0] cycles;
  logic [22:0] host_rdata;
  logic fresh;

  // ---- bus (axil_slave); a DATA read waits one clock after the coefficient port moved ----
  logic w_hs, w_err, host_we, r_err, r_hs;
  logic [5:0] w_idx, r_idx;
  logic [31:0] r_data;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] w_mask;  // the registers here take whole words (WSTRB is checked, not merged)
  /* verilator lint_on UNUSEDSIGNAL */
  axil_slave u_axi (
      .ar_wait(!(fresh || busy || r_idx != R_DATA)),
      .ar_hs  (r_hs),
      .*  // the s_axi_* pins and w_hs, w_idx, w_err, ar_hs, r_idx, r_data, r_err by name
  );

  always_comb begin
    w_err = 1'b0;
    start = 1'b0;
    clear = 1'b0;
    host_we = 1'b0;
    if (w_hs) begin
      unique case (w_idx)
        R_CTRL: begin
          if (busy && (s_axi_wdata[0] || s_axi_wdata[1])) w_err = 1'b1;
          else begin
            start = s_axi_wdata[0];
            clear = s_axi_wdata[1];
          end
        end
        R_CONFIG: ;
        R_SLOT: w_err = s_axi_wstrb != 4'hf || s_axi_wdata > 32'd1;
        R_INDEX: w_err = s_axi_wstrb != 4'hf || s_axi_wdata > 32'd255;
        R_DATA: begin
          w_err = busy || s_axi_wstrb != 4'hf || s_axi_wdata >= {9'd0, mldsa_pkg::Q};
          host_we = !w_err;
        end
        default: w_err = 1'b1;  // read-only or unmapped
      endcase
    end
  end

  // ---- read mux ----
  always_comb begin
    r_err = 1'b0;
    r_data = '0;
    unique case (r_idx)
      R_CTRL: r_data = '0;
      R_CONFIG: r_data = {30'b0, cfg};
      R_STATUS: r_data = {29'b0, conflict, done, busy};
      R_CYCLES: r_data = cycles;
      R_INFO: r_data = {8'd1, 8'd0, 8'd3, B_ID};
      R_SLOT: r_data = {31'b0, slot};
      R_INDEX: r_data = {24'b0, idx};
      R_DATA: begin
        r_err = busy;
        r_data = busy ? 32'd0 : {9'd0, host_rdata};
      end
      default: r_err = 1'b1;
    endcase
  end

  always_ff @(posedge aclk) begin
    if (!aresetn) begin
      cfg <= '0;
      slot <= 1'b0;
      idx <= '0;
      fresh <= 1'b0;
    end else begin
      if (r_hs && r_idx == R_DATA && !r_err) idx <= idx + 8'd1;
      if (w_hs) begin
        if (w_idx == R_CONFIG && s_axi_wstrb[0]) cfg <= s_axi_wdata[1:0];
        if (!w_err && w_idx == R_SLOT) slot <= s_axi_wdata[0];
        if (!w_err && w_idx == R_INDEX) idx <= s_axi_wdata[7:0];
        if (host_we) idx <= idx + 8'd1;
      end
      // The registered coefficient read is current one clock after the port last moved.
      fresh <= !(busy || start || (w_hs && !w_err && (w_idx == R_SLOT || w_idx == R_INDEX || w_idx == R_DATA)) ||
                 (r_hs && r_idx == R_DATA));
    end
  end

  mldsa_core #(.B(B)) core (.clk(aclk), .rst_n(aresetn), .start(start), .op_in(cfg), .host_we(host_we),
                            .host_slot(slot), .host_idx(idx), .host_wdata(s_axi_wdata[22:0]),
                            .host_rdata(host_rdata), .busy(busy), .done(core_done), .conflict(conflict),
                            .dbg_layer(dbg_layer), .dbg_stage_valid(dbg_stage_valid), .dbg_bank_re(dbg_bank_re),
                            .dbg_bank_we(dbg_bank_we));

  // DONE is the core's done (it falls at the next START) unless CLEAR hid it; CYCLES counts the START
  // clock and every busy clock.
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
endmodule
