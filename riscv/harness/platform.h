/* The RV32 harness: output (QEMU virt's UART, or Spike's HTIF console), exit (Spike's tohost and QEMU's
 * sifive_test device: the same ELF ends on both), and the instret/cycle counters. */
#ifndef RS_PLATFORM_H
#define RS_PLATFORM_H

#include <stdint.h>

/** 1 on Spike (marchid 5), 0 elsewhere (QEMU). */
int rs_on_spike(void);
void rs_putc(char c);
void rs_puts(const char* s);
void rs_put_u64(uint64_t v);
void rs_put_hex(const uint8_t* p, uint32_t n);
/** Sends what rs_putc buffered (Spike writes whole lines). */
void rs_flush(void);
void rs_exit(int status) __attribute__((noreturn));

/* csrr with Zicsr enabled for this one instruction: the multilibs are chosen by -march=rv32i/rv32im. */
#define RS_CSRR(var, csr)                                                                                    \
    __asm__ volatile(".option push\n.option arch, +zicsr\ncsrr %0, " #csr "\n.option pop" : "=r"(var))

static inline uint64_t rs_instret(void) {
    uint32_t hi, lo, hi2;
    do {
        RS_CSRR(hi, minstreth);
        RS_CSRR(lo, minstret);
        RS_CSRR(hi2, minstreth);
    } while (hi != hi2);
    return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t rs_cycle(void) {
    uint32_t hi, lo, hi2;
    do {
        RS_CSRR(hi, mcycleh);
        RS_CSRR(lo, mcycle);
        RS_CSRR(hi2, mcycleh);
    } while (hi != hi2);
    return ((uint64_t)hi << 32) | lo;
}

#endif
