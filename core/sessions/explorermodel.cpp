#include "core/sessions/explorermodel.h"

#include "core/crypto/mldsantt.h"
#include "core/oracle/algorithms.h"
#include "core/teach/mldsasignsteps.h"

#include <bit>

namespace rs::sessions {

namespace {

ExplorerKind kindOf(oracle::AlgorithmKind k) {
    switch (k) {
    case oracle::AlgorithmKind::Permutation:
        return ExplorerKind::Permutation;
    case oracle::AlgorithmKind::Aead:
        return ExplorerKind::Aead;
    case oracle::AlgorithmKind::MlDsa:
        return ExplorerKind::Transform;
    case oracle::AlgorithmKind::Block:
    case oracle::AlgorithmKind::Hash:
        break;
    }
    return ExplorerKind::Block;
}

ExplorerAlgorithm fromRow(const oracle::AlgorithmRef& r) {
    const oracle::AlgorithmInfo& info = *r.info;
    ExplorerAlgorithm a;
    a.id = info.id;
    a.displayName = info.explorer.name.empty() ? info.displayName : info.explorer.name;
    a.kind = kindOf(r.kind);
    a.row = &r;
    for (const oracle::InputField& f : info.explorer.inputs)
        a.fields.push_back({{f.name, f.label, f.bytes, f.example, f.check, f.random}, f.varied});
    // Rows whose model takes a round count: the permutation and the block ciphers.
    a.maxRounds = r.permutation ? r.permutation->standardRounds : r.block ? r.block->standardRounds : 0;
    a.fixedRounds = info.explorer.fixedRounds;
    a.outputTitle = info.explorer.outputTitle;
    a.outputNote = info.explorer.outputNote;
    // The analysis of the same row (an AEAD mode: its initialization permutation with that variant's key
    // and nonce placement).
    if (info.diffusion.stateBytes > 0) {
        a.diffusionAlg = info.id;
        a.diffusionRounds = info.diffusion.standardRounds;
    }
    return a;
}

// A scheme operation the explorer steps through (the rows with explorer inputs: ML-DSA signing).
ExplorerAlgorithm fromSchemeRow(const oracle::MlDsaSchemeAlgorithm& r) {
    ExplorerAlgorithm a;
    a.id = r.id;
    a.displayName = r.explorer.name.empty() ? r.displayName : r.explorer.name;
    a.kind = ExplorerKind::Process;
    a.scheme = &r;
    for (const oracle::InputField& f : r.explorer.inputs)
        a.fields.push_back({{f.name, f.label, f.bytes, f.example, f.check, f.random}, f.varied});
    a.fixedRounds = r.explorer.fixedRounds;
    a.outputTitle = r.explorer.outputTitle;
    a.outputNote = r.explorer.outputNote;
    return a;
}

std::vector<ExplorerAlgorithm> buildTable() {
    std::vector<ExplorerAlgorithm> table;
    for (const oracle::AlgorithmRef& r : oracle::allAlgorithms())
        if (!r.info->explorer.inputs.empty() && r.kind != oracle::AlgorithmKind::Hash)
            table.push_back(fromRow(r));
    for (const oracle::MlDsaSchemeAlgorithm& r : oracle::mldsaSchemeAlgorithms())
        if (!r.explorer.inputs.empty()) table.push_back(fromSchemeRow(r));
    return table;
}

} // namespace

const ExplorerField* ExplorerAlgorithm::field(std::string_view name) const {
    for (const ExplorerField& f : fields)
        if (f.name == name) return &f;
    return nullptr;
}

std::vector<inputs::HexField> ExplorerAlgorithm::hexFields() const {
    return {fields.begin(), fields.end()};
}

const std::vector<ExplorerAlgorithm>& explorerAlgorithms() {
    static const std::vector<ExplorerAlgorithm> table = buildTable();
    return table;
}

teach::LessonCatalog lessonCatalog() {
    teach::LessonCatalog c;
    for (const auto& a : explorerAlgorithms()) {
        teach::LessonAlgorithm la{a.id, {}, a.maxRounds};
        for (const auto& f : a.fields)
            la.fields.emplace_back(f.name, f.bytes);
        c.push_back(std::move(la));
    }
    return c;
}

const ExplorerAlgorithm* findExplorerAlgorithm(std::string_view id) {
    for (const ExplorerAlgorithm& a : explorerAlgorithms())
        if (a.id == id) return &a;
    return nullptr;
}

ExplorerRun runExplorer(const ExplorerAlgorithm& alg, const std::map<std::string, Bytes>& inputs, int rounds,
                        ExplorerDetail detail) {
    const auto get = [&](const char* name) -> const Bytes& {
        const auto it = inputs.find(name);
        if (it == inputs.end()) throw crypto::InvalidArgument(std::string("missing input '") + name + "'");
        return it->second;
    };
    ExplorerRun run;
    switch (alg.kind) {
    case ExplorerKind::Permutation: {
        const oracle::PermutationAlgorithm* reg = alg.row ? alg.row->permutation : nullptr;
        if (reg == nullptr) throw crypto::InvalidArgument("unknown permutation " + alg.id);
        run.output = reg->permuteTraced(get(alg.fields.front().name.c_str()), rounds, run.trace);
        break;
    }
    case ExplorerKind::Aead: {
        const oracle::AeadAlgorithm* reg = alg.row ? alg.row->aead : nullptr;
        if (reg == nullptr || !reg->encryptTraced)
            throw crypto::InvalidArgument(alg.id + " has no step trace");
        const Bytes &key = get("key"), &nonce = get("nonce");
        reg->checkSizes(key, nonce);
        crypto::AeadResult r = reg->encryptTraced(key, nonce, get("ad"), get("pt"), run.trace);
        run.output = std::move(r.ct);
        run.tag = std::move(r.tag);
        break;
    }
    case ExplorerKind::Block: {
        const oracle::BlockAlgorithm* reg = alg.row ? alg.row->block : nullptr;
        if (reg == nullptr) throw crypto::InvalidArgument("unknown block cipher " + alg.id);
        const Bytes &key = get("key"), &pt = get("pt");
        reg->checkKey(key);
        crypto::requireLength("plaintext", pt, reg->blockBytes);
        const auto cipher = reg->make(key, rounds);
        run.output.resize(pt.size());
        cipher->encryptBlockTraced(pt.data(), run.output.data(), run.trace);
        break;
    }
    case ExplorerKind::Transform: {
        const oracle::MlDsaAlgorithm* reg = alg.row ? alg.row->mldsa : nullptr;
        if (reg == nullptr || !reg->transformTraced)
            throw crypto::InvalidArgument(alg.id + " has no step trace");
        // The layers are fixed; a round count other than the standard one is refused, not ignored.
        const int layers = alg.diffusionRounds;
        if (rounds != 0 && rounds != layers)
            throw crypto::InvalidArgument(alg.displayName + " has " + std::to_string(layers) +
                                          " layers, not " + std::to_string(rounds));
        const auto d = detail == ExplorerDetail::Substeps ? crypto::MlDsaTraceDetail::Butterflies
                                                          : crypto::MlDsaTraceDetail::Layers;
        run.output = reg->transformTraced(get(alg.fields.front().name.c_str()), run.trace, d);
        break;
    }
    case ExplorerKind::Process: {
        if (alg.scheme == nullptr || alg.scheme->kind != oracle::MlDsaSchemeKind::Sign)
            throw crypto::InvalidArgument(alg.id + " has no step trace");
        // Signing has no round count: it takes the attempts it takes. A count is refused, not ignored.
        if (rounds != 0)
            throw crypto::InvalidArgument(alg.displayName +
                                          " runs until an attempt passes; it takes no round count");
        const crypto::MlDsaParamSet set = alg.scheme->set;
        const crypto::MlDsaKeyPair keys = crypto::mldsaKeyGen(set, get("seed"));
        crypto::MlDsaSignTrace steps;
        const crypto::MlDsaSignature sig = crypto::mldsaSign(set, keys.sk, get("msg"), get("ctx"), get("rnd"),
                                                             crypto::MlDsaImpl::Reference, &steps);
        run.trace = teach::mldsaSignSteps(set, steps);
        run.output = sig.sig;
        break;
    }
    }
    return run;
}

int defaultFlipBit(const ExplorerAlgorithm& alg, std::string_view field) {
    return alg.kind == ExplorerKind::Transform && field == "poly" ? 31 : 0;
}

std::string flipInputError(const ExplorerAlgorithm& alg, std::string_view field, const Bytes& bytes,
                           int bit) {
    if (alg.kind != ExplorerKind::Transform || field != "poly") return {};
    if (bit < 0 || bit >= static_cast<int>(bytes.size()) * 8) return {};
    Bytes flipped = bytes;
    flipInputBit(flipped, bit);
    const std::size_t c = static_cast<std::size_t>(bit / 32);
    if (flipped.size() < 4 * (c + 1)) return {};
    const std::uint32_t v = crypto::loadBe32(flipped.data() + 4 * c);
    if (v < static_cast<std::uint32_t>(crypto::kMlDsaQ)) return {};
    return "flipping bit " + std::to_string(bit) + " (bit " + std::to_string(31 - bit % 32) +
           " of coefficient " + std::to_string(c) + ") makes that coefficient " + std::to_string(v) +
           ", not below q = " + std::to_string(crypto::kMlDsaQ) +
           "; flip one of its low 23 bits (field bits " + std::to_string(32 * c + 9) + "–" +
           std::to_string(32 * c + 31) + ") instead";
}

std::vector<int> twinCellsPerStep(const crypto::Trace& main, const crypto::Trace& twin) {
    std::vector<int> cells;
    if (main.steps.size() != twin.steps.size()) return cells;
    const int cellBits = std::max(1, main.layout.cellBits);
    cells.reserve(main.steps.size());
    for (std::size_t s = 0; s < main.steps.size(); ++s) {
        const Bytes &a = main.steps[s].state, &b = twin.steps[s].state;
        const std::size_t bits = std::min(a.size(), b.size()) * 8;
        const auto cb = static_cast<std::size_t>(cellBits);
        int n = 0;
        for (std::size_t cell = 0; cell * cb < bits; ++cell) {
            bool differs = false;
            for (std::size_t i = cell * cb; i < (cell + 1) * cb && i < bits && !differs; ++i)
                differs = ((a[i / 8] ^ b[i / 8]) >> (7 - i % 8)) & 1u;
            n += differs ? 1 : 0;
        }
        cells.push_back(n);
    }
    return cells;
}

void flipInputBit(Bytes& bytes, int bit) {
    if (bit < 0 || bit >= static_cast<int>(bytes.size()) * 8) return;
    bytes[static_cast<std::size_t>(bit / 8)] ^= static_cast<std::uint8_t>(0x80u >> (bit % 8));
}

int differingBits(const Bytes& a, const Bytes& b) {
    int n = 0;
    const std::size_t len = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < len; ++i)
        n += std::popcount(static_cast<unsigned>(a[i] ^ b[i]));
    return n;
}

std::vector<int> twinFlipsPerStep(const crypto::Trace& main, const crypto::Trace& twin) {
    std::vector<int> flips;
    if (main.steps.size() != twin.steps.size()) return flips;
    flips.reserve(main.steps.size());
    for (std::size_t i = 0; i < main.steps.size(); ++i)
        flips.push_back(differingBits(main.steps[i].state, twin.steps[i].state));
    return flips;
}

std::vector<int> roundEndSteps(const crypto::Trace& trace) {
    std::vector<int> ends;
    const auto& s = trace.steps;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i].round <= 0) continue;
        const bool last = i + 1 == s.size() || s[i + 1].round != s[i].round || s[i + 1].phase != s[i].phase ||
                          s[i + 1].block != s[i].block;
        if (last) ends.push_back(static_cast<int>(i));
    }
    return ends;
}

} // namespace rs::sessions
