// trace: the state at every spec step boundary, with the layout that says how to draw it.
#include "clicommands.h"

#include "algorithms.h"
#include "crypto/asconpermutation.h"

#include <QJsonArray>

namespace rs::cli {

using crypto::Bytes;

namespace {

QJsonObject layoutJson(const crypto::StateLayout& l) {
    return QJsonObject{{"name", QString::fromStdString(l.name)},
                       {"rows", l.rows},
                       {"cols", l.cols},
                       {"cell_bits", l.cellBits},
                       {"row_label", QString::fromStdString(l.rowLabel)},
                       {"encoding", QString::fromStdString(l.encoding)}};
}

QJsonObject traceJson(const std::string& algorithm, const crypto::Trace& t, const Bytes& output) {
    QJsonArray steps;
    for (const auto& s : t.steps) {
        QJsonObject o{{"phase", QString::fromStdString(s.phase)},
                      {"round", s.round},
                      {"step", QString::fromStdString(s.step)},
                      {"state", QString::fromStdString(crypto::toHex(s.state))}};
        if (s.block >= 0) o.insert("block", s.block);
        if (!s.roundKey.empty()) o.insert("round_key", QString::fromStdString(crypto::toHex(s.roundKey)));
        steps.append(o);
    }
    return QJsonObject{{"algorithm", QString::fromStdString(algorithm)},
                       {"layout", layoutJson(t.layout)},
                       {"steps", steps},
                       {"output", QString::fromStdString(crypto::toHex(output))}};
}

int tracePermutation(const CliArgs& args) {
    args.allow({"alg", "in", "rounds"});
    const Bytes in = args.hexOr("in", Bytes(40, 0));
    if (in.size() != 40)
        throw UsageError("--in: the Ascon state is 40 bytes, got " + std::to_string(in.size()));
    const int rounds = static_cast<int>(args.integer("rounds", 12, 1, 12));
    crypto::AsconState s = crypto::asconStateFromBytes(in);
    crypto::Trace t;
    crypto::asconPermuteTraced(s, rounds, t);
    printResult(args, traceJson("Ascon-p[" + std::to_string(rounds) + "]", t, crypto::asconStateBytes(s)));
    return kExitOk;
}

int traceAead(const core::AeadAlgorithm& alg, const CliArgs& args) {
    args.allow({"alg", "key", "nonce", "ad", "pt"});
    if (!alg.encryptTraced)
        throw UsageError("--alg: " + alg.id + " has no step trace of its own; trace its block cipher (lea-" +
                         std::to_string(alg.keyBytes * 8) + ") instead");
    const Bytes key = args.hex("key"), nonce = args.hex("nonce"), ad = args.hexOr("ad", {}),
                pt = args.hex("pt");
    alg.checkSizes(key, nonce);
    crypto::Trace t;
    const crypto::AeadResult r = alg.encryptTraced(key, nonce, ad, pt, t);
    QJsonObject o = traceJson(alg.displayName, t, r.ct);
    o.insert("tag", QString::fromStdString(crypto::toHex(r.tag)));
    printResult(args, o);
    return kExitOk;
}

int traceBlock(const core::BlockAlgorithm& alg, const CliArgs& args) {
    args.allow({"alg", "key", "in", "rounds"}, {"decrypt"});
    const Bytes key = args.hex("key"), in = args.hex("in");
    alg.checkKey(key);
    if (in.size() != alg.blockBytes)
        throw UsageError("--in: trace takes one " + std::to_string(alg.blockBytes) + "-byte block for " +
                         alg.id + ", got " + std::to_string(in.size()) + " bytes");
    const int rounds = static_cast<int>(args.integer("rounds", alg.standardRounds, 1, alg.standardRounds));
    const auto cipher = alg.make(key, rounds);
    crypto::Trace t;
    Bytes out(in.size());
    if (args.flag("decrypt"))
        cipher->decryptBlockTraced(in.data(), out.data(), t);
    else
        cipher->encryptBlockTraced(in.data(), out.data(), t);
    std::string name = alg.displayName;
    if (rounds != alg.standardRounds) name += " (" + std::to_string(rounds) + " rounds)";
    printResult(args, traceJson(name, t, out));
    return kExitOk;
}

} // namespace

int runTrace(const CliArgs& args) {
    const std::string id = args.require("alg");
    if (id == "ascon-p") return tracePermutation(args);
    if (const auto* a = core::findAead(id)) return traceAead(*a, args);
    if (const auto* b = core::findBlock(id)) return traceBlock(*b, args);
    throw UsageError("--alg: unknown algorithm '" + id + "' for trace (choose ascon-p, " +
                     core::joinIds(core::aeadIds()) + ", " + core::joinIds(core::blockIds()) + ")");
}

} // namespace rs::cli
