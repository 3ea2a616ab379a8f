// aead, block, hash and list commands.
#include "app/cli/clicommands.h"
#include "app/cli/cliinput.h"

#include "core/campaign/cpufastblock.h"
#include "core/crypto/blockmodes.h"
#include "core/oracle/algorithms.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>
#include <iostream>

namespace rs::cli {

using crypto::Bytes;
using crypto::toHex;
using oracle::findAead;
using oracle::findBlock;
using oracle::findHash;

namespace {
QString hexString(const Bytes& b) {
    return QString::fromStdString(toHex(b));
}

std::string requireAlg(const CliArgs& args, const std::vector<std::string>& ids, bool known) {
    const std::string alg = args.require("alg");
    if (!known)
        throw UsageError("--alg: unknown algorithm '" + alg + "' (choose one of " + oracle::joinIds(ids) +
                         ")");
    return alg;
}

/** --impl: fast (default: the cpu target's fast path where the algorithm has one) or reference (the
 *  model code). */
bool wantsFast(const CliArgs& args) {
    const std::string impl = args.value("impl").value_or("fast");
    if (impl != "fast" && impl != "reference")
        throw UsageError("--impl: expected fast or reference, got '" + impl + "'");
    return impl == "fast";
}

/** What ran, as the cpu target's run parameters name it (cpu.impl, cpu.isa). */
void nameImplementation(QJsonObject& result, bool fast, const std::string& isa) {
    result.insert("impl", fast ? "fast" : "reference");
    result.insert("isa", QString::fromStdString(fast ? isa : "scalar"));
}
} // namespace

void printResult(const CliArgs& args, const QJsonObject& result) {
    if (args.flag("json")) {
        std::cout << QJsonDocument(result).toJson(QJsonDocument::Compact).toStdString() << std::endl;
        return;
    }
    for (auto it = result.begin(); it != result.end(); ++it) {
        const QJsonValue v = it.value();
        QString text =
            v.isString()   ? v.toString()
            : v.isDouble() ? QString::number(v.toDouble())
            : v.isBool()
                ? QString(v.toBool() ? "true" : "false")
                : QString::fromUtf8(v.isArray() ? QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact)
                                                : QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
        std::cout << it.key().toStdString() << ": " << text.toStdString() << "\n";
    }
    std::cout.flush();
}

namespace {

int runAead(const std::string& verb, const CliArgs& args) {
    const bool enc = verb == "encrypt";
    const auto* alg = findAead(args.value("alg").value_or(""));
    requireAlg(args, oracle::aeadIds(), alg != nullptr);
    const Bytes key = args.hex("key"), nonce = args.hex("nonce"), ad = args.hexOr("ad", {});
    if (enc) {
        const Bytes pt = args.hex("pt");
        alg->checkSizes(key, nonce);
        const bool wantFast = wantsFast(args);
        const auto fast = wantFast ? campaign::makeFastAead(alg->id, key) : nullptr;
        const bool into = !fast && wantFast && alg->encryptInto;
        crypto::AeadResult r;
        if (fast || into) {
            r.ct.resize(pt.size());
            r.tag.resize(alg->tagBytes);
            if (fast)
                fast->encrypt(nonce, ad, pt, r.ct, r.tag);
            else
                alg->encryptInto(key, nonce, ad, pt, r.ct, r.tag);
        } else {
            r = alg->encrypt(key, nonce, ad, pt);
        }
        QJsonObject result{{"ct", hexString(r.ct)}, {"tag", hexString(r.tag)}};
        nameImplementation(result, fast || into, fast ? fast->isa() : "scalar");
        printResult(args, result);
        return kExitOk;
    }
    const Bytes ct = args.hex("ct"), tag = args.hex("tag");
    alg->checkSizes(key, nonce, tag);
    const bool wantFast = wantsFast(args);
    const auto fast = wantFast ? campaign::makeFastAead(alg->id, key) : nullptr;
    const bool into = !fast && wantFast && alg->decryptInto;
    std::optional<Bytes> pt;
    if (fast) {
        pt = fast->decrypt(nonce, ad, ct, tag);
    } else if (into) {
        Bytes out(ct.size());
        if (alg->decryptInto(key, nonce, ad, ct, tag, out)) pt = std::move(out);
    } else {
        pt = alg->decrypt(key, nonce, ad, ct, tag);
    }
    if (!pt) {
        std::cerr << "roundscope-cli: authentication failed: the tag does not match (" << alg->displayName
                  << "); no plaintext released" << std::endl;
        return kExitAuthFailed;
    }
    QJsonObject result{{"pt", hexString(*pt)}};
    nameImplementation(result, fast || into, fast ? fast->isa() : "scalar");
    printResult(args, result);
    return kExitOk;
}

int runBlock(const std::string& verb, const CliArgs& args) {
    const bool enc = verb == "encrypt";
    const auto* alg = findBlock(args.value("alg").value_or(""));
    requireAlg(args, oracle::blockIds(), alg != nullptr);
    const std::string mode = args.value("mode").value_or("ecb");
    if (mode != "ecb" && mode != "ctr") throw UsageError("--mode: expected ecb or ctr, got '" + mode + "'");
    if (mode == "ecb" && args.has("iv")) throw UsageError("--iv: ECB takes no IV");
    const Bytes key = args.hex("key"), in = args.hex("in");
    alg->checkKey(key);
    const auto cipher = alg->make(key, 0);
    const auto fast = wantsFast(args) ? campaign::makeFastBlocks(alg->id, key) : nullptr;
    Bytes out;
    if (mode == "ctr") {
        const Bytes iv = args.hex("iv");
        if (iv.size() != alg->blockBytes)
            throw UsageError("--iv: must be " + std::to_string(alg->blockBytes) + " bytes for " + alg->id +
                             ", got " + std::to_string(iv.size()));
        if (fast) {
            out.resize(in.size());
            fast->ctr(iv.data(), in.data(), out.data(), in.size());
        } else {
            out = crypto::ctrXor(*cipher, iv, in);
        }
    } else {
        if (in.size() % alg->blockBytes != 0)
            throw UsageError("--in: ECB needs a multiple of " + std::to_string(alg->blockBytes) +
                             " bytes for " + alg->id + ", got " + std::to_string(in.size()));
        if (fast) {
            out.resize(in.size());
            if (enc)
                fast->ecb(in.data(), out.data(), in.size() / alg->blockBytes);
            else
                fast->ecbDecrypt(in.data(), out.data(), in.size() / alg->blockBytes);
        } else {
            out = enc ? crypto::ecbEncrypt(*cipher, in) : crypto::ecbDecrypt(*cipher, in);
        }
    }
    QJsonObject result{{"out", hexString(out)}};
    nameImplementation(result, fast != nullptr, fast ? fast->isa() : "scalar");
    printResult(args, result);
    return kExitOk;
}

int runHash(const CliArgs& args) {
    const auto* alg = findHash(args.value("alg").value_or(""));
    requireAlg(args, oracle::hashIds(), alg != nullptr);
    // --impl: fast (the default where the row has a fast path: the FIPS 202 rows' fast Keccak-f[1600]) or
    // reference (the model); a row without one refuses fast rather than run its model under that name.
    const std::string impl = args.value("impl").value_or(alg->hashFast ? "fast" : "reference");
    if (impl != "fast" && impl != "reference")
        throw UsageError("--impl: expected fast or reference, got '" + impl + "'");
    if (impl == "fast" && !alg->hashFast)
        throw UsageError("--impl: " + alg->id + " has no fast path (its reference model is the only one); " +
                         "use --impl reference");
    const Bytes in = inputBytes(args, "in");
    long outLen = static_cast<long>(alg->defaultOutBytes);
    if (alg->extendable)
        outLen = args.integer("outlen", outLen, 1, 1 << 20);
    else if (args.has("outlen") && args.integer("outlen", outLen, 1, 1 << 20) != outLen)
        throw UsageError("--outlen: " + alg->id + " has a fixed " + std::to_string(outLen) + "-byte digest");
    const auto& hash = impl == "fast" ? alg->hashFast : alg->hash;
    QJsonObject result{{"digest", hexString(hash(in, static_cast<std::size_t>(outLen)))}};
    nameImplementation(result, impl == "fast", "scalar");
    printResult(args, result);
    return kExitOk;
}

int runList(const CliArgs& args) {
    QJsonArray aead, block, hash;
    for (const auto& a : oracle::aeadAlgorithms())
        aead.append(QJsonObject{{"id", QString::fromStdString(a.id)},
                                {"name", QString::fromStdString(a.displayName)},
                                {"key_bytes", int(a.keyBytes)},
                                {"nonce_bytes", int(a.nonceBytes)},
                                {"tag_bytes", int(a.tagBytes)}});
    for (const auto& b : oracle::blockAlgorithms())
        block.append(QJsonObject{{"id", QString::fromStdString(b.id)},
                                 {"name", QString::fromStdString(b.displayName)},
                                 {"key_bytes", int(b.keyBytes)},
                                 {"block_bytes", int(b.blockBytes)},
                                 {"rounds", b.standardRounds}});
    for (const auto& h : oracle::hashAlgorithms())
        hash.append(QJsonObject{{"id", QString::fromStdString(h.id)},
                                {"name", QString::fromStdString(h.displayName)},
                                {"xof", h.extendable}});
    printResult(args, QJsonObject{{"aead", aead}, {"block", block}, {"hash", hash}});
    return kExitOk;
}

} // namespace

CliCommand aeadCommand() {
    const std::string aeadHelp = "A: " + oracle::joinIds(oracle::aeadIds());
    return {"aead",
            "authenticated encryption with a registry AEAD",
            {{{"encrypt"},
              {option("alg", "A"), option("key", "HEX"), option("nonce", "HEX"), optional("ad", "HEX"),
               option("pt", "HEX"), optional("impl", "fast|reference")},
              "",
              nullptr,
              runAead},
             {{"decrypt"},
              {option("alg", "A"), option("key", "HEX"), option("nonce", "HEX"), optional("ad", "HEX"),
               option("ct", "HEX"), option("tag", "HEX"), optional("impl", "fast|reference")},
              aeadHelp,
              nullptr,
              runAead}}};
}

CliCommand blockCommand() {
    return {"block",
            "a block cipher in ECB or CTR",
            {{{"encrypt", "decrypt"},
              {option("alg", "B"), option("key", "HEX"), option("in", "HEX"), optional("mode", "ecb|ctr"),
               optional("iv", "HEX"), optional("impl", "fast|reference")},
              "B: " + oracle::joinIds(oracle::blockIds()) + " (SKINNY --key is the whole tweakey)",
              nullptr,
              runBlock}}};
}

CliCommand hashCommand() {
    return {
        "hash",
        "a hash or XOF",
        {{{},
          {option("alg", "H"), option("in", "HEX|@FILE"), optional("outlen", "N"),
           optional("impl", "fast|reference")},
          "H: " + oracle::joinIds(oracle::hashIds()) +
              "\n--outlen N: an XOF's output bytes (default: its row's size); a hash takes only its own.\n"
              "--in @FILE hashes the file's raw bytes. --impl: fast (the default where the row has one: the\n"
              "SHA-3/SHAKE rows' fast Keccak-f[1600], same bytes) or reference (the model)",
          nullptr,
          noVerb<runHash>}}};
}

CliCommand listCommand() {
    return {"list", "the algorithms and their sizes", {{{}, {}, "", nullptr, noVerb<runList>}}};
}

} // namespace rs::cli
