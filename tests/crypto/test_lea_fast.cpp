// LEA fast path (leafast.h: one block and ECB both ways, CTR), GHASH with PCLMULQDQ (ghashclmul.h) and
// LEA-GCM on both (gcmfast.h): for every implementation this machine runs (portable always), the KISA and
// spec vectors, and equality with the reference model (lea.h, ghash.h, gcm.h) on random keys and inputs of
// every length in range, a large input, wrapping counters, unaligned pointers and in-place calls.
// Implementations the CPU lacks are skipped.
#include "tests/testsupport.h"

#include "core/crypto/blockmodes.h"
#include "core/crypto/gcm.h"
#include "core/crypto/gcmfast.h"
#include "core/crypto/ghash.h"
#include "core/crypto/ghashclmul.h"
#include "core/crypto/lea.h"
#include "core/crypto/leafast.h"
#include "core/katfile.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <vector>

using namespace rs::crypto;
using rs::test::hex;

namespace {

Bytes randomBytes(std::mt19937& rng, std::size_t n) {
    Bytes b(n);
    for (auto& x : b)
        x = static_cast<std::uint8_t>(rng());
    return b;
}

std::vector<LeaFastIsa> leaIsas() {
    std::vector<LeaFastIsa> out;
    for (const LeaFastIsa isa :
         {LeaFastIsa::Portable, LeaFastIsa::Sse2, LeaFastIsa::Avx2, LeaFastIsa::Avx512})
        if (leaFastIsaAvailable(isa)) out.push_back(isa);
    return out;
}

std::vector<GhashIsa> ghashIsas() {
    std::vector<GhashIsa> out{GhashIsa::Portable};
    for (const GhashIsa isa : {GhashIsa::Pclmul, GhashIsa::Vpclmul})
        if (ghashIsaAvailable(isa)) out.push_back(isa);
    return out;
}

// The reference CTR, written here from the reference block function: keystream block k = E(counter0 + k),
// the 16-byte counter a big-endian integer incremented with carry over all bytes (mod 2^128).
Bytes referenceCtr(const Lea& lea, ByteView counter0, ByteView in) {
    std::uint8_t c[16], ks[16];
    std::copy(counter0.begin(), counter0.end(), c);
    Bytes out(in.size());
    for (std::size_t off = 0; off < in.size(); off += 16) {
        lea.encryptBlock(c, ks);
        for (std::size_t i = 0; i < 16 && off + i < in.size(); ++i)
            out[off + i] = in[off + i] ^ ks[i];
        for (int i = 15; i >= 0 && ++c[i] == 0; --i) {
        }
    }
    return out;
}

Bytes referenceEcb(const Lea& lea, ByteView in, bool decrypt = false) {
    Bytes out(in.size());
    for (std::size_t off = 0; off + 16 <= in.size(); off += 16) {
        if (decrypt)
            lea.decryptBlock(in.data() + off, out.data() + off);
        else
            lea.encryptBlock(in.data() + off, out.data() + off);
    }
    return out;
}

// Runs `check` once per available LEA implementation, labelled with its name.
template <class Check> void forEachLeaIsa(Check check) {
    for (const LeaFastIsa isa : leaIsas()) {
        SCOPED_TRACE(leaFastIsaName(isa));
        check(isa);
    }
}

} // namespace

