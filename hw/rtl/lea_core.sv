// LEA-128/192/256 encryption (KISA / ISO/IEC 29192-2), round based with RPC rounds per clock and the key
// schedule computed on the fly, next to the rounds (no round-key memory).
//
// Words: the block and the key are little-endian 32-bit words as the spec loads them (X0 = din[31:0]).
// Timing: the START clock loads the block and the key (LOAD); then each clock runs RPC rounds; DONE rises
// with the clock that runs the last round. Clocks = 1 + ceil(Nr / RPC), Nr = 24, 28, 32 (hw/CYCLES.md).
module lea_core #(
    parameter int RPC = 1  // rounds per clock: 1, 2 or 4 divide every key size's round count
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
  // The key-schedule constants (a function, not an unpacked array parameter: yosys 0.23 reads this).
  function automatic logic [31:0] delta(input int k);
    case (k)
      0: delta = 32'hc3efe9db;
      1: delta = 32'h44626b02;
      2: delta = 32'h79e27c8a;
      3: delta = 32'h78df30ec;
      4: delta = 32'h715ea49e;
      5: delta = 32'hc785da0a;
      6: delta = 32'he04ef22a;
      default: delta = 32'he5c40957;
    endcase
  endfunction

  function automatic logic [31:0] rol(input logic [31:0] v, input int n);
    rol = (n % 32 == 0) ? v : ((v << (n % 32)) | (v >> (32 - n % 32)));
  endfunction

  // Flat vectors, word j at [32j+31:32j] (yosys 0.23 reads neither packed 2-D nor unpacked arrays here).
  logic [127:0] x, xn;
  logic [255:0] t, tn;
  logic [5:0] r, rn, nrounds;
  logic [1:0] kl;

  always_comb begin
    case (kl)
      2'd0: nrounds = 6'd24;
      2'd1: nrounds = 6'd28;
      default: nrounds = 6'd32;
    endcase
  end

  // RPC rounds: round keys from the key words, then the ARX round.
  always_comb begin
    logic [191:0] rk;
    logic [31:0] d, x0;
    int i;
    rk = '0;
    d = '0;
    x0 = '0;
    i = 0;
    xn = x;
    tn = t;
    rn = r;
    for (int k = 0; k < RPC; k++) begin
      i = {26'b0, rn};
      if (rn < nrounds) begin
        if (kl == 2'd0) begin
          d = delta(i % 4);
          tn[32*(0)+:32] = rol(tn[32*(0)+:32] + rol(d, i), 1);
          tn[32*(1)+:32] = rol(tn[32*(1)+:32] + rol(d, i + 1), 3);
          tn[32*(2)+:32] = rol(tn[32*(2)+:32] + rol(d, i + 2), 6);
          tn[32*(3)+:32] = rol(tn[32*(3)+:32] + rol(d, i + 3), 11);
          rk[32*(0)+:32] = tn[32*(0)+:32];
          rk[32*(1)+:32] = tn[32*(1)+:32];
          rk[32*(2)+:32] = tn[32*(2)+:32];
          rk[32*(3)+:32] = tn[32*(1)+:32];
          rk[32*(4)+:32] = tn[32*(3)+:32];
          rk[32*(5)+:32] = tn[32*(1)+:32];
        end else if (kl == 2'd1) begin
          d = delta(i % 6);
          tn[32*(0)+:32] = rol(tn[32*(0)+:32] + rol(d, i), 1);
          tn[32*(1)+:32] = rol(tn[32*(1)+:32] + rol(d, i + 1), 3);
          tn[32*(2)+:32] = rol(tn[32*(2)+:32] + rol(d, i + 2), 6);
          tn[32*(3)+:32] = rol(tn[32*(3)+:32] + rol(d, i + 3), 11);
          tn[32*(4)+:32] = rol(tn[32*(4)+:32] + rol(d, i + 4), 13);
          tn[32*(5)+:32] = rol(tn[32*(5)+:32] + rol(d, i + 5), 17);
          for (int j = 0; j < 6; j++) rk[32*(j)+:32] = tn[32*(j)+:32];
        end else begin
          d = delta(i % 8);
          tn[32*((6*i)%8)+:32]     = rol(tn[32*((6*i)%8)+:32] + rol(d, i), 1);
          tn[32*((6*i+1)%8)+:32]   = rol(tn[32*((6*i+1)%8)+:32] + rol(d, i + 1), 3);
          tn[32*((6*i+2)%8)+:32]   = rol(tn[32*((6*i+2)%8)+:32] + rol(d, i + 2), 6);
          tn[32*((6*i+3)%8)+:32]   = rol(tn[32*((6*i+3)%8)+:32] + rol(d, i + 3), 11);
          tn[32*((6*i+4)%8)+:32]   = rol(tn[32*((6*i+4)%8)+:32] + rol(d, i + 4), 13);
          tn[32*((6*i+5)%8)+:32]   = rol(tn[32*((6*i+5)%8)+:32] + rol(d, i + 5), 17);
          for (int j = 0; j < 6; j++) rk[32*(j)+:32] = tn[32*((6*i+j)%8)+:32];
        end
        begin
          x0 = xn[32*(0)+:32];
          xn[32*(0)+:32] = rol((xn[32*(0)+:32] ^ rk[32*(0)+:32]) + (xn[32*(1)+:32] ^ rk[32*(1)+:32]), 9);
          xn[32*(1)+:32] = rol((xn[32*(1)+:32] ^ rk[32*(2)+:32]) + (xn[32*(2)+:32] ^ rk[32*(3)+:32]), 27);  // ROR5
          xn[32*(2)+:32] = rol((xn[32*(2)+:32] ^ rk[32*(4)+:32]) + (xn[32*(3)+:32] ^ rk[32*(5)+:32]), 29);  // ROR3
          xn[32*(3)+:32] = x0;
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
      x <= xn;
      t <= tn;
      r <= rn;
      if (rn >= nrounds) begin
        busy <= 1'b0;
        done <= 1'b1;
      end
    end
  end

  assign dout = x;
  assign round = r;
endmodule
