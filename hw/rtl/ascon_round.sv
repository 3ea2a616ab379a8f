// ascon_round: one round p = p_L o p_S o p_C of the Ascon permutation (Ascon v1.2 section 2.6,
// NIST SP 800-232 section 3), the minimum data-processing unit of the paper. Combinational.
//   round constant    p_C: x2 ^= c_i, c_i = ((0xf - i) << 4) | i for round index i of p^12
//   substitution      p_S: 64 parallel 5-bit S-boxes, column j = {x0[j], .., x4[j]}, as the
//                          paper's lookup table (ascon_pkg::sbox), decoded like a ROM
//   linear diffusion  p_L: x_k ^= (x_k >>> a_k) ^ (x_k >>> b_k)
// With enable low the state passes unchanged; the permutation unit uses that for the rounds of
// its last clock that lie beyond round 11 when UNROLL does not divide the round count.
module ascon_round (
    input  logic [319:0] s_in,    // {x0, x1, x2, x3, x4}
    input  logic [  3:0] idx,     // round index 0..11 (p^n runs 12-n..11)
    input  logic         enable,
    output logic [319:0] s_out
);
  logic [63:0] c0, c1, c2, c3, c4;  // after the round constant
  logic [63:0] t0, t1, t2, t3, t4;  // after the substitution layer

  always_comb begin
    {c0, c1, c2, c3, c4} = s_in;
    c2 = c2 ^ {56'b0, 4'hf - idx, idx};
  end

  // 64 S-boxes side by side, all reading the table: for each table entry x, the columns whose
  // input is x (a 5-to-32 decoder over the five words) take the entry's output bits.
  logic [63:0] hit;
  logic [4:0] xv, yv;
  always_comb begin
    {t0, t1, t2, t3, t4} = '0;
    for (int x = 0; x < 32; x++) begin
      xv = 5'(x);
      yv = ascon_pkg::sbox(xv);
      hit = (xv[4] ? c0 : ~c0) & (xv[3] ? c1 : ~c1) & (xv[2] ? c2 : ~c2) & (xv[1] ? c3 : ~c3) &
            (xv[0] ? c4 : ~c4);
      if (yv[4]) t0 = t0 | hit;
      if (yv[3]) t1 = t1 | hit;
      if (yv[2]) t2 = t2 | hit;
      if (yv[1]) t3 = t3 | hit;
      if (yv[0]) t4 = t4 | hit;
    end
  end

  assign s_out = enable ? {ascon_pkg::sigma(t0, 19, 28), ascon_pkg::sigma(t1, 61, 39),
                           ascon_pkg::sigma(t2, 1, 6), ascon_pkg::sigma(t3, 10, 17),
                           ascon_pkg::sigma(t4, 7, 41)} : s_in;
endmodule
