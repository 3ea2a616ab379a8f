// (a * b) mod q for q = 2^23 - 2^13 + 1, a, b in [0, q): a 23 x 23-bit product and a shift-and-add
// reduction that uses 2^23 = 2^13 - 1 (mod q), so x = h * 2^23 + l folds to l + h * (2^13 - 1) =
// l + (h << 13) - h, never negative. Three pipeline stages (the result is registered LATENCY = 3 clocks
// after the operands are presented):
//   1. p  = a * b                            (46 bits; the DSP48 stage)
//   2. r1 = p[22:0]  + p[45:23] * 8191       (< 2^37)
//      r2 = r1[22:0] + r1[36:23] * 8191      (< 2^28), registered
//   3. r3 = r2[22:0] + r2[27:23] * 8191      (< 2^23 + 2^18 < 2q)
//      r  = r3 >= q ? r3 - q : r3            (canonical), registered
// No constant multiplier is a DSP: h * 8191 is (h << 13) - h.
module mldsa_mulred (
    input  logic        clk,
    input  logic [22:0] a,
    input  logic [22:0] b,
    output logic [22:0] r
);
  logic [45:0] p;
  logic [27:0] r2;

  function automatic logic [36:0] fold1(input logic [45:0] x);
    logic [36:0] h;
    h = {14'd0, x[45:23]};
    fold1 = {14'd0, x[22:0]} + (h << 13) - h;
  endfunction

  function automatic logic [27:0] fold2(input logic [36:0] x);
    logic [27:0] h;
    h = {14'd0, x[36:23]};
    fold2 = {5'd0, x[22:0]} + (h << 13) - h;
  endfunction

  function automatic logic [22:0] fold3(input logic [27:0] x);
    logic [23:0] h;
    logic [23:0] s;
    logic [23:0] t;
    h = {19'd0, x[27:23]};
    s = {1'b0, x[22:0]} + (h << 13) - h;
    t = s - {1'b0, mldsa_pkg::Q};
    fold3 = t[23] ? s[22:0] : t[22:0];
  endfunction

  always_ff @(posedge clk) begin
    p <= {23'd0, a} * {23'd0, b};
    r2 <= fold2(fold1(p));
    r <= fold3(r2);
  end
endmodule
