#include "app/ui/explorer/counterdiffusionview.h"

#include "app/charts/theme.h"
#include "app/ui/common/pagehelpers.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rs::gui {

namespace {

// Word i of a LEA state is bytes 4i..4i+3, i.e. bitmap bits 32i..32i+31.
bool wordDepends(const std::vector<std::uint8_t>& bitmap, int word) {
    for (int b = 4 * word; b < 4 * word + 4; ++b)
        if (b < static_cast<int>(bitmap.size()) && bitmap[static_cast<std::size_t>(b)] != 0) return true;
    return false;
}

QString ops(int xors, int adds, int rots) {
    QStringList parts;
    if (xors) parts << QObject::tr("%1 XOR").arg(xors);
    if (adds) parts << QObject::tr("%1 add").arg(adds);
    if (rots) parts << QObject::tr("%1 rot").arg(rots);
    return parts.isEmpty() ? QObject::tr("none") : parts.join(QStringLiteral(", "));
}

} // namespace

CounterDiffusionView::CounterDiffusionView(QWidget* parent) : QWidget(parent) {
    auto* col = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    m_word0 = addButton(row, tr("Counter in X[0] (CTR)"),
                        tr("Analyse plaintext bits 0–31: the counter as LEA's first word"), this);
    m_word3 = addButton(row, tr("Counter in X[3] (GCM)"),
                        tr("Analyse plaintext bits 96–127: GCM's 32-bit counter in the last word"), this);
    row->addStretch();
    col->addLayout(row);
    m_note = new QLabel(this);
    m_note->setWordWrap(true);
    col->addWidget(m_note);
    m_table = new QTableWidget(this);
    m_table->setColumnCount(6);
    m_table->setHorizontalHeaderLabels({tr("X[0]"), tr("X[1]"), tr("X[2]"), tr("X[3]"),
                                        tr("precomputable per nonce"), tr("nonce-only words")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    col->addWidget(m_table, 1);
    m_totals = new QLabel(this);
    m_totals->setObjectName(QStringLiteral("precomputeTotals"));
    m_totals->setWordWrap(true);
    col->addWidget(m_totals);
    connect(m_word0, &QPushButton::clicked, this, [this] { emit analyzeRequested(0, 31); });
    connect(m_word3, &QPushButton::clicked, this, [this] { emit analyzeRequested(96, 127); });
    setLeaSelected(false);
}

void CounterDiffusionView::setLeaSelected(bool lea) {
    m_lea = lea;
    m_word0->setEnabled(lea);
    m_word3->setEnabled(lea);
    fill();
}

void CounterDiffusionView::setResult(std::shared_ptr<const analysis::DiffusionResult> result) {
    m_result = std::move(result);
    fill();
}

void CounterDiffusionView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) fill();
    QWidget::changeEvent(event);
}

void CounterDiffusionView::fill() {
    m_table->setRowCount(0);
    m_totals->clear();
    if (!m_lea) {
        m_note->setText(
            tr("Counter diffusion is about LEA in CTR/GCM mode: choose lea-128, lea-192 or lea-256."));
        return;
    }
    if (!m_result || !m_result->precomputable) {
        m_note->setText(
            tr("Choose where the counter sits: the analysis marks, round by round, the words that "
               "depend on it and the operations that depend only on the nonce."));
        return;
    }
    const auto& r = *m_result;
    const auto& rep = *r.precomputable;
    m_note->setText(
        tr("%1, counter = plaintext bits %2–%3. Words that depend on the counter are orange; the rest "
           "depend only on the nonce and the key.")
            .arg(QString::fromStdString(r.algorithm))
            .arg(r.firstBit)
            .arg(r.lastBit));
    const bool dark = charts::isDarkPalette(palette());
    const QColor dep = dark ? QColor(0x8a, 0x4b, 0x08) : QColor(0xff, 0xcc, 0x80);
    const QColor ind = dark ? QColor(0x1e, 0x5a, 0x32) : QColor(0xc8, 0xe6, 0xc9);
    // Rows: the input, then every round up to one past full word diffusion.
    const int last =
        std::min(r.rounds, rep.fullWordDiffusionRound > 0 ? rep.fullWordDiffusionRound + 1 : r.rounds);
    QStringList rowNames;
    m_table->setRowCount(last + 1);
    for (int round = 0; round <= last; ++round) {
        rowNames << (round == 0 ? tr("input") : tr("round %1").arg(round));
        for (int w = 0; w < 4; ++w) {
            bool depends = false;
            if (round == 0)
                depends = r.firstBit <= 32 * w + 31 && r.lastBit >= 32 * w;
            else
                depends = wordDepends(r.perRound[static_cast<std::size_t>(round - 1)].dependentBits, w);
            auto* item = new QTableWidgetItem(depends ? tr("counter") : tr("nonce only"));
            item->setBackground(depends ? dep : ind);
            item->setForeground(palette().color(QPalette::Text));
            item->setTextAlignment(Qt::AlignCenter);
            m_table->setItem(round, w, item);
        }
        const analysis::PrecomputeRound* pr = nullptr;
        for (const auto& p : rep.rounds)
            if (p.round == round) pr = &p;
        QString text = pr ? ops(pr->xors, pr->adds, pr->rots) : (round == 0 ? QString() : tr("none"));
        if (pr && pr->operandXors > 0)
            text += tr(" (+%1 key XOR on an independent operand)").arg(pr->operandXors);
        m_table->setItem(round, 4, new QTableWidgetItem(text));
        QStringList words;
        if (pr)
            for (const int w : pr->independentWords)
                words << QStringLiteral("X[%1]").arg(w);
        m_table->setItem(round, 5, new QTableWidgetItem(words.join(QStringLiteral(", "))));
    }
    m_table->setVerticalHeaderLabels(rowNames);
    const QString full =
        rep.fullWordDiffusionRound > 0
            ? tr("every word depends on the counter from round %1").arg(rep.fullWordDiffusionRound)
            : tr("not every word depends on the counter within %1 rounds").arg(r.rounds);
    m_totals->setText(tr("<b>Precomputable per nonce: %1</b>%2 · %3")
                          .arg(ops(rep.xors, rep.adds, rep.rots))
                          .arg(rep.operandXors > 0
                                   ? tr(" (+%1 key XORs on an independent operand)").arg(rep.operandXors)
                                   : QString())
                          .arg(full));
}

} // namespace rs::gui
