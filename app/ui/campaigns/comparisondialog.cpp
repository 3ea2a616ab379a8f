#include "app/ui/campaigns/comparisondialog.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScreen>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/ui/campaigns/runtable.h"
#include "core/campaign/units.h"

namespace rs::gui {

namespace {

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QTableWidgetItem* item(const QString& text) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    return it;
}

/** Sorts by the stored value when there is one (numbers), else by the text. */
class ValueItem : public QTableWidgetItem {
  public:
    using QTableWidgetItem::QTableWidgetItem;
    bool operator<(const QTableWidgetItem& other) const override {
        const QVariant a = data(Qt::UserRole), b = other.data(Qt::UserRole);
        if (a.isValid() && b.isValid()) return a.toDouble() < b.toDouble();
        return QTableWidgetItem::operator<(other);
    }
};

QTableWidgetItem* valueItem(const QString& text, double value) {
    auto* it = new ValueItem(text);
    it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    it->setData(Qt::UserRole, value);
    it->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return it;
}

QColor verdictColour(campaign::stats::Verdict v) {
    switch (v) {
    case campaign::stats::Verdict::Faster:
        return QColor(0x1b, 0x7a, 0x3a);
    case campaign::stats::Verdict::Slower:
        return QColor(0xb0, 0x20, 0x20);
    case campaign::stats::Verdict::Same:
        return QColor(0x40, 0x40, 0x40);
    case campaign::stats::Verdict::Uncertain:
        return QColor(0x9a, 0x6a, 0x00);
    }
    return {};
}

const QStringList& headers() {
    static const QStringList h = {QObject::tr("Point"),     QObject::tr("Verdict"),
                                  QObject::tr("A median"),  QObject::tr("B median"),
                                  QObject::tr("Ratio B/A"), QObject::tr("95 % interval"),
                                  QObject::tr("p"),         QObject::tr("δ"),
                                  QObject::tr("n A/B"),     QObject::tr("Why")};
    return h;
}

} // namespace

void fillComparisonTable(QTableWidget* table, const campaign::CampaignComparison& c) {
    table->setSortingEnabled(false);
    table->clear();
    table->setColumnCount(static_cast<int>(headers().size()));
    table->setHorizontalHeaderLabels(headers());
    table->setRowCount(static_cast<int>(c.points.size()));
    int row = 0;
    for (const campaign::ComparedPoint& p : c.points) {
        QList<QTableWidgetItem*> cells;
        cells << item(q(campaign::pointName(p.key)));
        if (!p.result) {
            QTableWidgetItem* v = item(QObject::tr("NOT COMPARED"));
            v->setForeground(QColor(0x70, 0x70, 0x70));
            cells << v;
            for (int i = 0; i < 7; ++i)
                cells << item(QString());
            cells << item(q(p.notCompared));
        } else {
            const campaign::stats::PointComparison& r = *p.result;
            QTableWidgetItem* v = item(q(std::string(campaign::stats::verdictName(r.verdict))));
            v->setForeground(verdictColour(r.verdict));
            QFont bold = v->font();
            bold.setBold(true);
            v->setFont(bold);
            cells << v;
            cells << valueItem(q(campaign::formatValue(r.medianA, p.unit)), r.medianA)
                  << valueItem(q(campaign::formatValue(r.medianB, p.unit)), r.medianB)
                  << valueItem(q(campaign::formatFixed(r.ratio, 3)), r.ratio)
                  << item(p.exact ? QObject::tr("exact")
                                  : QStringLiteral("[%1, %2]")
                                        .arg(q(campaign::formatFixed(r.interval.low, 3)),
                                             q(campaign::formatFixed(r.interval.high, 3))));
            cells << (p.exact ? item(QObject::tr("exact"))
                              : valueItem(r.test.pValue < 1e-4 ? QStringLiteral("<0.0001")
                                                               : q(campaign::formatFixed(r.test.pValue, 4)),
                                          r.test.pValue))
                  << (p.exact ? item(QString()) : valueItem(q(campaign::formatFixed(r.delta, 2)), r.delta))
                  << item(QStringLiteral("%1/%2").arg(r.countA).arg(r.countB));
            QString why = q(r.why);
            if (r.fewRepeats) why += QObject::tr("; fewer repeats than the 9 recommended");
            if (r.unstableA || r.unstableB)
                why += QObject::tr("; unstable in %1")
                           .arg(r.unstableA && r.unstableB ? QObject::tr("A and B")
                                : r.unstableA              ? QStringLiteral("A")
                                                           : QStringLiteral("B"));
            cells << item(why);
        }
        for (int col = 0; col < cells.size(); ++col) {
            cells[col]->setToolTip(cells[col]->text());
            table->setItem(row, col, cells[col]);
        }
        ++row;
    }
    table->setSortingEnabled(true);
    table->resizeColumnsToContents();
    table->horizontalHeader()->setStretchLastSection(true);
}

QString comparisonSummary(const campaign::CampaignComparison& c) {
    QString s = QObject::tr("%1 faster, %2 slower, %3 same, %4 uncertain, %5 not compared")
                    .arg(c.faster)
                    .arg(c.slower)
                    .arg(c.same)
                    .arg(c.uncertain)
                    .arg(c.notCompared);
    if (c.geometricMean)
        s += QObject::tr(" — geometric mean of the ratios %1 [%2, %3] over %4 points")
                 .arg(q(campaign::formatFixed(c.geometricMean->value, 3)),
                      q(campaign::formatFixed(c.geometricMean->interval.low, 3)),
                      q(campaign::formatFixed(c.geometricMean->interval.high, 3)))
                 .arg(c.geometricMean->points);
    return s;
}

