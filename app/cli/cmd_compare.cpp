// campaign compare and campaign regressions: two stored campaigns compared point by point with the
// statistics of core/campaign/comparison (ratio of medians with its bootstrap 95 % interval, the
// Mann–Whitney U test, Cliff's δ, a verdict), and a baseline against every later campaign of the store to
// list the points that got slower. Without --baseline, each machine's later campaigns are compared against
// the newest baseline marked for that machine before them (campaign baseline, cmd_baseline.cpp), as asv
// compares a machine's results against that machine's; `compare baseline B` does so for B. Both only read
// their stores.
#include "app/cli/clicommands.h"
#include "app/cli/clistore.h"
#include "core/campaign/campaigncompare.h"
#include "core/campaign/htmlreport.h"
#include "core/campaign/units.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>
#include <optional>

namespace rs::cli {

std::vector<CliUsage> baselineUsages(); ///< cmd_baseline.cpp: campaign baseline, listed after these lines

namespace {

/** "mark one with ...": what to do when no baseline is marked. */
std::string markHint(const std::string& store) {
    return "mark one with `roundscope-cli campaign baseline --db " + store + " --id N`";
}

std::string hostText(const std::string& host) {
    return host.empty() ? std::string("an unknown host") : "host " + host;
}

/** "baseline: campaign 3 "name" (host h, revision abc, marked T)". */
std::string baselineLine(const campaign::BaselineRow& b, const std::string& name) {
    return "baseline: campaign " + std::to_string(b.campaignId) + " \"" + name + "\" (" + hostText(b.host) +
           ", revision " + b.revision.substr(0, 12) + ", marked " + b.marked + ")";
}

QJsonObject baselineJson(const campaign::BaselineRow& b) {
    return QJsonObject{{"id", static_cast<qint64>(b.campaignId)},
                       {"host", QString::fromStdString(b.host)},
                       {"revision", QString::fromStdString(b.revision)},
                       {"marked", QString::fromStdString(b.marked)}};
}

/** A campaign named on the command line: "N" in --db, or "STORE.db:N". */
campaign::CampaignSide sideArg(const CliArgs& args, const std::string& ref, const std::string& what) {
    std::string path, number = ref;
    if (const auto colon = ref.rfind(':'); colon != std::string::npos) {
        path = ref.substr(0, colon);
        number = ref.substr(colon + 1);
    }
    std::int64_t id = 0;
    try {
        std::size_t used = 0;
        id = std::stoll(number, &used);
        if (used != number.size() || id < 1) throw std::invalid_argument(number);
    } catch (const std::exception&) {
        throw UsageError(what + ": '" + ref + "' is not a campaign (N in --db, or STORE.db:N)");
    }
    if (path.empty() && !args.has("db"))
        throw UsageError(what + ": campaign " + number +
                         " needs --db (or name its store: STORE.db:" + number + ")");
    const auto store = path.empty() ? openStore(args, campaign::OpenMode::ReadOnly)
                                    : openStoreAt(path, campaign::OpenMode::ReadOnly, what);
    campaign::CampaignSide side;
    const auto row = withStore([&] { return store->campaign(id); });
    if (!row) throw UsageError(what + ": no campaign " + std::to_string(id) + " in " + store->path());
    side.campaign = *row;
    side.runs = withStore([&] { return store->runs(id); });
    return side;
}

campaign::CampaignCompareOptions compareOptionsArg(const CliArgs& args) {
    campaign::CampaignCompareOptions o;
    o.metric = args.value("metric").value_or("time");
    if (const auto t = args.value("threshold")) {
        char* end = nullptr;
        const double pct = std::strtod(t->c_str(), &end);
        if (t->empty() || *end || !std::isfinite(pct) || pct < 0 || pct >= 100)
            throw UsageError("--threshold: expected a percentage from 0 to below 100, got '" + *t + "'");
        o.stats.threshold = pct / 100;
    }
    o.stats.seed = static_cast<std::uint64_t>(args.integer("seed", 1, 0, std::numeric_limits<int>::max()));
    if (const auto t = args.value("targets")) { // target against target: "X,Y"
        const auto comma = t->find(',');
        if (comma == std::string::npos || comma == 0 || comma + 1 == t->size() ||
            t->find(',', comma + 1) != std::string::npos)
            throw UsageError("--targets: expected two targets, A's and B's, as X,Y (e.g. cpu,cpu-mt), got '" +
                             *t + "'");
        o.targetA = t->substr(0, comma);
        o.targetB = t->substr(comma + 1);
    }
    return o;
}

std::string pValueText(const campaign::stats::PointComparison& r, bool exact) {
    if (exact) return "exact";
    return r.test.pValue < 1e-4 ? std::string("<0.0001") : campaign::formatFixed(r.test.pValue, 4);
}

QJsonObject pointJson(const campaign::ComparedPoint& p) {
    QJsonObject o{{"target", QString::fromStdString(p.key.target)},
                  {"algorithm", QString::fromStdString(p.key.algorithm)},
                  {"ad_bytes", static_cast<qint64>(p.key.adBytes)},
                  {"message_bytes", static_cast<qint64>(p.key.messageBytes)},
                  {"exact", p.exact}};
    if (!p.result) {
        o.insert("verdict", "NOT COMPARED");
        o.insert("why", QString::fromStdString(p.notCompared));
        return o;
    }
    const auto& r = *p.result;
    o.insert("unit", QString::fromStdString(p.unit));
    o.insert("repeats_a", static_cast<qint64>(r.countA));
    o.insert("repeats_b", static_cast<qint64>(r.countB));
    o.insert("median_a", r.medianA);
    o.insert("median_b", r.medianB);
    o.insert("ratio", r.ratio);
    o.insert("ci_low", r.interval.low);
    o.insert("ci_high", r.interval.high);
    o.insert("p_value", r.test.pValue);
    o.insert("u", r.test.u);
    o.insert("u_exact", r.test.exact);
    o.insert("cliffs_delta", r.delta);
    o.insert("verdict", QString::fromStdString(std::string(campaign::stats::verdictName(r.verdict))));
    o.insert("why", QString::fromStdString(r.why));
    o.insert("few_repeats", r.fewRepeats);
    o.insert("unstable_a", r.unstableA);
    o.insert("unstable_b", r.unstableB);
    return o;
}

QJsonObject comparisonJson(const campaign::CampaignComparison& c) {
    QJsonArray points, warnings;
    for (const auto& p : c.points)
        points.append(pointJson(p));
    for (const auto& w : c.provenanceWarnings)
        warnings.append(QString::fromStdString(w));
    QJsonObject o{{"a", static_cast<qint64>(c.a)},
                  {"b", static_cast<qint64>(c.b)},
                  {"revision_a", QString::fromStdString(c.revisionA)},
                  {"revision_b", QString::fromStdString(c.revisionB)},
                  {"metric", QString::fromStdString(c.options.metric)},
                  {"threshold", c.options.stats.threshold},
                  {"alpha", c.options.stats.alpha},
                  {"seed", static_cast<qint64>(c.options.stats.seed)},
                  {"targets", c.options.targetA.empty()
                                  ? QJsonValue()
                                  : QJsonValue(QJsonArray{QString::fromStdString(c.options.targetA),
                                                          QString::fromStdString(c.options.targetB)})},
                  {"points", points},
                  {"provenance_differs", warnings},
                  {"faster", c.faster},
                  {"slower", c.slower},
                  {"same", c.same},
                  {"uncertain", c.uncertain},
                  {"not_compared", c.notCompared}};
    if (c.geometricMean)
        o.insert("geometric_mean", QJsonObject{{"ratio", c.geometricMean->value},
                                               {"ci_low", c.geometricMean->interval.low},
                                               {"ci_high", c.geometricMean->interval.high},
                                               {"points", static_cast<qint64>(c.geometricMean->points)}});
    return o;
}

void printComparison(const campaign::CampaignComparison& c) {
    std::cout << "campaign " << c.b << " (B, revision " << c.revisionB.substr(0, 12) << ") against campaign "
              << c.a << " (A, baseline, revision " << c.revisionA.substr(0, 12) << "): " << c.options.metric
              << ", noise threshold " << campaign::formatFixed(c.options.stats.threshold * 100, 1)
              << " %, ratio = B / A\n";
    if (!c.provenanceWarnings.empty()) {
        std::cout << "warning: the two campaigns ran under different conditions:\n";
        for (const auto& w : c.provenanceWarnings)
            std::cout << "  " << w << "\n";
    }
    int few = 0, unstable = 0;
    for (const auto& p : c.points) {
        std::cout << campaign::pointName(p.key) << ": ";
        if (!p.result) {
            std::cout << "NOT COMPARED (" << p.notCompared << ")\n";
            continue;
        }
        const auto& r = *p.result;
        std::cout << campaign::stats::verdictName(r.verdict) << "  "
                  << campaign::formatValue(r.medianA, p.unit) << " -> "
                  << campaign::formatValue(r.medianB, p.unit) << "  ratio "
                  << campaign::formatFixed(r.ratio, 3);
        if (!p.exact)
            std::cout << " [" << campaign::formatFixed(r.interval.low, 3) << ", "
                      << campaign::formatFixed(r.interval.high, 3) << "]  p " << pValueText(r, p.exact)
                      << "  delta " << campaign::formatFixed(r.delta, 2) << "  n " << r.countA << "/"
                      << r.countB;
        else
            std::cout << " (exact)";
        std::cout << "  (" << r.why << ")\n";
        few += !p.exact && r.fewRepeats;
        unstable += r.unstableA || r.unstableB;
    }
    if (c.geometricMean)
        std::cout << "geometric mean of the ratios: " << campaign::formatFixed(c.geometricMean->value, 3)
                  << " [" << campaign::formatFixed(c.geometricMean->interval.low, 3) << ", "
                  << campaign::formatFixed(c.geometricMean->interval.high, 3) << "] over "
                  << c.geometricMean->points << " points\n";
    std::cout << c.faster << " faster, " << c.slower << " slower, " << c.same << " same, " << c.uncertain
              << " uncertain, " << c.notCompared << " not compared\n";
    if (few)
        std::cout << "note: " << few << " point(s) have fewer than " << c.options.stats.recommendedRepeats
                  << " repeats on a side (allowed; 9 or more are recommended)\n";
    if (unstable)
        std::cout << "note: " << unstable << " point(s) are unstable (spread above "
                  << campaign::formatFixed(c.options.stats.unstableSpread * 100, 0) << " % of the median)\n";
}

campaign::CampaignComparison compareArg(const campaign::CampaignSide& a, const campaign::CampaignSide& b,
                                        const campaign::CampaignCompareOptions& o) {
    try {
        return campaign::compareCampaigns(a, b, o);
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string(o.targetA.empty() ? "--metric: " : "--targets: ") + e.what());
    }
}

/** The word `baseline` for A: the newest baseline marked for B's machine before B, in B's store. */
std::pair<campaign::CampaignSide, campaign::BaselineRow>
markedBaselineFor(const CliArgs& args, const std::string& refB, const campaign::CampaignSide& b) {
    const auto colon = refB.rfind(':');
    const std::string path = colon == std::string::npos ? std::string() : refB.substr(0, colon);
    const auto store = path.empty() ? openStore(args, campaign::OpenMode::ReadOnly)
                                    : openStoreAt(path, campaign::OpenMode::ReadOnly, "B");
    const std::string host = campaign::baselineHost(b.campaign.provenance);
    const auto mark = withStore([&] { return store->latestBaseline(host, b.campaign.id); });
    if (!mark)
        throw UsageError("A: no baseline is marked for " + hostText(host) + " before campaign " +
                         std::to_string(b.campaign.id) + " in " + store->path() + "; " +
                         markHint(store->path()));
    const std::string refA = (path.empty() ? "" : path + ":") + std::to_string(mark->campaignId);
    return {sideArg(args, refA, "A"), *mark};
}

int campaignCompare(const CliArgs& args) {
    if (args.positional().size() != 2)
        throw UsageError("campaign compare: expected two campaigns, A (the baseline, or the word baseline: "
                         "the one marked for B's machine) and B");
    const auto options = compareOptionsArg(args);
    const bool marked = args.positional()[0] == "baseline";
    const auto b = sideArg(args, args.positional()[1], "B");
    std::optional<campaign::BaselineRow> mark;
    std::optional<campaign::CampaignSide> a;
    if (marked) {
        auto [side, row] = markedBaselineFor(args, args.positional()[1], b);
        a = std::move(side);
        mark = row;
    } else {
        a = sideArg(args, args.positional()[0], "A");
    }
    const auto c = compareArg(*a, b, options);
    if (args.flag("json")) {
        QJsonObject o = comparisonJson(c);
        if (mark) o.insert("baseline", baselineJson(*mark));
        std::cout << QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() << std::endl;
    } else {
        if (mark) std::cout << baselineLine(*mark, a->campaign.name) << "\n";
        printComparison(c);
    }
    return kExitOk;
}

int campaignRegressions(const CliArgs& args) {
    const auto options = compareOptionsArg(args);
    const bool quiet = args.flag("json");
    std::optional<campaign::CampaignSide> given;
    if (args.has("baseline")) given = sideArg(args, args.require("baseline"), "--baseline");
    const auto store = openStore(args, campaign::OpenMode::ReadOnly);
    const auto all = withStore([&] { return store->campaigns(); });
    std::vector<campaign::BaselineRow> marks;
    if (!given) {
        marks = withStore([&] { return store->baselines(); });
        if (marks.empty())
            throw UsageError("campaign regressions: no baseline is marked in " + store->path() +
                             " and none was given (--baseline A); " + markHint(store->path()));
    }
    // Each later campaign with the baseline it is compared against: the one given, or the newest marked for
    // its machine before it (marks are by campaign id).
    struct Later {
        campaign::CampaignRow row;
        std::int64_t base = 0;
    };
    std::vector<Later> later;
    int unmatched = 0; // campaigns of machines with no baseline before them (auto only)
    for (const auto& c : all) {
        if (given) {
            if (c.id > given->campaign.id) later.push_back({c, given->campaign.id});
            continue;
        }
        std::optional<std::int64_t> base;
        bool isMark = false;
        for (const auto& m : marks) {
            isMark = isMark || m.campaignId == c.id;
            if (m.host == campaign::baselineHost(c.provenance) && m.campaignId < c.id) base = m.campaignId;
        }
        if (base)
            later.push_back({c, *base});
        else if (!isMark)
            ++unmatched;
    }
    if (const auto since = args.value("since")) {
        const auto first = std::find_if(later.begin(), later.end(), [&](const Later& l) {
            const auto rev = l.row.provenance.find("git_revision");
            return !since->empty() && rev != l.row.provenance.end() && rev->second.rfind(*since, 0) == 0;
        });
        if (first == later.end())
            throw UsageError("--since: no campaign " +
                             (given ? "after " + std::to_string(given->campaign.id)
                                    : std::string("compared against a marked baseline")) +
                             " was recorded at a revision starting with '" + *since + "'");
        later.erase(later.begin(), first);
    }
    std::map<std::int64_t, campaign::CampaignSide> bases; // read once each
    if (given) bases.emplace(given->campaign.id, *given);
    const auto baseSide = [&](std::int64_t id) -> const campaign::CampaignSide& {
        auto it = bases.find(id);
        if (it == bases.end()) {
            const auto row = std::find_if(all.begin(), all.end(), [&](const auto& c) { return c.id == id; });
            it = bases.emplace(id, campaign::CampaignSide{*row, withStore([&] { return store->runs(id); })})
                     .first;
        }
        return it->second;
    };
    const auto markOf = [&](std::int64_t id) {
        return *std::find_if(marks.begin(), marks.end(), [&](const auto& m) { return m.campaignId == id; });
    };
    QJsonArray found, used;
    std::vector<std::int64_t> usedIds;
    int regressions = 0;
    std::int64_t shown = 0; // the baseline the lines below compare against
    for (const auto& l : later) {
        const campaign::CampaignSide& base = baseSide(l.base);
        if (!given && std::find(usedIds.begin(), usedIds.end(), l.base) == usedIds.end()) {
            usedIds.push_back(l.base);
            used.append(baselineJson(markOf(l.base)));
        }
        if (!quiet && !given && shown != l.base)
            std::cout << baselineLine(markOf(l.base), base.campaign.name) << "\n";
        shown = l.base;
        campaign::CampaignSide side{l.row, withStore([&] { return store->runs(l.row.id); })};
        const auto c = compareArg(base, side, options);
        if (!quiet)
            std::cout << "campaign " << l.row.id << " (revision " << c.revisionB.substr(0, 12) << ", "
                      << l.row.created << "): " << c.slower << " slower, " << c.uncertain << " uncertain, "
                      << c.notCompared << " not compared\n";
        for (const auto& p : c.points) {
            if (!p.result || p.result->verdict != campaign::stats::Verdict::Slower) continue;
            ++regressions;
            QJsonObject o = pointJson(p);
            o.insert("campaign", static_cast<qint64>(l.row.id));
            o.insert("revision", QString::fromStdString(c.revisionB));
            o.insert("baseline", static_cast<qint64>(l.base));
            found.append(o);
            if (!quiet)
                std::cout << "  SLOWER " << campaign::pointName(p.key) << ": ratio "
                          << campaign::formatFixed(p.result->ratio, 3) << " ["
                          << campaign::formatFixed(p.result->interval.low, 3) << ", "
                          << campaign::formatFixed(p.result->interval.high, 3) << "]  p "
                          << pValueText(*p.result, p.exact) << "\n";
        }
    }
    if (quiet) {
        QJsonObject o{{"campaigns", static_cast<qint64>(later.size())}, {"regressions", found}};
        if (given) {
            o.insert("baseline", static_cast<qint64>(given->campaign.id));
        } else {
            // The one baseline used, or null when the campaigns were compared against several (or none).
            o.insert("baseline",
                     usedIds.size() == 1 ? QJsonValue(static_cast<qint64>(usedIds.front())) : QJsonValue());
            o.insert("baselines", used);
            o.insert("without_baseline", unmatched);
        }
        std::cout << QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString() << std::endl;
    } else if (given) {
        std::cout << regressions << " regression(s) in " << later.size() << " campaign(s) after "
                  << given->campaign.id << "\n";
    } else {
        std::string ids;
        for (const std::int64_t id : usedIds)
            ids += (ids.empty() ? "" : ", ") + std::to_string(id);
        std::cout << regressions << " regression(s) in " << later.size() << " campaign(s) against "
                  << (ids.empty() ? std::string("a marked baseline (none ran before them on their machine)")
                                  : "the marked baseline(s) " + ids);
        if (unmatched)
            std::cout << "; " << unmatched << " campaign(s) not compared: no baseline of their machine ran "
                      << "before them";
        std::cout << "\n";
    }
    return regressions ? kExitKatFailed : kExitOk;
}

int campaignReport(const CliArgs& args) {
    const auto& words = args.positional();
    if (words.empty() || words.size() > 2)
        throw UsageError("campaign report: expected one campaign A, or two (A the baseline, B)");
    const std::string out = args.require("out");
    outputExtension("out", out, {"html", "htm"});
    const auto options = compareOptionsArg(args);
    const auto a = sideArg(args, words[0], "A");
    std::optional<campaign::CampaignSide> b;
    if (words.size() == 2) b = sideArg(args, words[1], "B");
    std::string html;
    try {
        html = campaign::htmlReport(a, b, options);
    } catch (const campaign::SpecError& e) {
        throw UsageError(std::string("--metric: ") + e.what());
    }
    writeOut(out, html);
    printResult(args, QJsonObject{{"out", QString::fromStdString(out)},
                                  {"bytes", static_cast<qint64>(html.size())},
                                  {"a", static_cast<qint64>(a.campaign.id)},
                                  {"b", b ? QJsonValue(static_cast<qint64>(b->campaign.id)) : QJsonValue()}});
    return kExitOk;
}

} // namespace

