#include "firmware.h"

#include <string.h>

#include "ascon_ip.h"
#include "ascon_sw.h"
#include "hal.h"
#include "protocol.h"

/* The build variants (hw/zynq/firmware/build-arm.sh), for measuring what each path costs in memory:
 * both paths (the default), the software path only, the IP driver only, or neither. */
#ifndef RS_FW_SW
#define RS_FW_SW 1
#endif
#ifndef RS_FW_IP
#define RS_FW_IP 1
#endif

static struct {
    int have_key, have_nonce, have_state, variant;
    uint8_t key[16], nonce[16];
    uint64_t state[5];
    int have_last;
    uint16_t last_seq;
    uint8_t last_type;
    uint32_t last_len;
} fw;

static struct rsb_rx rx;
static uint8_t payload[RSB_MAX_PAYLOAD];
static uint8_t scratch[RSB_MAX_PAYLOAD];
static uint8_t body[RSB_MAX_BODY];
/* The last answer as sent (a leading 0x00, then the frame), for retransmissions. */
static uint8_t last_frame[1 + RSB_MAX_FRAME];
static uint8_t work[RSB_MAX_BODY];

#define ERROR_TEXT 128

void fw_init(void) {
    memset(&fw, 0, sizeof fw);
    rsb_rx_init(&rx);
}

/* Builds a frame into out with a leading 0x00: whatever the host's receiver holds (boot text, the rest
 * of a damaged frame) ends there, so this frame never merges with it. Returns 0 when the body does not fit
 * a frame. */
static uint32_t build(uint8_t type, uint16_t seq, const uint8_t* b, uint32_t n, uint8_t* out) {
    const size_t len = rsb_build(type, seq, b, n, scratch, out + 1);
    out[0] = 0;
    return len ? (uint32_t)len + 1 : 0;
}

static uint32_t error_body(uint8_t* e, uint8_t req, uint16_t code, const char* msg) {
    rsb_put16(e, code);
    e[2] = req;
    uint32_t n = 3;
    while (*msg && n < ERROR_TEXT)
        e[n++] = (uint8_t)*msg++;
    return n;
}

static void send_error(uint16_t seq, uint8_t req, uint16_t code, const char* msg);

/* An answer, kept for a retransmission of its request. */
static void send(uint8_t type, uint16_t seq, const uint8_t* b, uint32_t n) {
    const uint32_t len = build(type, seq, b, n, last_frame);
    if (len == 0) { /* no command answers more than a frame holds; should one ever, it says so */
        send_error(seq, (uint8_t)(type & ~RSB_RESPONSE), RSB_E_BAD_LENGTH, "answer larger than a frame");
        return;
    }
    fw.have_last = 1, fw.last_seq = seq, fw.last_len = len;
    hal_uart_write(last_frame, len);
}

static void send_error(uint16_t seq, uint8_t req, uint16_t code, const char* msg) {
    uint8_t e[ERROR_TEXT];
    send(RSB_ERROR, seq, e, error_body(e, req, code, msg));
}

/* The answer to a damaged line: not cached, and the cached answer stays, so a retransmission of the
 * last request is still answered without running it twice. */
static void send_damage(uint16_t seq, uint8_t req, uint16_t code, const char* msg) {
    static uint8_t frame[1 + RSB_MAX_FRAME];
    uint8_t e[ERROR_TEXT];
    hal_uart_write(frame, build(RSB_ERROR, seq, e, error_body(e, req, code, msg), frame));
}

#if !RS_FW_SW || !RS_FW_IP
/* A path left out of the build still takes its arguments, so the harness's buffers (filled for it and
 * answered from it) stay what they are in the full build: the variants then differ by the Ascon code
 * alone, not by buffers the compiler dropped. */
#define KEEP_ARGUMENTS()                                                                                    \
    __asm__ volatile("" : : "r"(decrypt), "r"(precomputed), "r"(variant), "r"(key), "r"(nonce), "r"(ad),  \
                     "r"(ad_len), "r"(in), "r"(len), "r"(tag), "r"(out)                                    \
                     : "memory")
