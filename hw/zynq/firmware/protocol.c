#include "protocol.h"

uint32_t rsb_crc32(const uint8_t* p, size_t n) {
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; ++i) {
        c ^= p[i];
        for (int k = 0; k < 8; ++k)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return ~c;
}

size_t rsb_cobs_encode(const uint8_t* in, size_t n, uint8_t* out) {
    size_t code_at = 0, o = 1;
    uint8_t code = 1;
    for (size_t i = 0; i < n; ++i) {
        if (in[i] == 0) {
            out[code_at] = code;
            code_at = o++;
            code = 1;
        } else {
            out[o++] = in[i];
            if (++code == 0xff) {
                out[code_at] = code;
                code_at = o++;
                code = 1;
            }
        }
    }
    out[code_at] = code;
    out[o++] = 0;
    return o;
}

long rsb_cobs_decode(const uint8_t* in, size_t n, uint8_t* out, size_t cap) {
    size_t i = 0, o = 0;
    while (i < n) {
        const uint8_t code = in[i++];
        if (code == 0) return -1;
        for (uint8_t k = 1; k < code; ++k) {
            /* Every write is checked against cap: a damaged or merged line decodes to more than any
             * frame, and the caller's buffer is only as large as a frame. */
            if (i >= n || in[i] == 0 || o >= cap) return -1;
            out[o++] = in[i++];
        }
        if (code != 0xff && i < n) {
            if (o >= cap) return -1;
            out[o++] = 0;
        }
    }
    return (long)o;
}

size_t rsb_build(uint8_t type, uint16_t seq, const uint8_t* body, size_t len, uint8_t* scratch,
                 uint8_t* out) {
    uint8_t* payload = scratch;
    if (len > RSB_MAX_BODY) return 0;
    payload[0] = RSB_VERSION;
    payload[1] = type;
    rsb_put16(payload + 2, seq);
    rsb_put16(payload + 4, (uint16_t)len);
    for (size_t i = 0; i < len; ++i)
        payload[RSB_HEADER + i] = body[i];
    rsb_put32(payload + RSB_HEADER + len, rsb_crc32(payload, RSB_HEADER + len));
    return rsb_cobs_encode(payload, RSB_HEADER + len + 4, out);
}

int rsb_parse(const uint8_t* payload, size_t n, struct rsb_frame* f) {
    if (n < RSB_HEADER + 4) return RSB_E_BAD_FRAME;
    f->version = payload[0];
    f->type = payload[1];
    f->seq = rsb_get16(payload + 2);
    f->len = rsb_get16(payload + 4);
    f->body = payload + RSB_HEADER;
    if (f->len > RSB_MAX_BODY || (size_t)f->len + RSB_HEADER + 4 != n) return RSB_E_BAD_FRAME;
    if (rsb_crc32(payload, RSB_HEADER + f->len) != rsb_get32(payload + RSB_HEADER + f->len))
        return RSB_E_BAD_CRC;
    if (f->version != RSB_VERSION) return RSB_E_BAD_VERSION;
    return 0;
}

int rsb_decode_frame(const uint8_t* line, size_t n, uint8_t* payload, size_t cap, struct rsb_frame* f) {
    const long m = rsb_cobs_decode(line, n, payload, cap);
    if (m < 0) return RSB_E_BAD_FRAME;
    return rsb_parse(payload, (size_t)m, f);
}

void rsb_rx_init(struct rsb_rx* r) {
    r->len = 0;
    r->dropped = 0;
    r->ended = 0;
}

int rsb_rx_feed(struct rsb_rx* r, uint8_t byte) {
    if (r->ended) rsb_rx_init(r);
    if (byte != 0) {
        if (r->dropped) {
            if (r->dropped < (size_t)-1) ++r->dropped;
        } else if (r->len < RSB_MAX_LINE) {
            r->line[r->len++] = byte;
        } else {
            /* Longer than any frame: a lost delimiter merged frames, or noise. Drop it up to the next 0x00.
             */
            r->dropped = r->len + 1;
            r->len = 0;
        }
        return RSB_RX_MORE;
    }
    r->ended = 1;
    if (r->dropped) return RSB_RX_OVERLONG;
    return r->len ? RSB_RX_LINE : RSB_RX_MORE;
}
