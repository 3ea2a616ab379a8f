#include "core/campaign/campaigncompare.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <stdexcept>

#include "core/campaign/targets.h"

namespace rs::campaign {

namespace {

/** Simulated figures: the run says so ("simulations"), or its target's declaration does. */
bool exactFigures(const RunRow& r) {
    if (r.parameters.count("simulations")) return true;
    const auto t = findTarget(r.key.target);
    return t && t->figures == Figures::Simulated;
}

/** The stored name of an exact run's figure for the compared metric. */
std::string storedMetric(const std::string& metric) {
    return metric == "time" ? "time_median" : metric;
}

struct Series {
    std::vector<double> values;
    std::string unit;
    std::string missing; ///< why there is no series
};

Series seriesOf(const RunRow& r, const CampaignRow& c, const std::string& metric, bool exact) {
    const std::string side = "campaign " + std::to_string(c.id);
    if (!r.verified) return {{}, {}, "failed in " + side + ": " + r.failure};
    if (exact) {
        const Measurement* m = findMeasurement(r.measurements, storedMetric(metric));
        if (!m) return {{}, {}, side + " stores no " + storedMetric(metric) + " for it"};
        return {{m->value}, m->unit, {}};
    }
    if (metric != "time" && metric != "throughput")
        return {{},
                {},
                "only a summary of " + metric + " is stored for measured runs (compare time or throughput)"};
    if (r.samples.empty())
        return {{}, {}, side + " kept no time of each repeat (recorded before repeats were stored)"};
    if (metric == "time") return {r.samples, "ns", {}};
    Series s{{}, "bytes/s", {}};
    for (const double ns : r.samples)
        s.values.push_back(throughputOf(r.key.messageBytes, ns));
    return s;
}

std::string revisionOf(const CampaignRow& c) {
    const auto rev = c.provenance.find("git_revision");
    const auto dirty = c.provenance.find("git_dirty");
    std::string out = rev == c.provenance.end() ? "unknown" : rev->second;
    if (dirty != c.provenance.end() && dirty->second == "yes") out += "-dirty";
    return out;
}

} // namespace

bool isRevisionKey(const std::string& key) {
    return key == "git_revision" || key == "git_dirty" || key == "roundscope" ||
           key.rfind("imported_", 0) == 0; // where an imported campaign came from, not how it ran
}

namespace {

/** The side's runs on `target`, renamed `as` so the two sides' points meet. */
CampaignSide onTarget(const CampaignSide& s, const std::string& target, const std::string& as) {
    CampaignSide out{s.campaign, {}};
    for (const RunRow& r : s.runs)
        if (r.key.target == target) {
            const bool exact = exactFigures(r); // judged by the real target, before the name changes
            out.runs.push_back(r);
            out.runs.back().key.target = as;
            if (exact && !out.runs.back().parameters.count("simulations"))
                out.runs.back().parameters["simulations"] = "exact (target " + target + ")";
        }
    if (out.runs.empty())
        throw SpecError("campaign " + std::to_string(s.campaign.id) + " has no run on target '" + target +
                        "'");
    return out;
}

} // namespace

CampaignComparison compareCampaigns(const CampaignSide& a, const CampaignSide& b,
                                    const CampaignCompareOptions& options) {
    if (!options.targetA.empty() || !options.targetB.empty()) {
        if (options.targetA.empty() || options.targetB.empty())
            throw SpecError("a comparison of targets needs both targets (A's and B's)");
        const std::string as = options.targetA + " vs " + options.targetB;
        CampaignCompareOptions rest = options;
        rest.targetA.clear();
        rest.targetB.clear();
        CampaignComparison c =
            compareCampaigns(onTarget(a, options.targetA, as), onTarget(b, options.targetB, as), rest);
        c.options.targetA = options.targetA; // the rest as the comparison derived it (lowerIsBetter)
        c.options.targetB = options.targetB;
        return c;
    }
    CampaignComparison out;
    out.a = a.campaign.id;
    out.b = b.campaign.id;
    out.options = options;
    out.options.stats.lowerIsBetter = options.metric != "throughput";
    out.revisionA = revisionOf(a.campaign);
    out.revisionB = revisionOf(b.campaign);

    const auto stores = [&](const CampaignSide& s) {
        if (options.metric == "time" || options.metric == "throughput") return true;
        return std::any_of(s.runs.begin(), s.runs.end(), [&](const RunRow& r) {
            return findMeasurement(r.measurements, options.metric) != nullptr;
        });
    };
    if (!stores(a) && !stores(b))
        throw SpecError("neither campaign " + std::to_string(out.a) + " nor " + std::to_string(out.b) +
                        " stores the metric '" + options.metric + "'");

    std::map<RunKey, const RunRow*> inB;
    for (const RunRow& r : b.runs)
        inB[r.key] = &r;
    std::set<RunKey> seen;
    std::vector<std::pair<std::vector<double>, std::vector<double>>> forMean;
    std::uint64_t index = 0;
    for (const RunRow& ra : a.runs) {
        seen.insert(ra.key);
        ComparedPoint p;
        p.key = ra.key;
        const auto it = inB.find(ra.key);
        if (it == inB.end()) {
            p.notCompared = "only in campaign " + std::to_string(out.a);
            out.points.push_back(std::move(p));
            continue;
        }
        const RunRow& rb = *it->second;
        p.exact = exactFigures(ra) && exactFigures(rb);
        const Series sa = seriesOf(ra, a.campaign, options.metric, p.exact);
        const Series sb = seriesOf(rb, b.campaign, options.metric, p.exact);
        p.unit = sa.unit.empty() ? sb.unit : sa.unit;
        if (!sa.missing.empty() || !sb.missing.empty()) {
            p.notCompared = !sa.missing.empty() ? sa.missing : sb.missing;
        } else {
            stats::CompareOptions o = out.options.stats;
            o.seed += index++; // each point resampled on its own stream, the same on every machine
            try {
                p.result = p.exact ? stats::compareExact(sa.values.front(), sb.values.front(), o)
                                   : stats::comparePoint(sa.values, sb.values, o);
                forMean.emplace_back(sa.values, sb.values);
            } catch (const std::invalid_argument& e) {
                p.notCompared = e.what();
            }
        }
        out.points.push_back(std::move(p));
    }
    for (const RunRow& rb : b.runs)
        if (!seen.count(rb.key)) {
            ComparedPoint p;
            p.key = rb.key;
            p.notCompared = "only in campaign " + std::to_string(out.b);
            out.points.push_back(std::move(p));
        }
    for (const ComparedPoint& p : out.points) {
        if (!p.result) {
            ++out.notCompared;
            continue;
        }
        switch (p.result->verdict) {
        case stats::Verdict::Faster:
            ++out.faster;
            break;
        case stats::Verdict::Slower:
            ++out.slower;
            break;
        case stats::Verdict::Same:
            ++out.same;
            break;
        case stats::Verdict::Uncertain:
            ++out.uncertain;
            break;
        }
    }
    if (!forMean.empty())
        out.geometricMean =
            stats::geometricMeanRatio(forMean, out.options.stats.seed, out.options.stats.resamples);

    std::set<std::string> keys;
    for (const auto& [k, v] : a.campaign.provenance)
        keys.insert(k);
    for (const auto& [k, v] : b.campaign.provenance)
        keys.insert(k);
    for (const std::string& k : keys) {
        if (isRevisionKey(k)) continue;
        const auto va = a.campaign.provenance.find(k), vb = b.campaign.provenance.find(k);
        const std::string x = va == a.campaign.provenance.end() ? "(not recorded)" : va->second;
        const std::string y = vb == b.campaign.provenance.end() ? "(not recorded)" : vb->second;
        if (x != y) out.provenanceWarnings.push_back(k + ": " + x + " vs " + y);
    }
    return out;
}

} // namespace rs::campaign
