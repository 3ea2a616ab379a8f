#include "core/analysis/plan.h"

#include "core/crypto/asconaead.h"
#include "core/crypto/asconpermutation.h"
#include "core/crypto/lea.h"
#include "core/crypto/mldsantt.h"

#include <array>
#include <string_view>

namespace rs::analysis {

namespace {

// The AEAD modes' initialization permutation p^a: key and nonce words placed as each spec loads them.
struct AsconAeadId {
    std::string_view id;
    crypto::AsconAeadVariant variant;
    bool littleEndian; ///< SP 800-232 loads every 64-bit word little-endian, v1.2 big-endian
};
constexpr std::array<AsconAeadId, 3> kAsconAeadIds = {{
    {"ascon-128", crypto::AsconAeadVariant::Ascon128v12, false},
    {"ascon-128a", crypto::AsconAeadVariant::Ascon128av12, false},
    {"ascon-aead128", crypto::AsconAeadVariant::AsconAead128, true},
}};

const AsconAeadId* asconAeadId(const std::string& alg) {
    for (const AsconAeadId& a : kAsconAeadIds)
        if (a.id == alg) return &a;
    return nullptr;
}

bool isAscon(const std::string& alg) {
    return alg == "ascon-p" || asconAeadId(alg) != nullptr;
}

constexpr std::array<std::string_view, 3> kLeaIds = {"lea-128", "lea-192", "lea-256"};
constexpr std::array<std::string_view, 2> kMlDsaIds = {"mldsa-ntt", "mldsa-intt"};

bool isMlDsa(const std::string& alg) {
    return alg == kMlDsaIds[0] || alg == kMlDsaIds[1];
}

constexpr std::array<std::string_view, 6> kSkinnyIds = {"skinny-64-64",   "skinny-64-128",  "skinny-64-192",
                                                        "skinny-128-128", "skinny-128-256", "skinny-128-384"};

std::string joined(const std::vector<std::string>& ids) {
    std::string s;
    for (const auto& id : ids)
        s += (s.empty() ? "" : ", ") + id;
    return s;
}

std::string fieldList(const std::vector<Field>& fields) {
    std::string s;
    for (const Field f : fields)
        s += (s.empty() ? "" : ", ") + fieldName(f);
    return s;
}

int leaKeyBytes(const std::string& alg) {
    if (alg == "lea-128") return 16;
    if (alg == "lea-192") return 24;
    if (alg == "lea-256") return 32;
    return 0;
}

[[noreturn]] void unknownAlg(const std::string& alg) {
    throw AnalysisError("alg",
                        "unknown algorithm '" + alg + "' (choose " + joined(diffusionAlgorithms()) + ")");
}

} // namespace

std::vector<std::string> diffusionAlgorithms() {
    std::vector<std::string> ids = {"ascon-p"};
    for (const AsconAeadId& a : kAsconAeadIds)
        ids.emplace_back(a.id);
    for (const auto id : kLeaIds)
        ids.emplace_back(id);
    for (const auto id : kSkinnyIds)
        ids.emplace_back(id);
    for (const auto id : kMlDsaIds)
        ids.emplace_back(id);
    return ids;
}

std::vector<Field> fieldsFor(const std::string& alg) {
    if (alg == "ascon-p") return {Field::State, Field::Key, Field::Nonce};
    // An AEAD mode's nonce changes per message: the field whose diffusion matters most.
    if (asconAeadId(alg)) return {Field::Nonce, Field::Key, Field::State};
    if (leaKeyBytes(alg) != 0 || crypto::skinnyVariantFromId(alg)) return {Field::Plaintext, Field::Key};
    if (isMlDsa(alg)) return {Field::State}; // the input polynomial is the whole state
    unknownAlg(alg);
}

int fieldBits(const std::string& alg, Field field) {
    if (isAscon(alg)) {
        // Ascon-128 / AEAD128 initial state: IV (x0) || key (x1, x2) || nonce (x3, x4).
        switch (field) {
        case Field::State:
            return 320;
        case Field::Key:
        case Field::Nonce:
            return 128;
        case Field::Plaintext:
            return 0;
        }
        return 0;
    }
    if (const int kb = leaKeyBytes(alg)) {
        if (field == Field::Plaintext) return 128;
        return field == Field::Key ? 8 * kb : 0;
    }
    if (const auto v = crypto::skinnyVariantFromId(alg)) {
        if (field == Field::Plaintext) return 8 * static_cast<int>(crypto::skinnyBlockBytes(*v));
        return field == Field::Key ? 8 * static_cast<int>(crypto::skinnyTweakeyBytes(*v)) : 0;
    }
    if (isMlDsa(alg)) return field == Field::State ? 32 * static_cast<int>(crypto::kMlDsaN) : 0;
    unknownAlg(alg);
}

int standardRounds(const std::string& alg) {
    if (isAscon(alg)) return 12; // ascon-p: p^12; the AEAD modes: the initialization's p^a, a = 12
    if (const int kb = leaKeyBytes(alg)) return crypto::Lea::standardRounds(static_cast<std::size_t>(kb));
    if (const auto v = crypto::skinnyVariantFromId(alg)) return crypto::skinnyRounds(*v);
    if (isMlDsa(alg)) return 8; // the layers len = 128 ... 1 (NTT) or 1 ... 128 (NTT⁻¹)
    unknownAlg(alg);
}

namespace detail {

Plan makePlan(const DiffusionRequest& r) {
    Plan p;
    p.alg = r.alg;
    p.standardRounds = standardRounds(r.alg); // throws for an unknown algorithm
    const std::vector<Field> fields = fieldsFor(r.alg);
    if (r.alg == "ascon-p") {
        p.family = Family::Ascon;
        p.displayName = "Ascon-p";
        p.stateBytes = 40;
    } else if (const AsconAeadId* a = asconAeadId(r.alg)) {
        p.family = Family::Ascon;
        p.displayName = std::string(crypto::asconAeadName(a->variant)) + " initialization";
        p.stateBytes = 40;
        p.asconLittleEndian = a->littleEndian;
    } else if (const int kb = leaKeyBytes(r.alg)) {
        p.family = Family::Lea;
        p.displayName = "LEA-" + std::to_string(8 * kb);
        p.keyBytes = kb;
        p.stateBytes = 16;
    } else if (isMlDsa(r.alg)) {
        p.family = Family::MlDsa;
        p.displayName = r.alg == "mldsa-ntt" ? "ML-DSA NTT" : "ML-DSA INTT";
        p.stateBytes = 4 * static_cast<int>(crypto::kMlDsaN);
        p.cellBits = 32;
    } else {
        p.family = Family::Skinny;
        p.skinny = *crypto::skinnyVariantFromId(r.alg);
        p.displayName = std::string(crypto::skinnyName(p.skinny));
        p.keyBytes = static_cast<int>(crypto::skinnyTweakeyBytes(p.skinny));
        p.stateBytes = static_cast<int>(crypto::skinnyBlockBytes(p.skinny));
        p.cellBits = p.stateBytes == 16 ? 8 : 4;
    }
    p.stateBits = 8 * p.stateBytes;

    if (r.rounds < 0 || r.rounds > p.standardRounds)
        throw AnalysisError("rounds", "must be 1.." + std::to_string(p.standardRounds) + " for " + r.alg +
                                          " (0 = standard), got " + std::to_string(r.rounds));
    p.rounds = r.rounds == 0 ? p.standardRounds : r.rounds;
    if (p.rounds != p.standardRounds)
        p.displayName +=
            " (" + std::to_string(p.rounds) + (p.family == Family::MlDsa ? " layers)" : " rounds)");

    p.field = r.field.value_or(fields.front());
    p.fieldBits = fieldBits(r.alg, p.field);
    if (p.fieldBits == 0)
        throw AnalysisError("field", "'" + fieldName(p.field) + "' is not a field of " + r.alg + " (choose " +
                                         fieldList(fields) + ")");

    const int last = r.lastBit == -1 ? p.fieldBits - 1 : r.lastBit;
    const std::string range = std::to_string(r.firstBit) + "-" + std::to_string(last);
    if (r.firstBit < 0 || r.firstBit >= p.fieldBits || last < 0 || last >= p.fieldBits)
        throw AnalysisError("bits", "range " + range + " is outside " + fieldName(p.field) + " (bits 0-" +
                                        std::to_string(p.fieldBits - 1) + " for " + r.alg + ")");
    if (r.firstBit > last)
        throw AnalysisError("bits", "range " + range + " is empty (first bit after last bit)");
    p.firstBit = r.firstBit;
    p.lastBit = last;

    if (r.samples < 0 || r.samples > kMaxDiffusionSamples)
        throw AnalysisError("samples", "must be 0.." + std::to_string(kMaxDiffusionSamples) + ", got " +
                                           std::to_string(r.samples));
    // The ring transforms get no avalanche/SAC: they are linear over Z_q, so which coefficients a change
    // reaches is fixed by the butterfly network (exactly the structural chart: 2^k after layer k), and the
    // flip probability of single bits of mod-q residues, from inputs that must stay below q, measures the
    // binary encoding of the residues, not the transform. Refused here rather than shown as numbers.
    if (p.family == Family::MlDsa && r.samples > 0)
        throw AnalysisError("samples",
                            "no avalanche/SAC for " + r.alg +
                                ": the transform is linear over Z_q, so a changed coefficient reaches "
                                "exactly the coefficients of the structural chart (2^k after layer "
                                "k); bit-flip statistics of mod-q residues would not measure it "
                                "(use 0 samples)");
    p.samples = r.samples;
    p.seed = r.seed;
    return p;
}

crypto::StateLayout layoutOf(const Plan& plan) {
    switch (plan.family) {
    case Family::Ascon:
        return crypto::asconLayout();
    case Family::Lea:
        return crypto::Lea::layout();
    case Family::Skinny:
        return crypto::Skinny(plan.skinny, crypto::Bytes(static_cast<std::size_t>(plan.keyBytes), 0), 1)
            .layout();
    case Family::MlDsa:
        return crypto::mldsaPolyLayout();
    }
    return {};
}

int asconStateBitOfField(const Plan& plan, int fieldBit) {
    // The key occupies x1, x2 and the nonce x3, x4 (16 bytes = two words each).
    int firstWord = 0;
    switch (plan.field) {
    case Field::Key:
        firstWord = 1;
        break;
    case Field::Nonce:
        firstWord = 3;
        break;
    case Field::State:
    case Field::Plaintext:
        return fieldBit; // the state's hex string is the trace's state bytes
    }
    const int byte = fieldBit / 8, bitInByte = fieldBit % 8; // bitInByte 0 = MSB
    const int word = firstWord + byte / 8;
    // A byte keeps its own bit order; only its place inside the word depends on the load. Big-endian
    // (v1.2) puts field byte j at word byte j (MSB first), little-endian (SP 800-232) at word byte
    // 7 - j, and the trace stores every word big-endian.
    const int byteInWord = plan.asconLittleEndian ? 7 - byte % 8 : byte % 8;
    return 64 * word + 8 * byteInWord + bitInByte;
}

} // namespace detail

} // namespace rs::analysis