TEST(LeaFast, NamesAndAvailability) {
    EXPECT_STREQ(leaFastIsaName(LeaFastIsa::Portable), "portable");
    EXPECT_STREQ(leaFastIsaName(LeaFastIsa::Sse2), "sse2");
    EXPECT_STREQ(leaFastIsaName(LeaFastIsa::Avx2), "avx2");
    EXPECT_STREQ(leaFastIsaName(LeaFastIsa::Avx512), "avx512");
    EXPECT_TRUE(leaFastIsaAvailable(LeaFastIsa::Portable));
    EXPECT_TRUE(leaFastIsaAvailable(leaFastBest()));
    EXPECT_EQ(LeaFast(Bytes(16)).isa(), leaFastBest());
    // The best is the last available one in the order portable < sse2 < avx2 < avx512.
    EXPECT_EQ(leaFastBest(), leaIsas().back());
    for (const LeaFastIsa isa : {LeaFastIsa::Sse2, LeaFastIsa::Avx2, LeaFastIsa::Avx512}) {
        if (!leaFastIsaAvailable(isa)) {
            EXPECT_THROW(LeaFast(Bytes(16), isa), InvalidArgument);
        }
    }
    EXPECT_STREQ(ghashIsaName(GhashIsa::Portable), "portable");
    EXPECT_STREQ(ghashIsaName(GhashIsa::Pclmul), "pclmul");
    EXPECT_STREQ(ghashIsaName(GhashIsa::Vpclmul), "vpclmul");
    EXPECT_EQ(ghashBest(), ghashIsas().back());
    EXPECT_TRUE(ghashIsaAvailable(GhashIsa::Portable));
    EXPECT_TRUE(ghashIsaAvailable(ghashBest()));
}

// The other tests run every implementation in leaIsas() and pass over the ones this CPU lacks without a
// word; this one says so for AVX-512 (the newest), so a run on a machine without it is visibly partial.
TEST(LeaFast, Avx512IsTestedWhereTheCpuHasIt) {
    if (!leaFastIsaAvailable(LeaFastIsa::Avx512))
        GTEST_SKIP() << "this CPU (or build) lacks AVX-512F: the avx512 LEA kernel is not tested here";
    const std::vector<LeaFastIsa> isas = leaIsas();
    EXPECT_NE(std::find(isas.begin(), isas.end(), LeaFastIsa::Avx512), isas.end());
    EXPECT_EQ(leaFastBest(), LeaFastIsa::Avx512);
    EXPECT_TRUE(leaFastIsaAvailable(LeaFastIsa::Avx2)); // its 4..15-block remainder runs there
}

TEST(LeaFast, RejectsBadKeyLengths) {
    for (const std::size_t n : {0u, 8u, 15u, 17u, 20u, 31u, 33u, 64u})
        EXPECT_THROW(LeaFast{Bytes(n)}, std::invalid_argument) << n << " bytes";
    EXPECT_EQ(LeaFast(Bytes(16)).rounds(), 24);
    EXPECT_EQ(LeaFast(Bytes(24)).rounds(), 28);
    EXPECT_EQ(LeaFast(Bytes(32)).rounds(), 32);
}

TEST(LeaFast, SpecVectors) {
    forEachLeaIsa([](LeaFastIsa isa) {
        const auto recs = rs::core::readKatFile(rs::test::vectorPath("lea/lea_spec_kat.txt"));
        ASSERT_EQ(recs.size(), 3u);
        for (const auto& r : recs) {
            SCOPED_TRACE(r.text("Algorithm"));
            const LeaFast lea(r.hex("Key"), isa);
            EXPECT_EQ(lea.rounds(), std::stoi(r.text("Rounds")));
            const Bytes pt = r.hex("PT"), ct = r.hex("CT");
            Bytes out(16);
            lea.encryptBlock(pt.data(), out.data());
            EXPECT_EQ(toHex(out), toHex(ct));
            lea.decryptBlock(ct.data(), out.data());
            EXPECT_EQ(toHex(out), toHex(pt));
            // The same block 29 times through ecb and ecbDecrypt (on AVX-512 a group of 16, then on AVX2
            // one of 8 and one of 4, and a scalar block; on AVX2 three groups of 8, one of 4 and a scalar
            // block; on SSE2 seven groups of 4 and a scalar block).
            Bytes many, want;
            for (int i = 0; i < 29; ++i) {
                many.insert(many.end(), pt.begin(), pt.end());
                want.insert(want.end(), ct.begin(), ct.end());
            }
            const Bytes plain = many;
            lea.ecb(many.data(), many.data(), 29);
            EXPECT_EQ(toHex(many), toHex(want));
            lea.ecbDecrypt(many.data(), many.data(), 29);
            EXPECT_EQ(toHex(many), toHex(plain));
        }
    });
}

