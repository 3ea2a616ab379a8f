// demo: a short guided tour of the models, until the GUI exists (README Quick start command 1).
#include "app/cli/clicommands.h"

#include "core/crypto/asconpermutation.h"
#include "core/crypto/blockmodes.h"
#include "core/oracle/algorithms.h"

#include <iostream>

namespace rs::cli {

using crypto::Bytes;
using crypto::fromHex;
using crypto::toHex;

namespace {

void heading(const std::string& text) {
    std::cout << "\n== " << text << " ==\n";
}

// The spec's own examples (LEA spec appendix, SKINNY paper appendix B), shown beside our output.
struct SpecExample {
    const char* id;
    const char* key;
    const char* pt;
    const char* ct;
};
constexpr SpecExample kExamples[] = {
    {"lea-128", "0F1E2D3C4B5A69788796A5B4C3D2E1F0", "101112131415161718191A1B1C1D1E1F",
     "9FC84E3528C6C6185532C7A704648BFD"},
    {"skinny-128-256", "009CEC81605D4AC1D2AE9E3085D7A1F31AC123EBFC00FDDCF01046CEEDDFCAB3",
     "3A0C47767A26A68DD382A695E7022E25", "B731D98A4BDE147A7ED4A6F16B9B587F"},
};

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
    for (const auto& ex : kExamples) {
        const auto* alg = oracle::findBlock(ex.id);
        const auto cipher = alg->make(fromHex(ex.key), 0);
        const Bytes out = crypto::ecbEncrypt(*cipher, fromHex(ex.pt));
        std::cout << "  " << alg->displayName << "  " << toHex(out)
                  << (toHex(out) == ex.ct ? "  = spec" : "  != spec " + std::string(ex.ct)) << "\n";
        crypto::Trace t;
        Bytes o(alg->blockBytes);
        cipher->encryptBlockTraced(fromHex(ex.pt).data(), o.data(), t);
        std::cout << "    traced " << t.steps.size() << " steps, " << alg->standardRounds
                  << " rounds; try: roundscope-cli trace --alg " << ex.id << " --key " << ex.key << " --in "
                  << ex.pt << " --json\n";
    }
}

} // namespace

int runDemo(const CliArgs&) {
    std::cout << "RoundScope "
              << "- round-by-round models of Ascon, LEA and SKINNY\n";
    showAead();
    showPermutation();
    showBlockCiphers();
    std::cout << "\nMore: roundscope-cli --help\n";
    return kExitOk;
}

} // namespace rs::cli
