// LEA-128/192/256 encryption (KISA / ISO/IEC 29192-2), round based with RPC rounds per clock and the key
// schedule computed on the fly, next to the rounds (no round-key memory).
//
// Words: the block and the key are little-endian 32-bit words as the spec loads them (X0 = din[31:0]).
// Timing: the START clock loads the block and the key (LOAD); then each clock runs RPC rounds; DONE rises
// with the clock that runs the last round. Clocks = 1 + ceil(Nr / RPC), Nr = 24, 28, 32 (hw/CYCLES.md).
//
// Why the key schedule is small (issue 21): round i of every key size adds ROL(delta[i mod k], i + j) to
// schedule word j (k = 4, 6, 8 for 128, 192, 256 bits); written with the round number, that is a rotation
// by a variable amount and a variable index into the constants, and LEA-256 also indexes its
// eight words with (6i + j) mod 8 (4 386 LUTs with abc9, LUT depth 27; now 842 and 10, hw/README.md).
// Here nothing in the datapath depends on the round number:
//  - dq (eight words) holds dq[m] = ROL(delta[(i + m) mod k], i) in round i: LOAD sets dq = delta[0..7],
//    a round reads D = dq[0] and adds ROL(D, j) (fixed wiring), and the step to round i + 1 is
//    dq[m] <- ROL(dq[m + 1], 1), dq[k - 1] <- ROL(dq[0], 1); only the words at m = k - 1 (m = 3 and 5;
//    m = 7 always takes dq[0]) choose by key size. RPC rounds in one clock read ROL(dq[q mod k], q) for
//    round q of the clock and step dq by RPC words at once (dq[m] <- ROL(dq[(m + RPC) mod k], RPC)).
//  - One six-word datapath T[j] <- ROL(T[j] + ROL(D, j), s_j), s = 1, 3, 6, 11, 13, 17, serves all sizes
//    (LEA-128 uses words 0..3 and ignores 4..5; its round key is T0, T1, T2, T1, T3, T1).
//  - LEA-256 updates words (6i .. 6i + 5) mod 8, which advance by 6 per round: the register keeps the
//    words due next at 0..5, so after each round it turns by six words (T'[m] = T[(m + 6) mod 8]), wiring.
//  - The only counter is the round count r (6 bits), compared with Nr - RPC for DONE. An RPC that does
//    not divide Nr (not built; ip resources accepts 1..48) guards each round with r + q < Nr instead.
module lea_core #(
    parameter int RPC = 1  // rounds per clock, 1..48; 1, 2 and 4 divide every key size's round count
) (
    input  logic         clk,
    input  logic         rst_n,
    input  logic         start,
    input  logic [  1:0] key_len,   // 0: 128, 1: 192, 2: 256 bits (3 counts as 256)
    input  logic [255:0] key,       // words K0..K7, K0 in [31:0]
    input  logic [127:0] din,       // X0..X3, X0 in [31:0]
    output logic [127:0] dout,
    output logic         busy,
    output logic         done,
    output logic [  5:0] round      // rounds done so far (waveforms)
);
  // The key-schedule constants delta[0..7], delta[0] in [31:0].
  localparam logic [255:0] DELTA = {
    32'he5c40957, 32'he04ef22a, 32'hc785da0a, 32'h715ea49e,
    32'h78df30ec, 32'h79e27c8a, 32'h44626b02, 32'hc3efe9db
  };

  // Rotation by a constant (every call site passes an elaboration-time constant: wiring).
  function automatic logic [31:0] rol(input logic [31:0] v, input int n);
    rol = (n % 32 == 0) ? v : ((v << (n % 32)) | (v >> (32 - n % 32)));
  endfunction

  // The dq word that dq[m] takes RPC rounds later for k delta words; words m >= k are unused for that k
  // and follow the k = 8 wiring.
  function automatic int dsrc(input int m, input int k);
    dsrc = (m < k) ? (m + RPC) % k : (m + RPC) % 8;
  endfunction

  // Flat vectors, word j at [32j+31:32j] (yosys 0.23 reads neither packed 2-D nor unpacked arrays here).
  logic [127:0] x, xn;
  logic [255:0] t, tn, dq, dqn;
  logic [5:0] r, nr;
  logic [1:0] kl;
  logic k128, k192, k256, last;

  // The built settings (1, 2, 4) divide every Nr; another (ip resources accepts 1..48) ends with a clock
  // that runs fewer rounds, as round guards below.
  localparam bit DIV = (24 % RPC == 0) && (28 % RPC == 0) && (32 % RPC == 0);

  assign k128 = kl == 2'd0;
  assign k192 = kl == 2'd1;
  assign k256 = kl[1];

  // DONE comes with the clock that runs round Nr (r steps by RPC, so it meets Nr - RPC when RPC divides Nr).
  always_comb begin
    case (kl)
      2'd0: nr = 6'd24;
      2'd1: nr = 6'd28;
      default: nr = 6'd32;
    endcase
    if (!DIV) last = 7'(r) + 7'(RPC) >= {1'b0, nr};
    else
      case (kl)
        2'd0: last = r == 6'(24 - RPC);
        2'd1: last = r == 6'(28 - RPC);
        default: last = r == 6'(32 - RPC);
      endcase
  end

  // The delta register after RPC rounds: a fixed rotation of a word chosen by key size (at most 3 ways).
  for (genvar m = 0; m < 8; m++) begin : g_dq
    localparam int S4 = dsrc(m, 4);
    localparam int S6 = dsrc(m, 6);
    localparam int S8 = dsrc(m, 8);
    logic [31:0] w;
    if (S4 == S8 && S6 == S8) begin : g_fixed
      assign w = dq[32*S8+:32];
    end else if (S4 == S8) begin : g_192
      assign w = k192 ? dq[32*S6+:32] : dq[32*S8+:32];
    end else if (S6 == S8) begin : g_128
      assign w = k128 ? dq[32*S4+:32] : dq[32*S8+:32];
    end else begin : g_both
      assign w = k128 ? dq[32*S4+:32] : (k192 ? dq[32*S6+:32] : dq[32*S8+:32]);
    end
    assign dqn[32*m+:32] = rol(w, RPC);
  end

  // RPC rounds: the schedule words 0..5, the round key, the ARX round, the LEA-256 word turn.
  always_comb begin
    logic [255:0] u;
    logic [191:0] rk;
    logic [31:0] d;
    xn = x;
    tn = t;
    for (int q = 0; q < RPC; q++) begin
      if (q < 4) d = rol(dq[32*q+:32], q);  // q < k for every size
      else d = rol(k128 ? dq[32*(q%4)+:32] : (k192 ? dq[32*(q%6)+:32] : dq[32*(q%8)+:32]), q);
      u = tn;
      u[32*0+:32] = rol(tn[32*0+:32] + d, 1);
      u[32*1+:32] = rol(tn[32*1+:32] + rol(d, 1), 3);
      u[32*2+:32] = rol(tn[32*2+:32] + rol(d, 2), 6);
      u[32*3+:32] = rol(tn[32*3+:32] + rol(d, 3), 11);
      u[32*4+:32] = rol(tn[32*4+:32] + rol(d, 4), 13);
      u[32*5+:32] = rol(tn[32*5+:32] + rol(d, 5), 17);
      rk[32*0+:32] = u[32*0+:32];
      rk[32*1+:32] = u[32*1+:32];
      rk[32*2+:32] = u[32*2+:32];
      rk[32*3+:32] = k128 ? u[32*1+:32] : u[32*3+:32];
      rk[32*4+:32] = k128 ? u[32*3+:32] : u[32*4+:32];
      rk[32*5+:32] = k128 ? u[32*1+:32] : u[32*5+:32];
      if (DIV || 7'(r) + 7'(q) < {1'b0, nr})
        xn = {
          xn[32*0+:32],
          rol((xn[32*2+:32] ^ rk[32*4+:32]) + (xn[32*3+:32] ^ rk[32*5+:32]), 29),  // ROR3
          rol((xn[32*1+:32] ^ rk[32*2+:32]) + (xn[32*2+:32] ^ rk[32*3+:32]), 27),  // ROR5
          rol((xn[32*0+:32] ^ rk[32*0+:32]) + (xn[32*1+:32] ^ rk[32*1+:32]), 9)
        };
      tn = k256 ? {u[191:0], u[255:192]} : u;
    end
  end

  // LOAD sets dq to the constants (a synchronous set/reset per bit); it steps with the rounds.
  always_ff @(posedge clk) begin
    if (!rst_n || start) dq <= DELTA;
    else if (busy) dq <= dqn;
  end

  always_ff @(posedge clk) begin
    if (!rst_n) begin
      busy <= 1'b0;
      done <= 1'b0;
      r <= '0;
      kl <= '0;
      x <= '0;
      t <= '0;
    end else if (start) begin  // LOAD
      busy <= 1'b1;
      done <= 1'b0;
      r <= '0;
      kl <= key_len;
      x <= din;
      t <= key;
    end else if (busy) begin
      t <= tn;
      x <= xn;
      r <= (DIV || !last) ? r + 6'(RPC) : nr;
      if (last) begin
        busy <= 1'b0;
        done <= 1'b1;
      end
    end
  end

  assign dout = x;
  assign round = r;
endmodule
