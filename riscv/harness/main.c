/* One run of one kernel: the parameters come from .rsparams (patched by the host), the counts from the
 * instret and cycle CSRs around each phase (minus the cost of reading them), the answer as hex, all in one
 * JSON line. Exit status 0 when the kernel ran, 2 for bad parameters. */
#include <string.h>

#include "../kernels/ascon.h"
#include "../kernels/ghash.h"
#include "../kernels/lea.h"
#include "../kernels/skinny.h"
#include "params.h"
#include "platform.h"

#ifndef RS_ISA
#define RS_ISA "rv32"
#endif

/* Zero until the host patches it: an unpatched image says so instead of running made-up inputs. */
const volatile struct rs_params rs_params __attribute__((section(".rsparams"), aligned(16))) = {.magic = 0};

static uint8_t in_buf[RS_MAX_DATA] __attribute__((aligned(16)));
static uint8_t out_buf[RS_MAX_DATA + 16] __attribute__((aligned(16)));

#define MAX_PHASES 6
static const char *phase_name[MAX_PHASES];
static uint64_t phase_instret[MAX_PHASES], phase_cycle[MAX_PHASES];
static int phases;
static uint64_t overhead_instret, overhead_cycle;
static uint64_t minus_overhead(uint64_t n, uint64_t overhead);

static uint64_t minus_overhead(uint64_t n, uint64_t overhead) {
    return n > overhead ? n - overhead : 0;
}

/* Counts the statement as a named phase. */
#define PHASE(name, ...)                                                                                          \
    do {                                                                                                           \
        const uint64_t c0 = rs_cycle(), i0 = rs_instret();                                                         \
        __VA_ARGS__;                                                                                               \
        const uint64_t i1 = rs_instret(), c1 = rs_cycle();                                                         \
        phase_name[phases] = (name);                                                                               \
        phase_instret[phases] = minus_overhead(i1 - i0, overhead_instret);                                         \
        phase_cycle[phases] = minus_overhead(c1 - c0, overhead_cycle);                                             \
        ++phases;                                                                                                  \
    } while (0)

static void calibrate(void) {
    const uint64_t c0 = rs_cycle(), i0 = rs_instret();
    const uint64_t i1 = rs_instret(), c1 = rs_cycle();
    overhead_instret = i1 - i0;
    overhead_cycle = c1 - c0;
}

static int fail(const char *why) {
    rs_puts("{\"error\":\"");
    rs_puts(why);
    rs_puts("\"}\n");
    return 2;
}

struct run {
    uint32_t len, ad_len;
    const uint8_t *msg, *ad;
    uint8_t key[32], nonce[16];
    uint32_t key_len, nonce_len;
    uint32_t out_len;
    int64_t per_block; /* marginal instructions per 16-byte block, -1 when not measured */
};

/* --- LEA --------------------------------------------------------------------------------------------- */

static uint32_t lea_rk[LEA128_ROUNDS * 6];

static int lea_ecb(struct run *r) {
    if (r->len % 16) return fail("ECB needs whole 16-byte blocks");
    PHASE("setup", lea128_key_schedule(r->key, lea_rk));
    PHASE("blocks", for (uint32_t i = 0; i < r->len; i += 16) lea128_encrypt_block(
                        lea_rk, (const uint32_t *)(r->msg + i), (uint32_t *)(out_buf + i)));
    r->out_len = r->len;
    return 0;
}

static int lea_ctr_with(struct run *r, lea_ctr_blocks_fn fn, int precomputed) {
    if (r->nonce_len != 16) return fail("CTR needs a 16-byte counter block");
    PHASE("setup", lea128_key_schedule(r->key, lea_rk));
    /* The marginal cost of a block: two blocks minus one, on a scratch state (not part of the output). */
    struct lea_ctr_state st = {0, 0, 0, 1};
    struct lea_ctr_pre pre;
    static uint32_t scratch[8];
    if (precomputed) PHASE("precompute", lea128_precompute(lea_rk, &st, &pre));
    const uint64_t a0 = rs_instret();
    fn(lea_rk, &st, scratch, scratch, 1, &pre);
    const uint64_t a1 = rs_instret();
    fn(lea_rk, &st, scratch, scratch, 2, &pre);
    const uint64_t a2 = rs_instret();
    r->per_block = (int64_t)((a2 - a1) - (a1 - a0));
    PHASE("ctr", lea128_ctr(fn, precomputed, lea_rk, r->nonce, r->msg, out_buf, r->len, 0));
    r->out_len = r->len;
    return 0;
}

