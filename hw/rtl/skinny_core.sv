// SKINNY-128-256 (TK = 2) and SKINNY-128-384 (TK = 3) encryption (Beierle et al., CRYPTO 2016), round
// based with RPC rounds per clock and the tweakey schedule (PT permutation, TK2 and TK3 LFSRs) computed
// next to the rounds.
//
// Cells: byte i of the block / of TK1 / TK2 / TK3 is cell i, row by row (din[7:0] is cell 0); the tweakey
// is TK1 || TK2 (|| TK3) (key[127:0] = TK1). Rounds NR = 48 (TK 2), 56 (TK 3); clocks = 1 (LOAD) +
// ceil(NR / RPC) (hw/CYCLES.md). TK = 2 builds exactly the SKINNY-128-256 core (TK3 is a constant zero).
module skinny_core #(
    parameter int RPC = 1,  // rounds per clock, a divisor of NR
    parameter int TK  = 2   // tweakey words: 2 (SKINNY-128-256) or 3 (SKINNY-128-384)
) (
    input  logic              clk,
    input  logic              rst_n,
    input  logic              start,
    input  logic [128*TK-1:0] key,
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

  localparam logic [5:0] NR = TK == 3 ? 6'd56 : 6'd48;

  // Flat vectors, cell j at [8j+7:8j] (yosys 0.23 reads neither packed 2-D nor unpacked arrays here).
  logic [127:0] s, tk1, tk2, sn, tk1n, tk2n;
  logic [5:0] rc, rcn, r, rn;
  logic [64*RPC-1:0] rk3;  // TK3's first two rows in each of the clock's RPC rounds (zero for TK = 2)

  generate
    if (TK == 3) begin : g_tk3
      logic [127:0] tk3, tk3n;
      always_comb begin
        logic [127:0] t;
        t = '0;
        tk3n = tk3;
        rk3 = '0;
        for (int k = 0; k < RPC; k++) begin
          rk3[64*k+:64] = tk3n[63:0];
          for (int j = 0; j < 16; j++) t[8*(j)+:8] = tk3n[8*(pt(j))+:8];
          tk3n = t;
          // TK3 LFSR on the first two rows: (x7..x0) -> (x0 ^ x6, x7, x6, x5, x4, x3, x2, x1).
          for (int j = 0; j < 8; j++) tk3n[8*(j)+:8] = {tk3n[8*j] ^ tk3n[8*j+6], tk3n[8*j+1+:7]};
        end
      end
      always_ff @(posedge clk) begin
        if (!rst_n) tk3 <= '0;
        else if (start) tk3 <= key[128*TK-1-:128];
        else if (busy) tk3 <= tk3n;
      end
    end else begin : g_tk2
      assign rk3 = '0;
    end
  endgenerate

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
      if (rn < NR) begin
        for (int j = 0; j < 16; j++) sn[8*(j)+:8] = s8(sn[8*(j)+:8]);
        rcn = {rcn[4:0], rcn[5] ^ rcn[4] ^ 1'b1};
        sn[8*(0)+:8] = sn[8*(0)+:8] ^ {4'h0, rcn[3:0]};
        sn[8*(4)+:8] = sn[8*(4)+:8] ^ {6'h0, rcn[5:4]};
        sn[8*(8)+:8] = sn[8*(8)+:8] ^ 8'h02;
        for (int j = 0; j < 8; j++)
          sn[8*(j)+:8] = sn[8*(j)+:8] ^ tk1n[8*(j)+:8] ^ tk2n[8*(j)+:8] ^ rk3[64*k+8*j+:8];
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
      if (rn >= NR) begin
        busy <= 1'b0;
        done <= 1'b1;
      end
    end
  end

  assign dout = s;
  assign round = r;
endmodule