TEST(LeaFast, KisaEcbVectors) {
    forEachLeaIsa([](LeaFastIsa isa) {
        rs::test::forEachKatRecord("lea/lea_kisa_ecb.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
            const LeaFast lea(r.hex("Key"), isa);
            const Bytes pt = r.hex("PT");
            Bytes out(pt.size());
            lea.ecb(pt.data(), out.data(), pt.size() / 16);
            EXPECT_EQ(toHex(out), toHex(r.hex("CT")));
            const Bytes ct = r.hex("CT");
            lea.ecbDecrypt(ct.data(), out.data(), ct.size() / 16);
            EXPECT_EQ(toHex(out), toHex(pt));
        });
    });
}

TEST(LeaFast, KisaCtrVectors) {
    forEachLeaIsa([](LeaFastIsa isa) {
        rs::test::forEachKatRecord("lea/lea_kisa_ctr.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
            const LeaFast lea(r.hex("Key"), isa);
            const Bytes iv = r.hex("IV"), pt = r.hex("PT");
            ASSERT_EQ(iv.size(), 16u);
            Bytes out(pt.size());
            lea.ctr(iv.data(), pt.data(), out.data(), pt.size());
            EXPECT_EQ(toHex(out), toHex(r.hex("CT")));
        });
    });
}

TEST(LeaFast, EcbEqualsReferenceForEveryBlockCount) {
    std::mt19937 rng(2001);
    forEachLeaIsa([&](LeaFastIsa isa) {
        for (const std::size_t keyBytes : {16u, 24u, 32u})
            for (std::size_t blocks = 0; blocks <= 50; ++blocks) {
                const Bytes key = randomBytes(rng, keyBytes);
                const Lea ref(key);
                const LeaFast fast(key, isa);
                const std::size_t shift = blocks % 4; // unaligned input and output for shift 1..3
                Bytes buf = randomBytes(rng, 16 * blocks + 8);
                const Bytes pt(buf.begin() + static_cast<std::ptrdiff_t>(shift),
                               buf.begin() + static_cast<std::ptrdiff_t>(shift + 16 * blocks));
                const Bytes want = referenceEcb(ref, pt);
                Bytes out(16 * blocks + 8);
                fast.ecb(buf.data() + shift, out.data() + 3 - shift % 4, blocks);
                EXPECT_EQ(toHex(ByteView(out.data() + 3 - shift % 4, 16 * blocks)), toHex(want))
                    << keyBytes << "-byte key, " << blocks << " blocks";
                // Decryption of random blocks, out of place (unaligned) and in place.
                const Bytes wantDec = referenceEcb(ref, pt, true);
                fast.ecbDecrypt(buf.data() + shift, out.data() + 3 - shift % 4, blocks);
                EXPECT_EQ(toHex(ByteView(out.data() + 3 - shift % 4, 16 * blocks)), toHex(wantDec))
                    << keyBytes << "-byte key, " << blocks << " blocks, decryption";
                fast.ecbDecrypt(buf.data() + shift, buf.data() + shift, blocks);
                EXPECT_EQ(toHex(ByteView(buf.data() + shift, 16 * blocks)), toHex(wantDec)) << "in place";
                // In place, encryption undoes it.
                fast.ecb(buf.data() + shift, buf.data() + shift, blocks);
                EXPECT_EQ(toHex(ByteView(buf.data() + shift, 16 * blocks)), toHex(pt)) << "in place";
            }
    });
}

TEST(LeaFast, OneBlockEqualsReference) {
    std::mt19937 rng(2002);
    forEachLeaIsa([&](LeaFastIsa isa) {
        for (const std::size_t keyBytes : {16u, 24u, 32u})
            for (int trial = 0; trial < 100; ++trial) {
                const Bytes key = randomBytes(rng, keyBytes), pt = randomBytes(rng, 16);
                const Lea ref(key);
                const LeaFast fast(key, isa);
                Bytes want(16), got = pt;
                ref.encryptBlock(pt.data(), want.data());
                fast.encryptBlock(got.data(), got.data());
                EXPECT_EQ(toHex(got), toHex(want)) << keyBytes << "-byte key";
                ref.decryptBlock(pt.data(), want.data());
                fast.decryptBlock(pt.data(), got.data());
                EXPECT_EQ(toHex(got), toHex(want)) << keyBytes << "-byte key, decryption";
            }
    });
}

