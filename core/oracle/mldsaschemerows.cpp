// The registry's rows of the ML-DSA signature scheme (FIPS 204): key generation, signing and verification of
// each parameter set, as campaign operations. Written once here; the table and its lookups are in
// algorithms.cpp, what a run of one computes and how it is judged in mldsascheme.h.
#include "core/oracle/algorithmrows.h"

#include "core/oracle/mldsascheme.h"
#include "core/oracle/mldsasignexplorer.h"

namespace rs::oracle::detail {

namespace {

struct KindName {
    MlDsaSchemeKind kind;
    const char* word;    ///< the id's last part
    const char* display; ///< the spec's name of the algorithm
};

constexpr KindName kKinds[] = {
    {MlDsaSchemeKind::KeyGen, "keygen", "KeyGen (FIPS 204 Algorithm 6, KeyGen_internal)"},
    {MlDsaSchemeKind::Sign, "sign", "Sign (FIPS 204 Algorithm 2, deterministic)"},
    {MlDsaSchemeKind::Verify, "verify", "Verify (FIPS 204 Algorithm 3)"},
};

/** "mldsa-44-keygen": the family, the parameter set's number (the name's digits), the operation. */
MlDsaSchemeAlgorithm row(crypto::MlDsaParamSet set, const KindName& k) {
    const std::string name = crypto::mldsaParams(set).name; // "ML-DSA-44"
    MlDsaSchemeAlgorithm m;
    m.id = "mldsa-" + name.substr(name.rfind('-') + 1) + "-" + k.word;
    m.displayName = name + " " + k.display;
    m.kind = k.kind;
    m.set = set;
    // Key generation consumes one seed xi and nothing of a message: it runs at that one size.
    if (k.kind == MlDsaSchemeKind::KeyGen) m.fixedMessageBytes = kMlDsaSeedBytes;
    // Signing is also stepped through in the Round Explorer (its rejection loop, attempt by attempt).
    if (k.kind == MlDsaSchemeKind::Sign) {
        m.explorer = mldsaSignExplorerProfile(set);
        m.layout = crypto::mldsaPolyLayout();
    }
    return m;
}

} // namespace

std::vector<MlDsaSchemeAlgorithm> mldsaSchemeRows() {
    using P = crypto::MlDsaParamSet;
    std::vector<MlDsaSchemeAlgorithm> rows;
    for (const P set : {P::MlDsa44, P::MlDsa65, P::MlDsa87})
        for (const KindName& k : kKinds)
            rows.push_back(row(set, k));
    return rows;
}

} // namespace rs::oracle::detail
