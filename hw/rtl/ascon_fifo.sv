// ascon_fifo: word FIFO between the AXI4-Lite slave and the core. One pop per clock with the head
// word readable combinationally (distributed-RAM style). Up to PUSH_MAX words are pushed in one
// clock: 1 for the input FIFO (one AXI write), 4 for the output FIFO (a whole rate block).
// The pusher checks free and the popper checks count; clear empties the FIFO.
module ascon_fifo #(
    parameter int DEPTH = 32,  // power of two
    parameter int PUSH_MAX = 1
) (
    input  logic                      clk,
    input  logic                      rst_n,
    input  logic                      clear,
    input  logic [               2:0] push_n,     // words pushed this clock, 0..PUSH_MAX
    input  logic [ 32*PUSH_MAX-1:0]   push_data,  // word k in bits [32k+31:32k]
    input  logic                      pop,
    output logic [              31:0] head,
    output logic [$clog2(DEPTH):0]    count,
    output logic [$clog2(DEPTH):0]    free
);
  localparam int AW = $clog2(DEPTH);

  logic [31:0] mem[DEPTH];
  logic [AW:0] wp, rp;

  assign head  = mem[rp[AW-1:0]];
  assign count = wp - rp;
  assign free  = (AW + 1)'(DEPTH) - count;

  always_ff @(posedge clk) begin
    for (int k = 0; k < PUSH_MAX; k++) begin
      if (3'(k) < push_n) mem[AW'(wp + (AW + 1)'(k))] <= push_data[32*k+:32];
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      wp <= '0;
      rp <= '0;
    end else if (clear) begin
      wp <= '0;
      rp <= '0;
    end else begin
      wp <= wp + (AW + 1)'(push_n);
      if (pop) rp <= rp + 1'b1;
    end
  end
endmodule
