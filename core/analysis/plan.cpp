// The plan of a request, built from the algorithm's registry row (core/oracle: its diffusion profile), so
// the analysis keeps no table of ids: a row with a profile is analysable.
#include "core/analysis/plan.h"

#include <algorithm>

namespace rs::analysis {

namespace {

std::string fieldList(const std::vector<Field>& fields) {
    std::string s;
    for (const Field f : fields)
        s += (s.empty() ? "" : ", ") + fieldName(f);
    return s;
}

/** The registry row of an analysable id (one whose diffusion profile has a state); throws for any other. */
const oracle::AlgorithmRef& analysable(const std::string& alg) {
    const oracle::AlgorithmRef* row = oracle::findAlgorithm(alg);
    if (row == nullptr || row->info->diffusion.stateBytes == 0)
        throw AnalysisError("alg", "unknown algorithm '" + alg + "' (choose " +
                                       oracle::joinIds(diffusionAlgorithms()) + ")");
    return *row;
}

} // namespace

std::vector<std::string> diffusionAlgorithms() {
    std::vector<std::string> ids;
    for (const oracle::AlgorithmRef& r : oracle::allAlgorithms())
        if (r.info->diffusion.stateBytes > 0) ids.push_back(r.info->id);
    return ids;
}

std::string defaultDiffusionAlgorithm() {
    return diffusionAlgorithms().front();
}

std::vector<Field> fieldsFor(const std::string& alg) {
    std::vector<Field> fields;
    for (const oracle::FieldBits& f : analysable(alg).info->diffusion.fields)
        fields.push_back(f.field);
    return fields;
}

int fieldBits(const std::string& alg, Field field) {
    for (const oracle::FieldBits& f : analysable(alg).info->diffusion.fields)
        if (f.field == field) return f.bits;
    return 0;
}

int standardRounds(const std::string& alg) {
    return analysable(alg).info->diffusion.standardRounds;
}

bool hasAvalanche(const std::string& alg) {
    return analysable(alg).info->diffusion.noAvalanche.empty();
}

int maxAvalancheBits(const std::string& alg, int rounds) {
    const oracle::DiffusionProfile& profile = analysable(alg).info->diffusion;
    const long long perBit =
        static_cast<long long>(rounds > 0 ? rounds : profile.standardRounds) * 8 * profile.stateBytes;
    return static_cast<int>(std::min<long long>(kMaxSacCounters / std::max(1LL, perBit), 1 << 30));
}

namespace detail {

Plan makePlan(const DiffusionRequest& r) {
    Plan p;
    p.alg = r.alg;
    p.row = &analysable(r.alg); // throws for an unknown algorithm
    const oracle::DiffusionProfile& profile = p.row->info->diffusion;
    p.standardRounds = profile.standardRounds;
    p.family = profile.fastPath;
    p.displayName = profile.name;
    p.keyBytes = profile.keyBytes;
    p.stateBytes = profile.stateBytes;
    p.cellBits = profile.cellBits;
    p.asconLittleEndian = profile.littleEndianWords;
    if (p.family == Family::Skinny) p.skinny = *crypto::skinnyVariantFromId(r.alg);
    p.stateBits = 8 * p.stateBytes;

    if (r.rounds < 0 || r.rounds > p.standardRounds)
        throw AnalysisError("rounds", "must be 1.." + std::to_string(p.standardRounds) + " for " + r.alg +
                                          " (0 = standard), got " + std::to_string(r.rounds));
    p.rounds = r.rounds == 0 ? p.standardRounds : r.rounds;
    if (p.rounds != p.standardRounds)
        p.displayName += " (" + std::to_string(p.rounds) + " " + profile.roundWord + ")";

    const std::vector<Field> fields = fieldsFor(r.alg);
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
    // A row may refuse the empirical figures (the ML-DSA transforms: linear over Z_q, its profile says why):
    // refused here rather than shown as numbers.
    if (!profile.noAvalanche.empty() && r.samples > 0)
        throw AnalysisError("samples", "no avalanche/SAC for " + r.alg + ": " + profile.noAvalanche +
                                           " (use 0 samples)");
    // The empirical counters are one per (round, varied bit, state bit): Keccak's 1600 varied bits over 24
    // rounds of a 1600-bit state would be 61 million (245 MB); a narrower range or fewer rounds is asked for.
    const long long counters = static_cast<long long>(p.rounds) * (last - r.firstBit + 1) * p.stateBits;
    if (r.samples > 0 && counters > kMaxSacCounters)
        throw AnalysisError(
            "bits", "avalanche/SAC of " + std::to_string(last - r.firstBit + 1) + " varied bits over " +
                        std::to_string(p.rounds) + " rounds of a " + std::to_string(p.stateBits) +
                        "-bit state needs " + std::to_string(counters) + " counters (at most " +
                        std::to_string(kMaxSacCounters) + "): vary at most " +
                        std::to_string(kMaxSacCounters / (static_cast<long long>(p.rounds) * p.stateBits)) +
                        " bits, or fewer rounds");
    p.samples = r.samples;
    p.seed = r.seed;
    return p;
}

crypto::StateLayout layoutOf(const Plan& plan) {
    return plan.row->info->layout;
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
