#include "app/ui/campaigns/runtable.h"

#include "core/campaign/chartdata.h"
#include "core/campaign/comparison.h"
#include "core/campaign/units.h"

#include <QColor>
#include <QRegularExpression>
#include <QStandardItemModel>

#include <algorithm>
#include <map>
#include <set>

namespace rs::gui {

QStringList filterWords(const QString& filter) {
    return filter.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts);
}

bool matchesAllWords(const QStringList& texts, const QStringList& words) {
    for (const QString& w : words) {
        const bool found = std::any_of(texts.begin(), texts.end(),
                                       [&](const QString& t) { return t.contains(w, Qt::CaseInsensitive); });
        if (!found) return false;
    }
    return true;
}

void WordFilterProxy::setFilterText(const QString& text) {
    m_words = filterWords(text);
    invalidateFilter();
}

bool WordFilterProxy::filterAcceptsRow(int row, const QModelIndex& parent) const {
    if (m_words.isEmpty()) return true;
    QStringList texts;
    const QAbstractItemModel* m = sourceModel();
    for (int c = 0; c < m->columnCount(parent); ++c)
        texts << m->index(row, c, parent).data().toString();
    return matchesAllWords(texts, m_words);
}

namespace {

QStandardItem* cell(const QString& text, const QVariant& value = {}) {
    auto* it = new QStandardItem(text);
    it->setEditable(false);
    it->setData(value.isValid() ? value : QVariant(text), kValueRole);
    return it;
}

/** The spread of a run's repeats (stats::relativeSpread, as a comparison computes it), flagged unstable
 *  above the comparison's threshold; empty with fewer than two repeats stored. */
QStandardItem* spreadCell(const campaign::RunRow& r) {
    if (r.samples.size() < 2) {
        QStandardItem* c = cell(QString());
        c->setToolTip(r.samples.empty() ? QObject::tr("No repeat times stored for this run")
                                        : QObject::tr("One repeat: no spread"));
        return c;
    }
    const double spread = campaign::stats::relativeSpread(r.samples);
    const double limit = campaign::stats::CompareOptions{}.unstableSpread;
    const QString percent = QString::number(spread * 100, 'f', 1) + QStringLiteral(" %");
    const bool unstable = spread > limit;
    QStandardItem* c = cell(unstable ? QObject::tr("%1 unstable").arg(percent) : percent, spread);
    c->setToolTip(QObject::tr("Spread of the %1 repeats: 1.4826 · MAD / median. Above %2 % a comparison "
                              "flags the point unstable: the machine was noisy while it ran")
                      .arg(r.samples.size())
                      .arg(limit * 100, 0, 'f', 0));
    if (unstable) c->setForeground(QColor(0xb0, 0x3a, 0x00));
    return c;
}

// The timing figures first (min, median, max), then throughput, then the rest by name.
int metricRank(const std::string& m) {
    static const char* first[] = {"time_min", "time_median", "time_max", "throughput"};
    for (int i = 0; i < 4; ++i)
        if (m == first[i]) return i;
    return 4;
}

} // namespace

