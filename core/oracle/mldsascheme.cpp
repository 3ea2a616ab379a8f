#include "core/oracle/mldsascheme.h"

#include <memory>

namespace rs::oracle {

namespace {

using crypto::Bytes;
using crypto::ByteView;
using crypto::MlDsaImpl;

constexpr std::uint8_t kAccepted = 1, kRefused = 0;

/** The field plus k, big-endian over all of it (wrapping), as a CTR counter or messageInputs' nonce. */
Bytes plus(ByteView field, std::size_t k) {
    Bytes out(field.begin(), field.end());
    addBigEndian(out.data(), out.size(), static_cast<std::uint64_t>(k));
    return out;
}

const Bytes kNoContext;
const Bytes kZeroRnd(32, 0); // deterministic signing

crypto::MlDsaKeyPair referenceKeys(const MlDsaSchemeAlgorithm& alg, const Inputs& run) {
    return crypto::mldsaKeyGen(alg.set, run.key, MlDsaImpl::Reference);
}

Bytes referenceOutput(const MlDsaSchemeAlgorithm& alg, const MlDsaSchemeCase& c,
                      const crypto::MlDsaKeyPair* keys, std::size_t k) {
    if (alg.kind == MlDsaSchemeKind::KeyGen) {
        crypto::MlDsaKeyPair pair = crypto::mldsaKeyGen(alg.set, c.seed, MlDsaImpl::Reference);
        pair.pk.insert(pair.pk.end(), pair.sk.begin(), pair.sk.end());
        return pair.pk;
    }
    const Bytes sig = crypto::mldsaSign(alg.set, keys->sk, c.message, kNoContext, kZeroRnd).sig;
    if (alg.kind == MlDsaSchemeKind::Sign) return sig;
    const bool genuine = crypto::mldsaVerify(alg.set, keys->pk, c.message, kNoContext, sig);
    const bool mutated =
        crypto::mldsaVerify(alg.set, keys->pk, c.message, kNoContext, mldsaMutatedSignature(sig, alg.set, k));
    return {genuine ? kAccepted : kRefused, mutated ? kAccepted : kRefused};
}

std::string answerWord(std::uint8_t b) {
    return b == kAccepted ? "accepted" : b == kRefused ? "refused" : "answered " + std::to_string(b);
}

Verdict judge(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k, ByteView output,
              const crypto::MlDsaKeyPair* keys) {
    const MlDsaSchemeCase c = mldsaSchemeCase(alg, run, k);
    const Bytes want = referenceOutput(alg, c, keys, k);
    const std::string which = "case " + std::to_string(k) + ": ";
    Verdict v = verify(output, want, "the reference model");
    if (alg.kind == MlDsaSchemeKind::Sign &&
        !crypto::mldsaVerify(alg.set, keys->pk, c.message, kNoContext, output)) {
        v.ok = false;
        v.message = "the signature does not verify under the reference model" +
                    (v.message.empty() ? std::string() : "; " + v.message);
    }
    if (!v.ok && alg.kind == MlDsaSchemeKind::Verify && output.size() == want.size()) {
        const bool genuineWrong = output[0] != want[0];
        v.message = genuineWrong ? "Verify " + answerWord(output[0]) +
                                       " the genuine signature; the reference "
                                       "model " +
                                       answerWord(want[0]) + " it"
                                 : "Verify " + answerWord(output[1]) + " the signature with bit " +
                                       std::to_string(k % 8) + " of byte " +
                                       std::to_string(k % (crypto::mldsaParams(alg.set).lambda / 4)) +
                                       " flipped; the reference model " + answerWord(want[1]) + " it";
    }
    if (!v.ok) v.message = which + v.message;
    return v;
}

} // namespace

void checkMlDsaSchemeInputs(const MlDsaSchemeAlgorithm& alg, const Inputs& run) {
    const bool keygen = alg.kind == MlDsaSchemeKind::KeyGen;
    const ByteView seed = keygen ? ByteView(run.message) : ByteView(run.key);
    if (seed.size() != kMlDsaSeedBytes)
        throw OracleError(alg.id + ": the " + std::string(keygen ? "message" : "key") + " is the seed ξ: " +
                          std::to_string(kMlDsaSeedBytes) + " bytes, got " + std::to_string(seed.size()));
    if (keygen && !run.key.empty()) throw OracleError(alg.id + ": takes no key (its message is the seed ξ)");
    if (!run.nonce.empty() || !run.ad.empty())
        throw OracleError(alg.id + ": takes no nonce or associated data");
}

MlDsaSchemeCase mldsaSchemeCase(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k) {
    checkMlDsaSchemeInputs(alg, run);
    if (alg.kind == MlDsaSchemeKind::KeyGen) return {plus(run.message, k), {}};
    return {run.key, plus(run.message, k)};
}

Bytes mldsaMutatedSignature(ByteView sig, crypto::MlDsaParamSet set, std::size_t k) {
    Bytes out(sig.begin(), sig.end());
    const std::size_t cTildeBytes = static_cast<std::size_t>(crypto::mldsaParams(set).lambda / 4);
    const std::size_t at = k % cTildeBytes;
    if (at < out.size()) out[at] ^= static_cast<std::uint8_t>(1u << (k % 8));
    return out;
}

Bytes mldsaSchemeReference(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k) {
    const MlDsaSchemeCase c = mldsaSchemeCase(alg, run, k);
    if (alg.kind == MlDsaSchemeKind::KeyGen) return referenceOutput(alg, c, nullptr, k);
    const crypto::MlDsaKeyPair keys = referenceKeys(alg, run);
    return referenceOutput(alg, c, &keys, k);
}

Verdict judgeMlDsaSchemeOutput(const MlDsaSchemeAlgorithm& alg, const Inputs& run, std::size_t k,
                               ByteView output) {
    if (alg.kind == MlDsaSchemeKind::KeyGen) return judge(alg, run, k, output, nullptr);
    const crypto::MlDsaKeyPair keys = referenceKeys(alg, run);
    return judge(alg, run, k, output, &keys);
}

void judgeMlDsaSchemeRun(OutputJudge& outputs, const MlDsaSchemeAlgorithm& alg, const Inputs& run) {
    checkMlDsaSchemeInputs(alg, run);
    // The key pair of a sign or verify run, computed once for all its cases.
    std::shared_ptr<const crypto::MlDsaKeyPair> keys;
    if (alg.kind != MlDsaSchemeKind::KeyGen)
        keys = std::make_shared<const crypto::MlDsaKeyPair>(referenceKeys(alg, run));
    outputs.judgeEachCase(
        [&alg, run, keys](std::size_t k, ByteView output) { return judge(alg, run, k, output, keys.get()); });
}

} // namespace rs::oracle