TEST(LeaFast, CtrEqualsReferenceForEveryLength) {
    std::mt19937 rng(2003);
    forEachLeaIsa([&](LeaFastIsa isa) {
        for (const std::size_t keyBytes : {16u, 24u, 32u})
            for (std::size_t n = 0; n <= 300; ++n) {
                const Bytes key = randomBytes(rng, keyBytes);
                const Lea ref(key);
                const LeaFast fast(key, isa);
                Bytes counter = randomBytes(rng, 16);
                // Every third length starts near a carry: the low 64 bits (or all 128) about to wrap.
                if (n % 3 == 1) std::fill(counter.begin() + 8, counter.end() - 1, std::uint8_t{0xff});
                if (n % 3 == 2) std::fill(counter.begin(), counter.end() - 1, std::uint8_t{0xff});
                const std::size_t shift = n % 5;
                Bytes buf = randomBytes(rng, n + 8);
                const ByteView pt(buf.data() + shift, n);
                const Bytes want = referenceCtr(ref, counter, pt);
                Bytes out(n + 8);
                fast.ctr(counter.data(), pt.data(), out.data() + 1, n);
                ASSERT_EQ(toHex(ByteView(out.data() + 1, n)), toHex(want))
                    << keyBytes << "-byte key, " << n << " bytes, counter " << toHex(counter);
                fast.ctr(counter.data(), buf.data() + shift, buf.data() + shift, n);
                ASSERT_EQ(toHex(ByteView(buf.data() + shift, n)), toHex(want))
                    << "in place, " << n << " bytes";
            }
    });
}

TEST(LeaFast, CtrWrapsTheWholeCounterAndMatchesCtrXor) {
    forEachLeaIsa([](LeaFastIsa isa) {
        const Bytes key = hex("0F1E2D3C4B5A69788796A5B4C3D2E1F0");
        const Lea ref(key);
        const LeaFast fast(key, isa);
        const Bytes allOnes(16, 0xff);
        Bytes pt(16 * 40 + 7);
        for (std::size_t i = 0; i < pt.size(); ++i)
            pt[i] = static_cast<std::uint8_t>(i * 7);
        Bytes out(pt.size());
        fast.ctr(allOnes.data(), pt.data(), out.data(), pt.size());
        EXPECT_EQ(toHex(out), toHex(referenceCtr(ref, allOnes, pt)));
        EXPECT_EQ(toHex(out), toHex(ctrXor(ref, allOnes, pt)));
        // Block 1 used the counter 00..00 (ff..ff + 1 mod 2^128).
        Bytes zeroStream(16);
        ref.encryptBlock(Bytes(16).data(), zeroStream.data());
        for (std::size_t i = 0; i < 16; ++i)
            EXPECT_EQ(out[16 + i], pt[16 + i] ^ zeroStream[i]);
        // The wrap in the scalar tail after a SIMD group (counters ..fb..fe in the group, ..ff and 00..00
        // in the tail), and in the low half only.
        for (const std::size_t len : {16u * 6 + 3, 16u * 5, 16u * 2 + 1}) {
            Bytes counter = allOnes;
            counter[15] = 0xfb;
            Bytes got(len);
            fast.ctr(counter.data(), pt.data(), got.data(), len);
            EXPECT_EQ(toHex(got), toHex(referenceCtr(ref, counter, ByteView(pt.data(), len)))) << len;
            counter[0] = 0x12;
            fast.ctr(counter.data(), pt.data(), got.data(), len);
            EXPECT_EQ(toHex(got), toHex(referenceCtr(ref, counter, ByteView(pt.data(), len)))) << len;
        }
        // The wrap inside the first 16 or 32 blocks (AVX-512 runs two sets of 16 at once, then one; it hands
        // a group in which the counter's lowest word wraps to the ECB path) and in the 8..15 blocks after
        // them (the AVX2 kernel), whole and low half only.
        for (const std::uint8_t low : {0xfb, 0xf1, 0xe9, 0xd5, 0xc3})
            for (const std::size_t len : {16u * 40 + 7, 16u * 31, 16u * 27 + 9}) {
                Bytes counter = allOnes;
                counter[15] = low;
                Bytes got(len);
                fast.ctr(counter.data(), pt.data(), got.data(), len);
                EXPECT_EQ(toHex(got), toHex(referenceCtr(ref, counter, ByteView(pt.data(), len))))
                    << len << " bytes, low byte " << int{low};
                counter[0] = 0x12;
                fast.ctr(counter.data(), pt.data(), got.data(), len);
                EXPECT_EQ(toHex(got), toHex(referenceCtr(ref, counter, ByteView(pt.data(), len))))
                    << len << " bytes, low byte " << int{low} << ", high byte 0x12";
                // Only the lowest 32-bit word wraps (AVX-512 CTR builds the counters in registers while
                // it does not, and hands the group in which it does to the ECB kernel).
                counter[11] = 0x34;
                fast.ctr(counter.data(), pt.data(), got.data(), len);
                EXPECT_EQ(toHex(got), toHex(referenceCtr(ref, counter, ByteView(pt.data(), len))))
                    << len << " bytes, low byte " << int{low} << ", byte 11 0x34";
            }
    });
}

