#include "app/ui/explorer/stepheader.h"

#include "app/ui/explorer/stategeometry.h"

#include "core/sessions/ciphersession.h"
#include "core/teach/explain.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace rs::gui {

StepHeader::StepHeader(QWidget* parent) : QWidget(parent) {
    m_title = new QLabel(this);
    m_title->setObjectName(QStringLiteral("stepTitle"));
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.45);
    big.setBold(true);
    m_title->setFont(big);
    m_detail = new QLabel(this);
    m_detail->setObjectName(QStringLiteral("stepDetail"));
    m_detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation = new QLabel(this);
    m_explanation->setObjectName(QStringLiteral("stepExplanation"));
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setWordWrap(true);
    // Two lines, always: a step whose explanation wraps must not push the grid down (nor a one-line one
    // pull it up) while stepping. A longer one is cut at two lines; its tooltip holds all of it.
    m_explanation->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_explanation->setFixedHeight(2 * m_explanation->fontMetrics().lineSpacing() + 2);
    m_explanation->installEventFilter(this);
    auto* col = new QVBoxLayout(this);
    col->setContentsMargins(0, 0, 0, 0);
    col->addWidget(m_title);
    col->addWidget(m_detail);
    col->addWidget(m_explanation);
}

void StepHeader::showStep(const sessions::CipherSession& session) {
    const int i = session.currentStep();
    const crypto::TraceStep* s = session.step(i);
    if (s == nullptr) {
        m_title->setText(tr("No trace"));
        m_detail->setText(session.firstInputError());
        m_explanation->clear();
        m_explanation->setToolTip({});
        return;
    }
    const QString step = QString::fromStdString(s->step);
    // The NTT's rounds are its layers; a process's (ML-DSA signing) are its attempts.
    const bool attempts = session.algorithm().kind == sessions::ExplorerKind::Process;
    const bool layers = !attempts && isPolynomialLayout(session.trace().layout);
    m_title->setText(s->round > 0 ? (attempts ? tr("Attempt %1 · %2")
                                     : layers ? tr("Layer %1 · %2")
                                              : tr("Round %1 · %2"))
                                        .arg(s->round)
                                        .arg(step)
                                  : step);
    QString detail = tr("phase <b>%1</b> · block <b>%2</b> · round <b>%3</b> · step <b>%4</b> of %5")
                         .arg(QString::fromStdString(s->phase).toHtmlEscaped(),
                              s->block >= 0 ? QString::number(s->block) : QStringLiteral("—"),
                              s->round > 0 ? QString::number(s->round) : QStringLiteral("—"))
                         .arg(i + 1)
                         .arg(session.stepCount());
    if (!s->roundKey.empty())
        detail += tr(" · key <tt>%1</tt>").arg(QString::fromStdString(crypto::toHex(s->roundKey)));
    m_detail->setText(detail);
    // One line: the spec's formula with this run's values.
    m_explanation->setText(
        QString::fromStdString(teach::explainStep(session.trace(), static_cast<std::size_t>(i))));
    updateExplanationTip();
}

void StepHeader::updateExplanationTip() {
    // The whole explanation as the tooltip when two lines do not hold it.
    const QString text = m_explanation->text();
    const QRect need = m_explanation->fontMetrics().boundingRect(
        QRect(0, 0, std::max(1, m_explanation->contentsRect().width()), 1 << 20), Qt::TextWordWrap, text);
    m_explanation->setToolTip(need.height() > m_explanation->contentsRect().height() ? text : QString());
}

bool StepHeader::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_explanation && event->type() == QEvent::Resize) updateExplanationTip();
    if (watched == m_explanation && event->type() == QEvent::FontChange)
        m_explanation->setFixedHeight(2 * m_explanation->fontMetrics().lineSpacing() + 2);
    return QWidget::eventFilter(watched, event);
}

} // namespace rs::gui
