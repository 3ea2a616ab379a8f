/* The IP driver: one Ascon operation through the AXI4-Lite register map (hw/rtl/REGISTERS.md), streaming
 * both FIFOs when the data does not fit them. */
#ifndef RS_ASCON_IP_H
#define RS_ASCON_IP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ascon_ip_op {
    int variant, decrypt, precomputed;
    const uint8_t *key, *nonce;
    const uint64_t* state; /* precomputed: x0..x4 after initialisation (nonce unused) */
    const uint8_t* ad;
    uint32_t ad_len;
    const uint8_t* in;
    uint32_t len;
    const uint8_t* tag; /* decrypt: the expected tag */
    uint8_t* out;       /* len bytes (+ the 16-byte tag when encrypting) */
};

enum { ASCON_IP_OK = 0, ASCON_IP_AUTH_FAIL = 1, ASCON_IP_TIMEOUT = -1 };

/** Runs the operation; *cycles gets the core's CYCLES register (summed over both passes of a
 * verify-first decryption). On AUTH_FAIL the IP released no plaintext and out is zeroed. */
int ascon_ip_run(const struct ascon_ip_op* op, uint32_t* cycles);
/** CTRL.CLEAR: empties the FIFOs and clears DONE / AUTH_FAIL. */
void ascon_ip_clear(void);

#ifdef __cplusplus
}
#endif

#endif
