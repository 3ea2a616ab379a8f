// axil_slave: the AXI4-Lite slave handshake that every RoundScope IP top shares (ascon_axi_top,
// block_axi_top, mldsa_axi_top); the top keeps only its register file (decode, side effects, read mux).
//
// Write: accepted in the clock where AWVALID and WVALID are both high and no response is pending
// (AWREADY = WREADY = that condition: w_hs); BVALID follows one clock later with BRESP = SLVERR when
// the top raised w_err in the handshake clock. Read: accepted while no read data is pending and the top
// does not ask to wait (ARREADY = !RVALID && !ar_wait: ar_hs); RVALID, RDATA and RRESP follow one clock
// later, RDATA = 0 with SLVERR when the top raised r_err. A master that keeps BREADY and RREADY high
// spends exactly 2 clocks per transaction. Word registers: ADDR[1:0] and AxPROT are ignored.
module axil_slave (
    input  logic        aclk,
    input  logic        aresetn,
    // AXI4-Lite slave pins (32-bit data, 8-bit byte address); WDATA goes straight to the top
    input  logic [ 7:0] s_axi_awaddr,
    input  logic [ 2:0] s_axi_awprot,
    input  logic        s_axi_awvalid,
    output logic        s_axi_awready,
    input  logic [ 3:0] s_axi_wstrb,
    input  logic        s_axi_wvalid,
    output logic        s_axi_wready,
    output logic [ 1:0] s_axi_bresp,
    output logic        s_axi_bvalid,
    input  logic        s_axi_bready,
    input  logic [ 7:0] s_axi_araddr,
    input  logic [ 2:0] s_axi_arprot,
    input  logic        s_axi_arvalid,
    output logic        s_axi_arready,
    output logic [31:0] s_axi_rdata,
    output logic [ 1:0] s_axi_rresp,
    output logic        s_axi_rvalid,
    input  logic        s_axi_rready,
    // the top's register file
    output logic        w_hs,    // a write is accepted in this clock
    output logic [ 5:0] w_idx,   // its word address
    output logic [31:0] w_mask,  // WSTRB as a bit mask: new = (old & ~w_mask) | (WDATA & w_mask)
    input  logic        w_err,   // (combinational, in the w_hs clock) answer SLVERR
    input  logic        ar_wait, // hold ARREADY low this clock
    output logic        ar_hs,   // a read is accepted in this clock
    output logic [ 5:0] r_idx,   // its word address (also the top's read-mux select)
    input  logic [31:0] r_data,  // (combinational) the addressed register
    input  logic        r_err    // (combinational) answer SLVERR, RDATA 0
);
  localparam logic [1:0] OKAY = 2'b00;
  localparam logic [1:0] SLVERR = 2'b10;

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_prot;
  assign unused_prot = ^{s_axi_awprot, s_axi_arprot, s_axi_awaddr[1:0], s_axi_araddr[1:0]};
  /* verilator lint_on UNUSEDSIGNAL */

  assign w_hs = s_axi_awvalid && s_axi_wvalid && !s_axi_bvalid;
  assign s_axi_awready = w_hs;
  assign s_axi_wready = w_hs;
  assign w_idx = s_axi_awaddr[7:2];
  assign w_mask = {{8{s_axi_wstrb[3]}}, {8{s_axi_wstrb[2]}}, {8{s_axi_wstrb[1]}}, {8{s_axi_wstrb[0]}}};

  assign s_axi_arready = !s_axi_rvalid && !ar_wait;
  assign ar_hs = s_axi_arvalid && s_axi_arready;
  assign r_idx = s_axi_araddr[7:2];

  always_ff @(posedge aclk) begin
    if (!aresetn) begin
      s_axi_bvalid <= 1'b0;
      s_axi_bresp <= OKAY;
      s_axi_rvalid <= 1'b0;
      s_axi_rdata <= '0;
      s_axi_rresp <= OKAY;
    end else begin
      if (s_axi_bvalid && s_axi_bready) s_axi_bvalid <= 1'b0;
      if (w_hs) begin
        s_axi_bvalid <= 1'b1;
        s_axi_bresp <= w_err ? SLVERR : OKAY;
      end
      if (s_axi_rvalid && s_axi_rready) s_axi_rvalid <= 1'b0;
      if (ar_hs) begin
        s_axi_rvalid <= 1'b1;
        s_axi_rdata <= r_err ? 32'b0 : r_data;
        s_axi_rresp <= r_err ? SLVERR : OKAY;
      end
    end
  end
endmodule
