// mldsa keygen|sign|verify: the ML-DSA signature scheme (FIPS 204) on the command line (acvp:
// cmd_mldsaacvp.cpp), through the fast path or the reference model (--impl; crypto::MlDsaImpl, the same
// bytes). Keys, messages and signatures are HEX or @FILE (cliinput.h: a message file is its raw bytes; a key
// or signature file its raw bytes or its hex text). Sign without --rnd or --deterministic is the hedged
// variant with a fresh rnd from the operating system's random source (std::random_device), printed with the
// signature. Verify exits 1 when the signature does not verify; every bad input is a usage error (exit 2)
// naming its option.
#include "app/cli/clicommands.h"
#include "app/cli/cliinput.h"

#include "core/crypto/mldsa.h"

#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace rs::cli {

namespace {

using crypto::Bytes;
using crypto::MlDsaParams;
using crypto::MlDsaParamSet;
using crypto::MlDsaPreHash;

constexpr MlDsaParamSet kParamSets[] = {MlDsaParamSet::MlDsa44, MlDsaParamSet::MlDsa65,
                                        MlDsaParamSet::MlDsa87};
constexpr std::size_t kSeedBytes = 32, kRndBytes = 32, kMaxContextBytes = 255;

/** "44", "65", "87": a set's name after "ML-DSA-" (what --param takes; the full name is accepted too). */
std::string shortName(MlDsaParamSet set) {
    const std::string name = crypto::mldsaParams(set).name;
    return name.substr(name.rfind('-') + 1);
}

std::vector<std::string> paramNames() {
    std::vector<std::string> names;
    for (const MlDsaParamSet set : kParamSets)
        names.push_back(shortName(set));
    return names;
}

/** Every pre-hash function HashML-DSA takes, by ACVP's names, in FIPS 204's order. */
std::vector<MlDsaPreHash> preHashes() {
    std::vector<MlDsaPreHash> all;
    for (int i = 0; i <= static_cast<int>(MlDsaPreHash::Shake256); ++i)
        all.push_back(static_cast<MlDsaPreHash>(i));
    return all;
}

std::vector<std::string> preHashNames() {
    std::vector<std::string> names;
    for (const MlDsaPreHash ph : preHashes())
        names.push_back(crypto::mldsaPreHashName(ph));
    return names;
}

const MlDsaParams& paramArg(const CliArgs& args) {
    const std::string text = args.require("param");
    const std::optional<MlDsaParamSet> set = crypto::mldsaParamSetFromName(text);
    if (!set)
        throw UsageError("--param: unknown parameter set '" + text + "' (choose " + choice(paramNames()) +
                         ")");
    return crypto::mldsaParams(*set);
}

crypto::MlDsaImpl implArg(const CliArgs& args) {
    const std::string impl = args.value("impl").value_or("fast");
    if (impl != "fast" && impl != "reference")
        throw UsageError("--impl: expected fast or reference, got '" + impl + "'");
    return impl == "fast" ? crypto::MlDsaImpl::Fast : crypto::MlDsaImpl::Reference;
}

std::optional<MlDsaPreHash> preHashArg(const CliArgs& args) {
    if (!args.has("prehash")) return std::nullopt;
    const std::string text = args.require("prehash");
    const std::optional<MlDsaPreHash> ph = crypto::mldsaPreHashFromName(text);
    if (!ph)
        throw UsageError("--prehash: unknown pre-hash function '" + text + "' (choose " +
                         choice(preHashNames()) + ")");
    return ph;
}

/** --ctx: at most 255 bytes (FIPS 204 Algorithms 2-5 refuse a longer context); empty when absent. */
Bytes contextArg(const CliArgs& args) {
    Bytes ctx = inputBytesOr(args, "ctx", {});
    if (ctx.size() > kMaxContextBytes)
        throw UsageError("--ctx: at most " + std::to_string(kMaxContextBytes) + " bytes, got " +
                         std::to_string(ctx.size()));
    return ctx;
}

/** n fresh bytes from the operating system's random source. */
Bytes freshRandom(std::size_t n) {
    std::random_device device;
    Bytes out(n);
    for (std::size_t i = 0; i < n; i += 4) {
        const unsigned int word = device();
        for (std::size_t j = 0; j < 4 && i + j < n; ++j)
            out[i + j] = static_cast<std::uint8_t>(word >> (8 * j));
    }
    return out;
}

QString hexOf(const Bytes& bytes) {
    return QString::fromStdString(crypto::toHex(bytes));
}

/** What every result starts with: the parameter set and the code that computed. */
QJsonObject resultHead(const MlDsaParams& p, crypto::MlDsaImpl impl, std::optional<MlDsaPreHash> ph) {
    QJsonObject result{{"param", QString::fromLatin1(p.name)},
                       {"impl", impl == crypto::MlDsaImpl::Fast ? "fast" : "reference"}};
    if (ph) result.insert("prehash", QString::fromLatin1(crypto::mldsaPreHashName(*ph)));
    return result;
}

std::string forSet(const MlDsaParams& p) {
    return std::string(" for ") + p.name;
}

int runKeyGen(const CliArgs& args) {
    const MlDsaParams& p = paramArg(args);
    const crypto::MlDsaImpl impl = implArg(args);
    const bool given = args.has("seed");
    const Bytes seed = given ? sizedInputBytes(args, "seed", kSeedBytes) : freshRandom(kSeedBytes);
    const crypto::MlDsaKeyPair keys = crypto::mldsaKeyGen(p.set, seed, impl);
    QJsonObject result = resultHead(p, impl, std::nullopt);
    result.insert("seed", hexOf(seed));
    result.insert("seedSource", given ? "given" : "random");
    result.insert("pk", hexOf(keys.pk));
    result.insert("sk", hexOf(keys.sk));
    printResult(args, result);
    return kExitOk;
}

int runSign(const CliArgs& args) {
    const MlDsaParams& p = paramArg(args);
    const crypto::MlDsaImpl impl = implArg(args);
    const Bytes sk = sizedInputBytes(args, "sk", p.skBytes, forSet(p));
    const Bytes msg = inputBytes(args, "msg");
    const Bytes ctx = contextArg(args);
    const std::optional<MlDsaPreHash> ph = preHashArg(args);
    if (args.has("rnd") && args.flag("deterministic"))
        throw UsageError("--rnd and --deterministic: give one (--deterministic signs with rnd = 0^32)");
    // rnd: given, all zero (the deterministic variant), or fresh (the hedged variant FIPS 204 recommends).
    const std::string source = args.has("rnd")              ? "given"
                               : args.flag("deterministic") ? "deterministic"
                                                            : "random";
    const Bytes rnd = args.has("rnd")              ? sizedInputBytes(args, "rnd", kRndBytes)
                      : args.flag("deterministic") ? Bytes(kRndBytes, 0)
                                                   : freshRandom(kRndBytes);
    crypto::MlDsaSignature signature;
    try {
        signature = ph ? crypto::mldsaHashSign(p.set, sk, msg, ctx, *ph, rnd, impl)
                       : crypto::mldsaSign(p.set, sk, msg, ctx, rnd, impl);
    } catch (const crypto::InvalidArgument& e) {
        // Sizes and the context are checked above: what is left is a secret key that does not decode.
        throw UsageError(std::string("--sk: ") + e.what());
    }
    QJsonObject result = resultHead(p, impl, ph);
    result.insert("sig", hexOf(signature.sig));
    result.insert("attempts", signature.attempts);
    result.insert("rnd", hexOf(rnd));
    result.insert("rndSource", QString::fromStdString(source));
    printResult(args, result);
    return kExitOk;
}

int runVerify(const CliArgs& args) {
    const MlDsaParams& p = paramArg(args);
    const crypto::MlDsaImpl impl = implArg(args);
    const Bytes pk = sizedInputBytes(args, "pk", p.pkBytes, forSet(p));
    const Bytes msg = inputBytes(args, "msg");
    const Bytes ctx = contextArg(args);
    const std::optional<MlDsaPreHash> ph = preHashArg(args);
    const Bytes sig = sizedInputBytes(args, "sig", p.sigBytes, forSet(p));
    bool valid = false;
    try {
        valid = ph ? crypto::mldsaHashVerify(p.set, pk, msg, ctx, *ph, sig, impl)
                   : crypto::mldsaVerify(p.set, pk, msg, ctx, sig, impl);
    } catch (const crypto::InvalidArgument& e) {
        throw UsageError(std::string("--pk: ") + e.what());
    }
    QJsonObject result = resultHead(p, impl, ph);
    result.insert("valid", valid);
    printResult(args, result);
    if (!valid)
        std::cerr << "roundscope-cli: the signature does not verify (" << p.name << ", this public key, "
                  << "message and context" << (ph ? ", pre-hash" : "") << ")" << std::endl;
    return valid ? kExitOk : kExitInvalid;
}

} // namespace

