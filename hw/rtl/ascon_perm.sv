// ascon_perm: the permutation unit. It iterates a chain of UNROLL round units (rounds per clock)
// to give p^12, p^8 and p^6: p^n takes ceil(n / UNROLL) clocks. The state register belongs to the
// caller (ascon_core): each running clock it stores s_out, and feeds s_in back (on the start clock
// s_in may carry an absorbed block, the key, the domain bit).
// UNROLL may be any of 1..12; when it does not divide n, the round units of the last clock whose
// index would pass 11 are bypassed (ascon_round.enable), so the count is still exact. When UNROLL
// divides 12, 8 and 6 (UNROLL 1 or 2) no clock runs past round 11 and the bypass is left out.
module ascon_perm #(
    parameter int UNROLL = 1
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,    // begin p^nrounds in this clock (its first rounds run now)
    input  logic [  3:0] nrounds,  // 12, 8 or 6
    input  logic [319:0] s_in,
    output logic [319:0] s_out,    // s_in after this clock's rounds
    output logic         busy,     // a permutation started earlier continues in this clock
    output logic         last,     // this clock applies round 11: the permutation ends
    output logic [  3:0] round     // index of the first round applied in this clock
);
  localparam logic [4:0] STEP = 5'(UNROLL);
  localparam bit BYPASS = (12 % UNROLL != 0) || (8 % UNROLL != 0) || (6 % UNROLL != 0);

  logic [3:0] rnd_q;
  logic busy_q;
  logic [4:0] first;
  logic [320*(UNROLL+1)-1:0] chain;  // stage k input in bits [320k+319:320k]

  assign first = start ? 5'd12 - {1'b0, nrounds} : {1'b0, rnd_q};
  assign round = first[3:0];
  assign busy = busy_q;
  assign last = (start || busy_q) && (first + STEP >= 5'd12);

  assign chain[319:0] = s_in;
  for (genvar k = 0; k < UNROLL; k++) begin : g_round
    logic [4:0] idx;
    assign idx = first + 5'(k);
    ascon_round u_round (
        .s_in  (chain[320*k+:320]),
        .idx   (idx[3:0]),
        .enable(!BYPASS || idx < 5'd12),
        .s_out (chain[320*(k+1)+:320])
    );
  end
  assign s_out = chain[320*UNROLL+:320];

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      busy_q <= 1'b0;
      rnd_q  <= 4'd0;
    end else if (start || busy_q) begin
      busy_q <= !last;
      rnd_q  <= last ? 4'd0 : 4'(first + STEP);
    end
  end
endmodule
