#include "core/campaign/htmlreport.h"

#include <cstdio>
#include <set>
#include <sstream>

#include "core/campaign/chartdata.h"
#include "core/campaign/svgchart.h"
#include "core/campaign/units.h"

namespace rs::campaign {

namespace {

const char* const kStyle = R"(
body{font-family:sans-serif;margin:24px auto;max-width:1200px;color:#222;line-height:1.4}
h1{font-size:22px}h2{font-size:18px;margin-top:28px;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:8px 0;font-size:13px}
th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f2f2f2}
.FASTER{background:#d9f2d9}.SLOWER{background:#f9d6d5}.SAME{background:#eef}.UNCERTAIN{background:#fff4cc}
.failed{color:#a00}.warn{background:#fff4cc;padding:6px 10px;border-left:4px solid #e0a800}
pre{background:#f7f7f7;padding:8px;overflow-x:auto;font-size:12px}svg.chart{max-width:100%;height:auto}
)";

std::string e(const std::string& s) {
    return escapeXml(s);
}

std::string cell(const RunRow& r, const std::string& metric) {
    const Measurement* m = findMeasurement(r.measurements, metric);
    return m ? e(formatValue(m->value, m->unit)) : std::string();
}

void header(std::ostringstream& o, const CampaignRow& c, const char* role) {
    o << "<tr><th>" << role << "</th><td>#" << c.id << " " << e(c.name) << "</td><td>" << e(c.created)
      << "</td><td>" << e(c.status) << "</td><td class=\"n\">" << c.runsDone << " of " << c.runsTotal
      << "</td><td class=\"n\">" << c.runsFailed << "</td></tr>";
}

void verification(std::ostringstream& o, const CampaignSide& s) {
    int verified = 0;
    for (const RunRow& r : s.runs)
        verified += r.verified;
    o << "<p>Campaign #" << s.campaign.id << ": <b>" << verified << " of " << s.runs.size()
      << "</b> stored runs verified: every output of every repeat matched the C++ model (one oracle) before "
         "its time was kept.";
    if (verified < static_cast<int>(s.runs.size())) {
        o << " Failed runs keep no figure:</p><ul>";
        for (const RunRow& r : s.runs)
            if (!r.verified)
                o << "<li class=\"failed\">" << e(pointName(r.key)) << ": " << e(r.failure) << "</li>";
        o << "</ul>";
    } else {
        o << "</p>";
    }
}

void runsTable(std::ostringstream& o, const CampaignSide& s) {
    o << "<h3>Runs of #" << s.campaign.id
      << "</h3><table class=\"runs\"><tr><th>target</th><th>algorithm</th>"
      << "<th>AD</th><th>message</th><th>verified</th><th>median time</th><th>min</th><th>max</th>"
      << "<th>throughput</th><th>repeats</th><th>other figures</th></tr>";
    static const std::set<std::string> shown = {"time_median", "time_min", "time_max", "throughput"};
    for (const RunRow& r : s.runs) {
        std::string other;
        for (const Measurement& m : r.measurements)
            if (!shown.count(m.metric))
                other += (other.empty() ? "" : ", ") + m.metric + " " + formatValue(m.value, m.unit);
        o << "<tr><td>" << e(r.key.target) << "</td><td>" << e(r.key.algorithm) << "</td><td class=\"n\">"
          << r.key.adBytes << "</td><td class=\"n\">" << r.key.messageBytes << "</td><td"
          << (r.verified ? ">yes" : " class=\"failed\">FAILED") << "</td><td class=\"n\">"
          << cell(r, "time_median") << "</td><td class=\"n\">" << cell(r, "time_min")
          << "</td><td class=\"n\">" << cell(r, "time_max") << "</td><td class=\"n\">"
          << cell(r, "throughput") << "</td><td class=\"n\">" << r.samples.size() << "</td><td>" << e(other)
          << "</td></tr>";
    }
    o << "</table>";
}

void provenance(std::ostringstream& o, const CampaignSide& a, const std::optional<CampaignSide>& b) {
    std::set<std::string> keys;
    for (const auto& [k, v] : a.campaign.provenance)
        keys.insert(k);
    if (b)
        for (const auto& [k, v] : b->campaign.provenance)
            keys.insert(k);
    o << "<table class=\"provenance\"><tr><th>key</th><th>#" << a.campaign.id << "</th>";
    if (b) o << "<th>#" << b->campaign.id << "</th>";
    o << "</tr>";
    const auto value = [](const CampaignSide& s, const std::string& k) {
        const auto it = s.campaign.provenance.find(k);
        return it == s.campaign.provenance.end() ? std::string("(not recorded)") : it->second;
    };
    for (const std::string& k : keys) {
        const bool differs = b && value(a, k) != value(*b, k);
        o << "<tr" << (differs ? " class=\"UNCERTAIN\"" : "") << "><td>" << e(k) << "</td><td>"
          << e(value(a, k)) << "</td>";
        if (b) o << "<td>" << e(value(*b, k)) << "</td>";
        o << "</tr>";
    }
    o << "</table>";
}

void comparisonTable(std::ostringstream& o, const CampaignComparison& c) {
    o << "<p>Campaign #" << c.b << " (B) against #" << c.a << " (A, the baseline), " << e(c.options.metric)
      << ": ratio = B / A of the medians with its 95 % bootstrap interval, the Mann–Whitney U test's "
         "two-sided p, Cliff's δ; noise threshold ±"
      << formatFixed(c.options.stats.threshold * 100, 1) << " %.</p>";
    if (!c.provenanceWarnings.empty()) {
        o << "<p class=\"warn\">The two campaigns ran under different conditions: ";
        for (std::size_t i = 0; i < c.provenanceWarnings.size(); ++i)
            o << (i ? "; " : "") << e(c.provenanceWarnings[i]);
        o << ".</p>";
    }
    o << "<table class=\"comparison\"><tr><th>point</th><th>A median</th><th>B median</th><th>ratio</th>"
      << "<th>95 % interval</th><th>p</th><th>δ</th><th>n A/B</th><th>verdict</th><th>why</th></tr>";
    for (const ComparedPoint& p : c.points) {
        o << "<tr><td>" << e(pointName(p.key)) << "</td>";
        if (!p.result) {
            o << "<td colspan=\"8\"></td><td>NOT COMPARED</td><td>" << e(p.notCompared) << "</td></tr>";
            continue;
        }
        const auto& r = *p.result;
        const std::string verdict(stats::verdictName(r.verdict));
        o << "<td class=\"n\">" << e(formatValue(r.medianA, p.unit)) << "</td><td class=\"n\">"
          << e(formatValue(r.medianB, p.unit)) << "</td><td class=\"n\">" << formatFixed(r.ratio, 3)
          << "</td><td class=\"n\">"
          << (p.exact ? std::string("exact")
                      : "[" + formatFixed(r.interval.low, 3) + ", " + formatFixed(r.interval.high, 3) + "]")
          << "</td><td class=\"n\">" << (p.exact ? std::string("–") : formatFixed(r.test.pValue, 4))
          << "</td><td class=\"n\">" << formatFixed(r.delta, 2) << "</td><td class=\"n\">" << r.countA << "/"
          << r.countB << "</td><td class=\"" << verdict << "\">" << verdict << "</td><td>" << e(r.why)
          << (r.unstableA || r.unstableB ? e("; unstable (spread above 10 % of the median)") : std::string())
          << "</td></tr>";
    }
    o << "</table>";
    if (c.geometricMean)
        o << "<p>Geometric mean of the ratios: <b>" << formatFixed(c.geometricMean->value, 3) << "</b> ["
          << formatFixed(c.geometricMean->interval.low, 3) << ", "
          << formatFixed(c.geometricMean->interval.high, 3) << "] over " << c.geometricMean->points
          << " points.</p>";
    o << "<p>" << c.faster << " faster, " << c.slower << " slower, " << c.same << " same, " << c.uncertain
      << " uncertain, " << c.notCompared << " not compared.</p>";
}

void charts(std::ostringstream& o, const CampaignSide& a, const std::optional<CampaignSide>& b) {
    ChartRequest req;
    req.campaigns = {a.campaign.id};
    if (b) req.campaigns.push_back(b->campaign.id);
    // chartData asks for each campaign once, in the request's order: A, then B (which may have A's id when
    // it comes from another store).
    int asked = 0;
    const auto runsOf = [&](std::int64_t) { return asked++ == 0 || !b ? a.runs : b->runs; };
    int drawn = 0;
    for (const char* metric : {"throughput", "time_median", "instructions", "cycles"}) {
        req.metric = metric;
        asked = 0;
        try {
            const ChartData data = chartData(req, runsOf);
            if (data.series.empty()) continue;
            o << svgChart(data, data.yName + " against message size") << "\n";
            for (const std::string& note : data.notes)
                o << "<p>" << e(note) << "</p>";
            ++drawn;
        } catch (const std::exception&) {
            // No run of these campaigns stores this metric: no chart of it.
        }
    }
    if (!drawn) o << "<p>No verified run to chart.</p>";
}

} // namespace

std::string htmlReport(const CampaignSide& a, const std::optional<CampaignSide>& b,
                       const CampaignCompareOptions& options) {
    std::ostringstream o;
    const std::string title =
        b ? "RoundScope: campaign #" + std::to_string(b->campaign.id) + " against #" +
                std::to_string(a.campaign.id)
          : "RoundScope: campaign #" + std::to_string(a.campaign.id) + " " + a.campaign.name;
    o << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" << e(title)
      << "</title><style>" << kStyle << "</style></head><body>\n<h1>" << e(title) << "</h1>\n";
    o << "<table><tr><th></th><th>campaign</th><th>created</th><th>status</th><th>runs</th><th>failed</th></"
         "tr>";
    header(o, a.campaign, b ? "A (baseline)" : "");
    if (b) header(o, b->campaign, "B");
    o << "</table>\n";
    if (b) {
        o << "<h2>Comparison</h2>\n";
        comparisonTable(o, compareCampaigns(a, *b, options));
    }
    o << "<h2>Charts</h2>\n";
    charts(o, a, b);
    o << "<h2>Verification</h2>\n";
    verification(o, a);
    if (b) verification(o, *b);
    o << "<h2>Figures</h2>\n";
    runsTable(o, a);
    if (b) runsTable(o, *b);
    o << "<h2>Definition</h2>\n";
    for (const CampaignSide* s : {&a, b ? &*b : nullptr}) {
        if (!s) continue;
        o << "<h3>#" << s->campaign.id << "</h3><pre>"
          << e(s->campaign.specError.empty() ? specJson(s->campaign.spec)
                                             : "unreadable: " + s->campaign.specError)
          << "</pre>";
    }
    o << "<h2>Provenance</h2>\n";
    provenance(o, a, b);
    o << "<p>Written by RoundScope's <code>campaign report</code>: one file, no script, no network.</p>\n";
    o << "</body></html>\n";
    return o.str();
}

} // namespace rs::campaign
