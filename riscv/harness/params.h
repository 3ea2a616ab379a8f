/* The run's parameters, in section .rsparams: the host writes them into a copy of the ELF (see
 * riscv/runner/riscvprogram.cpp), so one image serves every run on QEMU and on Spike. */
#ifndef RS_PARAMS_H
#define RS_PARAMS_H

#include <stdint.h>

#define RS_PARAMS_MAGIC 0x31505352u /* "RSP1" */
#define RS_MAX_DATA 65536u          /* message + associated data */

struct rs_params {
    uint32_t magic;
    uint32_t kernel;    /* index into the kernel table (riscv/harness/main.c) */
    uint32_t msg_len;   /* message bytes */
    uint32_t ad_len;    /* associated data bytes, after the message in data[] */
    uint32_t key_len;   /* bytes of key[] used */
    uint32_t nonce_len; /* bytes of nonce[] used */
    uint8_t key[32];
    uint8_t nonce[16];
    uint8_t data[RS_MAX_DATA];
};

extern const volatile struct rs_params rs_params;

#endif
