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
  // The tweakey cell permutation PT (a function: yosys 0.23 reads no unpacked array parameters).
  function automatic int pt(input int j);
    case (j)
      0: pt = 9;
      1: pt = 15;
      2: pt = 8;
      3: pt = 13;
      4: pt = 10;
      5: pt = 14;
      6: pt = 12;
      7: pt = 11;
      default: pt = j - 8;
    endcase
  endfunction

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

  // Flat vectors, cell j at [8j+7:8j] (yosys 0.23 reads neither packed 2-D nor unpacked arrays here).
  logic [127:0] s, tk1, tk2, sn, tk1n, tk2n;
  logic [5:0] rc, rcn, r, rn;

  always_comb begin
    logic [127:0] t;
    logic [7:0] a0, a1, a2, a3;
    t = '0;
    {a0, a1, a2, a3} = '0;
    sn = s;
    tk1n = tk1;
    tk2n = tk2;
    rcn = rc;
    rn = r;
    for (int k = 0; k < RPC; k++) begin
      if (rn < 6'd48) begin
        for (int j = 0; j < 16; j++) sn[8*(j)+:8] = s8(sn[8*(j)+:8]);
        rcn = {rcn[4:0], rcn[5] ^ rcn[4] ^ 1'b1};
        sn[8*(0)+:8] = sn[8*(0)+:8] ^ {4'h0, rcn[3:0]};
        sn[8*(4)+:8] = sn[8*(4)+:8] ^ {6'h0, rcn[5:4]};
        sn[8*(8)+:8] = sn[8*(8)+:8] ^ 8'h02;
        for (int j = 0; j < 8; j++) sn[8*(j)+:8] = sn[8*(j)+:8] ^ tk1n[8*(j)+:8] ^ tk2n[8*(j)+:8];
        for (int j = 0; j < 16; j++) t[8*(j)+:8] = tk1n[8*(pt(j))+:8];
        tk1n = t;
        for (int j = 0; j < 16; j++) t[8*(j)+:8] = tk2n[8*(pt(j))+:8];
        tk2n = t;
        for (int j = 0; j < 8; j++) tk2n[8*(j)+:8] = {tk2n[8*j+:7], tk2n[8*j+7] ^ tk2n[8*j+5]};
        // ShiftRows: row i rotated right by i.
        t = sn;
        for (int row = 1; row < 4; row++)
          for (int c = 0; c < 4; c++) sn[8*(4*row+c)+:8] = t[8*(4*row+((c-row+4)%4))+:8];
        // MixColumns: (r0, r1, r2, r3) -> (r0^r2^r3, r0, r1^r2, r0^r2).
        for (int c = 0; c < 4; c++) begin
          a0 = sn[8*(c)+:8];
          a1 = sn[8*(4+c)+:8];
          a2 = sn[8*(8+c)+:8];
          a3 = sn[8*(12+c)+:8];
          sn[8*(c)+:8] = a0 ^ a2 ^ a3;
          sn[8*(4+c)+:8] = a0;
          sn[8*(8+c)+:8] = a1 ^ a2;
          sn[8*(12+c)+:8] = a0 ^ a2;
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
      s <= '0;
      tk1 <= '0;
      tk2 <= '0;
    end else if (start) begin  // LOAD
      busy <= 1'b1;
      done <= 1'b0;
      r <= '0;
      rc <= '0;
      s <= din;
      tk1 <= key[127:0];
      tk2 <= key[255:128];
    end else if (busy) begin
      s <= sn;
      tk1 <= tk1n;
      tk2 <= tk2n;
      rc <= rcn;
      r <= rn;
      if (rn >= 6'd48) begin
        busy <= 1'b0;
        done <= 1'b1;
      end
    end
  end

  assign dout = s;
  assign round = r;
endmodule
