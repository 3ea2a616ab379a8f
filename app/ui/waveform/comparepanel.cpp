#include "app/ui/waveform/comparepanel.h"

#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/waveform/rowvalue.h"

namespace rs::gui {

namespace {

enum Column { kSignal, kFirst, kIntervals, kTicks, kValueA, kValueB, kColumns };

QString hexText(const std::vector<std::uint64_t>& words, int width) {
    return QStringLiteral("0x") +
           QString::fromStdString(waveform::formatValue(words, width, waveform::Radix::Hex));
}

QString joined(const std::vector<std::string>& names) {
    QStringList list;
    for (const std::string& n : names)
        list << QString::fromStdString(n);
    return list.join(QStringLiteral(", "));
}

} // namespace

ComparePanel::ComparePanel(hw::WaveformSession* session, WaveformView* view, QWidget* parent)
    : QWidget(parent), m_session(session), m_view(view) {
    setObjectName(QStringLiteral("comparePanel"));
    m_compare = new QPushButton(tr("Compare with dump…"), this);
    m_compare->setObjectName(QStringLiteral("compareButton"));
    m_compare->setToolTip(tr("Load a second dump beside the one on view: rows of both and a diff row per "
                             "signal pair (Verilator vs a board capture, before vs after an RTL change)"));
    m_align = new QLineEdit(this);
    m_align->setObjectName(QStringLiteral("compareAlign"));
    m_align->setPlaceholderText(tr("align by time, or on a signal: clk"));
    m_align->setToolTip(tr("Empty: tick t of A is tick t of B. A signal: each dump's first rising edge of it "
                           "(its first change, for a bus) is aligned tick 0"));
    m_summary = new QLabel(tr("Compare the trace on view with another dump of the same design."), this);
    m_summary->setObjectName(QStringLiteral("compareSummary"));
    m_summary->setWordWrap(true);
    m_table = new QTableWidget(0, kColumns, this);
    m_table->setObjectName(QStringLiteral("compareTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Signal"), tr("First difference"), tr("Intervals"), tr("Ticks"), tr("A there"), tr("B there")});
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);

    auto* controls = new QHBoxLayout;
    controls->addWidget(m_compare);
    controls->addWidget(new QLabel(tr("Align:"), this));
    controls->addWidget(m_align, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(m_table, 1);

    m_toggle = new QAction(tr("Compare dumps"), this);
    m_toggle->setObjectName(QStringLiteral("compareToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setToolTip(
        tr("Show the trace on view beside a second dump: rows of both and a diff row per pair"));
    connect(m_toggle, &QAction::toggled, this, &QWidget::setVisible);
    setVisible(false);

    connect(m_compare, &QPushButton::clicked, this, &ComparePanel::chooseAndCompare);
    connect(m_table, &QTableWidget::cellActivated, this, [this](int row, int) { showPair(row); });
    connect(m_table, &QTableWidget::cellClicked, this, [this](int row, int) { showPair(row); });
    // Queued: the page (and any view owner) shows the new trace first, then the pairs' rows are added to it.
    connect(m_session, &hw::WaveformSession::storeChanged, this, &ComparePanel::onStoreChanged,
            Qt::QueuedConnection);
    onStoreChanged();
}

void ComparePanel::chooseAndCompare() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with a waveform"), QString(),
                                                      tr("Waveforms (*.vcd *.fst);;All files (*)"));
    if (!path.isEmpty()) compareWith(path);
}

bool ComparePanel::compareWith(const QString& path) {
    waveform::WaveDiffOptions options;
    options.alignSignal = m_align->text().trimmed().toStdString();
    if (!m_session->compareWithFile(path, options)) {
        m_summary->setText(m_session->isLoading()
                               ? tr("A file is loading: compare when it has loaded.")
                               : tr("Open a dump (A) first, then compare it with another."));
        return false;
    }
    m_summary->setText(tr("Comparing with %1…").arg(path));
    return true;
}

void ComparePanel::onStoreChanged() {
    const waveform::ComparedDumps* c = m_session->comparison();
    m_table->setRowCount(0);
    m_compare->setEnabled(m_session->store()->signalCount() > 0 && !c);
    if (!c) {
        m_summary->setText(m_session->store()->signalCount() > 0
                               ? tr("Compare the trace on view with another dump of the same design.")
                               : tr("Open a dump (A) first, then compare it with another."));
        return;
    }
    m_toggle->setChecked(true);
    const waveform::WaveDiff& d = c->diff;
    int differing = 0;
    m_table->setRowCount(static_cast<int>(d.pairs.size()));
    for (std::size_t i = 0; i < d.pairs.size(); ++i) {
        const waveform::SignalDiff& p = d.pairs[i];
        const int row = static_cast<int>(i);
        QString first = tr("—");
        if (p.widthMismatch())
            first = tr("widths differ: %1 vs %2 bits").arg(p.widthA).arg(p.widthB);
        else if (p.firstTick)
            first = QString::number(*p.firstTick);
        const QStringList cells = {QString::fromStdString(p.name),
                                   first,
                                   QString::number(p.intervals),
                                   QString::number(p.ticks),
                                   p.firstTick ? hexText(p.valueA, p.widthA) : QString(),
                                   p.firstTick ? hexText(p.valueB, p.widthB) : QString()};
        for (int col = 0; col < kColumns; ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (!p.equal) item->setForeground(QColor(0xC6, 0x28, 0x28));
            m_table->setItem(row, col, item);
        }
        if (!p.equal) ++differing;
    }
    m_table->resizeColumnsToContents();
    QString summary = tr("A: %1 · B: %2 · %3 of %4 pairs differ; ticks %5 to %6 of the aligned time")
                          .arg(m_session->comparedOrigins().value(0), m_session->comparedOrigins().value(1))
                          .arg(differing)
                          .arg(d.pairs.size())
                          .arg(d.begin)
                          .arg(d.end);
    if (!d.onlyInA.empty()) summary += tr(" · only in A: %1").arg(joined(d.onlyInA));
    if (!d.onlyInB.empty()) summary += tr(" · only in B: %1").arg(joined(d.onlyInB));
    m_summary->setText(summary);
    // The differing pairs first (A, B, diff each), then equal ones while there is room.
    int shown = 0;
    for (int pass = 0; pass < 2 && shown < kPairsShown; ++pass) {
        for (std::size_t i = 0; i < c->rows.size() && shown < kPairsShown; ++i) {
            const auto& rows = c->rows[i];
            if (!rows.a || d.pairs[i].equal != (pass == 1)) continue;
            m_view->addSignal(*rows.a);
            m_view->addSignal(*rows.b);
            m_view->addSignal(*rows.differs);
            ++shown;
        }
    }
}

void ComparePanel::showPair(int index) {
    const waveform::ComparedDumps* c = m_session->comparison();
    if (!c || index < 0 || index >= static_cast<int>(c->rows.size())) return;
    const auto& rows = c->rows[static_cast<std::size_t>(index)];
    if (!rows.a) return; // widths differ: nothing to show
    m_view->addSignal(*rows.a);
    m_view->addSignal(*rows.b);
    m_view->addSignal(*rows.differs);
    m_view->setSelectedRow(m_view->state().rowOf(*rows.differs));
    const waveform::SignalDiff& p = c->diff.pairs[static_cast<std::size_t>(index)];
    if (p.firstTick) m_view->setCursor(static_cast<waveform::Tick>(*p.firstTick - c->diff.begin));
}

} // namespace rs::gui