#endif

/* One Ascon operation on the chosen path; returns 0, RSB_E_AUTH_FAIL, RSB_E_HW_TIMEOUT or RSB_E_NO_HW.
 * Never inlined: its three callers would each get a copy of whichever path is built, and the builds'
 * sizes should differ by the path's code once. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int crypt(int path, int decrypt, int precomputed, int variant, const uint8_t* key,
                 const uint8_t* nonce, const uint8_t* ad, uint32_t ad_len, const uint8_t* in, uint32_t len,
                 const uint8_t* tag, uint8_t* out, uint32_t* cycles) {
    *cycles = 0;
    if (path == RSB_PATH_SW) {
#if RS_FW_SW
        const int r = decrypt ? ascon_sw_decrypt(variant, key, nonce, ad, ad_len, in, len, tag, out)
                              : ascon_sw_encrypt(variant, key, nonce, ad, ad_len, in, len, out);
        hal_sw_done(variant, decrypt, ad_len, len);
        return r == 1 ? RSB_E_AUTH_FAIL : 0;
#else
        KEEP_ARGUMENTS();
        return RSB_E_NO_SW;
#endif
    }
#if RS_FW_IP
    if (!hal_ip_present()) return RSB_E_NO_HW;
    const struct ascon_ip_op op = {variant, decrypt, precomputed, key, nonce, fw.state,
                                   ad,      ad_len,  in,          len, tag,   out};
    const int r = ascon_ip_run(&op, cycles);
    if (r == ASCON_IP_TIMEOUT) return RSB_E_HW_TIMEOUT;
    return r == ASCON_IP_AUTH_FAIL ? RSB_E_AUTH_FAIL : 0;
#else
    KEEP_ARGUMENTS();
    return RSB_E_NO_HW;
#endif
}

static const char* error_text(int e) {
    switch (e) {
    case RSB_E_AUTH_FAIL:
        return "authentication failed";
    case RSB_E_HW_TIMEOUT:
        return "the IP did not finish";
    case RSB_E_NO_HW:
        return "no IP on this board (software path only)";
    case RSB_E_NO_SW:
        return "this firmware build has no software path";
    default:
        return "error";
    }
}

static void handle(const struct rsb_frame* f) {
    const uint8_t* b = f->body;
    const uint32_t n = f->len;
    const uint8_t rt = (uint8_t)(f->type | RSB_RESPONSE);
    switch (f->type) {
    case RSB_HELLO: {
        const uint32_t caps = (RS_FW_SW ? RSB_CAP_SW : 0u) | RSB_CAP_PRECOMPUTED |
                              (RS_FW_IP && hal_ip_present() ? RSB_CAP_HW : 0u);
        body[0] = RSB_VERSION;
        rsb_put32(body + 1, caps);
        body[5] = (uint8_t)(hal_ip_present() ? hal_ip_read(0x28) & 0xff : 0);
        const uint32_t name = (uint32_t)strlen(RS_FIRMWARE_NAME);
        memcpy(body + 6, RS_FIRMWARE_NAME, name);
        send(rt, f->seq, body, 6 + name);
        return;
    }
    case RSB_INFO: {
        rsb_put32(body, hal_time_hz());
        rsb_put32(body + 4, hal_pl_hz());
        body[8] = (uint8_t)(hal_ip_present() ? hal_ip_read(0x28) & 0xff : 0);
        body[9] = (uint8_t)hal_ip_present();
        const uint32_t name = (uint32_t)strlen(RS_FIRMWARE_NAME);
        memcpy(body + 10, RS_FIRMWARE_NAME, name);
        send(rt, f->seq, body, 10 + name);
        return;
    }
    case RSB_PING:
        send(rt, f->seq, b, n);
        return;
    case RSB_LOAD_KEY:
        if (n != 17) break;
        if (b[0] > 2) {
            send_error(f->seq, f->type, RSB_E_BAD_VARIANT, "variant must be 0, 1 or 2");
            return;
        }
        fw.variant = b[0];
        memcpy(fw.key, b + 1, 16);
        fw.have_key = 1;
        send(rt, f->seq, 0, 0);
        return;
    case RSB_LOAD_NONCE:
        if (n != 16) break;
        memcpy(fw.nonce, b, 16);
        fw.have_nonce = 1;
        send(rt, f->seq, 0, 0);
        return;
    case RSB_LOAD_STATE:
        if (n != 40) break;
        for (int i = 0; i < 5; ++i)
            fw.state[i] = rsb_get64(b + 8 * i);
        fw.have_state = 1;
        send(rt, f->seq, 0, 0);
        return;
    case RSB_ENCRYPT:
    case RSB_DECRYPT: {
        const int dec = f->type == RSB_DECRYPT;
        if (n < 6) break;
        const uint32_t ad_len = rsb_get16(b + 2), len = rsb_get16(b + 4);
        if (n != 6 + ad_len + len + (dec ? 16u : 0u) || 12 + len + 16 > RSB_MAX_BODY) break;
        const int pre = (b[1] & RSB_FLAG_PRECOMPUTED) != 0;
        if (!fw.have_key || (!pre && !fw.have_nonce) || (pre && !fw.have_state)) {
            send_error(f->seq, f->type, RSB_E_NO_KEY, "load the key and the nonce (or the state) first");
            return;
        }
        if (pre && b[0] == RSB_PATH_SW) {
            send_error(f->seq, f->type, RSB_E_BAD_LENGTH, "the precomputed state is a hardware mode");
            return;
        }
        uint32_t cycles = 0;
        const uint64_t t0 = hal_time();
        const int e = crypt(b[0], dec, pre, fw.variant, fw.key, fw.nonce, b + 6, ad_len, b + 6 + ad_len, len,
                            dec ? b + 6 + ad_len + len : 0, body + 12, &cycles);
        const uint64_t t1 = hal_time();
        if (e) {
            send_error(f->seq, f->type, (uint16_t)e, error_text(e));
            return;
        }
        rsb_put64(body, t1 - t0);
        rsb_put32(body + 8, cycles);
        send(rt, f->seq, body, 12 + len + (dec ? 0u : 16u));
        return;
    }
    case RSB_KAT_BATCH: {
        if (n < 4) break;
        const int path = b[0], variant = b[1];
        const uint32_t count = rsb_get16(b + 2);
        if (variant > 2) {
            send_error(f->seq, f->type, RSB_E_BAD_VARIANT, "variant must be 0, 1 or 2");
            return;
        }
        /* Every record's lengths against the body (and the answer against a frame) before any is run:
         * a batch that does not add up is refused whole. */
        uint32_t at = 4, out = 10;
        for (uint32_t r = 0; r < count; ++r) {
            if (at + 36 > n) goto bad_length;
            const uint32_t ad_len = rsb_get16(b + at + 32), len = rsb_get16(b + at + 34);
            if (at + 36 + ad_len + len > n || out + len + 16 > RSB_MAX_BODY) goto bad_length;
            at += 36 + ad_len + len;
            out += len + 16;
        }
        if (at != n) goto bad_length;
        at = 4, out = 10;
        uint64_t ticks = 0;
        for (uint32_t r = 0; r < count; ++r) {
            const uint8_t *key = b + at, *nonce = b + at + 16;
            const uint32_t ad_len = rsb_get16(b + at + 32), len = rsb_get16(b + at + 34);
            uint32_t cycles;
            const uint64_t t0 = hal_time();
            const int e = crypt(path, 0, 0, variant, key, nonce, b + at + 36, ad_len, b + at + 36 + ad_len,
                                len, 0, body + out, &cycles);
            ticks += hal_time() - t0;
            if (e) {
                send_error(f->seq, f->type, (uint16_t)e, error_text(e));
                return;
            }
            at += 36 + ad_len + len;
            out += len + 16;
        }
        rsb_put16(body, (uint16_t)count);
        rsb_put64(body + 2, ticks);
        send(rt, f->seq, body, out);
        return;
    }
    case RSB_BENCH: {
        if (n != 7) break;
        const int path = b[0];
        const uint32_t size = rsb_get16(b + 1), count = rsb_get32(b + 3);
        if (!fw.have_key || !fw.have_nonce) {
            send_error(f->seq, f->type, RSB_E_NO_KEY, "load the key and the nonce first");
            return;
        }
        if (size + 16 > sizeof work || count > RSB_MAX_BENCH_COUNT) break;
        for (uint32_t i = 0; i < size; ++i)
            work[i] = (uint8_t)i;
        uint64_t cycles_total = 0, ticks = 0;
        static uint8_t out[RSB_MAX_BODY];
        for (uint32_t i = 0; i < count; ++i) {
            uint32_t cycles;
            const uint64_t t0 = hal_time();
            const int e = crypt(path, 0, 0, fw.variant, fw.key, fw.nonce, 0, 0, work, size, 0, out, &cycles);
            ticks += hal_time() - t0;
            if (e) {
                send_error(f->seq, f->type, (uint16_t)e, error_text(e));
                return;
            }
            cycles_total += cycles;
        }
        rsb_put64(body, ticks);
        rsb_put32(body + 8, hal_time_hz());
        rsb_put64(body + 12, cycles_total);
        rsb_put32(body + 20, count);
        rsb_put16(body + 24, (uint16_t)size);
        send(rt, f->seq, body, 26);
        return;
    }
    case RSB_RESET:
        fw_init();
