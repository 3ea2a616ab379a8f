#include "platform.h"

/* Spike's host interface: it polls tohost; fromhost answers a request. */
volatile uint64_t tohost __attribute__((section(".tohost"), aligned(64)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(64)));

#define UART_BASE 0x10000000u       /* QEMU virt: NS16550A */
#define SIFIVE_TEST_BASE 0x100000u  /* QEMU virt: writes end the emulator */

static char out_buf[256];
static uint32_t out_len;

int rs_on_spike(void) {
    uint32_t id;
    RS_CSRR(id, marchid);
    return id == 5; /* Spike's registered architecture id */
}

static void spike_write(const char *p, uint32_t n) {
    /* riscv-tests' syscall interface: SYS_write(1, p, n) through a magic memory block. */
    static volatile uint64_t magic[8] __attribute__((aligned(64)));
    magic[0] = 64;
    magic[1] = 1;
    magic[2] = (uintptr_t)p;
    magic[3] = n;
    __sync_synchronize();
    tohost = (uintptr_t)magic; /* the upper word is 0: device 0, command 0 */
    while (fromhost == 0) {
    }
    fromhost = 0;
}

void rs_flush(void) {
    if (out_len == 0) return;
    if (rs_on_spike()) {
        spike_write(out_buf, out_len);
    } else {
        volatile uint8_t *uart = (volatile uint8_t *)UART_BASE;
        for (uint32_t i = 0; i < out_len; ++i) {
            while ((uart[5] & 0x20) == 0) { /* wait for an empty transmit register */
            }
            uart[0] = (uint8_t)out_buf[i];
        }
    }
    out_len = 0;
}

void rs_putc(char c) {
    out_buf[out_len++] = c;
    if (c == '\n' || out_len == sizeof out_buf) rs_flush();
}

void rs_puts(const char *s) {
    while (*s) rs_putc(*s++);
}

void rs_put_u64(uint64_t v) {
    char d[24];
    int n = 0;
    do {
        d[n++] = (char)('0' + (int)(v % 10));
        v /= 10;
    } while (v);
    while (n) rs_putc(d[--n]);
}

void rs_put_hex(const uint8_t *p, uint32_t n) {
    static const char digits[] = "0123456789abcdef";
    for (uint32_t i = 0; i < n; ++i) {
        rs_putc(digits[p[i] >> 4]);
        rs_putc(digits[p[i] & 15]);
    }
}

void rs_exit(int status) {
    static int exiting;
    if (!exiting) { /* a trap while exiting must not overwrite the status */
        exiting = 1;
        rs_flush();
        if (rs_on_spike()) {
            tohost = ((uint64_t)(uint32_t)status << 1) | 1; /* Spike: exit(status) */
        } else {
            volatile uint32_t *test = (volatile uint32_t *)SIFIVE_TEST_BASE;
            *test = status == 0 ? 0x5555u : (((uint32_t)status << 16) | 0x3333u); /* QEMU: exit(status) */
        }
    }
    for (;;) {
    }
}
