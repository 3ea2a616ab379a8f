#include "ascon_ip.h"

#include "hal.h"

#define R_CTRL 0x00
#define R_CONFIG 0x04
#define R_STATUS 0x08
#define R_AD_LEN 0x0c
#define R_MSG_LEN 0x10
#define R_CYCLES 0x14
#define R_KEY 0x30
#define R_NONCE 0x40
#define R_STATE 0x50
#define R_DIN 0x80
#define R_DOUT 0x84
#define R_TAG 0x90
#define ST_DONE 2u
#define ST_AUTH_FAIL 4u
#define CFG_DECRYPT 0x10u
#define CFG_PRECOMP 0x20u
#define CFG_VERIFY_FIRST 0x100u
#define IN_DEPTH 32u
#define OUT_DEPTH 32u
#define POLL_LIMIT 100000u

/* Bytes to bus words, little-endian; a whole word without the byte loop (most of a message's words). */
static uint32_t word_of(const uint8_t *p, uint32_t n, uint32_t i) {
    const uint8_t *q = p + 4 * i;
    if (4 * i + 4 <= n) return (uint32_t)q[0] | (uint32_t)q[1] << 8 | (uint32_t)q[2] << 16 | (uint32_t)q[3] << 24;
    uint32_t w = 0;
    for (uint32_t j = 0; 4 * i + j < n; ++j) w |= (uint32_t)q[j] << (8 * j);
    return w;
}

static void put_word(uint8_t *p, uint32_t n, uint32_t i, uint32_t w) {
    uint8_t *q = p + 4 * i;
    if (4 * i + 4 <= n) {
        q[0] = (uint8_t)w, q[1] = (uint8_t)(w >> 8), q[2] = (uint8_t)(w >> 16), q[3] = (uint8_t)(w >> 24);
        return;
    }
    for (uint32_t j = 0; 4 * i + j < n; ++j) q[j] = (uint8_t)(w >> (8 * j));
}

void ascon_ip_clear(void) {
    hal_ip_write(R_CTRL, 2u);
}

int ascon_ip_run(const struct ascon_ip_op *op, uint32_t *cycles) {
    const uint32_t ad_words = (op->ad_len + 3) / 4, msg_words = (op->len + 3) / 4, in_words = ad_words + msg_words;
    uint32_t cfg = (uint32_t)op->variant;
    if (op->decrypt) cfg |= CFG_DECRYPT;
    if (op->precomputed) cfg |= CFG_PRECOMP;
    ascon_ip_clear();
    hal_ip_write(R_CONFIG, cfg);
    hal_ip_write(R_AD_LEN, op->ad_len);
    hal_ip_write(R_MSG_LEN, op->len);
    for (uint32_t i = 0; i < 4; ++i) hal_ip_write(R_KEY + 4 * i, word_of(op->key, 16, i));
    if (op->precomputed) {
        for (uint32_t i = 0; i < 10; ++i)
            hal_ip_write(R_STATE + 4 * i, (uint32_t)(i % 2 ? op->state[i / 2] >> 32 : op->state[i / 2]));
    } else {
        for (uint32_t i = 0; i < 4; ++i) hal_ip_write(R_NONCE + 4 * i, word_of(op->nonce, 16, i));
    }
    if (op->decrypt)
        for (uint32_t i = 0; i < 4; ++i) hal_ip_write(R_TAG + 4 * i, word_of(op->tag, 16, i));
    /* The input: the AD words, then the message words (each starts on a new word). A decryption
     * longer than the output FIFO runs twice (CONFIG.VERIFY_FIRST): the first pass checks the tag
     * and releases nothing, the second streams the plaintext of the same words. */
    const uint32_t passes = (op->decrypt && msg_words > OUT_DEPTH) ? 2u : 1u;
    if (passes == 2) hal_ip_write(R_CONFIG, cfg | CFG_VERIFY_FIRST);
    uint32_t status = 0, core_cycles = 0;
#define NEXT_IN(k) ((k) < ad_words ? word_of(op->ad, op->ad_len, (k)) : word_of(op->in, op->len, (k)-ad_words))
    for (uint32_t pass = 1; pass <= passes; ++pass) {
        const uint32_t want = (passes == 2 && pass == 1) ? 0u : msg_words;
        uint32_t sent = 0, got = 0, polls = 0;
        for (; sent < in_words && sent < IN_DEPTH; ++sent) hal_ip_write(R_DIN, NEXT_IN(sent));
        hal_ip_write(R_CTRL, 1u);
        for (;;) {
            status = hal_ip_read(R_STATUS);
            for (uint32_t n = (status >> 16) & 0xff; n > 0 && got < want; --n, ++got)
                put_word(op->out, op->len, got, hal_ip_read(R_DOUT));
            for (uint32_t n = (status >> 8) & 0xff; n > 0 && sent < in_words; --n, ++sent)
                hal_ip_write(R_DIN, NEXT_IN(sent));
            if ((status & ST_DONE) && (got == want || (status & ST_AUTH_FAIL))) break;
            if (++polls > POLL_LIMIT + 64 * (in_words + msg_words)) return ASCON_IP_TIMEOUT;
        }
        core_cycles += hal_ip_read(R_CYCLES);
        if (status & ST_AUTH_FAIL) break;
    }
#undef NEXT_IN
    if (cycles) *cycles = core_cycles;
    if (op->decrypt && (status & ST_AUTH_FAIL)) {
        /* The IP released nothing; clear what the buffer may hold from an earlier use. */
        for (uint32_t i = 0; i < op->len; ++i) op->out[i] = 0;
        return ASCON_IP_AUTH_FAIL;
    }
    if (op->decrypt) return ASCON_IP_OK;
    for (uint32_t i = 0; i < 4; ++i) put_word(op->out + op->len, 16, i, hal_ip_read(R_TAG + 4 * i));
    return ASCON_IP_OK;
}