#if RS_FW_IP
        if (hal_ip_present()) ascon_ip_clear();
#endif
        send(rt, f->seq, 0, 0);
        return;
    case RSB_STATS: {
        if (n != 0) break;
        uint32_t size = 0;
        const uint32_t used = hal_stack_used(&size);
        rsb_put32(body, size);
        rsb_put32(body + 4, used);
        rsb_put32(body + 8, (uint32_t)(RS_FW_SW ? RSB_CAP_SW : 0) | (RS_FW_IP ? RSB_CAP_HW : 0));
        send(rt, f->seq, body, 12);
        return;
    }
    default:
        send_error(f->seq, f->type, RSB_E_UNKNOWN_COMMAND, "unknown command");
        return;
    }
bad_length:
    send_error(f->seq, f->type, RSB_E_BAD_LENGTH, "body length does not match the command");
    return;
}

static void frame_done(const uint8_t* line, size_t n) {
    struct rsb_frame f;
    memset(&f, 0, sizeof f);
    /* Decoded into a frame-sized buffer, bounded by it: a line may be anything the wire delivered. */
    const int e = rsb_decode_frame(line, n, payload, sizeof payload, &f);
    if (e) {
        send_damage(f.seq, f.type, (uint16_t)e, e == RSB_E_BAD_CRC ? "CRC mismatch" : "bad frame");
        return;
    }
    /* A retransmission (same sequence number and command as the last one answered): the same answer,
     * not a second execution. HELLO always runs: it starts a session. */
    if (fw.have_last && f.seq == fw.last_seq && f.type == fw.last_type && f.type != RSB_HELLO) {
        hal_uart_write(last_frame, fw.last_len);
        return;
    }
    handle(&f);
    fw.last_type = f.type;
}

void fw_feed(uint8_t byte) {
    switch (rsb_rx_feed(&rx, byte)) {
    case RSB_RX_LINE:
        frame_done(rx.line, rx.len);
        break;
    case RSB_RX_OVERLONG: /* merged requests or noise, dropped up to this 0x00 */
        send_damage(0, 0, RSB_E_BAD_FRAME, "frame too long");
        break;
    default:
        break;
    }
}

void fw_loop(void) {
    for (;;) {
        const int c = hal_uart_getc(1000);
        if (c >= 0) fw_feed((uint8_t)c);
    }
}
