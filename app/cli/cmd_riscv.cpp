// `riscv run|kernels|paper003`: the RV32 kernels under QEMU (default) or Spike, checked against the C++
// model, counted in instructions.
#include <QJsonArray>

#include <iostream>

#include "app/cli/clicommands.h"
#include "riscv/papers/paper003.h"
#include "riscv/runner/riscvprogram.h"

namespace rs::cli {

namespace {

QJsonObject resultJson(const riscv::RiscvResult& r) {
    QJsonObject phases;
    for (const auto& [name, n] : r.phases)
        phases.insert(QString::fromStdString(name), static_cast<double>(n));
    QJsonObject o{{"kernel", QString::fromStdString(r.kernel)},
                  {"isa", QString::fromStdString(r.isa)},
                  {"sim", QString::fromStdString(r.sim)},
                  {"bytes", static_cast<double>(r.bytes)},
                  {"ad_bytes", static_cast<double>(r.adBytes)},
                  {"instructions", static_cast<double>(r.instructions)},
                  {"cycle_csr", static_cast<double>(r.cycleCsr)},
                  {"phases_instructions", phases},
                  {"verified", r.verified},
                  {"output", QString::fromStdString(crypto::toHex(r.output))}};
    if (r.perBlock) o.insert(QStringLiteral("per_block_instructions"), static_cast<double>(*r.perBlock));
    return o;
}

std::string simArg(const CliArgs& args) {
    const std::string sim = args.value("sim").value_or("qemu");
    if (sim != "qemu" && sim != "spike") throw UsageError("--sim: expected qemu or spike, got '" + sim + "'");
    return sim;
}

std::string isaArg(const CliArgs& args) {
    const std::string isa = args.value("isa").value_or("rv32im");
    if (isa != "rv32im" && isa != "rv32i")
        throw UsageError("--isa: expected rv32im or rv32i, got '" + isa + "'");
    return isa;
}

/** A run that cannot happen here (no simulator, no image) is exit 2 with its reason; a wrong answer 1. */
template <class F> int guarded(F f) {
    try {
        return f();
    } catch (const riscv::RiscvError& e) {
        const std::string why = e.what();
        if (why.rfind("wrong answer", 0) == 0) {
            std::cerr << "riscv: " << why << std::endl;
            return kExitKatFailed;
        }
        throw UsageError("riscv: " + why);
    }
}

int riscvKernels(const CliArgs& args) {
    QJsonArray list;
    for (const auto& k : riscv::kernels())
        list.append(QJsonObject{{"kernel", QString::fromStdString(k.id)},
                                {"algorithm", QString::fromStdString(k.algorithm)},
                                {"description", QString::fromStdString(k.description)}});
    printResult(args, QJsonObject{{"kernels", list}});
    return kExitOk;
}

int riscvRun(const CliArgs& args) {
    const std::string kernel = args.require("kernel");
    if (!riscv::findKernel(kernel)) {
        std::string known;
        for (const auto& k : riscv::kernels())
            known += (known.empty() ? "" : ", ") + k.id;
        throw UsageError("--kernel: unknown '" + kernel + "' (" + known + ")");
    }
    riscv::RiscvRequest r =
        riscv::requestFor(kernel, static_cast<std::uint64_t>(args.integer("bytes", 64, 0, 60000)),
                          static_cast<std::uint64_t>(args.integer("ad-bytes", 0, 0, 4096)));
    r.sim = simArg(args);
    r.isa = isaArg(args);
    return guarded([&] {
        printResult(args, resultJson(riscv::runKernel(r)));
        return kExitOk;
    });
}

int riscvPaper003(const CliArgs& args) {
    const std::string sim = simArg(args), isa = isaArg(args);
    return guarded([&] {
        const riscv::Paper003 t = riscv::paper003(sim, isa);
        QJsonArray ctr, gcm;
        for (const auto& r : t.ctr)
            ctr.append(resultJson(r));
        for (const auto& r : t.gcm)
            gcm.append(resultJson(r));
        if (!args.flag("json")) {
            std::cout << "LEA-128 CTR, instructions per 16-byte block (" << sim << ", " << isa << ")\n";
            for (const auto& r : t.ctr)
                std::cout << "  " << r.kernel << ": " << r.perBlock.value_or(0) << "\n";
            std::cout << "LEA-128-GCM, 16-byte AAD: GF multiply / CTR / GHASH / total instructions\n";
            for (const auto& r : t.gcm) {
                std::uint64_t gf = 0, c = 0, g = 0;
                for (const auto& [n, v] : r.phases) {
                    if (n == "gf_mult") gf = v;
                    if (n == "ctr") c = v;
                    if (n == "ghash") g = v;
                }
                std::cout << "  " << r.kernel << " " << r.bytes << " B: " << gf << " / " << c << " / " << g
                          << " / " << r.instructions << "\n";
            }
            return kExitOk;
        }
        printResult(args, QJsonObject{{"sim", QString::fromStdString(sim)},
                                      {"isa", QString::fromStdString(isa)},
                                      {"lea_ctr", ctr},
                                      {"lea_gcm", gcm}});
        return kExitOk;
    });
}

} // namespace

CliCommand riscvCommand() {
    return {"riscv",
            "the RV32 kernels under QEMU or Spike, in retired instructions",
            {{{"run"},
              {option("kernel", "K"), optional("bytes", "N"), optional("ad-bytes", "N"),
               optional("sim", "qemu|spike"), optional("isa", "rv32im|rv32i")},
              "one RV32 kernel under QEMU (-icount shift=0) or Spike, checked against the C++ model;\n"
              "counts are retired instructions (instret), per phase and per block",
              nullptr,
              noVerb<riscvRun>},
             {{"kernels"}, {}, "the kernels of the RV32 images", nullptr, noVerb<riscvKernels>},
             {{"paper003"},
              {optional("sim", "qemu|spike"), optional("isa", "rv32im|rv32i")},
              "paper 003's tables: LEA-128 CTR instructions per block for the C reference and the three\n"
              "assembly variants; LEA-GCM at 16/64/128 bytes, 16-byte AAD, split into GF multiply, CTR\n"
              "and GHASH",
              nullptr,
              noVerb<riscvPaper003>}}};
}

} // namespace rs::cli
