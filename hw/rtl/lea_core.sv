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
  localparam logic [31:0] DELTA[8] = '{
      32'hc3efe9db, 32'h44626b02, 32'h79e27c8a, 32'h78df30ec,
      32'h715ea49e, 32'hc785da0a, 32'he04ef22a, 32'he5c40957
  };

  function automatic logic [31:0] rol(input logic [31:0] v, input int n);
    rol = (n % 32 == 0) ? v : ((v << (n % 32)) | (v >> (32 - n % 32)));
  endfunction

  logic [31:0] x[4], t[8], xn[4], tn[8];
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
    logic [31:0] rk[6];
    logic [31:0] d, x0;
    int i;
    rk = '{default: '0};
    d = '0;
    x0 = '0;
    i = 0;
    xn = x;
    tn = t;
    rn = r;
    for (int k = 0; k < RPC; k++) begin
      i = int'(rn);
      if (rn < nrounds) begin
        if (kl == 2'd0) begin
          d = DELTA[i%4];
          tn[0] = rol(tn[0] + rol(d, i), 1);
          tn[1] = rol(tn[1] + rol(d, i + 1), 3);
          tn[2] = rol(tn[2] + rol(d, i + 2), 6);
          tn[3] = rol(tn[3] + rol(d, i + 3), 11);
          rk = '{tn[0], tn[1], tn[2], tn[1], tn[3], tn[1]};
        end else if (kl == 2'd1) begin
          d = DELTA[i%6];
          tn[0] = rol(tn[0] + rol(d, i), 1);
          tn[1] = rol(tn[1] + rol(d, i + 1), 3);
          tn[2] = rol(tn[2] + rol(d, i + 2), 6);
          tn[3] = rol(tn[3] + rol(d, i + 3), 11);
          tn[4] = rol(tn[4] + rol(d, i + 4), 13);
          tn[5] = rol(tn[5] + rol(d, i + 5), 17);
          rk = '{tn[0], tn[1], tn[2], tn[3], tn[4], tn[5]};
        end else begin
          d = DELTA[i%8];
          tn[(6*i)%8]     = rol(tn[(6*i)%8] + rol(d, i), 1);
          tn[(6*i+1)%8]   = rol(tn[(6*i+1)%8] + rol(d, i + 1), 3);
          tn[(6*i+2)%8]   = rol(tn[(6*i+2)%8] + rol(d, i + 2), 6);
          tn[(6*i+3)%8]   = rol(tn[(6*i+3)%8] + rol(d, i + 3), 11);
          tn[(6*i+4)%8]   = rol(tn[(6*i+4)%8] + rol(d, i + 4), 13);
          tn[(6*i+5)%8]   = rol(tn[(6*i+5)%8] + rol(d, i + 5), 17);
          rk = '{tn[(6*i)%8], tn[(6*i+1)%8], tn[(6*i+2)%8], tn[(6*i+3)%8], tn[(6*i+4)%8], tn[(6*i+5)%8]};
        end
        begin
          x0 = xn[0];
          xn[0] = rol((xn[0] ^ rk[0]) + (xn[1] ^ rk[1]), 9);
          xn[1] = rol((xn[1] ^ rk[2]) + (xn[2] ^ rk[3]), 27);  // ROR5
          xn[2] = rol((xn[2] ^ rk[4]) + (xn[3] ^ rk[5]), 29);  // ROR3
          xn[3] = x0;
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
      for (int j = 0; j < 4; j++) x[j] <= '0;
      for (int j = 0; j < 8; j++) t[j] <= '0;
    end else if (start) begin  // LOAD
      busy <= 1'b1;
      done <= 1'b0;
      r <= '0;
      kl <= key_len;
      for (int j = 0; j < 4; j++) x[j] <= din[32*j+:32];
      for (int j = 0; j < 8; j++) t[j] <= key[32*j+:32];
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

  assign dout = {x[3], x[2], x[1], x[0]};
  assign round = r;
endmodule
