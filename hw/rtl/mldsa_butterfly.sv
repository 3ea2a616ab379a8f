// One unified butterfly of the ML-DSA polynomial unit: two lanes, two modular multipliers, five
// registered stages from the operands (x0, x1 from slot A; y0, y1 from slot B; z the twiddle) to
// (o0, o1):
//   pre   NTT  (Cooley-Tukey):   m0 = x1 * z        a = x0
//         INTT (Gentleman-Sande): m0 = z * half(x1 - x0)   a = half(x0 + x1)
//              (the spec's zeta' = -zetas[k] times (x0 - x1) is zetas[k] times (x1 - x0); the halving
//              folds the NTT^-1's final 256^-1 into the 8 layers: no scaling pass)
//         PWM:  m0 = x0 * y0, m1 = x1 * y1 (both lanes multiply: 2 products per butterfly per clock)
//         PWA:  a = x0 + y0, c = x1 + y1
//   mul   three stages (mldsa_mulred)
//   post  NTT: (a + p0, a - p0); INTT: (a, p0); PWM: (p0, p1); PWA: (a, c)
// op: 0 NTT, 1 INTT, 2 PWM, 3 PWA (constant during an operation).
module mldsa_butterfly (
    input  logic        clk,
    input  logic [ 1:0] op,
    input  logic [22:0] x0,
    input  logic [22:0] x1,
    input  logic [22:0] y0,
    input  logic [22:0] y1,
    input  logic [22:0] z,
    output logic [22:0] o0,
    output logic [22:0] o1
);
  logic [22:0] ma0, mb0, ma1, mb1, pa, pc;
  logic [22:0] p0, p1;
  logic [22:0] pa_d[3];
  logic [22:0] pc_d[3];

  always_ff @(posedge clk) begin
    // pre
    unique case (op)
      2'd0: begin
        ma0 <= x1;
        mb0 <= z;
        pa <= x0;
        pc <= '0;
      end
      2'd1: begin
        ma0 <= mldsa_pkg::half_mod(mldsa_pkg::sub_mod(x1, x0));
        mb0 <= z;
        pa <= mldsa_pkg::half_mod(mldsa_pkg::add_mod(x0, x1));
        pc <= '0;
      end
      2'd2: begin
        ma0 <= x0;
        mb0 <= y0;
        pa <= '0;
        pc <= '0;
      end
      default: begin
        ma0 <= '0;
        mb0 <= '0;
        pa <= mldsa_pkg::add_mod(x0, y0);
        pc <= mldsa_pkg::add_mod(x1, y1);
      end
    endcase
    ma1 <= x1;
    mb1 <= y1;
    // the additive operands wait for the multipliers
    pa_d[0] <= pa;
    pc_d[0] <= pc;
    for (int i = 1; i < 3; i++) begin
      pa_d[i] <= pa_d[i-1];
      pc_d[i] <= pc_d[i-1];
    end
    // post
    unique case (op)
      2'd0: begin
        o0 <= mldsa_pkg::add_mod(pa_d[2], p0);
        o1 <= mldsa_pkg::sub_mod(pa_d[2], p0);
      end
      2'd1: begin
        o0 <= pa_d[2];
        o1 <= p0;
      end
      2'd2: begin
        o0 <= p0;
        o1 <= p1;
      end
      default: begin
        o0 <= pa_d[2];
        o1 <= pc_d[2];
      end
    endcase
  end

  mldsa_mulred mul0 (
      .clk(clk),
      .a  (ma0),
      .b  (mb0),
      .r  (p0)
  );
  mldsa_mulred mul1 (
      .clk(clk),
      .a  (ma1),
      .b  (mb1),
      .r  (p1)
  );
endmodule
