/* Ascon-AEAD128 (NIST SP 800-232) encryption on RV32, in C: out gets len bytes and the 16-byte tag. */
#ifndef RS_ASCON_H
#define RS_ASCON_H

#include <stdint.h>

void ascon_aead128_encrypt(const uint8_t key[16], const uint8_t nonce[16], const uint8_t* ad, uint32_t ad_len,
                           const uint8_t* in, uint32_t len, uint8_t* out, uint8_t tag[16]);

#endif