TEST(LeaFast, LargeInputs) {
    std::mt19937 rng(2004);
    const std::size_t n = (std::size_t{1} << 20) + 5;
    const Bytes pt = randomBytes(rng, n);
    forEachLeaIsa([&](LeaFastIsa isa) {
        for (const std::size_t keyBytes : {16u, 32u}) {
            const Bytes key = randomBytes(rng, keyBytes), counter = randomBytes(rng, 16);
            const Lea ref(key);
            const LeaFast fast(key, isa);
            Bytes out(n);
            fast.ctr(counter.data(), pt.data(), out.data(), n);
            EXPECT_TRUE(out == referenceCtr(ref, counter, pt)) << keyBytes << "-byte key, CTR";
            fast.ecb(pt.data(), out.data(), n / 16);
            EXPECT_TRUE(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n / 16 * 16)) ==
                        referenceEcb(ref, ByteView(pt.data(), n / 16 * 16)))
                << keyBytes << "-byte key, ECB";
            fast.ecbDecrypt(pt.data(), out.data(), n / 16);
            EXPECT_TRUE(Bytes(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(n / 16 * 16)) ==
                        referenceEcb(ref, ByteView(pt.data(), n / 16 * 16), true))
                << keyBytes << "-byte key, ECB decryption";
        }
    });
}

TEST(GhashFast, EqualsReferenceForEveryBlockCount) {
    std::mt19937 rng(2005);
    for (const GhashIsa isa : ghashIsas()) {
        SCOPED_TRACE(ghashIsaName(isa));
        for (std::size_t blocks = 0; blocks <= 40; ++blocks)
            for (int trial = 0; trial < 3; ++trial) {
                const Bytes h = randomBytes(rng, 16), data = randomBytes(rng, 16 * blocks);
                Ghash ref(h.data());
                ref.update(data);
                GhashFast fast(h.data(), isa);
                fast.update(data.data(), blocks);
                ASSERT_EQ(toHex(fast.digest()), toHex(ref.digest())) << blocks << " blocks, H " << toHex(h);
                // The chain continues across calls of any split, and the length block matches.
                GhashFast split(h.data(), isa);
                const std::size_t first = blocks == 0 ? 0 : rng() % (blocks + 1);
                split.update(data.data(), first);
                split.update(data.data() + 16 * first, blocks - first);
                split.updateLengths(blocks * 3, blocks * 5);
                ref.updateLengths(blocks * 3, blocks * 5);
                EXPECT_EQ(toHex(split.digest()), toHex(ref.digest())) << "split at " << first;
            }
    }
}

