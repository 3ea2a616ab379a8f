// SKINNY-128-256 encryption (Beierle et al., CRYPTO 2016), round based with RPC rounds per clock and the
// tweakey schedule (PT permutation, TK2 LFSR) computed next to the rounds.
//
// Cells: byte i of the block / of TK1 / of TK2 is cell i, row by row (din[7:0] is cell 0); the tweakey
// is TK1 || TK2 (key[127:0] = TK1). Clocks = 1 (LOAD) + ceil(48 / RPC) (hw/CYCLES.md).
module skinny_core #(
    parameter int RPC = 1  // rounds per clock, a divisor of 48
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic [255:0] key,
    input  logic [127:0] din,
    output logic [127:0] dout,
    output logic         busy,
    output logic         done,
    output logic [  5:0] round
);
  localparam int ROUNDS = 48;
  localparam int PT[16] = '{9, 15, 8, 13, 10, 14, 12, 11, 0, 1, 2, 3, 4, 5, 6, 7};

  // S8 (spec, Section 2.3): four times x4 ^= NOR(x7, x6), x0 ^= NOR(x3, x2), each but the last followed by
  // the bit permutation (x7..x0) -> (x2, x1, x7, x6, x4, x0, x3, x5), the last by swapping x1 and x2.
  function automatic logic [7:0] s8(input logic [7:0] v);
    logic [7:0] x;
    x = v;
    for (int it = 0; it < 4; it++) begin
      x[4] = x[4] ^ ~(x[7] | x[6]);
      x[0] = x[0] ^ ~(x[3] | x[2]);
      if (it < 3) x = {x[2], x[1], x[7], x[6], x[4], x[0], x[3], x[5]};
      else x = {x[7], x[6], x[5], x[4], x[3], x[1], x[2], x[0]};
    end
    s8 = x;
  endfunction

  logic [7:0] s[16], tk1[16], tk2[16], sn[16], tk1n[16], tk2n[16];
  logic [5:0] rc, rcn, r, rn;

  always_comb begin
    logic [7:0] t[16];
    logic [7:0] a0, a1, a2, a3;
    t = '{default: '0};
    {a0, a1, a2, a3} = '0;
    sn = s;
    tk1n = tk1;
    tk2n = tk2;
    rcn = rc;
    rn = r;
    for (int k = 0; k < RPC; k++) begin
      if (int'(rn) < ROUNDS) begin
        for (int j = 0; j < 16; j++) sn[j] = s8(sn[j]);
        rcn = {rcn[4:0], rcn[5] ^ rcn[4] ^ 1'b1};
        sn[0] = sn[0] ^ {4'h0, rcn[3:0]};
        sn[4] = sn[4] ^ {6'h0, rcn[5:4]};
        sn[8] = sn[8] ^ 8'h02;
        for (int j = 0; j < 8; j++) sn[j] = sn[j] ^ tk1n[j] ^ tk2n[j];
        for (int j = 0; j < 16; j++) t[j] = tk1n[PT[j]];
        tk1n = t;
        for (int j = 0; j < 16; j++) t[j] = tk2n[PT[j]];
        tk2n = t;
        for (int j = 0; j < 8; j++) tk2n[j] = {tk2n[j][6:0], tk2n[j][7] ^ tk2n[j][5]};
        // ShiftRows: row i rotated right by i.
        t = sn;
        for (int row = 1; row < 4; row++)
          for (int c = 0; c < 4; c++) sn[4*row+c] = t[4*row+((c-row+4)%4)];
        // MixColumns: (r0, r1, r2, r3) -> (r0^r2^r3, r0, r1^r2, r0^r2).
        for (int c = 0; c < 4; c++) begin
          a0 = sn[c];
          a1 = sn[4+c];
          a2 = sn[8+c];
          a3 = sn[12+c];
          sn[c] = a0 ^ a2 ^ a3;
          sn[4+c] = a0;
          sn[8+c] = a1 ^ a2;
          sn[12+c] = a0 ^ a2;
        end
        rn = rn + 6'd1;
      end
    end
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      busy <= 1'b0;
      done <= 1'b0;
      r <= '0;
      rc <= '0;
      for (int j = 0; j < 16; j++) begin
        s[j] <= '0;
        tk1[j] <= '0;
        tk2[j] <= '0;
      end
    end else if (start) begin  // LOAD
      busy <= 1'b1;
      done <= 1'b0;
      r <= '0;
      rc <= '0;
      for (int j = 0; j < 16; j++) begin
        s[j] <= din[8*j+:8];
        tk1[j] <= key[8*j+:8];
        tk2[j] <= key[128+8*j+:8];
      end
    end else if (busy) begin
      s <= sn;
      tk1 <= tk1n;
      tk2 <= tk2n;
      rc <= rcn;
      r <= rn;
      if (int'(rn) >= ROUNDS) begin
        busy <= 1'b0;
        done <= 1'b1;
      end
    end
  end

  always_comb for (int j = 0; j < 16; j++) dout[8*j+:8] = s[j];
  assign round = r;
endmodule