static int lea_ctr_c(struct run *r) {
    return lea_ctr_with(r, lea128_ctr_blocks_c, 0);
}
static int lea_ctr_plain(struct run *r) {
    return lea_ctr_with(r, lea128_ctr_blocks_plain, 0);
}
static int lea_ctr_pre(struct run *r) {
    return lea_ctr_with(r, lea128_ctr_blocks_pre, 1);
}
static int lea_ctr_pre_fixed(struct run *r) {
    return lea_ctr_with(r, lea128_ctr_blocks_pre_fixed, 1);
}

/* LEA-128-GCM, 96-bit IV: H = E(0), J0 = IV || 0^31 || 1, C = CTR from inc32(J0), T = E(J0) ^ GHASH. */
static int lea_gcm(struct run *r, int table) {
    if (r->nonce_len != 12) return fail("GCM takes a 12-byte IV here");
    static struct ghash_key gk;
    uint8_t h[16] = {0}, j0[16], y[16] = {0}, ek0[16], lens[16];
    PHASE("setup", {
        lea128_key_schedule(r->key, lea_rk);
        uint32_t zero[4] = {0, 0, 0, 0}, hw[4];
        lea128_encrypt_block(lea_rk, zero, hw);
        memcpy(h, hw, 16);
        ghash_init(&gk, h, table);
    });
    uint8_t scratch[16] = {1, 2, 3};
    PHASE("gf_mult", ghash_mul(&gk, scratch));
    memcpy(j0, r->nonce, 12);
    j0[12] = j0[13] = j0[14] = 0, j0[15] = 1;
    PHASE("ctr", {
        uint8_t icb[16];
        memcpy(icb, j0, 16);
        icb[15] = 2; /* inc32(J0): J0's low word is 1 */
        lea128_ctr(lea128_ctr_blocks_pre_fixed, 1, lea_rk, j0, (const uint8_t *)"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0", ek0, 16,
                   1);
        lea128_ctr(lea128_ctr_blocks_pre_fixed, 1, lea_rk, icb, r->msg, out_buf, r->len, 1);
    });
    PHASE("ghash", {
        ghash_update(&gk, y, r->ad, r->ad_len);
        ghash_update(&gk, y, out_buf, r->len);
        const uint64_t abits = (uint64_t)r->ad_len * 8, cbits = (uint64_t)r->len * 8;
        for (int i = 0; i < 8; ++i) lens[i] = (uint8_t)(abits >> (56 - 8 * i)), lens[8 + i] = (uint8_t)(cbits >> (56 - 8 * i));
        ghash_update(&gk, y, lens, 16);
    });
    for (int i = 0; i < 16; ++i) out_buf[r->len + i] = y[i] ^ ek0[i];
    r->out_len = r->len + 16;
    return 0;
}

static int lea_gcm_bitserial(struct run *r) {
    return lea_gcm(r, 0);
}
static int lea_gcm_table(struct run *r) {
    return lea_gcm(r, 1);
}

/* --- Ascon, SKINNY ----------------------------------------------------------------------------------- */

static int ascon(struct run *r) {
    if (r->key_len != 16 || r->nonce_len != 16) return fail("Ascon-AEAD128 takes a 16-byte key and nonce");
    PHASE("aead", ascon_aead128_encrypt(r->key, r->nonce, r->ad, r->ad_len, r->msg, r->len, out_buf, out_buf + r->len));
    r->out_len = r->len + 16;
    return 0;
}

static struct skinny_key skinny_key;

