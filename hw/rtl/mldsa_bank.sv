// One coefficient bank of the ML-DSA polynomial unit: a simple dual-port memory (one write port, one
// read port with a registered output, read-before-write on the same address), DEPTH x 23 bits. Plain
// enough for synthesis to map it onto distributed RAM (or a block RAM at B = 1).
module mldsa_bank #(
    parameter int DEPTH = 128,
    parameter int AW = 7
) (
    input  logic          clk,
    input  logic          we,
    input  logic [AW-1:0] waddr,
    input  logic [  22:0] wdata,
    input  logic [AW-1:0] raddr,
    output logic [  22:0] rdata
);
  logic [22:0] mem[DEPTH];

  always_ff @(posedge clk) begin
    if (we) mem[waddr] <= wdata;
    rdata <= mem[raddr];
  end
endmodule
