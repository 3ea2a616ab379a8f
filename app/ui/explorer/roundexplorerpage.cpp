#include "app/ui/explorer/roundexplorerpage.h"

#include "app/charts/theme.h"
#include "app/ui/explorer/inputbitsview.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/presentationview.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/statezoomarea.h"
#include "app/ui/explorer/stepcontrols.h"
#include "app/ui/explorer/stepexportdialog.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/bitmoves.h"
#include "core/teach/explain.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QScrollArea>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <climits>

namespace rs::gui {

using sessions::CipherSession;

namespace {
QString fieldTitle(const sessions::ExplorerField& f) {
    return QString::fromStdString(f.label);
}

// The ML-DSA polynomial (16 × 16 coefficients of 32 bits): drawn as hex cells, since 512 bits a row
// would not fit, and with no bit-movement model (its butterflies add and multiply mod q).
bool isPolynomial(const crypto::StateLayout& l) {
    return l.name == "mldsa-poly";
}

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

QString RoundExplorerPage::kMovesTip() {
    return tr("Overlay where this step moves bits: ShiftRows arrows; for Ascon p_L and LEA rotations click a "
              "bit to see its sources");
}

RoundExplorerPage::RoundExplorerPage(CipherSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
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
    m_stepTitle = new QLabel(right);
    m_stepTitle->setObjectName(QStringLiteral("stepTitle"));
    QFont big = m_stepTitle->font();
    big.setPointSizeF(big.pointSizeF() * 1.45);
    big.setBold(true);
    m_stepTitle->setFont(big);
    m_stepDetail = new QLabel(right);
    m_stepDetail->setObjectName(QStringLiteral("stepDetail"));
    m_stepDetail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation = new QLabel(right);
    m_explanation->setObjectName(QStringLiteral("stepExplanation"));
    m_explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_explanation->setWordWrap(true);
    col->addWidget(m_stepTitle);
    col->addWidget(m_stepDetail);
    col->addWidget(m_explanation);

    // View modes: a checkable action group, shared with the View menu.
    m_modes = new QActionGroup(this);
    m_valueMode = new QAction(tr("&Value"), m_modes);
    m_valueMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    m_valueMode->setToolTip(tr("Show the state's bits (Ctrl+1)"));
    m_changedMode = new QAction(tr("&Changed"), m_modes);
    m_changedMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    m_changedMode->setToolTip(tr("Highlight the bits this step changed (Ctrl+2)"));
    m_twinMode = new QAction(tr("&Twin difference"), m_modes);
    m_twinMode->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_3));
    m_twinMode->setToolTip(tr("Highlight the bits that differ from the twin run (Ctrl+3)"));
    for (QAction* a : m_modes->actions())
        a->setCheckable(true);
    m_valueMode->setChecked(true);
    m_hex = new QAction(tr("&Hex cells"), this);
    m_hex->setCheckable(true);
    m_hex->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    m_hex->setToolTip(tr("Hex cells instead of bits (Ctrl+H)"));
    m_showMoves = new QAction(tr("Show &where bits move"), this);
    m_showMoves->setObjectName(QStringLiteral("showMoves"));
    m_showMoves->setCheckable(true);
    m_showMoves->setToolTip(kMovesTip());

    auto* bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Show:"), right));
    for (QAction* a : {m_valueMode, m_changedMode, m_twinMode, m_hex, m_showMoves}) {
        auto* b = new QToolButton(right);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        bar->addWidget(b);
    }
    bar->addStretch();
    m_geometryTitle = new QLabel(right);
    bar->addWidget(m_geometryTitle);
    col->addLayout(bar);

    m_state = new StateView(right);
    m_state->setObjectName(QStringLiteral("stateView"));
    m_stateArea = new StateZoomArea(m_state, right);
    m_stateArea->setObjectName(QStringLiteral("stateArea"));
    col->addWidget(m_stateArea, 1);

    m_steps = new StepControls(session, right);
    col->addWidget(m_steps);

    auto* twin = new QGroupBox(tr("Twin run: the same inputs with one bit flipped"), right);
    auto* tl = new QVBoxLayout(twin);
    auto* trow = new QHBoxLayout;
    trow->addWidget(new QLabel(tr("Flip a bit of"), twin));
    m_twinField = new QComboBox(twin);
    m_twinField->setObjectName(QStringLiteral("twinField"));
    trow->addWidget(m_twinField);
    m_twinSummary = new QLabel(twin);
    m_twinSummary->setObjectName(QStringLiteral("twinSummary"));
    trow->addWidget(m_twinSummary, 1);
    tl->addLayout(trow);
    m_inputBits = new InputBitsView(twin);
    m_inputBits->setObjectName(QStringLiteral("inputBits"));
    auto* bitsScroll = new QScrollArea(twin);
    bitsScroll->setWidget(m_inputBits);
    bitsScroll->setWidgetResizable(true);
    bitsScroll->setFrameShape(QFrame::NoFrame);
    bitsScroll->setMaximumHeight(112);
    // Narrower than 32 bits a line the bits scroll sideways; more lines than fit scroll down.
    bitsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    tl->addWidget(bitsScroll);
    col->addWidget(twin);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    split->setSizes({380, 1100});

