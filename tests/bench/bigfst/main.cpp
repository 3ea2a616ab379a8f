// Drives bigtop's clock and writes its FST through Verilator's own tracing (tests/bench/bigfst/).
// Usage: bigfst OUT.fst MAX_CYCLES [MIN_BYTES]: stops after MAX_CYCLES or, checked every 256 cycles,
// once OUT.fst holds at least MIN_BYTES.
#include "Vbigtop.h"
#include "verilated.h"
#include "verilated_fst_c.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <system_error>

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s OUT.fst MAX_CYCLES [MIN_BYTES]\n", argv[0]);
        return 2;
    }
    const char* out = argv[1];
    const long long maxCycles = std::atoll(argv[2]);
    const long long minBytes = argc > 3 ? std::atoll(argv[3]) : 0;
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->traceEverOn(true);
    auto top = std::make_unique<Vbigtop>(ctx.get());
    VerilatedFstC tfp;
    top->trace(&tfp, 99);
    tfp.open(out);
    long long c = 0;
    for (; c < maxCycles; ++c) {
        top->clk = 0;
        top->eval();
        tfp.dump(static_cast<uint64_t>(2 * c));
        top->clk = 1;
        top->eval();
        tfp.dump(static_cast<uint64_t>(2 * c + 1));
        if (minBytes > 0 && (c & 255) == 255) {
            std::error_code ec;
            const auto size = std::filesystem::file_size(out, ec);
            if (!ec && static_cast<long long>(size) >= minBytes) {
                ++c;
                break;
            }
        }
        if ((c & 1023) == 1023) std::fprintf(stderr, "cycle %lld\n", c + 1);
    }
    tfp.close();
    top->final();
    std::printf("cycles %lld\n", c);
    return 0;
}
