#include "app/ui/explorer/roundexplorerpage.h"

#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/normbars.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/statezoomarea.h"
#include "app/ui/explorer/stepcontrols.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/bitmoves.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTimer>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CipherSession;

namespace {

bool isStepKey(const QKeyEvent* k) {
    if ((k->modifiers() & ~Qt::KeypadModifier) != Qt::NoModifier) return false;
    switch (k->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_Space:
        return true;
    default:
        return false;
    }
}

// Widgets that use the step keys themselves (press, open, move the selection or the value). Text
// inputs need no entry: they claim those keys through their own ShortcutOverride handling.
bool usesStepKeys(const QWidget* w) {
    return qobject_cast<const QAbstractButton*>(w) || qobject_cast<const QComboBox*>(w) ||
           qobject_cast<const QTabBar*>(w) || qobject_cast<const QAbstractItemView*>(w) ||
           qobject_cast<const QAbstractSpinBox*>(w) || qobject_cast<const QAbstractSlider*>(w);
}

} // namespace

RoundExplorerPage::RoundExplorerPage(CipherSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    m_refreshSoon = coalescingTimer(this, 0, [this] { refresh(); });
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->setChildrenCollapsible(false);
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(split);

    m_inputs = new InputPanel(session, this);
    auto* inputScroll = new QScrollArea(this);
    inputScroll->setWidget(m_inputs);
    inputScroll->setWidgetResizable(true);
    inputScroll->setFrameShape(QFrame::NoFrame);
    inputScroll->setMinimumWidth(340);
    split->addWidget(inputScroll);

    auto* right = new QWidget(this);
    auto* col = new QVBoxLayout(right);
    col->setContentsMargins(6, 6, 6, 6);
    m_header = new StepHeader(right);
    col->addWidget(m_header);
    m_normBars = new NormBars(right);
    col->addWidget(m_normBars);
    m_view = new ViewModeBar(session, right);
    col->addWidget(m_view);
    m_state = new StateView(right);
    m_state->setObjectName(QStringLiteral("stateView"));
    m_stateArea = new StateZoomArea(m_state, right);
    m_stateArea->setObjectName(QStringLiteral("stateArea"));
    col->addWidget(m_stateArea, 1);
    m_steps = new StepControls(session, right);
    col->addWidget(m_steps);
    m_twin = new TwinPanel(session, right);
    col->addWidget(m_twin);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 1100});
    m_teaching = new ExplorerTeaching(session, this, m_stateArea, m_view, m_header->title());

    // The view choices are values the view follows; a new mode compares with another state: redraw.
    connect(m_view, &ViewModeBar::modeChanged, this, [this](StateView::Mode mode) {
        m_state->setMode(mode);
        refresh();
        emit viewModeChanged(mode);
    });
    connect(m_view, &ViewModeBar::cellFormatChanged, m_state, &StateView::setCellFormat);
    connect(m_view, &ViewModeBar::showMovesToggled, this, [this] {
        refreshMoves();
        m_teaching->refreshPresentation();
    });
    connect(m_state, &StateView::selectedBitChanged, m_teaching, &ExplorerTeaching::refreshPresentation);
    // A chosen input bit is shown as the twin difference.
    connect(m_twin, &TwinPanel::bitChosen, this, [this] {
        if (m_view->mode() == StateView::Mode::Twin)
            refresh();
        else
            m_view->setMode(StateView::Mode::Twin);
    });
    // One recomputation emits traceChanged, twinChanged and currentStepChanged: they mark the page
    // dirty and it redraws once. A step change alone redraws at once (stepping must not lag), and
    // that redraw also settles a pending one.
    connect(session, &CipherSession::traceChanged, m_refreshSoon, qOverload<>(&QTimer::start));
    connect(session, &CipherSession::twinChanged, m_refreshSoon, qOverload<>(&QTimer::start));
    connect(session, &CipherSession::currentStepChanged, this, &RoundExplorerPage::refresh);
    // The step keys belong to this page (Qt::WidgetWithChildrenShortcut); see event().
    addActions({m_steps->firstAction(), m_steps->previousAction(), m_steps->playAction(),
                m_steps->nextAction(), m_steps->lastAction()});
    buildMenus();
    refresh();
}