    createTeachingActions();
    connect(m_modes, &QActionGroup::triggered, this, [this](QAction* a) {
        m_state->setMode(a == m_twinMode      ? StateView::Mode::Twin
                         : a == m_changedMode ? StateView::Mode::Changed
                                              : StateView::Mode::Value);
        refresh();
    });
    connect(m_hex, &QAction::toggled, this, [this](bool on) {
        m_state->setCellFormat(on ? StateView::CellFormat::Hex : StateView::CellFormat::Bits);
    });
    connect(m_showMoves, &QAction::toggled, this, [this] {
        refreshMoves();
        refreshPresentation();
    });
    connect(m_state, &StateView::selectedBitChanged, this, [this] { refreshPresentation(); });
    connect(m_twinField, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i >= 0) m_session->setFlip(m_twinField->itemData(i).toString(), 0);
    });
    connect(m_inputBits, &InputBitsView::bitClicked, this, [this](int bit) {
        m_session->setFlip(m_session->flipField(), bit);
        m_twinMode->setChecked(true);
        m_state->setMode(StateView::Mode::Twin);
        refresh();
    });
    connect(session, &CipherSession::algorithmChanged, this, &RoundExplorerPage::refreshTwinField);
    // One recomputation emits traceChanged, twinChanged and currentStepChanged: they mark the page
    // dirty and it redraws once. A step change alone redraws at once (stepping must not lag), and
    // that redraw also settles a pending one.
    m_refreshSoon = coalescingTimer(this, 0, [this] { refresh(); });
    connect(session, &CipherSession::traceChanged, m_refreshSoon, qOverload<>(&QTimer::start));
    connect(session, &CipherSession::twinChanged, m_refreshSoon, qOverload<>(&QTimer::start));
    connect(session, &CipherSession::currentStepChanged, this, &RoundExplorerPage::refresh);
    // The step keys belong to this page (Qt::WidgetWithChildrenShortcut); see event().
    addActions({m_steps->firstAction(), m_steps->previousAction(), m_steps->playAction(),
                m_steps->nextAction(), m_steps->lastAction()});
    refreshTwinField();
    refresh();
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

void RoundExplorerPage::refreshTwinField() {
    const QSignalBlocker block(m_twinField);
    m_twinField->clear();
    for (const auto& f : m_session->algorithm().fields)
        m_twinField->addItem(fieldTitle(f), QString::fromStdString(f.name));
    m_twinField->setCurrentIndex(m_twinField->findData(m_session->flipField()));
}

void RoundExplorerPage::refresh() {
    m_refreshSoon->stop();
    ++m_refreshes;
    const crypto::TraceStep* s = m_session->step(m_session->currentStep());
    if (m_session->trace().layout.name != m_layoutName) {
        m_layoutName = m_session->trace().layout.name;
        m_state->setStateLayout(m_session->trace().layout);
        applyLayoutLimits();
    }
    m_geometryTitle->setText(s ? m_state->geometry().title : QString());
    if (s == nullptr) {
        m_state->clearState();
        m_stepTitle->setText(tr("No trace"));
        m_stepDetail->setText(m_session->firstInputError());
        m_explanation->clear();
    } else {
        const int i = m_session->currentStep();
        crypto::Bytes ref;
        if (m_state->mode() == StateView::Mode::Changed && i > 0) ref = m_session->step(i - 1)->state;
        if (m_state->mode() == StateView::Mode::Twin && m_session->hasTwin())
            ref = m_session->twinTrace().steps[static_cast<std::size_t>(i)].state;
        m_state->setState(s->state, ref);
        const QString step = QString::fromStdString(s->step);
        const bool layers = isPolynomial(m_session->trace().layout); // the NTT's rounds are its layers
        m_stepTitle->setText(
            s->round > 0 ? (layers ? tr("Layer %1 · %2") : tr("Round %1 · %2")).arg(s->round).arg(step)
                         : step);
        QString detail = tr("phase <b>%1</b> · block <b>%2</b> · round <b>%3</b> · step <b>%4</b> of %5")
                             .arg(QString::fromStdString(s->phase).toHtmlEscaped(),
                                  s->block >= 0 ? QString::number(s->block) : QStringLiteral("—"),
                                  s->round > 0 ? QString::number(s->round) : QStringLiteral("—"))
                             .arg(i + 1)
                             .arg(m_session->stepCount());
        if (!s->roundKey.empty())
            detail += tr(" · key <tt>%1</tt>").arg(QString::fromStdString(crypto::toHex(s->roundKey)));
        m_stepDetail->setText(detail);
        // One line: the spec's formula with this run's values.
        m_explanation->setText(
            QString::fromStdString(teach::explainStep(m_session->trace(), static_cast<std::size_t>(i))));
    }
    refreshMoves();
    m_inputBits->setBytes(m_session->inputBytes(m_session->flipField()));
    m_inputBits->setSelectedBit(m_session->flipBit());
    refreshPresentation();
    const int fi = m_twinField->findData(m_session->flipField());
    if (fi != m_twinField->currentIndex()) {
        const QSignalBlocker block(m_twinField);
        m_twinField->setCurrentIndex(fi);
    }
    refreshTwinSummary();
}

