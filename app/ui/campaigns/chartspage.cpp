#include "app/ui/campaigns/chartspage.h"

#include "app/charts/campaignchart.h"
#include "app/charts/theme.h"
#include "app/ui/campaigns/runtable.h"
#include "app/ui/common/pagehelpers.h"
#include "core/fileio/safefile.h"
#include "core/sessions/campaignsession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <set>
#include <sstream>

namespace rs::gui {

using sessions::CampaignSession;

ChartsPage::ChartsPage(CampaignSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("chartsPage"));
    m_first = new QComboBox(this);
    m_first->setObjectName(QStringLiteral("chartCampaign"));
    m_second = new QComboBox(this);
    m_second->setObjectName(QStringLiteral("chartSecond"));
    m_kind = new QComboBox(this);
    m_kind->setObjectName(QStringLiteral("chartKind"));
    m_kind->addItem(tr("metric"), QStringLiteral("metric"));
    m_kind->addItem(tr("speedup E = T_base / T"), QStringLiteral("speedup"));
    m_kind->addItem(tr("efficiency S = 1 − T / T_base"), QStringLiteral("efficiency"));
    m_kind->addItem(tr("relative to an algorithm"), QStringLiteral("relative"));
    m_kind->setItemData(m_kind->count() - 1,
                        tr("The metric divided by the baseline algorithm's at the same target, AD and "
                           "message size: the baseline is 1.0 on every target"),
                        Qt::ToolTipRole);
    m_metric = new QComboBox(this);
    m_metric->setObjectName(QStringLiteral("chartMetric"));
    m_baseline = new QComboBox(this);
    m_baseline->setObjectName(QStringLiteral("chartBaseline"));
    m_relativeTo = new QComboBox(this);
    m_relativeTo->setObjectName(QStringLiteral("chartRelativeTo"));
    m_relativeTo->setToolTip(
        tr("The baseline algorithm of a relative chart: each algorithm's figure is divided by this one's at "
           "the same target, campaign, AD and message size, so it is 1.0 on every target and CPU, IP, "
           "RISC-V and board figures can be set side by side. Points without a verified run of it are "
           "left out and counted."));
    auto* csv = new QPushButton(tr("Export CSV…"), this);
    m_chart = new charts::CampaignChart(this);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("chartNote"));
    m_note->setWordWrap(true);
    m_logY = new QCheckBox(tr("log y"), this);
    m_logY->setObjectName(QStringLiteral("chartLogY"));
    m_logY->setToolTip(tr("A logarithmic value axis; values at or below zero are left out and counted"));
    m_seriesFilter = new QLineEdit(this);
    m_seriesFilter->setObjectName(QStringLiteral("chartSeriesFilter"));
    m_seriesFilter->setPlaceholderText(tr("Filter series: words that must all appear"));
    m_seriesFilter->setClearButtonEnabled(true);
    m_seriesList = new QListWidget(this);
    m_seriesList->setObjectName(QStringLiteral("chartSeriesList"));
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Campaign"), this));
    row->addWidget(m_first, 1);
    row->addWidget(new QLabel(tr("beside"), this));
    row->addWidget(m_second, 1);
    row->addWidget(m_kind);
    row->addWidget(new QLabel(tr("metric"), this));
    row->addWidget(m_metric);
    row->addWidget(new QLabel(tr("baseline"), this));
    row->addWidget(m_baseline);
    row->addWidget(new QLabel(tr("relative to"), this));
    row->addWidget(m_relativeTo);
    row->addWidget(m_logY);
    row->addWidget(csv);
    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(0, 0, 0, 0);
    sideLayout->addWidget(m_seriesFilter);
    sideLayout->addWidget(m_seriesList, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_chart);
    split->addWidget(side);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(split, 1);
    layout->addWidget(m_note);

    for (QComboBox* b : {m_first, m_second, m_kind, m_metric, m_baseline, m_relativeTo})
        connect(b, &QComboBox::currentIndexChanged, this, &ChartsPage::refresh);
    connect(m_session, &CampaignSession::storeChanged, this, &ChartsPage::refillCampaigns);
    connect(m_logY, &QCheckBox::toggled, this, [this](bool on) {
        m_chart->setLogY(on);
        refresh();
    });
    connect(m_seriesFilter, &QLineEdit::textChanged, this, &ChartsPage::applySeriesFilter);
    connect(m_seriesList, &QListWidget::itemChanged, this, [this](QListWidgetItem* item) {
        m_unchecked.removeAll(item->text());
        if (item->checkState() != Qt::Checked) m_unchecked << item->text();
        applySeriesFilter();
    });
    connect(csv, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export the series"),
                                                          QStringLiteral("series.csv"), tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportCsv(path);
    });
    refillCampaigns();
}