TEST(GhashFast, EdgeElementsAndPaddedFields) {
    std::mt19937 rng(2006);
    // H and data with single bits set at the ends of the string (x^0, x^127) and all ones exercise the
    // bit order and the reduction.
    std::vector<Bytes> specials = {Bytes(16, 0), Bytes(16, 0xff), hex("80000000000000000000000000000000"),
                                   hex("00000000000000000000000000000001"), hex("000000000000000180")};
    specials.back().resize(16);
    for (const GhashIsa isa : ghashIsas()) {
        SCOPED_TRACE(ghashIsaName(isa));
        for (const Bytes& h : specials)
            for (const Bytes& x : specials) {
                Bytes data = x;
                data.insert(data.end(), specials[1].begin(), specials[1].end());
                Ghash ref(h.data());
                ref.update(data);
                GhashFast fast(h.data(), isa);
                fast.update(data.data(), 2);
                EXPECT_EQ(toHex(fast.digest()), toHex(ref.digest())) << toHex(h) << " " << toHex(x);
            }
        for (std::size_t a = 0; a <= 40; a += 3)
            for (std::size_t c = 0; c <= 300; c += 7) {
                const Bytes h = randomBytes(rng, 16), aad = randomBytes(rng, a), ct = randomBytes(rng, c);
                GhashFast fast(h.data(), isa);
                fast.updatePadded(aad);
                fast.updatePadded(ct);
                fast.updateLengths(a, c);
                EXPECT_EQ(toHex(fast.digest()), toHex(ghash(h.data(), aad, ct))) << a << " + " << c;
            }
    }
}

TEST(GcmFast, KisaVectors) {
    for (const LeaFastIsa li : leaIsas())
        for (const GhashIsa gi : ghashIsas()) {
            SCOPED_TRACE(std::string(leaFastIsaName(li)) + " + " + ghashIsaName(gi));
            rs::test::forEachKatRecord(
                "lea/lea_kisa_gcm.txt", 30, "Source", [&](const rs::core::KatRecord& r) {
                    const LeaFast lea(r.hex("Key"), li);
                    const Bytes iv = r.hex("IV"), aad = r.hex("AAD"), pt = r.hex("PT"), ct = r.hex("CT"),
                                tag = r.hex("Tag");
                    const AeadResult enc = gcmEncryptFast(lea, iv, aad, pt, gi);
                    EXPECT_EQ(toHex(enc.ct), toHex(ct));
                    EXPECT_EQ(toHex(enc.tag), toHex(tag));
                    const auto dec = gcmDecryptFast(lea, iv, aad, ct, tag, gi);
                    ASSERT_TRUE(dec.has_value());
                    EXPECT_EQ(toHex(*dec), toHex(pt));
                    Bytes badTag = tag;
                    badTag[5] ^= 0x10;
                    EXPECT_FALSE(gcmDecryptFast(lea, iv, aad, ct, badTag, gi).has_value());
                });
        }
}

TEST(GcmFast, EqualsReferenceOnRandomInputs) {
    std::mt19937 rng(2007);
    for (const LeaFastIsa li : leaIsas())
        for (const GhashIsa gi : ghashIsas()) {
            SCOPED_TRACE(std::string(leaFastIsaName(li)) + " + " + ghashIsaName(gi));
            for (std::size_t n = 0; n <= 300; n += 13)
                for (const std::size_t ivBytes : {12u, 1u, 16u, 40u}) {
                    const Bytes key = randomBytes(rng, 16 + 8 * (n % 3)), iv = randomBytes(rng, ivBytes),
                                aad = randomBytes(rng, n % 41), pt = randomBytes(rng, n);
                    const AeadResult want = gcmEncrypt(Lea(key), iv, aad, pt);
                    const AeadResult got = gcmEncryptFast(LeaFast(key, li), iv, aad, pt, gi);
                    EXPECT_EQ(toHex(got.ct), toHex(want.ct)) << n << " bytes, IV " << ivBytes;
                    EXPECT_EQ(toHex(got.tag), toHex(want.tag)) << n << " bytes, IV " << ivBytes;
                }
            EXPECT_THROW(gcmEncryptFast(LeaFast(Bytes(16), li), {}, {}, {}, gi), InvalidArgument);
            EXPECT_THROW(gcmDecryptFast(LeaFast(Bytes(16), li), Bytes(12), {}, {}, Bytes(15), gi),
                         InvalidArgument);
        }
}
