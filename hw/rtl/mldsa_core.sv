// The ML-DSA (FIPS 204) polynomial unit: B unified butterflies per clock over two polynomial slots,
// A (operand and result) and B (second operand of PWM/PWA), each in NB = 2B coefficient banks.
//
// Schedule: a transform issues its 8 layers one after the other, 128/B clocks each, butterflies in
// natural order (group by group, j ascending), B consecutive butterflies per clock; PWM/PWA issue 2B
// consecutive coefficients per clock (128/B clocks). Butterfly m of layer l + 1 depends at worst on
// butterfly m + 64 of layer l (64/B clocks earlier, at least 16 at B = 4), and a coefficient is read
// 7 clocks after its producer issued at the latest (issue, read, pre, 3 x mul, post; written at the end
// of the 7th clock), so no layer ever waits for the previous one: 1024/B issue clocks per transform.
//
// Banks: coefficient i lives in bank (i mod NB) XOR (B * parity(i >> log2 NB)) at address i >> log2 NB.
// The 2B coefficients of B consecutive butterflies of any layer (and 2B consecutive coefficients) fall in
// distinct banks; `conflict` is raised (sticky until START) if two lanes ever address one bank in a clock.
// Results are written back to the positions they were read from (in place).
module mldsa_core #(
    parameter int B = 2
) (
    input  logic                clk,
    input  logic                rst_n,
    input  logic                start,
    input  logic [         1:0] op_in,       // 0 NTT, 1 INTT, 2 PWM (A o B), 3 PWA (A + B)
    // host port (used only while not busy)
    input  logic                host_we,
    input  logic                host_slot,   // 0 A, 1 B
    input  logic [         7:0] host_idx,
    input  logic [        22:0] host_wdata,
    output logic [        22:0] host_rdata,  // slot/idx of the previous clock
    output logic                busy,
    output logic                done,
    output logic                conflict,
    output logic [         2:0] dbg_layer,
    output logic [         6:0] dbg_stage_valid,
    output logic [     2*B-1:0] dbg_bank_re,
    output logic [     2*B-1:0] dbg_bank_we
);
  localparam int NB = 2 * B;
  localparam int LB = $clog2(NB);
  localparam int AW = 8 - LB;
  localparam int DEPTH = 256 / NB;
  localparam logic [7:0] LAST = 8'(128 / B - 1);
  localparam logic [LB-1:0] BFLIP = LB'(B);

  function automatic logic [LB-1:0] bank_of(input logic [7:0] i);
    logic [7:0] hi;
    hi = i >> LB;
    bank_of = i[LB-1:0] ^ (^hi ? BFLIP : '0);
  endfunction

  // ---- sequencer ----
  logic issuing;
  logic [1:0] op;
  logic [2:0] layer;
  logic [7:0] cnt;
  logic [6:1] v;
  logic pw;
  assign pw = op[1];

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      issuing <= 1'b0;
      op <= '0;
      layer <= '0;
      cnt <= '0;
      v <= '0;
      done <= 1'b0;
    end else begin
      v <= {v[5:1], issuing};
      if (start) begin
        issuing <= 1'b1;
        op <= op_in;
        layer <= '0;
        cnt <= '0;
        done <= 1'b0;
      end else if (issuing) begin
        if (cnt == LAST) begin
          cnt <= '0;
          if (pw || layer == 3'd7) issuing <= 1'b0;
          else layer <= layer + 3'd1;
        end else begin
          cnt <= cnt + 8'd1;
        end
      end
      if (!issuing && v[6] && v[5:1] == '0) done <= 1'b1;
    end
  end
  assign busy = issuing || v != '0;

  // ---- issue: positions, banks, twiddles ----
  localparam int LOGB = $clog2(B);
  logic [7:0] pos[NB];
  logic [7:0] zidx[B];
  logic [7:0] m, g, j, top;
  logic [2:0] s;
  always_comb begin
    s = op == 2'd0 ? 3'd7 - layer : layer;
    m = '0;
    g = '0;
    j = '0;
    top = '0;
    for (int i = 0; i < B; i++) begin
      m = (cnt << LOGB) | 8'(i);
      g = m >> s;
      j = m & ((8'd1 << s) - 8'd1);
      top = (g << (s + 3'd1)) | j;
      if (pw) begin
        pos[2*i] = (cnt << LB) | 8'(2 * i);
        pos[2*i+1] = (cnt << LB) | 8'(2 * i + 1);
      end else begin
        pos[2*i] = top;
        pos[2*i+1] = top | (8'd1 << s);
      end
      zidx[i] = op == 2'd0 ? (8'd1 << layer) + g : (8'd255 >> layer) - g;
    end
  end

  logic [AW-1:0] raddr[NB];
  logic [NB-1:0] re;
  logic clash;
  always_comb begin
    clash = 1'b0;
    re = '0;
    for (int k = 0; k < NB; k++) raddr[k] = issuing ? '0 : host_idx[7:LB];
    if (issuing) begin
      for (int e = 0; e < NB; e++) begin
        raddr[bank_of(pos[e])] = raddr[bank_of(pos[e])] | pos[e][7:LB];
        if (re[bank_of(pos[e])]) clash = 1'b1;
        re[bank_of(pos[e])] = 1'b1;
      end
    end
  end

  // ---- pipeline bookkeeping: each lane's position travels with it to the write stage ----
  logic [7:0] pos_d[6][NB];
  logic [22:0] zeta1[B];
  logic [LB-1:0] hbank;
  logic hslot;
  always_ff @(posedge clk) begin
    for (int e = 0; e < NB; e++) begin
      pos_d[0][e] <= pos[e];
      for (int st = 1; st < 6; st++) pos_d[st][e] <= pos_d[st-1][e];
    end
    for (int i = 0; i < B; i++) zeta1[i] <= mldsa_pkg::zeta(zidx[i]);
    hbank <= bank_of(host_idx);
    hslot <= host_slot;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) conflict <= 1'b0;
    else if (start) conflict <= 1'b0;
    else if (clash) conflict <= 1'b1;
  end

  // ---- banks ----
  logic [22:0] rd_a[NB];
  logic [22:0] rd_b[NB];
  logic [22:0] res[NB];
  logic [NB-1:0] we_a, we_b;
  logic [AW-1:0] waddr[NB];
  logic [22:0] wdata[NB];
  always_comb begin
    we_a = '0;
    we_b = '0;
    for (int k = 0; k < NB; k++) begin
      waddr[k] = '0;
      wdata[k] = '0;
    end
    if (busy) begin
      if (v[6]) begin
        for (int e = 0; e < NB; e++) begin
          we_a[bank_of(pos_d[5][e])] = 1'b1;
          waddr[bank_of(pos_d[5][e])] = pos_d[5][e][7:LB];
          wdata[bank_of(pos_d[5][e])] = res[e];
        end
      end
    end else if (host_we) begin
      if (host_slot) we_b[bank_of(host_idx)] = 1'b1;
      else we_a[bank_of(host_idx)] = 1'b1;
      waddr[bank_of(host_idx)] = host_idx[7:LB];
      wdata[bank_of(host_idx)] = host_wdata;
    end
  end

  for (genvar k = 0; k < NB; k++) begin : g_bank
    mldsa_bank #(.DEPTH(DEPTH), .AW(AW)) bank_a (.clk(clk), .we(we_a[k]), .waddr(waddr[k]), .wdata(wdata[k]),
                                                .raddr(raddr[k]), .rdata(rd_a[k]));
    mldsa_bank #(.DEPTH(DEPTH), .AW(AW)) bank_b (.clk(clk), .we(we_b[k]), .waddr(waddr[k]), .wdata(wdata[k]),
                                                .raddr(raddr[k]), .rdata(rd_b[k]));
  end

  assign host_rdata = hslot ? rd_b[hbank] : rd_a[hbank];

  // ---- butterflies: lanes 2i and 2i+1 ----
  for (genvar i = 0; i < B; i++) begin : g_bf
    mldsa_butterfly bf (.clk(clk), .op(op), .x0(rd_a[bank_of(pos_d[0][2*i])]), .x1(rd_a[bank_of(pos_d[0][2*i+1])]),
                        .y0(rd_b[bank_of(pos_d[0][2*i])]), .y1(rd_b[bank_of(pos_d[0][2*i+1])]), .z(zeta1[i]),
                        .o0(res[2*i]), .o1(res[2*i+1]));
  end

  assign dbg_layer = layer;
  assign dbg_stage_valid = {v, issuing};
  assign dbg_bank_re = re;
  assign dbg_bank_we = we_a;
endmodule
