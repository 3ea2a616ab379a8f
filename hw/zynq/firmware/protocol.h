/* The RoundScope board protocol (hw/zynq/PROTOCOL.md), shared by the firmware and the host client:
 * COBS framing (0x00 ends a frame), a 6-byte header (version, type, sequence, body length), the body
 * and a CRC-32 (IEEE 802.3, as zlib) over header and body. Plain C99, no allocation. */
#ifndef RS_BOARD_PROTOCOL_H
#define RS_BOARD_PROTOCOL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RSB_VERSION 1
#define RSB_MAX_BODY 4096
#define RSB_HEADER 6
#define RSB_MAX_PAYLOAD (RSB_HEADER + RSB_MAX_BODY + 4)
/* COBS adds one byte per 254 and the delimiter. */
#define RSB_MAX_FRAME (RSB_MAX_PAYLOAD + RSB_MAX_PAYLOAD / 254 + 2)
/* The longest line (the bytes between two 0x00) a whole frame can be; anything longer is damage. */
#define RSB_MAX_LINE (RSB_MAX_FRAME - 1)
/* BENCH runs at most this many operations per request (the front ends' limit too), so one request cannot
 * keep the board busy for hours. */
#define RSB_MAX_BENCH_COUNT 1000000u

enum rsb_type {
    RSB_HELLO = 0x01,
    RSB_INFO = 0x02,
    RSB_PING = 0x03,
    RSB_LOAD_KEY = 0x10,
    RSB_LOAD_NONCE = 0x11,
    RSB_LOAD_STATE = 0x12,
    RSB_ENCRYPT = 0x20,
    RSB_DECRYPT = 0x21,
    RSB_KAT_BATCH = 0x30,
    RSB_BENCH = 0x40,
    RSB_RESET = 0x50,
    RSB_STATS = 0x60,
    RSB_ERROR = 0x7f,
    RSB_RESPONSE = 0x80 /* a response's type is the request's | RSB_RESPONSE */
};

enum rsb_error {
    RSB_E_BAD_FRAME = 1,
    RSB_E_BAD_CRC = 2,
    RSB_E_UNKNOWN_COMMAND = 3,
    RSB_E_BAD_LENGTH = 4,
    RSB_E_NO_KEY = 5,
    RSB_E_AUTH_FAIL = 6,
    RSB_E_HW_TIMEOUT = 7,
    RSB_E_NO_HW = 8,
    RSB_E_BAD_VARIANT = 9,
    RSB_E_BAD_VERSION = 10,
    RSB_E_NO_SW = 11
};

/* Capabilities (HELLO). */
#define RSB_CAP_HW 1u          /* the IP answers on the AXI bus */
#define RSB_CAP_SW 2u          /* the ARM software path */
#define RSB_CAP_PRECOMPUTED 4u /* LOAD_STATE and the precomputed flag */

/* Paths and flags of ENCRYPT / DECRYPT / KAT_BATCH / BENCH. */
#define RSB_PATH_HW 0
#define RSB_PATH_SW 1
#define RSB_FLAG_PRECOMPUTED 1u

struct rsb_frame {
    uint8_t version;
    uint8_t type;
    uint16_t seq;
    uint16_t len;
    const uint8_t* body; /* points into the decode buffer */
};

uint32_t rsb_crc32(const uint8_t* p, size_t n);
/** COBS-encodes n bytes into out (room for n + n/254 + 2) and appends the 0x00 delimiter; returns the
 *  frame length. */
size_t rsb_cobs_encode(const uint8_t* in, size_t n, uint8_t* out);
/** Decodes one COBS frame (without its delimiter) into out, which has room for cap bytes (out may be in:
 *  decoding never overtakes the input); returns the length, or -1 when the frame is malformed or would
 *  not fit cap. */
long rsb_cobs_decode(const uint8_t* in, size_t n, uint8_t* out, size_t cap);
/** Builds a whole frame (header, body, CRC, COBS, delimiter) into out (RSB_MAX_FRAME bytes), using scratch
 *  (RSB_MAX_PAYLOAD bytes); returns its length, 0 when the body is too long. */
size_t rsb_build(uint8_t type, uint16_t seq, const uint8_t* body, size_t len, uint8_t* scratch, uint8_t* out);
/** Parses a decoded payload: 0 and *f filled, or an rsb_error (BAD_FRAME, BAD_CRC, BAD_VERSION); the
 *  sequence number is filled whenever the header could be read. */
int rsb_parse(const uint8_t* payload, size_t n, struct rsb_frame* f);
/** Decodes a received line (without its delimiter) into payload (cap bytes) and parses it: 0 and *f
 *  filled (f->body points into payload), or an rsb_error as rsb_parse; BAD_FRAME for bad COBS or a line
 *  that does not fit cap. */
int rsb_decode_frame(const uint8_t* line, size_t n, uint8_t* payload, size_t cap, struct rsb_frame* f);

/* The receiver both sides share: bytes in, lines out. A line is the bytes before a 0x00; a line longer
 * than RSB_MAX_LINE cannot be a frame, so its bytes are dropped up to the next 0x00 (where the receiver is
 * in step again) and it is reported once, as damage. Memory is fixed: nothing is ever stored past
 * RSB_MAX_LINE. */
struct rsb_rx {
    uint8_t line[RSB_MAX_LINE];
    size_t len;     /* bytes of the line so far */
    size_t dropped; /* bytes of an over-long line so far (0: the line is not over-long) */
    int ended;      /* the last byte ended a line: the next byte starts a new one */
};

enum rsb_rx_event {
    RSB_RX_MORE = 0,    /* nothing complete yet (an empty line, 0x00 0x00, is nothing too) */
    RSB_RX_LINE = 1,    /* a line ended: line[0..len) holds it until the next byte */
    RSB_RX_OVERLONG = 2 /* an over-long line ended: `dropped` bytes were thrown away */
};

void rsb_rx_init(struct rsb_rx* r);
/** One received byte; an rsb_rx_event. */
int rsb_rx_feed(struct rsb_rx* r, uint8_t byte);

static inline void rsb_put16(uint8_t* p, uint16_t v) {
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8);
}
static inline void rsb_put32(uint8_t* p, uint32_t v) {
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}
static inline void rsb_put64(uint8_t* p, uint64_t v) {
    rsb_put32(p, (uint32_t)v), rsb_put32(p + 4, (uint32_t)(v >> 32));
}
static inline uint16_t rsb_get16(const uint8_t* p) {
    return (uint16_t)(p[0] | p[1] << 8);
}
static inline uint32_t rsb_get32(const uint8_t* p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t rsb_get64(const uint8_t* p) {
    return (uint64_t)rsb_get32(p) | (uint64_t)rsb_get32(p + 4) << 32;
}

#ifdef __cplusplus
}
#endif

#endif