void RoundExplorerPage::applyLayoutLimits() {
    const bool poly = isPolynomial(m_session->trace().layout);
    // Hex cells only for the polynomial; the user's choice comes back with the next cipher.
    if (poly) {
        if (m_hex->isEnabled()) m_hexBefore = m_hex->isChecked();
        m_hex->setChecked(true);
        m_state->setCellFormat(StateView::CellFormat::Hex);
        m_hex->setEnabled(false);
        m_hex->setToolTip(tr("The ML-DSA polynomial is drawn as hex cells: one cell per 32-bit coefficient "
                             "(16 × 16); its 8192 bits would not fit a row"));
    } else if (!m_hex->isEnabled()) {
        m_hex->setEnabled(true);
        m_hex->setToolTip(tr("Hex cells instead of bits (Ctrl+H)"));
        m_hex->setChecked(m_hexBefore);
        m_state->setCellFormat(m_hexBefore ? StateView::CellFormat::Hex : StateView::CellFormat::Bits);
    }
    // No movement model for the ring transforms: a butterfly mixes two coefficients mod q, no bit moves.
    m_showMoves->setEnabled(!poly);
    m_showMoves->setToolTip(poly ? tr("Not for the ML-DSA transforms: a butterfly adds and multiplies two "
                                      "coefficients mod q, so no bit moves to a place of its own; the twin "
                                      "difference shows which coefficients a change reaches")
                                 : kMovesTip());
}

void RoundExplorerPage::refreshMoves() {
    const int i = m_session->currentStep();
    const bool on = m_showMoves->isChecked() && m_showMoves->isEnabled();
    m_state->setMoves(on, on && i >= 0 ? teach::bitMovesFor(m_session->trace(), static_cast<std::size_t>(i))
                                       : teach::BitMoves{});
}

void RoundExplorerPage::refreshTwinSummary() {
    const int i = m_session->currentStep();
    const std::vector<int>& flips = m_session->twinFlips();
    if (!m_session->hasTwin() || i < 0 || i >= static_cast<int>(flips.size())) {
        const QString why = m_session->twinError();
        m_twinSummary->setText(why.isEmpty() ? tr("no twin run")
                                             : tr("no twin: %1").arg(why.toHtmlEscaped()));
        return;
    }
    const int stateBits =
        static_cast<int>(m_session->trace().steps[static_cast<std::size_t>(i)].state.size()) * 8;
    const std::vector<int>& cells = m_session->twinCells();
    if (isPolynomial(m_session->trace().layout) && i < static_cast<int>(cells.size())) {
        // The butterfly's diffusion: coefficients (2^k after layer k of the NTT), then bits.
        const int bit = m_session->flipBit();
        m_twinSummary->setText(tr("flipped: bit <b>%1</b> (bit %2 of coefficient %3) → <b>%4</b> of 256 "
                                  "coefficients differ at this step (%5 bits)")
                                   .arg(bit)
                                   .arg(31 - bit % 32)
                                   .arg(bit / 32)
                                   .arg(cells[static_cast<std::size_t>(i)])
                                   .arg(flips[static_cast<std::size_t>(i)]));
        return;
    }
    m_twinSummary->setText(tr("flipped: bit <b>%1</b> → <b>%2</b> of %3 state bits differ at this step")
                               .arg(m_session->flipBit())
                               .arg(flips[static_cast<std::size_t>(i)])
                               .arg(stateBits));
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
    settings.setValue(QStringLiteral("mode"), m_twinMode->isChecked()      ? QStringLiteral("twin")
                                              : m_changedMode->isChecked() ? QStringLiteral("changed")
                                                                           : QStringLiteral("value"));
    settings.setValue(QStringLiteral("hex"), m_hex->isEnabled() ? m_hex->isChecked() : m_hexBefore);
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
    const QString mode = settings.value(QStringLiteral("mode"), QStringLiteral("value")).toString();
    QAction* a = mode == QLatin1String("twin")      ? m_twinMode
                 : mode == QLatin1String("changed") ? m_changedMode
                                                    : m_valueMode;
    a->trigger();
    m_hex->setChecked(settings.value(QStringLiteral("hex"), false).toBool());
    m_steps->setSpeed(settings.value(QStringLiteral("speed"), 5).toInt());
    m_session->setFlip(settings.value(QStringLiteral("flipField"), m_session->flipField()).toString(),
                       settings.value(QStringLiteral("flipBit"), 0).toInt());
    m_session->setCurrentStep(settings.value(QStringLiteral("step"), 0).toInt());
    settings.endGroup();
    refresh();
}

} // namespace rs::gui
