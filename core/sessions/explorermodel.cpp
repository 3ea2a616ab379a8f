#include "core/sessions/explorermodel.h"

#include "core/crypto/asconpermutation.h"
#include "core/crypto/mldsantt.h"
#include "core/oracle/algorithms.h"

#include <bit>
#include <random>

namespace rs::sessions {

namespace {

using analysis::Field;

// The Ascon-128 v1.2 initial state IV || K || N for the KAT key and nonce: a state a student can
// recognise (the IV word and two counting patterns) that still mixes fully.
constexpr const char* kAsconInitialState = "80400C0600000000"
                                           "0001020304050607"
                                           "08090A0B0C0D0E0F"
                                           "1011121314151617"
                                           "18191A1B1C1D1E1F";

ExplorerAlgorithm asconPermutation() {
    ExplorerAlgorithm a;
    a.id = "ascon-p";
    a.displayName = "Ascon-p (permutation)";
    a.kind = ExplorerKind::Permutation;
    a.fields = {{{"state", "State x0‖x1‖x2‖x3‖x4", 40, kAsconInitialState}, Field::State}};
    a.maxRounds = 12;
    a.diffusionAlg = "ascon-p";
    a.diffusionRounds = 12;
    return a;
}

ExplorerAlgorithm asconAead(const oracle::AeadAlgorithm& reg) {
    ExplorerAlgorithm a;
    a.id = reg.id;
    a.displayName = reg.displayName;
    a.kind = ExplorerKind::Aead;
    // Key and nonce as in the LWC KAT files (Count = 1), a short AD and one plaintext block.
    a.fields = {{{"key", "Key", 16, "000102030405060708090A0B0C0D0E0F"}, Field::Key},
                {{"nonce", "Nonce", 16, "101112131415161718191A1B1C1D1E1F"}, Field::Nonce},
                {{"ad", "Associated data", -1, "30313233"}, std::nullopt},
                {{"pt", "Plaintext", -1, "202122232425262728292A2B2C2D2E2F"}, std::nullopt}};
    // The analysis id of the same variant: its initialization permutation with the key and nonce
    // loaded as this variant loads them (SP 800-232 little-endian, v1.2 big-endian words).
    a.diffusionAlg = reg.id;
    a.diffusionRounds = analysis::standardRounds(reg.id);
    return a;
}

// Spec examples: LEA (KS X 3246 appendix) and SKINNY (paper, appendix B), as in resources/vectors.
struct BlockDefaults {
    const char* id;
    const char* key;
    const char* pt;
};
constexpr BlockDefaults kBlockDefaults[] = {
    {"lea-128", "0F1E2D3C4B5A69788796A5B4C3D2E1F0", "101112131415161718191A1B1C1D1E1F"},
    {"lea-192", "0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A59687", "202122232425262728292A2B2C2D2E2F"},
    {"lea-256", "0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A5968778695A4B3C2D1E0F",
     "303132333435363738393A3B3C3D3E3F"},
    {"skinny-64-64", "F5269826FC681238", "06034F957724D19D"},
    {"skinny-64-128", "9EB93640D088DA6376A39D1C8BEA71E1", "CF16CFE8FD0F98AA"},
    {"skinny-64-192", "ED00C85B120D68618753E24BFD908F60B2DBB41B422DFCD0", "530C61D35E8663C3"},
    {"skinny-128-128", "4F55CFB0520CAC52FD92C15F37073E93", "F20ADB0EB08B648A3B2EEED1F0ADDA14"},
    {"skinny-128-256", "009CEC81605D4AC1D2AE9E3085D7A1F31AC123EBFC00FDDCF01046CEEDDFCAB3",
     "3A0C47767A26A68DD382A695E7022E25"},
    {"skinny-128-384",
     "DF889548CFC7EA52D296339301797449AB588A34A47F1AB2DFE9C8293FBEA9A5AB1AFAC2611012CD8CEF952618C3EBE8",
     "A3994B66AD85A3459F44E92B08F550CB"},
};

std::string tweakeyLabel(const oracle::BlockAlgorithm& reg) {
    const std::size_t z = reg.keyBytes / reg.blockBytes;
    std::string label = "Tweakey TK1";
    for (std::size_t i = 2; i <= z; ++i)
        label += "‖TK" + std::to_string(i);
    return label;
}

ExplorerAlgorithm blockAlgorithm(const oracle::BlockAlgorithm& reg, const BlockDefaults& d) {
    ExplorerAlgorithm a;
    a.id = reg.id;
    a.displayName = reg.displayName;
    a.kind = ExplorerKind::Block;
    const bool skinny = reg.id.rfind("skinny", 0) == 0;
    a.fields = {
        {{"key", skinny ? tweakeyLabel(reg) : "Key", static_cast<int>(reg.keyBytes), d.key}, Field::Key},
        {{"pt", "Plaintext", static_cast<int>(reg.blockBytes), d.pt}, Field::Plaintext}};
    a.maxRounds = reg.standardRounds;
    a.diffusionAlg = reg.id;
    a.diffusionRounds = reg.standardRounds;
    return a;
}

// The ML-DSA transforms: one 1024-byte polynomial (256 big-endian 32-bit coefficients, each < q). The NTT
// starts from w = (0, 1, 2, ..., 255), the polynomial 0 + 1·X + 2·X² + ... a student recognises; the
// inverse from NTT(w), so stepping it ends on that same polynomial.
std::string mldsaCheck(const Bytes& bytes) {
    try {
        crypto::mldsaPolyFromBytes(bytes);
    } catch (const crypto::InvalidArgument& e) {
        // "ML-DSA polynomial: coefficient 5 is 9000000, not in [0, q = 8380417)" names the field as the
        // other field errors do: "Polynomial: coefficient 5 is ...".
        constexpr std::string_view prefix = "ML-DSA polynomial: ";
        const std::string what = e.what();
        return "Polynomial: " + (what.rfind(prefix, 0) == 0 ? what.substr(prefix.size()) : what);
    }
    return {};
}

Bytes mldsaRandom() {
    thread_local std::mt19937 engine{std::random_device{}()};
    std::uniform_int_distribution<std::int32_t> d(0, crypto::kMlDsaQ - 1);
    crypto::MlDsaPoly p{};
    for (auto& c : p)
        c = d(engine);
    return crypto::mldsaPolyToBytes(p);
}

ExplorerAlgorithm mldsaTransform(bool inverse) {
    crypto::MlDsaPoly counting{};
    for (std::size_t i = 0; i < crypto::kMlDsaN; ++i)
        counting[i] = static_cast<std::int32_t>(i);
    const crypto::MlDsaPoly start = inverse ? crypto::mldsaNtt(counting) : counting;
    ExplorerAlgorithm a;
    a.id = inverse ? "mldsa-intt" : "mldsa-ntt";
    a.displayName = inverse ? "ML-DSA INTT" : "ML-DSA NTT";
    a.kind = ExplorerKind::Transform;
    ExplorerField f{{"poly", "Polynomial", 4 * static_cast<int>(crypto::kMlDsaN),
                     crypto::toHex(crypto::mldsaPolyToBytes(start)), mldsaCheck, mldsaRandom},
                    Field::State};
    a.fields = {std::move(f)};
    a.maxRounds = 0; // fixed: 8 layers (and NTT⁻¹'s final scaling)
    a.diffusionAlg = a.id;
    a.diffusionRounds = 8;
    return a;
}

std::vector<ExplorerAlgorithm> buildTable() {
    std::vector<ExplorerAlgorithm> table{asconPermutation()};
    for (const char* id : {"ascon-128", "ascon-128a", "ascon-aead128"})
        if (const auto* reg = oracle::findAead(id)) table.push_back(asconAead(*reg));
    for (const BlockDefaults& d : kBlockDefaults)
        if (const auto* reg = oracle::findBlock(d.id)) table.push_back(blockAlgorithm(*reg, d));
    table.push_back(mldsaTransform(false));
    table.push_back(mldsaTransform(true));
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
        teach::LessonAlgorithm la{a.id, {}};
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
        crypto::AsconState s = crypto::asconStateFromBytes(get("state"));
        crypto::asconPermuteTraced(s, rounds == 0 ? 12 : rounds, run.trace);
        run.output = crypto::asconStateBytes(s);
        break;
    }
    case ExplorerKind::Aead: {
        const oracle::AeadAlgorithm* reg = oracle::findAead(alg.id);
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
        const oracle::BlockAlgorithm* reg = oracle::findBlock(alg.id);
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
        // The layers are fixed (8); a round count other than the standard one is refused, not ignored.
        if (rounds != 0 && rounds != 8)
            throw crypto::InvalidArgument(alg.displayName + " has 8 layers, not " + std::to_string(rounds));
        const crypto::MlDsaPoly p = crypto::mldsaPolyFromBytes(get("poly"));
        const auto d = detail == ExplorerDetail::Substeps ? crypto::MlDsaTraceDetail::Butterflies
                                                          : crypto::MlDsaTraceDetail::Layers;
        const crypto::MlDsaPoly out = alg.id == "mldsa-intt" ? crypto::mldsaInverseNttTraced(p, run.trace, d)
                                                             : crypto::mldsaNttTraced(p, run.trace, d);
        run.output = crypto::mldsaPolyToBytes(out);
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
