#include "app/ui/explorer/twinpanel.h"

#include "app/ui/explorer/inputbitsview.h"
#include "app/ui/explorer/stategeometry.h"
#include "core/sessions/ciphersession.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CipherSession;

TwinPanel::TwinPanel(CipherSession* session, QWidget* parent)
    : QGroupBox(tr("Twin run: the same inputs with one bit flipped"), parent), m_session(session) {
    auto* tl = new QVBoxLayout(this);
    auto* trow = new QHBoxLayout;
    trow->addWidget(new QLabel(tr("Flip a bit of"), this));
    m_field = new QComboBox(this);
    m_field->setObjectName(QStringLiteral("twinField"));
    trow->addWidget(m_field);
    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("twinSummary"));
    trow->addWidget(m_summary, 1);
    tl->addLayout(trow);
    m_bits = new InputBitsView(this);
    m_bits->setObjectName(QStringLiteral("inputBits"));
    auto* bitsScroll = new QScrollArea(this);
    bitsScroll->setWidget(m_bits);
    bitsScroll->setWidgetResizable(true);
    bitsScroll->setFrameShape(QFrame::NoFrame);
    bitsScroll->setMaximumHeight(112);
    // Narrower than 32 bits a line the bits scroll sideways; more lines than fit scroll down.
    bitsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    tl->addWidget(bitsScroll);

    connect(m_field, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) m_session->setFlip(m_field->itemData(i).toString(), 0);
    });
    connect(m_bits, &InputBitsView::bitClicked, this, [this](int bit) {
        m_session->setFlip(m_session->flipField(), bit);
        emit bitChosen(bit);
    });
    connect(session, &CipherSession::algorithmChanged, this, &TwinPanel::refreshFields);
    refreshFields();
}

void TwinPanel::refreshFields() {
    const QSignalBlocker block(m_field);
    m_field->clear();
    for (const auto& f : m_session->algorithm().fields)
        m_field->addItem(QString::fromStdString(f.label), QString::fromStdString(f.name));
    m_field->setCurrentIndex(m_field->findData(m_session->flipField()));
}

void TwinPanel::refresh() {
    m_bits->setBytes(m_session->inputBytes(m_session->flipField()));
    m_bits->setSelectedBit(m_session->flipBit());
    const int fi = m_field->findData(m_session->flipField());
    if (fi != m_field->currentIndex()) {
        const QSignalBlocker block(m_field);
        m_field->setCurrentIndex(fi);
    }
    refreshSummary();
}

void TwinPanel::refreshSummary() {
    const int i = m_session->currentStep();
    const std::vector<int>& flips = m_session->twinFlips();
    if (!m_session->hasTwin() || i < 0 || i >= static_cast<int>(flips.size())) {
        const QString why = m_session->twinError();
        m_summary->setText(why.isEmpty() ? tr("no twin run") : tr("no twin: %1").arg(why.toHtmlEscaped()));
        return;
    }
    const int stateBits =
        static_cast<int>(m_session->trace().steps[static_cast<std::size_t>(i)].state.size()) * 8;
    const std::vector<int>& cells = m_session->twinCells();
    if (isPolynomialLayout(m_session->trace().layout) && i < static_cast<int>(cells.size())) {
        // The butterfly's diffusion: coefficients (2^k after layer k of the NTT), then bits.
        const int bit = m_session->flipBit();
        m_summary->setText(tr("flipped: bit <b>%1</b> (bit %2 of coefficient %3) → <b>%4</b> of 256 "
                              "coefficients differ at this step (%5 bits)")
                               .arg(bit)
                               .arg(31 - bit % 32)
                               .arg(bit / 32)
                               .arg(cells[static_cast<std::size_t>(i)])
                               .arg(flips[static_cast<std::size_t>(i)]));
        return;
    }
    m_summary->setText(tr("flipped: bit <b>%1</b> → <b>%2</b> of %3 state bits differ at this step")
                           .arg(m_session->flipBit())
                           .arg(flips[static_cast<std::size_t>(i)])
                           .arg(stateBits));
}

} // namespace rs::gui