void ChartsPage::refillCampaigns() {
    const QString first = m_first->currentData().toString(), second = m_second->currentData().toString();
    {
        const QSignalBlocker b1(m_first), b2(m_second);
        m_first->clear();
        m_second->clear();
        m_second->addItem(tr("(none)"));
        QString error;
        for (const auto& c : m_session->campaigns(&error)) {
            const QString label = QStringLiteral("#%1 %2").arg(c.id).arg(QString::fromStdString(c.name));
            m_first->addItem(label, QString::number(c.id));
            m_second->addItem(label, QString::number(c.id));
        }
        const int i = m_first->findData(first);
        m_first->setCurrentIndex(i >= 0 ? i : m_first->count() - 1);
        m_second->setCurrentIndex(std::max(0, m_second->findData(second)));
        m_storeError = error;
    }
    refresh();
}

void ChartsPage::refresh() {
    if (!m_storeError.isEmpty()) {
        // A damaged store (or one that vanished) is shown, never charted from and never a crash.
        m_chart->setData({});
        refillSeriesList();
        m_note->setText(tr("The store cannot be read: %1").arg(m_storeError));
        setErrorStyle(m_note, true);
        return;
    }
    setErrorStyle(m_note, false);
    if (!m_session->hasStore() || m_first->count() == 0) {
        m_chart->setData({});
        refillSeriesList();
        m_note->setText(tr("No campaign yet: run one in the Campaigns page."));
        return;
    }
    campaign::ChartRequest req;
    req.campaigns.push_back(m_first->currentData().toLongLong());
    if (m_second->currentIndex() > 0 && m_second->currentData().toLongLong() != req.campaigns.front())
        req.campaigns.push_back(m_second->currentData().toLongLong());
    // The metrics, targets and algorithms these campaigns have.
    std::set<std::string> metrics, targets, algorithms;
    for (const auto id : req.campaigns) {
        QString error;
        for (const auto& r : m_session->runs(id, &error)) {
            targets.insert(r.key.target);
            algorithms.insert(r.key.algorithm);
            for (const auto& m : r.measurements)
                metrics.insert(m.metric);
        }
        if (!error.isEmpty()) {
            m_chart->setData({});
            m_note->setText(tr("The store cannot be read: %1").arg(error));
            setErrorStyle(m_note, true);
            return;
        }
    }
    {
        const QString metric = m_metric->currentText(), base = m_baseline->currentText(),
                      relativeTo = m_relativeTo->currentText();
        const QSignalBlocker b1(m_metric), b2(m_baseline), b3(m_relativeTo);
        m_metric->clear();
        for (const auto& m : metrics)
            m_metric->addItem(QString::fromStdString(m));
        m_baseline->clear();
        for (const auto& t : targets)
            m_baseline->addItem(QString::fromStdString(t));
        const int mi = m_metric->findText(metric.isEmpty() ? QStringLiteral("throughput") : metric);
        m_metric->setCurrentIndex(std::max(0, mi));
        const int bi = m_baseline->findText(base.isEmpty() ? QStringLiteral("cpu") : base);
        m_baseline->setCurrentIndex(std::max(0, bi));
        // The chosen algorithm while the campaigns have it; else Ascon-AEAD128 when they do, else the first.
        m_relativeTo->clear();
        for (const auto& a : algorithms)
            m_relativeTo->addItem(QString::fromStdString(a));
        int ri = m_relativeTo->findText(relativeTo);
        if (ri < 0)
            ri = m_relativeTo->findText(QString::fromStdString(
                campaign::defaultRelativeTo(std::vector<std::string>(algorithms.begin(), algorithms.end()))));
        m_relativeTo->setCurrentIndex(std::max(0, ri));
    }
    req.kind = campaign::chartKindFromName(m_kind->currentData().toString().toStdString());
    const bool relative = req.kind == campaign::ChartKind::Relative;
    m_metric->setEnabled(req.kind == campaign::ChartKind::Metric || relative);
    m_baseline->setEnabled(req.kind == campaign::ChartKind::Speedup ||
                           req.kind == campaign::ChartKind::Efficiency);
    m_relativeTo->setEnabled(relative);
    req.metric = m_metric->currentText().toStdString();
    req.baseline = m_baseline->currentText().toStdString();
    req.relativeTo = m_relativeTo->currentText().toStdString();
    QString title = m_first->currentText();
    if (req.campaigns.size() > 1) title += tr(" vs ") + m_second->currentText();
    try {
        const campaign::ChartData data = m_session->chartData(req); // the session's last read, no store I/O
        m_chart->setData(data, title);
        refillSeriesList();
        QStringList notes;
        for (const auto& n : data.notes)
            notes << QString::fromStdString(n);
        if (m_chart->logSkipped() > 0)
            notes << tr("%n value(s) at or below zero not shown on the log axis", nullptr,
                        m_chart->logSkipped());
        if (data.failedRuns > 0) notes << tr("%1 failed runs are not plotted").arg(data.failedRuns);
        if (data.missingBaseline > 0)
            notes << tr("%1 points have no verified %2 run to compare with")
                         .arg(data.missingBaseline)
                         .arg(relative ? m_relativeTo->currentText() : m_baseline->currentText());
        for (const auto& t : data.targetsWithoutBaseline)
            notes << tr("%1 ran no %2").arg(QString::fromStdString(t), m_relativeTo->currentText());
        m_note->setText(notes.join(QStringLiteral("; ")));
    } catch (const std::exception& e) { // a metric no run has, or the store failed while charting
        m_chart->setData({}, title);
        refillSeriesList();
        m_note->setText(QString::fromUtf8(e.what()));
    }
}

