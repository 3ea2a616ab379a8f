// `ip run|kat|resources --alg lea-128|lea-192|lea-256|skinny-128-256|skinny-128-384`: the block-cipher IP
// cores.
#include <QJsonArray>

#include <algorithm>
#include <iostream>

#include "app/cli/clicommands.h"
#include "core/katfile.h"
#include "core/katrunner.h"
#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "hw/ip/block/blockip.h"
#include "hw/ip/ipcores.h"
#include "hw/ip/iptrace.h"
#include "hw/ip/resourcereport.h"

namespace rs::cli {

namespace {

std::string rpcList(hw::BlockCore core) {
    std::string s;
    for (const int r : hw::BlockIp::supportedRpc(core))
        s += (s.empty() ? "" : ", ") + std::to_string(r);
    return s;
}

/** The largest --unroll accepted: 48, SKINNY-128-384's 56 rounds. */
int maxRpc(const hw::BlockIpAlgorithm& alg) {
    return std::max(48, alg.rounds);
}

/** --unroll: one of the rounds-per-clock settings Verilated for the core. */
int rpcArg(const CliArgs& args, const std::string& id, const hw::BlockIpAlgorithm& alg) {
    const int rpc = static_cast<int>(args.integer("unroll", 1, 1, maxRpc(alg)));
    const auto built = hw::BlockIp::supportedRpc(alg.core);
    if (std::find(built.begin(), built.end(), rpc) == built.end())
        throw UsageError("--unroll: " + std::to_string(rpc) + " rounds per clock is not built for " + id +
                         " (choose one of " + rpcList(alg.core) + ")");
    return rpc;
}

/** Whether --alg names a block IP core's cipher (lea-128/192/256, skinny-128-256, skinny-128-384). */
bool isBlockIpAlgorithm(const CliArgs& args) {
    // A cipher the block core runs (the IP core registry: its ECB operation is the core's).
    const auto alg = args.value("alg");
    const auto core = alg ? hw::ipCoreFor(*alg + "-ecb") : nullptr;
    return core && core->id() == "block";
}

int ipBlockRun(const CliArgs& args) {
    const std::string id = args.require("alg");
    const hw::BlockIpAlgorithm alg = *hw::blockIpAlgorithm(id);
    const int rpc = rpcArg(args, id, alg);
    const std::string mode = args.value("mode").value_or("ecb");
    if (mode != "ecb" && mode != "ctr") throw UsageError("--mode: expected ecb or ctr, got '" + mode + "'");
    const crypto::Bytes key = args.hex("key"), pt = args.hex("pt");
    if (key.size() != alg.keyBytes)
        throw UsageError("--key: " + id + " takes " + std::to_string(alg.keyBytes) + " bytes, got " +
                         std::to_string(key.size()));
    if (mode == "ecb" && pt.size() % 16) throw UsageError("--pt: ECB needs whole 16-byte blocks");
    const crypto::Bytes iv = mode == "ctr" ? args.hex("iv") : crypto::Bytes{};
    if (mode == "ctr" && iv.size() != 16) throw UsageError("--iv: the CTR counter block is 16 bytes");
    hw::BlockIp ip;
    if (args.has("fst")) ip.traceNextTo(args.require("fst"));
    hw::BlockIpResult r;
    try {
        r = mode == "ecb" ? ip.ecb(id, key, pt, rpc) : ip.ctr(id, key, iv, pt, rpc);
    } catch (const hw::IpTraceError& e) {
        throw UsageError(std::string("--fst: ") + e.what());
    }
    // The oracle's verdict on the same inputs: the IP's output is shown next to the model's, never alone.
    const oracle::Verdict verdict = oracle::verify(
        r.output, oracle::referenceOutput(oracle::operation(id + "-" + mode), {key, iv, {}, pt}));
    const std::uint64_t perBlock = hw::blockIpCycles(alg.rounds, rpc);
    printResult(
        args, QJsonObject{
                  {"alg", QString::fromStdString(id)},
                  {"mode", QString::fromStdString(mode)},
                  {"unroll", rpc},
                  {"out", QString::fromStdString(crypto::toHex(r.output))},
                  {"matches_model", verdict.ok},
                  {"blocks", r.blocks},
                  {"core_cycles", static_cast<double>(r.coreCycles)},
                  {"cycles_per_block", static_cast<double>(perBlock)},
                  {"formula",
                   QStringLiteral("1 + ceil(%1 / %2) = %3 per block").arg(alg.rounds).arg(rpc).arg(perBlock)},
                  {"bus_clocks", static_cast<double>(r.busClocks)}});
    return verdict ? kExitOk : kExitKatFailed;
}

int ipBlockKat(const CliArgs& args) {
    if (args.positional().size() != 1)
        throw UsageError("ip kat: expected exactly one KAT FILE after the options, got " +
                         std::to_string(args.positional().size()));
    const std::string id = args.require("alg"), path = args.positional().front();
    const hw::BlockIpAlgorithm alg = *hw::blockIpAlgorithm(id);
    const int rpc = rpcArg(args, id, alg);
    // The mode follows the file (CTR records carry an IV); records of other ciphers or key sizes are skipped.
    hw::BlockIp ip;
    core::KatOutcome outcome;
    try {
        const auto records = core::readKatFile(path);
        const oracle::Operation op = core::blockKatOperation(*oracle::findBlock(id), records);
        outcome = core::runKat(op, records, core::oneAtATime([&](const oracle::Inputs& in) {
                                   return op.ctr ? ip.ctr(id, in.key, in.nonce, in.message, rpc).output
                                                 : ip.ecb(id, in.key, in.message, rpc).output;
                               }));
    } catch (const core::KatError& e) {
        throw UsageError(std::string("FILE: ") + e.what());
    }
    return reportKatOutcome(args, id + " core (" + std::to_string(rpc) + " rounds per clock)", path, outcome,
                            "ip kat: no record of " + path + " is for " + id);
}

int ipBlockResources(const CliArgs& args) {
    const std::string id = args.require("alg");
    const hw::BlockIpAlgorithm alg = *hw::blockIpAlgorithm(id);
    hw::ResourceOptions opt;
    opt.core =
        hw::blockResourceCore(id); // SKINNY-128-384 is 4 (3 is the ML-DSA unit); its AXI top gets CIPHER 3
    opt.unroll = static_cast<int>(args.integer("unroll", 1, 1, maxRpc(alg)));
    // LEA: one core for all key sizes, its RPC divides LEA-128's 24 rounds.
    if ((alg.core == hw::BlockCore::Lea ? 24 : alg.rounds) % opt.unroll)
        throw UsageError("--unroll: rounds per clock must divide the round count");
    opt.detail = args.flag("detail");
    std::optional<QJsonObject> o = synthesizeJson(opt, !args.flag("no-cache"));
    if (!o) return kExitUsage;
    o->insert(QStringLiteral("alg"), QString::fromStdString(id));
    printResult(args, *o);
    return kExitOk;
}

} // namespace

std::vector<CliUsage> ipBlockUsages() {
    // The ciphers the block core runs, from the IP core registry (hw/ip/ipcores.h) and the oracle.
    const std::string blockCores = alternatives(hw::blockIpAlgorithms());
    return {
        {{"run"},
         {option("alg", blockCores), option("key", "HEX"), option("pt", "HEX"), optional("mode", "ecb|ctr"),
          optional("iv", "HEX"), optional("unroll", "RPC"), optional("fst", "FILE")},
         "the LEA / SKINNY core: output next to the model, clocks",
         isBlockIpAlgorithm,
         noVerb<ipBlockRun>},
        {{"kat"},
         {option("alg", blockCores), optional("unroll", "RPC"), word("FILE")},
         "ECB/CTR vectors through the core",
         isBlockIpAlgorithm,
         noVerb<ipBlockKat>},
        {{"resources"},
         {option("alg", blockCores), optional("unroll", "RPC"), flag("detail"), flag("no-cache")},
         "the same synthesis for those cores",
         isBlockIpAlgorithm,
         noVerb<ipBlockResources>}};
}

} // namespace rs::cli