std::vector<CliUsage> compareUsages() {
    std::vector<CliUsage> usages{
        {{"compare"},
         {word("A"), word("B"), optional("db", "FILE"), optional("metric", "time|throughput|M"),
          optional("threshold", "PCT"), optional("seed", "N"), optional("targets", "X,Y")},
         "campaign B against campaign A (N in --db, or STORE.db:N; the word baseline: the newest\n"
         "baseline marked for B's machine before B) point by point: medians, their\n"
         "ratio B/A with a bootstrap 95 % interval, the Mann-Whitney U test's p, Cliff's delta and a\n"
         "verdict (FASTER/SLOWER/SAME within +-PCT, default 5, or UNCERTAIN), the geometric mean of the\n"
         "ratios, and the conditions (compiler, CPU, governor, ...) the two differ in. Simulated\n"
         "targets compare exact figures. 9 or more repeats are recommended; fewer than 3 is UNCERTAIN.\n"
         "--targets X,Y: A's runs on target X against B's on Y (A and B may be one campaign)",
         nullptr,
         noVerb<campaignCompare>},
        {{"regressions"},
         {option("db", "FILE"), optional("baseline", "A"), optional("since", "REV"),
          optional("metric", "time|throughput|M"), optional("threshold", "PCT"), optional("seed", "N")},
         "the points that got slower than the baseline campaign A beyond the threshold, in every\n"
         "later campaign of --db (from the first recorded at git revision REV...); exit status 1 when\n"
         "there is one. Without --baseline: each campaign against the newest baseline marked for its\n"
         "machine (host) before it (campaign baseline), named in the output",
         nullptr,
         noVerb<campaignRegressions>},
        {{"report"},
         {word("A"), word("B", true), optional("db", "FILE"), option("out", "FILE.html"),
          optional("metric", "time|throughput|M"), optional("threshold", "PCT"), optional("seed", "N")},
         "one self-contained HTML file (no script, no network; charts as SVG) of campaign A, or of B\n"
         "against A: verdicts with intervals, charts, verification, every run's figures, the\n"
         "definitions and the provenance side by side",
         nullptr,
         noVerb<campaignReport>}};
    for (CliUsage& u : baselineUsages())
        usages.push_back(std::move(u));
    return usages;
}

} // namespace rs::cli