void RoundExplorerPage::buildMenus() {
    // Ctrl+R: random inputs while the focus is in the explorer (every page runs on Ctrl+Return).
    auto* random = new QAction(tr("&Random inputs"), this);
    random->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    random->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(random);
    connect(random, &QAction::triggered, m_inputs, &InputPanel::randomizeAll);
    auto* example = new QAction(tr("Spec &example inputs"), this);
    example->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R));
    connect(example, &QAction::triggered, m_session, &CipherSession::resetInputs);
    m_menus = {
        {MenuSection::FileSteps, {exportStepAction(), exportStepsAction()}},
        {MenuSection::ViewState, m_view->actions()},
        {MenuSection::ViewZoom, {zoomInAction(), zoomOutAction(), zoomResetAction(), presentationAction()}},
        {MenuSection::RunSteps,
         {m_steps->firstAction(), m_steps->previousAction(), m_steps->playAction(), m_steps->nextAction(),
          m_steps->lastAction()}},
        {MenuSection::RunInputs, {random, example}},
    };
}

QList<ShortcutRow> RoundExplorerPage::shortcutRows() const {
    return {
        {tr("← / →"), tr("previous / next step")},
        {tr("Home / End"), tr("first / last step")},
        {tr("Space"), tr("play / pause")},
        {{},
         tr("these keys act in the Round Explorer (click the state); a focused button, list or tab bar keeps "
            "its own keys")},
        {tr("Ctrl+1 / 2 / 3"), tr("value / changed / twin difference")},
        {tr("Ctrl+H"), tr("hex cells or bits")},
        {tr("Ctrl++ / Ctrl+- / Ctrl+0"), tr("zoom the state grid in / out / back to fit (Ctrl+wheel too)")},
        {tr("F11 or Ctrl+Shift+P"), tr("presentation mode: the step full screen (←/→ step, Esc leaves)")},
        {tr("arrows, Space"), tr("in the twin's input bits: move the focus bit, flip it")},
        {tr("Ctrl+R"), tr("random inputs (Ctrl+Shift+R: spec example)")},
    };
}

bool RoundExplorerPage::event(QEvent* event) {
    // A ShortcutOverride the focused child did not claim arrives here before any shortcut fires:
    // accepting it hands a step key to a focused button, combo box, tab bar, ... of this page.
    if (event->type() == QEvent::ShortcutOverride && isStepKey(static_cast<QKeyEvent*>(event))) {
        const QWidget* focus = QApplication::focusWidget();
        if (focus != nullptr && focus != this && isAncestorOf(focus) && usesStepKeys(focus)) {
            event->accept();
            return true;
        }
    }
    return QWidget::event(event);
}

