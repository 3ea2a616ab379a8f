// A large design for measuring waveform viewers on a real Verilator FST (tests/bench/bigfst/make_bigfst.sh).
// NCELL instances of bigcell, each 20 generate blocks of 5 traced signals (widths 1..64) plus its own
// 64-bit LFSR and 32-bit cycle counter: 102 traced signals a cell. Some signals change every cycle,
// some every 4 or 16 cycles, some every 2^4..2^15 cycles; values are hashed from the LFSR so they do
// not compress.
// The seed is a port, not a parameter, so that all instances share one module (one C++ class).
module bigcell (
    input logic clk,
    input logic [63:0] seed
);
  localparam int NB = 20;
  logic [63:0] lfsr = 64'h0;
  logic [31:0] cyc = 32'h0;
  always_ff @(posedge clk) begin
    if (cyc == 32'h0) lfsr <= seed | 64'h1;
    else lfsr <= {lfsr[62:0], lfsr[63] ^ lfsr[62] ^ lfsr[60] ^ lfsr[59]};
    cyc  <= cyc + 32'h1;
  end

  function automatic logic [63:0] mix(input logic [63:0] x, input logic [63:0] k);
    logic [63:0] y;
    y = (x ^ k) * 64'hD6E8FEB86659FD93;
    return y ^ (y >> 29);
  endfunction

  for (genvar b = 0; b < NB; b++) begin : blk
    localparam int WF = (b * 13) % 64 + 1;
    localparam int WM = (b * 29 + 7) % 64 + 1;
    localparam int WS = (b * 41 + 3) % 64 + 1;
    localparam int SH = b % 12;
    localparam logic [63:0] K = 64'h9E3779B97F4A7C15 * 64'(b + 1);
    logic [WF-1:0] fast = '0;
    logic [WM-1:0] mid = '0;
    logic [WS-1:0] slow = '0;
    logic flag = 1'b0;
    logic [7:0] cnt = 8'h0;
    always_ff @(posedge clk) begin
      if (b % 2 == 0 || cyc[1:0] == 2'(b)) fast <= mix(lfsr, K) >> (64 - WF);
      if (cyc[3:0] == 4'(b)) mid <= WM'(mix(lfsr, ~K));
      if (cyc[SH+3:0] == '0) slow <= WS'(mix(lfsr, K + 64'h1) >> 7);
      if (cyc[SH+3:0] == '0) flag <= ~flag;
      cnt <= cyc[SH+:8];
    end
  end
endmodule

module bigtop #(
    parameter int NCELL = 1000
) (
    input logic clk
);
  for (genvar i = 0; i < NCELL; i++) begin : g
    bigcell u (
        .clk (clk),
        .seed(64'(i + 1) * 64'h2545F4914F6CDD1D)
    );
  end
endmodule
