/* LEA-128 CTR on RV32I, paper 003's variants. Every function:
 *   a0 = round keys (24 x 6 words), a1 = struct lea_ctr_state {x0, x1, x2, c}, a2 = in, a3 = out (word
 *   aligned), a4 = full blocks, a5 = struct lea_ctr_pre (precomputed variants).
 * Per block: X3 = bswap(c) (the big-endian counter's low word, loaded little-endian), 24 rounds, out = in ^ X,
 * c += 1 (no carry: lea128_ctr splits at a wrap).
 *   lea128_ctr_blocks_plain      every round from the counter block, the words moved through s0..s3.
 *   lea128_ctr_blocks_pre        rounds 1..4 start from the counter-independent words (lea128_precompute).
 *   lea128_ctr_blocks_pre_fixed  the same, and no moves: each round writes X2', X1', X0' over the words
 *                                it no longer needs, so the registers' roles rotate (every 4 rounds). */

    .text

/* rd = rs rotated left by n (RV32I has no rotate). */
.macro ROL rd, rs, n, tmp
    slli \tmp, \rs, \n
    srli \rd, \rs, (32 - \n)
    or \rd, \rd, \tmp
.endm
.macro ROR rd, rs, n, tmp
    srli \tmp, \rs, \n
    slli \rd, \rs, (32 - \n)
    or \rd, \rd, \tmp
.endm

/* rd = bswap(rs); a7 = 0xff00, t6 = 0xff0000. */
.macro BSWAP rd, rs
    srli t0, \rs, 24
    srli t1, \rs, 8
    and t1, t1, a7
    or t0, t0, t1
    slli t1, \rs, 8
    and t1, t1, t6
    or t0, t0, t1
    slli t1, \rs, 24
    or \rd, t0, t1
.endm

/* One round with the words moved: (s0, s1, s2, s3) <- round(s0, s1, s2, s3), keys at off(a0). */
.macro ROUND_MV off
    lw t0, \off(a0)
    lw t1, \off+4(a0)
    xor t0, s0, t0
    xor t1, s1, t1
    add t0, t0, t1
    ROL t0, t0, 9, t1
    lw t1, \off+8(a0)
    lw t2, \off+12(a0)
    xor t1, s1, t1
    xor t2, s2, t2
    add t1, t1, t2
    ROR t1, t1, 5, t2
    lw t2, \off+16(a0)
    lw t3, \off+20(a0)
    xor t2, s2, t2
    xor t3, s3, t3
    add t2, t2, t3
    ROR t2, t2, 3, t3
    mv s3, s0
    mv s0, t0
    mv s1, t1
    mv s2, t2
.endm

/* One round in place, no moves: state (A, B, C, D) -> (B, C, D, A). X2' goes into D (old X3 is read
 * for it last), then X1' into C (old X2 is no longer needed), then X0' into B (old X1 likewise); old X0
 * stays in A and is the new X3. The pattern repeats every 4 rounds, as in paper 003. */
.macro ROUND_FX off, A, B, C, D
    lw t0, \off+16(a0)
    lw t1, \off+20(a0)
    xor t0, \C, t0
    xor t1, \D, t1
    add \D, t0, t1
    ROR \D, \D, 3, t1
    lw t0, \off+8(a0)
    lw t1, \off+12(a0)
    xor t0, \B, t0
    xor t1, \C, t1
    add \C, t0, t1
    ROR \C, \C, 5, t1
    lw t0, \off(a0)
    lw t1, \off+4(a0)
    xor t0, \A, t0
    xor t1, \B, t1
    add \B, t0, t1
    ROL \B, \B, 9, t1
.endm

/* Rounds 1..3 from the precomputed words (a5): X3 in s3; leaves X3[0..2] in s0, s1, s2 (X3[3] = x2_0).
 * pre = {p1, q, r, s, t, u, x2_0} at 0, 4, ..., 24(a5), kept in s4..s9 and s11 by the prologue. */
.macro ROUNDS_1_TO_3_PRE
    /* round 1: X1[2] = ROR3(p1 + (X3 ^ RK0[5])) */
    lw t0, 20(a0)
    xor t0, s3, t0
    add t0, s4, t0
    ROR s2, t0, 3, t1            /* s2 = X1[2] */
    /* round 2: X2[1] = ROR5(q + (X1[2] ^ RK1[3])), X2[2] = ROR3((X1[2] ^ RK1[4]) + r) */
    lw t0, 36(a0)
    xor t0, s2, t0
    add t0, s5, t0
    ROR s1, t0, 5, t1            /* s1 = X2[1] */
    lw t0, 40(a0)
    xor t0, s2, t0
    add t0, t0, s6
    ROR s2, t0, 3, t1            /* s2 = X2[2] */
    /* round 3: X3[0] = ROL9(s + (X2[1] ^ RK2[1])), X3[1] = ROR5((X2[1]^RK2[2]) + (X2[2]^RK2[3])),
     *          X3[2] = ROR3((X2[2] ^ RK2[4]) + t), X3[3] = X2[0] */
    lw t0, 52(a0)
    xor t0, s1, t0
    add t0, s7, t0
    ROL s0, t0, 9, t1            /* s0 = X3[0] */
    lw t0, 56(a0)
    lw t1, 60(a0)
    xor t0, s1, t0
    xor t1, s2, t1
    add t0, t0, t1
    ROR s1, t0, 5, t1            /* s1 = X3[1] */
    lw t0, 64(a0)
    xor t0, s2, t0
    add t0, t0, s8
    ROR s2, t0, 3, t1            /* s2 = X3[2] */
.endm

