// Round <-> cycle link (hw/ip/roundlink.h): the model's Ascon AEAD trace against a capture of the same
// encryption on the IP. The register holds the state at every clock boundary of a permutation
// (every U-th round and the last), so those "linear diffusion" steps link exactly, at the clock
// the pipeline lanes give for the permutation's start plus the clocks it has run.
#include "tests/hw/hwtest.h"

#include "core/crypto/asconaead.h"
#include "core/crypto/lea.h"
#include "hw/ip/ascon/asconip.h"
#include "hw/ip/ascon/asconipcycles.h"
#include "hw/ip/ascon/pipelinelanes.h"
#include "hw/ip/roundlink.h"

namespace {

using rs::crypto::AsconAeadVariant;
using rs::crypto::Bytes;
using rs::waveform::Tick;

/** The link the RTL promises for every step: exact at a cycle, or not exact. */
struct Expected {
    bool exact = false;
    Tick cycle = 0;
};

std::vector<Expected> expectedLinks(const rs::crypto::Trace& trace, const rs::hw::PipelineLanes& lanes,
                                    int unroll, bool precomputed) {
    const auto u = static_cast<Tick>(unroll);
    const auto clocks = [u](int rounds) { return (static_cast<Tick>(rounds) + u - 1) / u; };
    std::vector<Expected> out(trace.steps.size());
    int perm = -1;  // 0: initialisation's p^a, j + 1: the permutation block j starts
    int rounds = 0; // rounds of the current permutation
    for (std::size_t i = 0; i < trace.steps.size(); ++i) {
        const auto& st = trace.steps[i];
        if (st.round == 1 && st.step == "round constant") {
            ++perm;
            rounds = 0;
            for (std::size_t k = i; k < trace.steps.size() && trace.steps[k].round > 0; ++k)
                rounds = trace.steps[k].round;
        }
        const bool init = st.phase == "initialization";
        if (init && st.step == "key addition") {
            // The last p^a clock stores p_out ^ K: the state after key addition, from R0 on.
            out[i] = {true, lanes.load + 1 + (precomputed ? 0 : clocks(12))};
        } else if (init && st.step == "initial state") {
            out[i] = {!precomputed, lanes.load + 1};
        } else if (st.step == "linear diffusion" && !(precomputed && init)) {
            // Held at every clock boundary: round r = kU, and the last round; not round 12 of
            // initialisation (the key is added in the same clock).
            const bool boundary = st.round % unroll == 0 || st.round == rounds;
            const bool held = boundary && !(init && st.round == 12);
            const Tick start =
                perm == 0 ? lanes.load + 1 : lanes.blocks.at(static_cast<std::size_t>(perm - 1)).take;
            out[i] = {held, start + clocks(st.round)};
        }
    }
    return out;
}

void checkLinks(AsconAeadVariant v, int unroll, bool precomputed, std::size_t adLen, std::size_t msgLen) {
    SCOPED_TRACE(std::string(rs::crypto::asconAeadName(v)) + " unroll " + std::to_string(unroll) +
                 (precomputed ? " precomputed" : " full") + " |A|=" + std::to_string(adLen) +
                 " |P|=" + std::to_string(msgLen));
    std::mt19937 rng(static_cast<unsigned>(unroll * 100 + static_cast<int>(v)));
    const Bytes key = rs::test::randomBytes(rng, 16), nonce = rs::test::randomBytes(rng, 16);
    const Bytes ad = rs::test::randomBytes(rng, adLen), pt = rs::test::randomBytes(rng, msgLen);
    rs::crypto::Trace trace;
    const auto ref = rs::crypto::asconEncryptTraced(v, key, nonce, ad, pt, trace);

    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.unroll = unroll;
    opt.precomputed = precomputed;
    opt.capture = &store;
    const auto r = ip.encrypt(v, key, nonce, ad, pt, opt);
    ASSERT_EQ(r.tag, ref.tag);
    ASSERT_EQ(r.ct, ref.ct);

    const auto lanes = rs::hw::extractPipelineLanes(store);
    const auto links = rs::hw::linkTraceToCycles(trace, store);
    ASSERT_EQ(links.size(), trace.steps.size());
    const auto expected = expectedLinks(trace, lanes, unroll, precomputed);

    std::size_t exact = 0;
    std::optional<Tick> lastExact;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const auto& st = trace.steps[i];
        SCOPED_TRACE("step " + std::to_string(i) + ": " + st.phase + " block " + std::to_string(st.block) +
                     " round " + std::to_string(st.round) + " " + st.step);
        ASSERT_EQ(links[i].exact, expected[i].exact);
        if (expected[i].exact) {
            ASSERT_TRUE(links[i].cycle.has_value());
            EXPECT_EQ(*links[i].cycle, expected[i].cycle);
            EXPECT_EQ(rs::hw::rtlStateBytes(store, *links[i].cycle), st.state);
            if (lastExact) {
                EXPECT_GT(*links[i].cycle, *lastExact) << "exact links move forward";
            }
            lastExact = links[i].cycle;
            ++exact;
            continue;
        }
        // Not held: linked to the next exactly held step, or to nothing after the last one.
        std::optional<Tick> next;
        for (std::size_t k = i + 1; k < links.size() && !next; ++k)
            if (expected[k].exact) next = expected[k].cycle;
        EXPECT_EQ(links[i].cycle, next);
        if (links[i].cycle) {
            EXPECT_NE(rs::hw::rtlStateBytes(store, *links[i].cycle), st.state);
        }
    }
    // The final "tag" step (x3,x4 ^ K into the tag register, the state keeps p^12's output) is the
    // only one with no register state after it; p^12's last round is held from the end on.
    EXPECT_EQ(trace.steps.back().step, "tag");
    EXPECT_FALSE(links.back().cycle.has_value());
    ASSERT_GE(links.size(), 2u);
    EXPECT_TRUE(links[links.size() - 2].exact);
    EXPECT_EQ(links[links.size() - 2].cycle, lanes.end);
    // Held states: IV || K || N and p^a's first 12/U - 1 boundaries (full mode), the state after
    // key addition, then n_b per AD or full message block and n_a for finalisation.
    const auto terms = rs::hw::expectedCycles({v, unroll, precomputed, false, false, adLen, msgLen}).terms;
    const std::size_t initHeld = precomputed ? 1 : 1 + (12 / static_cast<std::size_t>(unroll) - 1) + 1;
    EXPECT_EQ(exact,
              initHeld +
                  (terms.adBlocks + terms.fullBlocks) * static_cast<std::size_t>(terms.blockPermClocks) +
                  static_cast<std::size_t>(terms.initClocks));
}