void fillRunTable(QStandardItemModel* model, const std::vector<campaign::RunRow>& runs,
                  const campaign::Provenance& provenance) {
    std::map<std::string, std::string> units; // metric -> unit
    std::set<std::string> params;
    for (const auto& r : runs) {
        for (const auto& m : r.measurements)
            units.emplace(m.metric, m.unit);
        for (const auto& [k, v] : r.parameters)
            params.insert(k);
    }
    std::vector<std::string> metrics;
    for (const auto& [m, u] : units)
        metrics.push_back(m);
    std::stable_sort(metrics.begin(), metrics.end(), [](const std::string& a, const std::string& b) {
        return metricRank(a) < metricRank(b);
    });

    model->clear();
    QStringList headers = {QObject::tr("Target"),      QObject::tr("Algorithm"), QObject::tr("AD (B)"),
                           QObject::tr("Message (B)"), QObject::tr("Verified"),  QObject::tr("Figures"),
                           QObject::tr("Spread")};
    QStringList csv = {"target", "algorithm", "ad_bytes", "message_bytes", "verified", "figures", "spread"};
    for (const auto& m : metrics) {
        QString name = QString::fromStdString(m);
        headers << name.replace(QLatin1Char('_'), QLatin1Char(' '));
        const std::string& u = units[m];
        csv << QString::fromStdString(m + (u.empty() ? "" : " (" + u + ")"));
    }
    headers << QObject::tr("Failure") << QObject::tr("Finished");
    csv << "failure"
        << "finished";
    for (const auto& p : params) {
        headers << QString::fromStdString(p);
        csv << QString::fromStdString("param:" + p);
    }
    for (const auto& [k, v] : provenance) {
        headers << QObject::tr("%1 (campaign)").arg(QString::fromStdString(k));
        csv << QString::fromStdString("provenance:" + k);
    }
    model->setColumnCount(static_cast<int>(headers.size()));
    model->setHorizontalHeaderLabels(headers);
    for (int c = 0; c < csv.size(); ++c)
        model->setHeaderData(c, Qt::Horizontal, csv[c], kCsvHeaderRole);

    for (const auto& r : runs) {
        const QString note = QString::fromStdString(campaign::simulationNote(r));
        QList<QStandardItem*> row = {
            cell(QString::fromStdString(r.key.target)),
            cell(QString::fromStdString(r.key.algorithm)),
            cell(QString::number(r.key.adBytes), static_cast<qulonglong>(r.key.adBytes)),
            cell(QString::number(r.key.messageBytes), static_cast<qulonglong>(r.key.messageBytes)),
            cell(r.verified ? QObject::tr("yes") : QObject::tr("NO"), r.verified),
            cell(note.isEmpty() ? QObject::tr("measured") : note),
            spreadCell(r)};
        for (const auto& m : metrics) {
            const auto it = std::find_if(r.measurements.begin(), r.measurements.end(),
                                         [&](const campaign::Measurement& x) { return x.metric == m; });
            if (it == r.measurements.end()) {
                row << cell(QString()); // a run without this metric (another back end's)
                continue;
            }
            row << cell(QString::fromStdString(campaign::formatValue(it->value, it->unit)), it->value);
            if (!note.isEmpty()) row.back()->setToolTip(note);
        }
        row << cell(QString::fromStdString(r.failure)) << cell(QString::fromStdString(r.finished));
        for (const auto& p : params) {
            const auto it = r.parameters.find(p);
            row << cell(it == r.parameters.end() ? QString() : QString::fromStdString(it->second));
        }
        for (const auto& [k, v] : provenance)
            row << cell(QString::fromStdString(v));
        model->appendRow(row);
    }
}

std::string runTableCsv(const QAbstractItemModel* model) {
    const auto field = [](QString v) {
        if (v.contains(QLatin1Char(',')) || v.contains(QLatin1Char('"')) || v.contains(QLatin1Char('\n')))
            v = QLatin1Char('"') + v.replace(QLatin1String("\""), QLatin1String("\"\"")) + QLatin1Char('"');
        return v.toStdString();
    };
    std::string text;
    for (int c = 0; c < model->columnCount(); ++c) {
        QVariant h = model->headerData(c, Qt::Horizontal, kCsvHeaderRole);
        if (!h.isValid()) h = model->headerData(c, Qt::Horizontal);
        text += (c ? "," : "") + field(h.toString());
    }
    text += "\n";
    for (int r = 0; r < model->rowCount(); ++r) {
        for (int c = 0; c < model->columnCount(); ++c) {
            const QVariant v = model->index(r, c).data(kValueRole);
            QString s;
            if (v.typeId() == QMetaType::Double)
                s = QString::number(v.toDouble(), 'g', 17);
            else if (v.typeId() == QMetaType::Bool)
                s = model->index(r, c).data().toString();
            else
                s = v.toString();
            text += (c ? "," : "") + field(s);
        }
        text += "\n";
    }
    return text;
}

} // namespace rs::gui
