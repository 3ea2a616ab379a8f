#include "app/ui/explorer/stepcontrols.h"

#include "core/sessions/ciphersession.h"

#include <QAction>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPainterPath>
#include <QSlider>
#include <QToolButton>

namespace rs::gui {

using sessions::CipherSession;

namespace {

enum class Glyph { First, Previous, Play, Pause, Next, Last };

// Media glyphs drawn in the palette's button text colour, so they read on light and dark alike
// (the style's standard media icons are dark on every palette).
QIcon glyphIcon(Glyph g, const QColor& color, const QColor& disabled) {
    QIcon icon;
    for (const auto& [mode, c] : {std::pair{QIcon::Normal, color}, std::pair{QIcon::Disabled, disabled}}) {
        QPixmap pm(40, 40);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(Qt::NoPen);
        p.setBrush(c);
        const auto triangle = [&p](double x0, double x1) {
            QPainterPath path;
            path.moveTo(x0, 20);
            path.lineTo(x1, 9);
            path.lineTo(x1, 31);
            path.closeSubpath();
            p.drawPath(path);
        };
        switch (g) {
        case Glyph::First:
            p.drawRect(QRectF(9, 9, 4, 22));
            triangle(13, 31);
            break;
        case Glyph::Previous:
            triangle(8, 20);
            triangle(20, 32);
            break;
        case Glyph::Play:
            triangle(31, 11);
            break;
        case Glyph::Pause:
            p.drawRect(QRectF(11, 9, 6, 22));
            p.drawRect(QRectF(23, 9, 6, 22));
            break;
        case Glyph::Next:
            triangle(20, 8);
            triangle(32, 20);
            break;
        case Glyph::Last:
            triangle(27, 9);
            p.drawRect(QRectF(27, 9, 4, 22));
            break;
        }
        p.end();
        icon.addPixmap(pm, mode);
    }
    return icon;
}

} // namespace

StepControls::StepControls(CipherSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    const auto make = [this](const QString& text, const QKeySequence& key) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(QStringLiteral("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
        return a;
    };
    m_first = make(tr("First step"), QKeySequence(Qt::Key_Home));
    m_previous = make(tr("Previous step"), QKeySequence(Qt::Key_Left));
    m_play = make(tr("Play"), QKeySequence(Qt::Key_Space));
    m_next = make(tr("Next step"), QKeySequence(Qt::Key_Right));
    m_last = make(tr("Last step"), QKeySequence(Qt::Key_End));

    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    for (QAction* a : {m_first, m_previous, m_play, m_next, m_last}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setAutoRaise(true);
        b->setIconSize(QSize(20, 20));
        row->addWidget(b);
    }
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("stepSlider"));
    m_slider->setToolTip(tr("Every step of the trace"));
    m_slider->setPageStep(10);
    m_slider->setFocusPolicy(Qt::NoFocus); // arrow keys belong to the step shortcuts
    row->addWidget(m_slider, 1);
    m_position = new QLabel(this);
    m_position->setMinimumWidth(
        m_position->fontMetrics().horizontalAdvance(QStringLiteral("step 8888 / 8888")));
    row->addWidget(m_position);
    row->addWidget(new QLabel(tr("Speed"), this));
    m_speed = new QComboBox(this);
    for (const int s : {1, 2, 5, 10, 25, 50})
        m_speed->addItem(tr("%1 steps/s").arg(s), s);
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("Play speed"));
    row->addWidget(m_speed);

    m_timer.setTimerType(Qt::PreciseTimer);
    connect(&m_timer, &QTimer::timeout, this, &StepControls::tick);
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { m_timer.setInterval(1000 / speed()); });
    connect(m_first, &QAction::triggered, this, [this] { m_session->setCurrentStep(0); });
    connect(m_previous, &QAction::triggered, this,
            [this] { m_session->setCurrentStep(m_session->currentStep() - 1); });
    connect(m_next, &QAction::triggered, this,
            [this] { m_session->setCurrentStep(m_session->currentStep() + 1); });
    connect(m_last, &QAction::triggered, this,
            [this] { m_session->setCurrentStep(m_session->stepCount() - 1); });
    connect(m_play, &QAction::triggered, this, &StepControls::togglePlay);
    connect(m_slider, &QSlider::valueChanged, m_session, &CipherSession::setCurrentStep);
    connect(m_session, &CipherSession::traceChanged, this, &StepControls::sync);
    connect(m_session, &CipherSession::currentStepChanged, this, &StepControls::sync);
    m_timer.setInterval(1000 / speed());
    updateIcons();
    sync();
}

void StepControls::updateIcons() {
    const QColor c = palette().color(QPalette::ButtonText);
    const QColor d = palette().color(QPalette::Disabled, QPalette::ButtonText);
    m_first->setIcon(glyphIcon(Glyph::First, c, d));
    m_previous->setIcon(glyphIcon(Glyph::Previous, c, d));
    m_play->setIcon(glyphIcon(isPlaying() ? Glyph::Pause : Glyph::Play, c, d));
    m_next->setIcon(glyphIcon(Glyph::Next, c, d));
    m_last->setIcon(glyphIcon(Glyph::Last, c, d));
}

void StepControls::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) updateIcons();
    QWidget::changeEvent(event);
}

int StepControls::speed() const {
    return m_speed->currentData().toInt();
}

void StepControls::setSpeed(int stepsPerSecond) {
    int best = 0;
    for (int i = 0; i < m_speed->count(); ++i)
        if (m_speed->itemData(i).toInt() <= stepsPerSecond) best = i;
    m_speed->setCurrentIndex(best);
}

void StepControls::play() {
    if (m_session->stepCount() < 2) return;
    if (m_session->currentStep() >= m_session->stepCount() - 1) m_session->setCurrentStep(0);
    m_timer.start(1000 / speed());
    m_play->setText(tr("Pause"));
    updateIcons();
}

void StepControls::pause() {
    m_timer.stop();
    m_play->setText(tr("Play"));
    updateIcons();
}

void StepControls::togglePlay() {
    if (isPlaying())
        pause();
    else
        play();
}

void StepControls::tick() {
    if (m_session->currentStep() >= m_session->stepCount() - 1) {
        pause();
        return;
    }
    m_session->setCurrentStep(m_session->currentStep() + 1);
}

void StepControls::sync() {
    const int n = m_session->stepCount(), i = m_session->currentStep();
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, std::max(0, n - 1));
        m_slider->setValue(i);
    }
    m_slider->setEnabled(n > 1);
    m_position->setText(n == 0 ? tr("no trace") : tr("step %1 / %2").arg(i + 1).arg(n));
    m_first->setEnabled(i > 0);
    m_previous->setEnabled(i > 0);
    m_next->setEnabled(i + 1 < n);
    m_last->setEnabled(i + 1 < n);
    m_play->setEnabled(n > 1);
    if (n < 2 && isPlaying()) pause();
}

} // namespace rs::gui