.macro ROUND_4_PRE_MV
    /* round 4: X4[0], X4[1] as usual, X4[2] = ROR3((X3[2] ^ RK3[4]) + u), X4[3] = X3[0] */
    lw t0, 72(a0)
    lw t1, 76(a0)
    xor t0, s0, t0
    xor t1, s1, t1
    add t0, t0, t1
    ROL t0, t0, 9, t1
    lw t1, 80(a0)
    lw t2, 84(a0)
    xor t1, s1, t1
    xor t2, s2, t2
    add t1, t1, t2
    ROR t1, t1, 5, t2
    lw t2, 88(a0)
    xor t2, s2, t2
    add t2, t2, s9
    ROR t2, t2, 3, t3
    mv s3, s0
    mv s0, t0
    mv s1, t1
    mv s2, t2
.endm

.macro ROUND_4_PRE_FX
    /* round 4 in place: X4[2] into s3 (free: X3[3] is the constant x2_0, its key half is u), X4[1] into
     * s2, X4[0] into s1; the state is (s1, s2, s3, s0) */
    lw t0, 88(a0)
    xor t0, s2, t0
    add s3, t0, s9
    ROR s3, s3, 3, t1
    lw t0, 80(a0)
    lw t1, 84(a0)
    xor t0, s1, t0
    xor t1, s2, t1
    add s2, t0, t1
    ROR s2, s2, 5, t1
    lw t0, 72(a0)
    lw t1, 76(a0)
    xor t0, s0, t0
    xor t1, s1, t1
    add s1, t0, t1
    ROL s1, s1, 9, t1
.endm

/* Saves s0..s11, loads the counter state (x0..x2 in a1's words, c in a6) and the bswap masks. */
.macro PROLOGUE
    addi sp, sp, -48
    sw s0, 0(sp)
    sw s1, 4(sp)
    sw s2, 8(sp)
    sw s3, 12(sp)
    sw s4, 16(sp)
    sw s5, 20(sp)
    sw s6, 24(sp)
    sw s7, 28(sp)
    sw s8, 32(sp)
    sw s9, 36(sp)
    sw s10, 40(sp)
    sw s11, 44(sp)
    lw a6, 12(a1)
    li a7, 0xff00
    li t6, 0xff0000
.endm

.macro EPILOGUE
    sw a6, 12(a1)
    lw s0, 0(sp)
    lw s1, 4(sp)
    lw s2, 8(sp)
    lw s3, 12(sp)
    lw s4, 16(sp)
    lw s5, 20(sp)
    lw s6, 24(sp)
    lw s7, 28(sp)
    lw s8, 32(sp)
    lw s9, 36(sp)
    lw s10, 40(sp)
    lw s11, 44(sp)
    addi sp, sp, 48
    ret
.endm

/* out = in ^ (W0, W1, W2, W3); next block; c += 1; loop while blocks remain. */
.macro STORE_NEXT W0, W1, W2, W3, loop
    lw t0, 0(a2)
    lw t1, 4(a2)
    lw t2, 8(a2)
    lw t3, 12(a2)
    xor t0, t0, \W0
    xor t1, t1, \W1
    xor t2, t2, \W2
    xor t3, t3, \W3
    sw t0, 0(a3)
    sw t1, 4(a3)
    sw t2, 8(a3)
    sw t3, 12(a3)
    addi a2, a2, 16
    addi a3, a3, 16
    addi a6, a6, 1
    addi a4, a4, -1
    bnez a4, \loop
.endm

/* Precomputed words into s4..s9, s11. */
.macro LOAD_PRE
    lw s4, 0(a5)
    lw s5, 4(a5)
    lw s6, 8(a5)
    lw s7, 12(a5)
    lw s8, 16(a5)
    lw s9, 20(a5)
    lw s11, 24(a5)
.endm

    .globl lea128_ctr_blocks_plain
lea128_ctr_blocks_plain:
    PROLOGUE
    beqz a4, 2f
1:  lw s0, 0(a1)
    lw s1, 4(a1)
    lw s2, 8(a1)
    BSWAP s3, a6
    .set off, 0
    .rept 24
    ROUND_MV off
    .set off, off + 24
    .endr
    STORE_NEXT s0, s1, s2, s3, 1b
2:  EPILOGUE

    .globl lea128_ctr_blocks_pre
lea128_ctr_blocks_pre:
    PROLOGUE
    LOAD_PRE
    beqz a4, 2f
1:  BSWAP s3, a6
    ROUNDS_1_TO_3_PRE
    ROUND_4_PRE_MV
    .set off, 96
    .rept 20
    ROUND_MV off
    .set off, off + 24
    .endr
    STORE_NEXT s0, s1, s2, s3, 1b
2:  EPILOGUE

    .globl lea128_ctr_blocks_pre_fixed
lea128_ctr_blocks_pre_fixed:
    PROLOGUE
    LOAD_PRE
    beqz a4, 2f
1:  BSWAP s3, a6
    ROUNDS_1_TO_3_PRE
    ROUND_4_PRE_FX
    /* Rounds 5..24 in place from (s1, s2, s3, s0): the registers' roles repeat every 4 rounds. */
    .set off, 96
    .rept 5
    ROUND_FX off, s1, s2, s3, s0
    ROUND_FX off + 24, s2, s3, s0, s1
    ROUND_FX off + 48, s3, s0, s1, s2
    ROUND_FX off + 72, s0, s1, s2, s3
    .set off, off + 96
    .endr
    /* After round 24 the state is back in (s1, s2, s3, s0). */
    STORE_NEXT s1, s2, s3, s0, 1b
2:  EPILOGUE
