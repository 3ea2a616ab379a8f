// ascon_fifo: word FIFO between the AXI4-Lite slave and the core. One pop per clock with the head
// word readable combinationally (distributed-RAM style). Up to PUSH_MAX words are pushed in one
// clock: 1 for the input FIFO (one AXI write), 4 for the output FIFO (a whole rate block).
// The pusher checks free and the popper checks count; clear empties the FIFO.
//
// With PUSH_MAX > 1 the words live in four banks of DEPTH/4 words, each with one write port (so
// each maps to LUT RAM like the input FIFO): word k of a push goes to bank (wp+k) mod 4 at row
// (wp+k) / 4, a 4-way rotation of the pushed words; the head is bank rp mod 4, row rp / 4. The
// order seen at the head is the same as one memory with four write ports.
module ascon_fifo #(
    parameter int DEPTH = 32,  // power of two (at least 4 when PUSH_MAX > 1)
    parameter int PUSH_MAX = 1  // 1..4
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

  logic [AW:0] wp, rp;

  assign count = wp - rp;
  assign free  = (AW + 1)'(DEPTH) - count;

  if (PUSH_MAX == 1) begin : g_single
    logic [31:0] mem[DEPTH];
    assign head = mem[rp[AW-1:0]];
    always_ff @(posedge clk) begin
      if (push_n != 3'd0) mem[wp[AW-1:0]] <= push_data[31:0];
    end
  end else begin : g_banked
    localparam int RW = AW > 2 ? AW - 2 : 1;  // row address bits of a bank
    logic [127:0] words;
    logic [31:0] rd[4];
    assign words = 128'(push_data);
    for (genvar b = 0; b < 4; b++) begin : g_bank
      logic [31:0] mem[DEPTH/4];
      logic [1:0] k;     // the word of this push that lands in bank b
      logic [AW-1:0] wa;  // its FIFO slot, (wp + k) mod DEPTH
      assign k = 2'(b) - wp[1:0];
      assign wa = wp[AW-1:0] + AW'(k);
      always_ff @(posedge clk) begin
        if ({1'b0, k} < push_n) mem[RW'(wa >> 2)] <= words[32*k+:32];
      end
      assign rd[b] = mem[RW'(rp[AW-1:0] >> 2)];
    end
    assign head = rd[rp[1:0]];
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
