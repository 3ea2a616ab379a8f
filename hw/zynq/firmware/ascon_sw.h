/* The "ARM software" baseline: Ascon AEAD in plain C (Ascon-128 and Ascon-128a v1.2, Ascon-AEAD128 of
 * SP 800-232), the variants the IP runs. */
#ifndef RS_ASCON_SW_H
#define RS_ASCON_SW_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { ASCON_128 = 0, ASCON_128A = 1, ASCON_AEAD128 = 2 }; /* the IP's CONFIG variant codes */

/** out gets len bytes then the 16-byte tag; returns 0, or -1 for an unknown variant. */
int ascon_sw_encrypt(int variant, const uint8_t key[16], const uint8_t nonce[16], const uint8_t* ad,
                     uint32_t ad_len, const uint8_t* in, uint32_t len, uint8_t* out);
/** out gets len bytes of plaintext; returns 0, 1 when the tag does not match (out is zeroed), -1 for a bad
 *  variant. */
int ascon_sw_decrypt(int variant, const uint8_t key[16], const uint8_t nonce[16], const uint8_t* ad,
                     uint32_t ad_len, const uint8_t* in, uint32_t len, const uint8_t tag[16], uint8_t* out);

#ifdef __cplusplus
}
#endif

#endif