static int skinny(struct run *r, int ctr) {
    if (r->key_len != 32) return fail("SKINNY-128-256 takes a 32-byte tweakey");
    if (!ctr && r->len % 16) return fail("ECB needs whole 16-byte blocks");
    if (ctr && r->nonce_len != 16) return fail("CTR needs a 16-byte counter block");
    PHASE("setup", skinny128_256_setup(r->key, &skinny_key));
    PHASE("blocks", {
        uint8_t counter[16], ks[16];
        memcpy(counter, r->nonce, 16);
        for (uint32_t i = 0; i < r->len; i += 16) {
            const uint32_t n = r->len - i < 16 ? r->len - i : 16;
            if (!ctr) {
                skinny128_256_encrypt(&skinny_key, r->msg + i, out_buf + i);
                continue;
            }
            skinny128_256_encrypt(&skinny_key, counter, ks);
            for (uint32_t j = 0; j < n; ++j) out_buf[i + j] = r->msg[i + j] ^ ks[j];
            for (int j = 15; j >= 0 && ++counter[j] == 0; --j) {
            }
        }
    });
    r->out_len = r->len;
    return 0;
}

static int skinny_ecb(struct run *r) {
    return skinny(r, 0);
}
static int skinny_ctr(struct run *r) {
    return skinny(r, 1);
}

static const struct {
    const char *name;
    int (*run)(struct run *);
} kernels[] = {
    {"lea-128-ecb-c", lea_ecb},           {"lea-128-ctr-c", lea_ctr_c},
    {"lea-128-ctr-asm", lea_ctr_plain},   {"lea-128-ctr-pre", lea_ctr_pre},
    {"lea-128-ctr-pre-fixed", lea_ctr_pre_fixed}, {"lea-128-gcm", lea_gcm_bitserial},
    {"lea-128-gcm-table", lea_gcm_table}, {"ascon-aead128", ascon},
    {"skinny-128-256-ecb", skinny_ecb},   {"skinny-128-256-ctr", skinny_ctr},
};

int main(void) {
    calibrate();
    if (rs_params.magic != RS_PARAMS_MAGIC) return fail("no parameters (the host did not patch .rsparams)");
    const uint32_t k = rs_params.kernel;
    if (k >= sizeof kernels / sizeof kernels[0]) return fail("unknown kernel");
    struct run r;
    memset(&r, 0, sizeof r);
    r.len = rs_params.msg_len;
    r.ad_len = rs_params.ad_len;
    r.key_len = rs_params.key_len;
    r.nonce_len = rs_params.nonce_len;
    r.per_block = -1;
    if ((uint64_t)r.len + r.ad_len > RS_MAX_DATA || r.key_len > 32 || r.nonce_len > 16) return fail("sizes out of range");
    for (uint32_t i = 0; i < r.len + r.ad_len; ++i) in_buf[i] = rs_params.data[i];
    for (uint32_t i = 0; i < 32; ++i) r.key[i] = rs_params.key[i];
    for (uint32_t i = 0; i < 16; ++i) r.nonce[i] = rs_params.nonce[i];
    r.msg = in_buf;
    r.ad = in_buf + r.len;
    const uint64_t i0 = rs_instret(), c0 = rs_cycle();
    const int status = kernels[k].run(&r);
    const uint64_t c1 = rs_cycle(), i1 = rs_instret();
    if (status) return status;
    rs_puts("{\"kernel\":\"");
    rs_puts(kernels[k].name);
    rs_puts("\",\"isa\":\"" RS_ISA "\",\"sim\":\"");
    rs_puts(rs_on_spike() ? "spike" : "qemu");
    rs_puts("\",\"bytes\":");
    rs_put_u64(r.len);
    rs_puts(",\"ad_bytes\":");
    rs_put_u64(r.ad_len);
    rs_puts(",\"instret\":");
    rs_put_u64(minus_overhead(i1 - i0, overhead_instret));
    rs_puts(",\"cycle\":");
    rs_put_u64(minus_overhead(c1 - c0, overhead_cycle));
    if (r.per_block >= 0) {
        rs_puts(",\"per_block_instret\":");
        rs_put_u64((uint64_t)r.per_block);
    }
    rs_puts(",\"phases\":{");
    for (int p = 0; p < phases; ++p) {
        rs_puts(p ? ",\"" : "\"");
        rs_puts(phase_name[p]);
        rs_puts("\":{\"instret\":");
        rs_put_u64(phase_instret[p]);
        rs_puts(",\"cycle\":");
        rs_put_u64(phase_cycle[p]);
        rs_puts("}");
    }
    rs_puts("},\"output\":\"");
    rs_put_hex(out_buf, r.out_len);
    rs_puts("\"}\n");
    return 0;
}
