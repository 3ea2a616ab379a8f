#include "app/ui/ip/rtlstatepanel.h"

#include "app/charts/theme.h"
#include "core/sessions/ciphersession.h"
#include "hw/session/waveformsession.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include <bit>

namespace rs::gui {

RtlStatePanel::RtlStatePanel(sessions::CipherSession* cipher, hw::WaveformSession* waves, QWidget* parent)
    : QWidget(parent), m_cipher(cipher), m_waves(waves) {
    setObjectName(QStringLiteral("rtlStatePanel"));
    m_headline = new QLabel(this);
    m_headline->setObjectName(QStringLiteral("rtlHeadline"));
    m_headline->setWordWrap(true);
    m_table = new QLabel(this);
    m_table->setObjectName(QStringLiteral("rtlTable"));
    m_table->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_table->setTextFormat(Qt::RichText);
    m_table->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_capture = new QPushButton(tr("Capture the explorer's inputs on the IP"), this);
    m_capture->setObjectName(QStringLiteral("rtlCapture"));
    auto* l = new QVBoxLayout(this);
    l->addWidget(m_headline);
    l->addWidget(m_table);
    l->addWidget(m_capture, 0, Qt::AlignLeft);
    l->addStretch(1);
    connect(m_capture, &QPushButton::clicked, this, &RtlStatePanel::captureRequested);
    connect(m_cipher, &sessions::CipherSession::currentStepChanged, this, &RtlStatePanel::refresh);
    connect(m_waves, &hw::WaveformSession::linkChanged, this, &RtlStatePanel::refresh);
    refresh();
}

void RtlStatePanel::refresh() {
    m_diffBits = -1;
    m_cycle = -1;
    m_table->clear();
    const int step = m_cipher->currentStep();
    const auto& link = m_waves->link();
    if (link.empty()) {
        m_headline->setText(tr("No RTL state: %1").arg(m_waves->linkError()));
        return;
    }
    const crypto::TraceStep* s = m_cipher->step(step);
    if (s == nullptr || step >= static_cast<int>(link.size())) {
        m_headline->setText(tr("No RTL state for this step"));
        return;
    }
    const hw::StepCycle& sc = link[static_cast<std::size_t>(step)];
    if (!sc.cycle) {
        m_headline->setText(tr("Step %1: the register holds no later state of this run").arg(step + 1));
        return;
    }
    m_cycle = static_cast<long long>(*sc.cycle);
    const QString where = tr("Step %1 (%2, round %3, %4) → cycle %5")
                              .arg(step + 1)
                              .arg(QString::fromStdString(s->phase))
                              .arg(s->round)
                              .arg(QString::fromStdString(s->step))
                              .arg(m_cycle);
    if (m_waves->linkByClocksOnly()) {
        // The ML-DSA unit's capture has its bus, control and lanes but not its coefficient memory: the link
        // is by clocks only, and there is nothing to compare (no table, no red digits).
        const QString note = m_waves->linkNote(step);
        m_headline->setText(
            tr("%1: linked by clocks only, the unit's memory is not captured (nothing is compared)%2")
                .arg(where, note.isEmpty()
                                ? tr("; after this clock's edge the unit's memory holds this step's values")
                                : tr("; at this clock %1").arg(note)));
        return;
    }
    if (!sc.exact) {
        // Inside a round, or between the rounds one clock computes: there is nothing to compare with, and
        // the next state the register holds would show as a false mismatch.
        m_table->setText(rowsHtml(*s, {}));
        m_headline->setText(tr("%1: not held by the register (the step is inside a round, or between the "
                               "rounds one clock computes); the register's next state is at that cycle")
                                .arg(where));
        return;
    }
    const std::vector<std::uint8_t> rtl = m_waves->rtlState(*sc.cycle);
    if (rtl.size() != s->state.size()) {
        m_headline->setText(tr("The capture has no state register for this cipher's state"));
        return;
    }
    m_table->setText(rowsHtml(*s, rtl));
    m_headline->setText(
        m_diffBits == 0
            ? tr("%1: the state register holds exactly this state (0 bits differ)").arg(where)
            : tr("%1: the state register differs from the model in %2 bits").arg(where).arg(m_diffBits));
}

QString RtlStatePanel::rowsHtml(const crypto::TraceStep& s, const std::vector<std::uint8_t>& rtl) {
    // Ascon: five 64-bit words x0..x4; LEA: words X[0..3] (little-endian bytes, shown as the word); SKINNY:
    // rows of four cells.
    const std::string& layout = m_cipher->trace().layout.name;
    const bool ascon = s.state.size() == 40, lea = layout.rfind("lea-", 0) == 0;
    const int rowBytes = ascon ? 8 : 4, rows = static_cast<int>(s.state.size()) / rowBytes;
    const QColor bad = charts::errorColor(palette());
    const bool compare = !rtl.empty();
    if (compare) m_diffBits = 0;
    QString html = QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th></th><th align=left>%1</th>"
                                  "<th align=left>%2</th><th>%3</th></tr>")
                       .arg(tr("model"), compare ? tr("RTL, cycle %1").arg(m_cycle) : tr("RTL"),
                            compare ? tr("Δ bits") : QString());
    for (int w = 0; w < rows; ++w) {
        QString model, reg;
        int bits = 0;
        for (int k = 0; k < rowBytes; ++k) {
            const auto i = static_cast<std::size_t>(w * rowBytes + (lea ? rowBytes - 1 - k : k));
            const std::uint8_t a = s.state[i];
            const std::uint8_t b = compare ? rtl[i] : a;
            bits += std::popcount(static_cast<unsigned>(a ^ b));
            for (int nib : {4, 0}) {
                // Upper case, as the rest of the app shows bytes (crypto::toHex).
                const QString da = QString::number((a >> nib) & 0xf, 16).toUpper(),
                              db = QString::number((b >> nib) & 0xf, 16).toUpper();
                if (da == db) {
                    model += da;
                    reg += db;
                } else {
                    model += QStringLiteral("<b style='color:%1'>%2</b>").arg(bad.name(), da);
                    reg += QStringLiteral("<b style='color:%1'>%2</b>").arg(bad.name(), db);
                }
            }
        }
        if (compare) m_diffBits += bits;
        const QString label = ascon ? QStringLiteral("x%1").arg(w)
                              : lea ? QStringLiteral("X[%1]").arg(w)
                                    : tr("row %1").arg(w);
        html += QStringLiteral(
                    "<tr><td>%1&nbsp;</td><td>%2&nbsp;</td><td>%3&nbsp;</td><td align=right>%4</td></tr>")
                    .arg(label, model, compare ? reg : tr("<i>not held by the register</i>"),
                         compare ? QString::number(bits) : QString());
    }
    return html + QStringLiteral("</table>");
}

} // namespace rs::gui
