/* The toy back end's device code: LEA-128 (KS X 3246) as one small C routine, the way a device programmer
 * writes it for a new target (a kernel, an RV32 program, firmware). It knows nothing of RoundScope: the
 * driver (toydevice.h) calls it with bytes, the runner (toyrunner.h) times it, and the oracle judges it. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Encrypts `len` bytes (a multiple of 16) block by block (ECB) under the 16-byte key. */
void toy_lea128_ecb(const uint8_t key[16], const uint8_t* in, uint8_t* out, size_t len);

/** Encrypts `len` bytes (any length) in CTR mode: the 16-byte counter block `iv` is incremented as a 128-bit
 *  big-endian integer after every block. */
void toy_lea128_ctr(const uint8_t key[16], const uint8_t iv[16], const uint8_t* in, uint8_t* out, size_t len);

#ifdef __cplusplus
}
#endif
