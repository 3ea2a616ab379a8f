#include "app/ui/explorer/normbars.h"

#include <QPainter>

#include <algorithm>

#include "core/sessions/ciphersession.h"

namespace rs::gui {

namespace {

constexpr int kRow = 18;    // one bar's height with its gap
constexpr int kLabel = 230; // the text left of the bars

// The four checks in Algorithm 7's order; the bound of those not reached comes from the parameter set.
std::vector<NormBars::Bar> emptyBars(crypto::MlDsaParamSet set) {
    const crypto::MlDsaParams& p = crypto::mldsaParams(set);
    return {{"‖z‖∞", 0, p.gamma1 - p.beta},
            {"‖r0‖∞", 0, p.gamma2 - p.beta},
            {"‖c·t0‖∞", 0, p.gamma2},
            {"hints", 0, p.omega}};
}

} // namespace

NormBars::NormBars(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("normBars"));
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    hide();
}

QSize NormBars::sizeHint() const {
    return {kLabel + 200, fontMetrics().height() + 4 + 4 * kRow};
}

void NormBars::showStep(const sessions::CipherSession& session) {
    const crypto::Trace& t = session.trace();
    const int i = session.currentStep();
    const auto set = !t.steps.empty() ? teach::mldsaSignPhaseSet(t.steps.front().phase) : std::nullopt;
    if (!set || i < 0 || i >= static_cast<int>(t.steps.size())) {
        m_bars.clear();
        m_attempt = 0;
        setVisible(false);
        return;
    }
    int attempts = 0;
    for (const auto& s : t.steps)
        attempts = std::max(attempts, s.round);
    const int round = t.steps[static_cast<std::size_t>(i)].round;
    // The key steps (round 0) show the first attempt's bars, all still empty.
    m_attempt = std::max(1, round);
    m_bars = emptyBars(*set);
    QString verdict = tr("checks not reached yet");
    bool rejected = false;
    for (std::size_t k = 0; k < t.steps.size(); ++k) {
        const auto& s = t.steps[k];
        if (s.round != m_attempt || static_cast<int>(k) > i) continue;
        const auto c = teach::mldsaSignCheckOf(s);
        if (!c) continue;
        for (Bar& b : m_bars)
            if (b.what == c->what) {
                b.value = c->value;
                b.bound = c->bound;
                b.reached = true;
                b.passed = c->passed;
                if (rejected) continue; // line 23 shows ‖r0‖∞ even after ‖z‖∞ rejected: keep the reason
                rejected = !c->passed;
                verdict = c->passed
                              ? (c->what == "hints" ? tr("every check passed: this attempt is the signature")
                                                    : tr("passed so far"))
                              : tr("rejected at %1").arg(QString::fromStdString(c->what));
            }
    }
    m_summary = tr("Attempt %1 of %2: %3").arg(m_attempt).arg(attempts).arg(verdict);
    setVisible(true);
    update();
}

void NormBars::paintEvent(QPaintEvent*) {
    QPainter p(this);
    const QPalette& pal = palette();
    const int top = fontMetrics().height() + 4;
    p.setPen(pal.color(QPalette::WindowText));
    p.drawText(QRect(0, 0, width(), top), Qt::AlignLeft | Qt::AlignVCenter, m_summary);
    const int barW = std::max(40, width() - kLabel - 8);
    for (std::size_t k = 0; k < m_bars.size(); ++k) {
        const Bar& b = m_bars[k];
        const int y = top + static_cast<int>(k) * kRow;
        const QString label =
            b.reached ? QStringLiteral("%1 = %2 %3 %4")
                            .arg(QString::fromStdString(b.what))
                            .arg(b.value)
                            .arg(b.passed ? (b.what == "hints" ? "≤" : "<") : (b.what == "hints" ? ">" : "≥"))
                            .arg(b.bound)
                      : tr("%1: not yet (bound %2)").arg(QString::fromStdString(b.what)).arg(b.bound);
        p.setPen(pal.color(QPalette::WindowText));
        p.drawText(QRect(0, y, kLabel - 6, kRow - 2), Qt::AlignRight | Qt::AlignVCenter, label);
        // The bar spans 0 .. 1.25 × bound, so a value past the bound shows past the line.
        const double scale = barW / (1.25 * static_cast<double>(std::max<std::int64_t>(1, b.bound)));
        const QRect frame(kLabel, y + 2, barW, kRow - 6);
        p.setPen(pal.color(QPalette::Mid));
        p.setBrush(Qt::NoBrush);
        p.drawRect(frame);
        if (b.reached) {
            const int w = std::min(barW, static_cast<int>(scale * static_cast<double>(b.value)));
            p.fillRect(QRect(kLabel + 1, y + 3, std::max(1, w - 1), kRow - 7),
                       b.passed ? QColor(46, 160, 67) : QColor(214, 48, 49));
        }
        const int bx = kLabel + static_cast<int>(scale * static_cast<double>(b.bound));
        p.setPen(QPen(pal.color(QPalette::WindowText), 2));
        p.drawLine(bx, y, bx, y + kRow - 3);
    }
}

} // namespace rs::gui