void RoundExplorerPage::refresh() {
    m_refreshSoon->stop();
    ++m_refreshes;
    const int i = m_session->currentStep();
    const crypto::TraceStep* s = m_session->step(i);
    if (m_session->trace().layout.name != m_layoutName) {
        m_layoutName = m_session->trace().layout.name;
        m_state->setStateLayout(m_session->trace().layout);
        m_view->applyLayoutLimits(isPolynomialLayout(m_session->trace().layout));
        // Another algorithm's grid starts at its top left, not at the offset the last one was scrolled to.
        m_stateArea->scrollToOrigin();
    }
    m_view->setGeometryTitle(s ? m_state->geometry().title : QString());
    if (s == nullptr) {
        m_state->clearState();
    } else {
        crypto::Bytes ref;
        if (m_state->mode() == StateView::Mode::Changed && i > 0) ref = m_session->step(i - 1)->state;
        if (m_state->mode() == StateView::Mode::Twin && m_session->hasTwin())
            ref = m_session->twinTrace().steps[static_cast<std::size_t>(i)].state;
        m_state->setState(s->state, ref);
    }
    // An ML-DSA butterfly step: its pair framed and scrolled into view.
    const ButterflyPair pair = s != nullptr && isPolynomialLayout(m_session->trace().layout)
                                   ? butterflyPairOf(s->step)
                                   : ButterflyPair{};
    if (pair.valid()) {
        const int cellBits = m_state->geometry().cellBits;
        m_state->setFramedBits({pair.a * cellBits, pair.b * cellBits},
                               tr("butterfly pair w[%1], w[%2]").arg(pair.a).arg(pair.b));
        m_stateArea->showViewRect(m_state->framedRect());
    } else {
        m_state->setFramedBits({});
    }
    m_header->showStep(*m_session);
    m_normBars->showStep(*m_session);
    refreshMoves();
    m_teaching->refreshPresentation();
    m_twin->refresh();
}

void RoundExplorerPage::refreshMoves() {
    const int i = m_session->currentStep();
    const bool on = m_view->showsMoves();
    m_state->setMoves(on, on && i >= 0 ? teach::bitMovesFor(m_session->trace(), static_cast<std::size_t>(i))
                                       : teach::BitMoves{});
}

void RoundExplorerPage::saveSettings(QSettings& settings) const {
    settings.setValue(QStringLiteral("session/algorithm"), QString::fromStdString(m_session->algorithm().id));
    settings.setValue(QStringLiteral("session/rounds"), m_session->rounds());
    settings.beginGroup(QStringLiteral("inputs"));
    const auto all = m_session->allInputs();
    for (auto it = all.begin(); it != all.end(); ++it)
        for (auto f = it.value().begin(); f != it.value().end(); ++f)
            settings.setValue(it.key() + QLatin1Char('/') + f.key(), f.value());
    settings.endGroup();
    settings.beginGroup(QStringLiteral("explorer"));
    m_view->saveSettings(settings);
    settings.setValue(QStringLiteral("speed"), m_steps->speed());
    settings.setValue(QStringLiteral("flipField"), m_session->flipField());
    settings.setValue(QStringLiteral("flipBit"), m_session->flipBit());
    settings.setValue(QStringLiteral("step"), m_session->currentStep());
    settings.endGroup();
}

void RoundExplorerPage::restoreSettings(QSettings& settings) {
    QHash<QString, CipherSession::InputTexts> inputs;
    settings.beginGroup(QStringLiteral("inputs"));
    for (const QString& alg : settings.childGroups()) {
        settings.beginGroup(alg);
        for (const QString& field : settings.childKeys())
            inputs[alg].insert(field, settings.value(field).toString());
        settings.endGroup();
    }
    settings.endGroup();
    m_session->setAllInputs(inputs);
    // No saved algorithm: the explorer's first (the registry's first row it traces).
    m_session->setAlgorithm(settings
                                .value(QStringLiteral("session/algorithm"),
                                       QString::fromStdString(sessions::explorerAlgorithms().front().id))
                                .toString());
    const int rounds = settings.value(QStringLiteral("session/rounds"), 0).toInt();
    if (rounds > 0) m_session->setRounds(rounds);
    m_session->recomputeNow();
    settings.beginGroup(QStringLiteral("explorer"));
    m_view->restoreSettings(settings);
    m_steps->setSpeed(settings.value(QStringLiteral("speed"), 5).toInt());
    m_session->setFlip(settings.value(QStringLiteral("flipField"), m_session->flipField()).toString(),
                       settings.value(QStringLiteral("flipBit"), 0).toInt());
    m_session->setCurrentStep(settings.value(QStringLiteral("step"), 0).toInt());
    settings.endGroup();
    refresh();
}

} // namespace rs::gui
