// ascon_pkg: constants and pure functions shared by the RoundScope Ascon IP.
//
// State layout everywhere: a 320-bit vector {x0, x1, x2, x3, x4}, x0 in bits [319:256].
// Rate layout: a 128-bit vector {lane0, lane1}; lane0 is XORed into x0, lane1 into x1
// (lane1 only for the 16-byte rate of Ascon-128a and Ascon-AEAD128).
// Bus words: 32-bit AXI words carry 4 message bytes, byte 4i+j of a block in bits [8j+7:8j] of
// word i (the order a little-endian CPU stores a byte array in).
package ascon_pkg;

  // Variant codes of the CONFIG register.
  localparam logic [1:0] VAR_ASCON128 = 2'd0;   // Ascon-128 v1.2: rate 8 B, p^12 / p^6, big-endian
  localparam logic [1:0] VAR_ASCON128A = 2'd1;  // Ascon-128a v1.2: rate 16 B, p^12 / p^8, big-endian
  localparam logic [1:0] VAR_AEAD128 = 2'd2;    // Ascon-AEAD128 (SP 800-232): rate 16 B, little-endian

  // Initial values (word x0 before p^a).
  localparam logic [63:0] IV_ASCON128 = 64'h80400c0600000000;
  localparam logic [63:0] IV_ASCON128A = 64'h80800c0800000000;
  localparam logic [63:0] IV_AEAD128 = 64'h00001000808c0001;

  // Variant sets (a VARIANTS parameter: bit v set = variant code v built in).
  // The code the core runs for v: v itself when built, else the lowest built variant.
  function automatic logic variant_built(input logic [2:0] vars, input logic [1:0] v);
    variant_built = v != 2'd3 && vars[v];
  endfunction

  function automatic logic [1:0] built_variant(input logic [2:0] vars, input logic [1:0] v);
    if (variant_built(vars, v)) built_variant = v;
    else if (vars[0]) built_variant = VAR_ASCON128;
    else if (vars[1]) built_variant = VAR_ASCON128A;
    else built_variant = VAR_AEAD128;
  endfunction

  // 16-byte rate; a constant when every built variant agrees.
  function automatic logic var_rate16(input logic [2:0] vars, input logic [1:0] v);
    if (!vars[0]) var_rate16 = 1'b1;
    else if (vars[2:1] == 2'b00) var_rate16 = 1'b0;
    else var_rate16 = v != VAR_ASCON128;
  endfunction

  // SP 800-232 byte order and padding; a constant when every built variant agrees.
  function automatic logic var_le(input logic [2:0] vars, input logic [1:0] v);
    if (!vars[2]) var_le = 1'b0;
    else if (vars[1:0] == 2'b00) var_le = 1'b1;
    else var_le = v == VAR_AEAD128;
  endfunction

  function automatic logic [63:0] var_iv(input logic [1:0] v);
    case (v)
      VAR_ASCON128: var_iv = IV_ASCON128;
      VAR_ASCON128A: var_iv = IV_ASCON128A;
      default: var_iv = IV_AEAD128;
    endcase
  endfunction

  // Phase codes (STATUS[6:4], debug port, cycle counters).
  localparam logic [2:0] PH_IDLE = 3'd0;
  localparam logic [2:0] PH_LOAD = 3'd1;   // state loaded (IV||K||N, or the injected state)
  localparam logic [2:0] PH_INIT = 3'd2;   // p^12 of the initialisation, key added at its end
  localparam logic [2:0] PH_AD = 3'd3;     // associated-data blocks absorbed, p^b after each
  localparam logic [2:0] PH_DATA = 3'd4;   // plaintext / ciphertext blocks, p^b after each full one
  localparam logic [2:0] PH_FINAL = 3'd5;  // last block, key addition, p^12, tag

  // The paper's Table 1: the 5-bit S-box as a lookup table, x = {x0[j],x1[j],x2[j],x3[j],x4[j]}
  // (x0 the most significant bit), for x = 0..1f:
  //   4 b 1f 14 1a 15 9 2 1b 5 8 12 1d 3 6 1c 1e 13 7 e 0 d 11 18 10 c 1 19 16 a f 17
  // Synthesis maps each output bit to one 5-input LUT.
  function automatic logic [4:0] sbox(input logic [4:0] x);
    case (x)
      5'h00: sbox = 5'h04;
      5'h01: sbox = 5'h0b;
      5'h02: sbox = 5'h1f;
      5'h03: sbox = 5'h14;
      5'h04: sbox = 5'h1a;
      5'h05: sbox = 5'h15;
      5'h06: sbox = 5'h09;
      5'h07: sbox = 5'h02;
      5'h08: sbox = 5'h1b;
      5'h09: sbox = 5'h05;
      5'h0a: sbox = 5'h08;
      5'h0b: sbox = 5'h12;
      5'h0c: sbox = 5'h1d;
      5'h0d: sbox = 5'h03;
      5'h0e: sbox = 5'h06;
      5'h0f: sbox = 5'h1c;
      5'h10: sbox = 5'h1e;
      5'h11: sbox = 5'h13;
      5'h12: sbox = 5'h07;
      5'h13: sbox = 5'h0e;
      5'h14: sbox = 5'h00;
      5'h15: sbox = 5'h0d;
      5'h16: sbox = 5'h11;
      5'h17: sbox = 5'h18;
      5'h18: sbox = 5'h10;
      5'h19: sbox = 5'h0c;
      5'h1a: sbox = 5'h01;
      5'h1b: sbox = 5'h19;
      5'h1c: sbox = 5'h16;
      5'h1d: sbox = 5'h0a;
      5'h1e: sbox = 5'h0f;
      default: sbox = 5'h17;
    endcase
  endfunction

  // Sigma_i of the linear diffusion: x ^ (x >>> a) ^ (x >>> b).
  function automatic logic [63:0] sigma(input logic [63:0] x, input int a, input int b);
    sigma = x ^ ((x >> a) | (x << (64 - a))) ^ ((x >> b) | (x << (64 - b)));
  endfunction

  function automatic logic [31:0] bswap32(input logic [31:0] w);
    bswap32 = {w[7:0], w[15:8], w[23:16], w[31:24]};
  endfunction

  // Byte expansion: bus word i (0..3) of a block -> its 32 bits of the rate {lane0, lane1}.
  // v1.2 loads bytes big-endian (byte 0 = most significant of lane0); SP 800-232 little-endian.
  function automatic logic [127:0] word_to_rate(input logic [31:0] w, input logic [1:0] i,
                                                input logic le);
    logic [31:0] b;
    b = le ? w : bswap32(w);
    case ({le, i})
      3'b000: word_to_rate = {b, 96'b0};
      3'b001: word_to_rate = {32'b0, b, 64'b0};
      3'b010: word_to_rate = {64'b0, b, 32'b0};
      3'b011: word_to_rate = {96'b0, b};
      3'b100: word_to_rate = {32'b0, b, 64'b0};
      3'b101: word_to_rate = {b, 96'b0};
      3'b110: word_to_rate = {96'b0, b};
      default: word_to_rate = {64'b0, b, 32'b0};
    endcase
  endfunction

  // Four bus words {w3, w2, w1, w0} -> rate {lane0, lane1} (keys, nonces, expected tags).
  function automatic logic [127:0] words_to_rate(input logic [127:0] w, input logic le);
    words_to_rate = word_to_rate(w[31:0], 2'd0, le) | word_to_rate(w[63:32], 2'd1, le) |
                    word_to_rate(w[95:64], 2'd2, le) | word_to_rate(w[127:96], 2'd3, le);
  endfunction

  // Inverse of words_to_rate: rate {lane0, lane1} -> bus words {w3, w2, w1, w0}.
  function automatic logic [127:0] rate_to_words(input logic [127:0] r, input logic le);
    logic [127:0] w;
    if (le) w = {r[63:32], r[31:0], r[127:96], r[95:64]};
    else w = {bswap32(r[31:0]), bswap32(r[63:32]), bswap32(r[95:64]), bswap32(r[127:96])};
    rate_to_words = w;
  endfunction

  // Byte mask of the first len (0..16) bytes of a block, in rate layout.
  function automatic logic [127:0] rate_mask(input logic [4:0] len, input logic le);
    logic [127:0] m;
    m = '0;
    for (int k = 0; k < 16; k++) begin
      if (5'(k) < len) begin
        if (le) m[(k < 8 ? 64 + 8 * k : 8 * (k - 8)) +: 8] = 8'hff;
        else m[(120 - 8 * k) +: 8] = 8'hff;
      end
    end
    rate_mask = m;
  endfunction

endpackage
