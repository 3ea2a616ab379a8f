// A tiny design traced by Verilator for RoundScope's reader tests: a clock, an 8-bit counter, a
// 128-bit block and a 320-bit state (wider than 64 bits), a sub-module with a signal named like the
// top's, and enough signals that Verilator hands out the identifier code '$'.
`timescale 1ns/1ps
module sub(input logic clk, input logic [7:0] count, output logic [15:0] mix);
  logic [7:0] count_q = 8'h00;
  always_ff @(posedge clk) count_q <= count ^ 8'h5a;
  assign mix = {count_q, count};
endmodule

module top;
  logic clk = 1'b0;
  logic [7:0] count = 8'h00;
  logic [127:0] block = 128'h0123456789abcdef_fedcba9876543210;
  logic [319:0] state = {64'h80400c0600000000, 64'h0001020304050607, 64'h08090a0b0c0d0e0f,
                         64'h0011223344556677, 64'h8899aabbccddeeff};
  logic [2:0] phase = 3'd0;
  logic done;
  logic [15:0] mix;
  assign done = count == 8'd20;
  sub u_sub(.clk(clk), .count(count), .mix(mix));
  always #5 clk = ~clk;
  always_ff @(posedge clk) begin
    count <= count + 8'd1;
    block <= {block[126:0], block[127]} ^ {120'h0, count};
    state <= {state[318:0], ~state[319]} ^ {count, 312'h0};
    phase <= phase + 3'd1;
    if (count == 8'd24) $finish;
  end
  initial begin
`ifdef FST
    $dumpfile("verilator.fst");
`else
    $dumpfile("verilator.vcd");
`endif
    $dumpvars;
  end
endmodule