CliCommand mldsaCommand() {
    const std::string param = alternatives(paramNames());
    CliCommand command{
        "mldsa",
        "the ML-DSA signature scheme (FIPS 204): key generation, signing, verification",
        {{{"keygen"},
          {option("param", param), optional("seed", "HEX"), optional("impl", "fast|reference")},
          "ML-DSA.KeyGen_internal(seed): pk and sk (hex). --seed: 32 bytes (HEX or @FILE); without it a\n"
          "fresh random seed, printed",
          nullptr,
          noVerb<runKeyGen>},
         {{"sign"},
          {option("param", param), option("sk", "HEX|@FILE"), option("msg", "HEX|@FILE"),
           optional("ctx", "HEX"), optional("rnd", "HEX"), flag("deterministic"), optional("prehash", "PH"),
           optional("impl", "fast|reference")},
          "ML-DSA.Sign (or HashML-DSA.Sign with --prehash): sig and the number of attempts. rnd: --rnd\n"
          "(32 bytes), --deterministic (all zero), or else fresh random bytes, printed. --ctx: at most 255\n"
          "bytes. PH: " +
              choice(preHashNames()),
          nullptr,
          noVerb<runSign>},
         {{"verify"},
          {option("param", param), option("pk", "HEX|@FILE"), option("msg", "HEX|@FILE"),
           option("sig", "HEX|@FILE"), optional("ctx", "HEX"), optional("prehash", "PH"),
           optional("impl", "fast|reference")},
          "ML-DSA.Verify (HashML-DSA.Verify with --prehash): valid true or false; exit 1 when the\n"
          "signature does not verify. @FILE: a message file is its raw bytes; a key or signature file is\n"
          "its raw bytes (exactly the set's size) or its hex text",
          nullptr,
          noVerb<runVerify>}}};
    for (CliUsage& u : mldsaAcvpUsages())
        command.usages.push_back(std::move(u));
    return command;
}

} // namespace rs::cli