TEST(IpRoundLink, RoundBoundariesLinkExactlyInFullMode) {
    for (const auto& v : rs::test::ipVariants())
        for (int unroll : {1, 2, 3})
            for (const auto& [adLen, msgLen] :
                 {std::pair<std::size_t, std::size_t>{0, 0}, {20, 35}, {16, 16}}) {
                checkLinks(v.variant, unroll, false, adLen, msgLen);
                if (HasFailure()) return;
            }
}

TEST(IpRoundLink, PrecomputedModeStartsAtTheInjectedState) {
    // The injected state is the one after initialisation's key addition; nothing before it was in
    // the register, so initialisation's steps all link to LOAD + 1, inexactly.
    checkLinks(AsconAeadVariant::AsconAead128, 1, true, 7, 21);
    checkLinks(AsconAeadVariant::Ascon128v12, 2, true, 0, 9);
}

TEST(IpRoundLink, StateAccessorsReadTheCapture) {
    rs::hw::AsconIp ip;
    rs::waveform::WaveformStore store;
    rs::hw::AsconIpOptions opt;
    opt.capture = &store;
    const Bytes key(16, 1), nonce(16, 2);
    ip.encrypt(AsconAeadVariant::Ascon128v12, key, nonce, {}, {}, opt);
    const auto lanes = rs::hw::extractPipelineLanes(store);
    // LOAD + 1 holds IV || K || N: Ascon-128 v1.2's IV is 0x80400c0600000000.
    const auto s = rs::hw::rtlStateAt(store, lanes.load + 1);
    EXPECT_EQ(s[0], 0x80400c0600000000ull);
    EXPECT_EQ(s[1], 0x0101010101010101ull);
    EXPECT_EQ(s[4], 0x0202020202020202ull);
    const auto bytes = rs::hw::rtlStateBytes(store, lanes.load + 1);
    ASSERT_EQ(bytes.size(), 40u);
    EXPECT_EQ(bytes[0], 0x80);
    EXPECT_EQ(bytes[1], 0x40);
    EXPECT_EQ(bytes[7], 0x00);
    EXPECT_EQ(bytes[8], 0x01);
    EXPECT_EQ(bytes[39], 0x02);
}

TEST(IpRoundLink, NonAsconTracesAndMissingStateAreRejected) {
    rs::crypto::Trace lea;
    const rs::crypto::Lea cipher(Bytes(16, 1));
    std::uint8_t block[16] = {}, out[16] = {};
    cipher.encryptBlockTraced(block, out, lea);
    rs::waveform::WaveformStore store;
    rs::hw::AsconIp ip;
    rs::hw::AsconIpOptions opt;
    opt.capture = &store;
    ip.encrypt(AsconAeadVariant::Ascon128v12, Bytes(16, 1), Bytes(16, 2), {}, {}, opt);
    try {
        rs::hw::linkTraceToCycles(lea, store);
        ADD_FAILURE() << "LEA trace";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find(lea.layout.name), std::string::npos) << e.what();
    }
    rs::crypto::Trace ascon;
    rs::crypto::asconEncryptTraced(AsconAeadVariant::Ascon128v12, Bytes(16, 1), Bytes(16, 2), {}, {}, ascon);
    rs::waveform::WaveformStore noState;
    opt.capture = &noState;
    opt.captureGroups = {"control", "pipeline"};
    ip.encrypt(AsconAeadVariant::Ascon128v12, Bytes(16, 1), Bytes(16, 2), {}, {}, opt);
    for (auto call :
         {+[](const rs::crypto::Trace&t, const rs::waveform::WaveformStore&s) {
              rs::hw::linkTraceToCycles(t, s);
          },
          +[](const rs::crypto::Trace&, const rs::waveform::WaveformStore&s) { rs::hw::rtlStateAt(s, 0); }}) {
        try {
            call(ascon, noState);
            ADD_FAILURE() << "no state signals";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("'x0'"), std::string::npos) << e.what();
        }
    }
    // The real capture links the real trace.
    EXPECT_EQ(rs::hw::linkTraceToCycles(ascon, store).size(), ascon.steps.size());
}

} // namespace
