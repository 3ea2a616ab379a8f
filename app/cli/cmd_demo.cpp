// demo: a short guided tour of the models, until the GUI exists (README Quick start command 1). The block
// ciphers are the registry's, each on its explorer example and judged against the spec's answer for it
// from the row's official vector files.
#include "app/cli/clicommands.h"

#include "core/crypto/asconpermutation.h"
#include "core/crypto/blockmodes.h"
#include "core/katfile.h"
#include "core/katrunner.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/oracle.h"

#include <iostream>
#include <optional>

namespace rs::cli {

using crypto::Bytes;
using crypto::fromHex;
using crypto::toHex;

namespace {

void heading(const std::string& text) {
    std::cout << "\n== " << text << " ==\n";
}

/** A registry row's explorer example of one input ("key", "pt"); empty when the row has none. */
std::string example(const oracle::AlgorithmInfo& row, const std::string& field) {
    for (const oracle::InputField& f : row.explorer.inputs)
        if (f.name == field) return f.example;
    return {};
}

/** The spec's answer for the row's example: the ciphertext of the record of its official vector files (the
 *  spec's own examples, resources/vectors) with that key and plaintext; nullopt when none is found. */
std::optional<Bytes> specAnswer(const oracle::BlockAlgorithm& row, const Bytes& key, const Bytes& pt) {
#ifdef RS_VECTORS_DIR
    for (const std::string& file : row.vectorFiles) {
        try {
            const auto records = core::readKatFile(std::string(RS_VECTORS_DIR "/") + file);
            const oracle::Operation op = core::blockKatOperation(row, records);
            for (const core::KatRecord& r : records)
                if (const auto c = core::katCase(op, r); c && c->inputs.key == key && c->inputs.message == pt)
                    return c->expected;
        } catch (const core::KatError&) {
            // A file that cannot be read gives no answer; the demo says so.
        }
    }
#else
    (void)row, (void)key, (void)pt;
#endif
    return std::nullopt;
}

void showAead() {
    heading("AEAD: the same inputs through every scheme");
    const Bytes counting = fromHex("000102030405060708090A0B0C0D0E0F");
    const Bytes ad = fromHex("30313233");
    const Bytes pt = fromHex("48656C6C6F2C20526F756E6453636F706521"); // "Hello, RoundScope!"
    for (const auto& alg : oracle::aeadAlgorithms()) {
        const Bytes nonce(counting.begin(), counting.begin() + static_cast<std::ptrdiff_t>(alg.nonceBytes));
        const Bytes k(alg.keyBytes, 0x42);
        const auto r = alg.encrypt(k, nonce, ad, pt);
        Bytes badTag = r.tag;
        badTag[0] ^= 0x80;
        const bool rejected = !alg.decrypt(k, nonce, ad, r.ct, badTag).has_value();
        std::cout << "  " << alg.displayName << "\n    ct  " << toHex(r.ct) << "\n    tag " << toHex(r.tag)
                  << "\n    flipped tag bit rejected: " << (rejected ? "yes" : "NO") << "\n";
    }
}

void showPermutation() {
    heading("Ascon-p[12] on the zero state, x0..x4 after each round's linear diffusion");
    crypto::AsconState s{};
    crypto::Trace t;
    crypto::asconPermuteTraced(s, 12, t);
    for (const auto& step : t.steps) {
        if (step.step != "linear diffusion") continue;
        std::cout << "  round " << (step.round < 10 ? " " : "") << step.round << "  ";
        const std::string h = toHex(step.state);
        for (int w = 0; w < 5; ++w)
            std::cout << h.substr(static_cast<std::size_t>(16 * w), 16) << (w < 4 ? " " : "\n");
    }
}

void showBlockCiphers() {
    heading("Block ciphers against the specs' examples");
    // Every block cipher of the registry, on its explorer example (the spec's), beside the spec's answer.
    for (const oracle::BlockAlgorithm& alg : oracle::blockAlgorithms()) {
        const std::string keyHex = example(alg, "key"), ptHex = example(alg, "pt");
        if (keyHex.empty() || ptHex.empty()) continue;
        const Bytes key = fromHex(keyHex), pt = fromHex(ptHex);
        const auto cipher = alg.make(key, 0);
        const Bytes out = crypto::ecbEncrypt(*cipher, pt);
        const std::optional<Bytes> spec = specAnswer(alg, key, pt);
        std::cout << "  " << alg.displayName << "  " << toHex(out)
                  << (!spec                                       ? "  (no spec vector found)"
                      : oracle::verify(out, *spec, "the spec").ok ? "  = spec"
                                                                  : "  != spec " + toHex(*spec))
                  << "\n";
        crypto::Trace t;
        Bytes o(alg.blockBytes);
        cipher->encryptBlockTraced(pt.data(), o.data(), t);
        std::cout << "    traced " << t.steps.size() << " steps, " << alg.standardRounds
                  << " rounds; try: roundscope-cli trace --alg " << alg.id << " --key " << keyHex << " --in "
                  << ptHex << " --json\n";
    }
}

int runDemo(const CliArgs&) {
    std::cout << "RoundScope "
              << "- round-by-round models of Ascon, LEA and SKINNY\n";
    showAead();
    showPermutation();
    showBlockCiphers();
    std::cout << "\nMore: roundscope-cli --help\n";
    return kExitOk;
}

} // namespace

CliCommand demoCommand() {
    return {"demo", "a short tour of the models", {{{}, {}, "", nullptr, noVerb<runDemo>}}};
}

} // namespace rs::cli