void ChartsPage::refillSeriesList() {
    QStringList labels;
    for (const auto& s : m_chart->data().series)
        labels << QString::fromStdString(s.label);
    QStringList shown;
    for (int i = 0; i < m_seriesList->count(); ++i)
        shown << m_seriesList->item(i)->text();
    if (shown != labels) {
        const QSignalBlocker block(m_seriesList);
        m_seriesList->clear();
        for (const QString& l : labels) {
            auto* item = new QListWidgetItem(l, m_seriesList);
            item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
            item->setCheckState(m_unchecked.contains(l) ? Qt::Unchecked : Qt::Checked);
        }
    }
    applySeriesFilter();
}

void ChartsPage::applySeriesFilter() {
    const QStringList words = filterWords(m_seriesFilter->text());
    QSet<QString> hidden;
    for (int i = 0; i < m_seriesList->count(); ++i) {
        QListWidgetItem* item = m_seriesList->item(i);
        const bool matches = matchesAllWords({item->text()}, words);
        item->setHidden(!matches);
        if (!matches || item->checkState() != Qt::Checked) hidden.insert(item->text());
    }
    m_chart->setHiddenSeries(hidden);
}

bool ChartsPage::exportCsv(const QString& path) {
    std::ostringstream f;
    const auto number = [](double v) { return QString::number(v, 'g', 17).toStdString(); };
    const std::string unit = m_chart->data().yUnit;
    f << "series,campaign,target,algorithm,ad_bytes,message_bytes,value,min,max,unit,simulated\n";
    for (const auto& s : m_chart->data().series) {
        if (m_chart->hiddenSeries().contains(QString::fromStdString(s.label))) continue;
        for (const auto& p : s.points)
            f << '"' << s.label << "\"," << s.campaign << ',' << s.target << ',' << s.algorithm << ','
              << s.adBytes << ',' << static_cast<std::uint64_t>(p.x) << ',' << number(p.y) << ','
              << number(p.yMin) << ',' << number(p.yMax) << ',' << unit << ",\"" << s.simulated << "\"\n";
    }
    try {
        // All or nothing: a full disk leaves the previous file as it was and says so.
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(), f.str());
    } catch (const fileio::FileError& e) {
        m_note->setText(tr("Cannot export the series: %1").arg(QString::fromUtf8(e.what())));
        setErrorStyle(m_note, true);
        return false;
    }
    return true;
}

} // namespace rs::gui