ComparisonDialog::ComparisonDialog(campaign::CampaignSide a, campaign::CampaignSide b, QWidget* parent)
    : QDialog(parent), m_a(std::move(a)), m_b(std::move(b)) {
    setObjectName(QStringLiteral("comparisonDialog"));
    setWindowTitle(tr("Campaign #%1 against #%2").arg(m_b.campaign.id).arg(m_a.campaign.id));
    m_metric = new QComboBox(this);
    m_metric->addItem(tr("time (lower is better)"), QStringLiteral("time"));
    m_metric->addItem(tr("throughput (higher is better)"), QStringLiteral("throughput"));
    for (const char* exact : {"cycles", "instructions"})
        m_metric->addItem(tr("%1 (simulated, exact)").arg(QLatin1String(exact)), QLatin1String(exact));
    m_metric->setToolTip(tr("What is compared: every repeat's time, throughput from each repeat's time, or a "
                            "simulated target's exact figure"));
    m_threshold = new QDoubleSpinBox(this);
    m_threshold->setRange(0.1, 100);
    m_threshold->setDecimals(1);
    m_threshold->setSuffix(QStringLiteral(" %"));
    m_threshold->setValue(campaign::stats::CompareOptions{}.threshold * 100);
    m_threshold->setToolTip(tr("Noise threshold: a ratio whose 95 % interval lies within 1 ± this is SAME"));
    m_filter = new QLineEdit(this);
    m_filter->setPlaceholderText(tr("Filter: words in any column (e.g. SLOWER lea)"));
    m_filter->setClearButtonEnabled(true);
    m_summary = new QLabel(this);
    m_summary->setWordWrap(true);
    m_warnings = new QLabel(this);
    m_warnings->setWordWrap(true);
    m_warnings->setStyleSheet(QStringLiteral("color: #9a4a00;"));
    m_table = new QTableWidget(this);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->verticalHeader()->hide();

    auto* options = new QHBoxLayout;
    auto* metricLabel = new QLabel(tr("&Metric"), this);
    metricLabel->setBuddy(m_metric);
    auto* thresholdLabel = new QLabel(tr("&Threshold"), this);
    thresholdLabel->setBuddy(m_threshold);
    options->addWidget(metricLabel);
    options->addWidget(m_metric);
    options->addWidget(thresholdLabel);
    options->addWidget(m_threshold);
    options->addWidget(m_filter, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(tr("&Copy table"), QDialogButtonBox::ActionRole);
    copy->setToolTip(tr("The table as tab-separated text, for a spreadsheet"));
    connect(copy, &QPushButton::clicked, this, [this] { QApplication::clipboard()->setText(tableText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(options);
    layout->addWidget(m_summary);
    layout->addWidget(m_warnings);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);

    connect(m_metric, &QComboBox::currentIndexChanged, this, &ComparisonDialog::recompare);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &ComparisonDialog::recompare);
    connect(m_filter, &QLineEdit::textChanged, this, &ComparisonDialog::applyFilter);
    recompare();
    // Fits a small screen (a 1366×768 laptop) with its buttons on it.
    const QScreen* screen = parent ? parent->screen() : QApplication::primaryScreen();
    const QSize room = screen ? screen->availableGeometry().size() * 0.85 : QSize(1100, 650);
    resize(QSize(1100, 650).boundedTo(room));
}

void ComparisonDialog::recompare() {
    campaign::CampaignCompareOptions o;
    o.metric = m_metric->currentData().toString().toStdString();
    o.stats.threshold = m_threshold->value() / 100;
    try {
        const campaign::CampaignComparison c = campaign::compareCampaigns(m_a, m_b, o);
        fillComparisonTable(m_table, c);
        m_summary->setText(
            comparisonSummary(c) +
            tr(" — revisions %1 (A) and %2 (B)")
                .arg(q(c.revisionA.empty() ? std::string("unknown") : c.revisionA.substr(0, 12)),
                     q(c.revisionB.empty() ? std::string("unknown") : c.revisionB.substr(0, 12))));
        QStringList w;
        for (const std::string& line : c.provenanceWarnings)
            w << q(line);
        m_warnings->setText(
            w.isEmpty() ? QString()
                        : tr("The two ran under different conditions: %1").arg(w.join(QStringLiteral("; "))));
        m_warnings->setVisible(!w.isEmpty());
    } catch (const std::exception& e) {
        m_table->setRowCount(0);
        m_summary->setText(tr("Cannot compare: %1").arg(QString::fromUtf8(e.what())));
        m_warnings->hide();
    }
    applyFilter();
}

void ComparisonDialog::applyFilter() {
    const QStringList words = filterWords(m_filter->text());
    for (int r = 0; r < m_table->rowCount(); ++r) {
        QStringList texts;
        for (int c = 0; c < m_table->columnCount(); ++c)
            if (const QTableWidgetItem* it = m_table->item(r, c)) texts << it->text();
        m_table->setRowHidden(r, !matchesAllWords(texts, words));
    }
}

QString ComparisonDialog::tableText() const {
    QStringList lines;
    QStringList head;
    for (int c = 0; c < m_table->columnCount(); ++c)
        head << m_table->horizontalHeaderItem(c)->text();
    lines << head.join(QLatin1Char('\t'));
    for (int r = 0; r < m_table->rowCount(); ++r) {
        if (m_table->isRowHidden(r)) continue;
        QStringList cells;
        for (int c = 0; c < m_table->columnCount(); ++c)
            cells << (m_table->item(r, c) ? m_table->item(r, c)->text() : QString());
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace rs::gui
