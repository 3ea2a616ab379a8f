#include "app/ui/explorer/sidebysidepage.h"

#include "app/ui/explorer/statezoomarea.h"

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/common/hexfieldform.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/stateview.h"
#include "core/sessions/ciphersession.h"
#include "core/teach/explain.h"

#include <QAction>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace rs::gui {

using sessions::CipherSession;

namespace {
QString algName(const CipherSession* s) {
    return QString::fromStdString(s->algorithm().displayName);
}
} // namespace

SideBySidePage::SideBySidePage(CipherSession* left, CipherSession* right, QWidget* parent) : QWidget(parent) {
    m_sides[Left].session = left;
    m_sides[Right].session = right;
    auto* col = new QVBoxLayout(this);
    col->setContentsMargins(6, 6, 6, 6);

    auto* top = new QHBoxLayout;
    auto* modeLabel = new QLabel(tr("&Compare:"), this);
    m_modeBox = new QComboBox(this);
    m_modeBox->setObjectName(QStringLiteral("sideBySideMode"));
    m_modeBox->addItem(tr("Same cipher, two inputs"), static_cast<int>(Mode::SameCipher));
    m_modeBox->addItem(tr("Two ciphers, same plaintext"), static_cast<int>(Mode::TwoCiphers));
    m_modeBox->setToolTip(
        tr("Same cipher: the right runs the left's algorithm on its own inputs. "
           "Two ciphers: the right has its own algorithm; the plaintext follows the left."));
    modeLabel->setBuddy(m_modeBox);
    top->addWidget(modeLabel);
    top->addWidget(m_modeBox);
    m_flip = addButton(top, tr("Left's inputs, one &bit flipped"),
                       tr("The right gets the left's inputs with the first plaintext bit flipped"), this);
    m_flip->setObjectName(QStringLiteral("flipOneBit"));
    m_shareNote = new QLabel(this);
    m_shareNote->setObjectName(QStringLiteral("shareNote"));
    m_shareNote->setWordWrap(true);
    top->addWidget(m_shareNote, 1);
    col->addLayout(top);

    // One set of step controls for both sides: the keys act while the focus is inside this page.
    auto* steps = new QHBoxLayout;
    const auto make = [this, steps](const QString& text, Qt::Key key, const QString& glyph) {
        auto* a = new QAction(glyph, this);
        a->setShortcut(QKeySequence(key));
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        a->setToolTip(
            QStringLiteral("%1 (%2)").arg(text, QKeySequence(key).toString(QKeySequence::NativeText)));
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        steps->addWidget(b);
        addAction(a);
        return a;
    };
    m_first = make(tr("First step"), Qt::Key_Home, QStringLiteral("|◀"));
    m_previous = make(tr("Previous step"), Qt::Key_Left, QStringLiteral("◀"));
    m_next = make(tr("Next step"), Qt::Key_Right, QStringLiteral("▶"));
    m_last = make(tr("Last step"), Qt::Key_End, QStringLiteral("▶|"));
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("sideBySideSlider"));
    m_slider->setToolTip(tr("Both traces, step by step (a shorter trace stays on its last step)"));
    m_slider->setFocusPolicy(Qt::NoFocus); // the arrow keys belong to the step actions
    steps->addWidget(m_slider, 1);
    m_positionLabel = new QLabel(this);
    m_positionLabel->setMinimumWidth(
        m_positionLabel->fontMetrics().horizontalAdvance(QStringLiteral("step 8888 / 8888")));
    steps->addWidget(m_positionLabel);
    col->addLayout(steps);

    m_difference = new QLabel(this);
    m_difference->setObjectName(QStringLiteral("sideBySideDifference"));
    m_difference->setWordWrap(true);
    m_difference->setTextInteractionFlags(Qt::TextSelectableByMouse);
    col->addWidget(m_difference);

    auto* sides = new QHBoxLayout;
    sides->addWidget(buildSide(Left, tr("Left: the Round Explorer's run")), 1);
    auto* line = new QFrame(this);
    line->setFrameShape(QFrame::VLine);
    sides->addWidget(line);
    sides->addWidget(buildSide(Right, tr("Right: its own run")), 1);
    col->addLayout(sides, 1);

    connect(m_first, &QAction::triggered, this, [this] { setPosition(0); });
    connect(m_previous, &QAction::triggered, this, [this] { setPosition(m_position - 1); });
    connect(m_next, &QAction::triggered, this, [this] { setPosition(m_position + 1); });
    connect(m_last, &QAction::triggered, this, [this] { setPosition(m_count - 1); });
    connect(m_slider, &QSlider::valueChanged, this, &SideBySidePage::setPosition);
    connect(m_modeBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setMode(static_cast<Mode>(m_modeBox->itemData(i).toInt())); });
    connect(m_flip, &QPushButton::clicked, this, &SideBySidePage::copyLeftWithOneBitFlipped);

    // A burst of session news (one recomputation emits several signals) redraws once.
    m_refreshSoon = coalescingTimer(this, 0, [this] { refresh(); });
    const auto soon = [this] { m_refreshSoon->start(); };
    // Either side's cipher changed: the right follows the left's (same cipher) or takes the shared plaintext.
    const auto algorithmChanged = [this, soon] {
        if (m_mode == Mode::SameCipher)
            followLeftAlgorithm();
        else
            copySharedPlaintext();
        updateLocks();
        soon();
    };
    connect(left, &CipherSession::algorithmChanged, this, algorithmChanged);
    connect(left, &CipherSession::roundsChanged, this, [this](int rounds) {
        if (m_mode == Mode::SameCipher && rounds > 0) m_sides[Right].session->setRounds(rounds);
    });
    connect(left, &CipherSession::traceChanged, this, [this, soon] {
        copySharedPlaintext(); // two ciphers only
        // LEA's sub-steps are a view choice of the explorer: both sides step in the same granularity.
        m_sides[Right].session->setSubsteps(m_sides[Left].session->substeps());
        soon();
    });
    connect(left, &CipherSession::inputValidityChanged, this, soon);
    connect(right, &CipherSession::algorithmChanged, this, algorithmChanged);
    connect(right, &CipherSession::roundsChanged, this, &SideBySidePage::updateLocks);
    connect(right, &CipherSession::traceChanged, this, soon);
    connect(right, &CipherSession::inputValidityChanged, this, soon);

    // Start with a one-bit difference: the same cipher, the left's inputs with one plaintext bit flipped.
    setMode(Mode::SameCipher);
    copyLeftWithOneBitFlipped();
}

QWidget* SideBySidePage::buildSide(Side side, const QString& heading) {
    SideWidgets& s = m_sides[side];
    auto* box = new QWidget(this);
    auto* col = new QVBoxLayout(box);
    col->setContentsMargins(0, 0, 0, 0);
    const QString prefix = side == Left ? QStringLiteral("left") : QStringLiteral("right");
    auto* head = new QLabel(QStringLiteral("<b>%1</b>").arg(heading.toHtmlEscaped()), box);
    s.title = new QLabel(box);
    s.title->setObjectName(prefix + QStringLiteral("StepTitle"));
    QFont big = s.title->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    s.title->setFont(big);
    s.detail = new QLabel(box);
    s.detail->setObjectName(prefix + QStringLiteral("StepDetail"));
    s.detail->setWordWrap(true);
    s.explanation = new QLabel(box);
    s.explanation->setObjectName(prefix + QStringLiteral("StepExplanation"));
    s.explanation->setWordWrap(true);
    s.explanation->setTextInteractionFlags(Qt::TextSelectableByMouse);
    s.view = new StateView(box);
    s.view->setObjectName(prefix + QStringLiteral("StateView"));
    s.view->setReferenceName(side == Left ? tr("the right side") : tr("the left side"));
    // Each side's hex cells show that side's own values (highlighted where they differ), not left ⊕ right.
    s.view->setHexShowsDelta(false);
    s.view->setFocusPolicy(Qt::StrongFocus);
    s.inputs = new InputPanel(s.session, box);
    s.inputs->setObjectName(prefix + QStringLiteral("Inputs"));
    for (QWidget* w : {static_cast<QWidget*>(head), static_cast<QWidget*>(s.title),
                       static_cast<QWidget*>(s.detail), static_cast<QWidget*>(s.explanation)})
        col->addWidget(w);
    // In a zooming scroll area, as in the explorer: the ML-DSA polynomial's 16 coefficients a row may be
    // wider than a side.
    col->addWidget(new StateZoomArea(s.view, box), 1);
    col->addWidget(s.inputs);
    return box;
}

void SideBySidePage::setMode(Mode mode) {
    m_mode = mode;
    {
        const QSignalBlocker block(m_modeBox);
        m_modeBox->setCurrentIndex(m_modeBox->findData(static_cast<int>(mode)));
    }
    if (mode == Mode::SameCipher)
        followLeftAlgorithm();
    else
        copySharedPlaintext();
    updateLocks();
    refresh();
}

void SideBySidePage::followLeftAlgorithm() {
    if (m_mode != Mode::SameCipher) return;
    CipherSession *left = m_sides[Left].session, *right = m_sides[Right].session;
    right->setAlgorithm(QString::fromStdString(left->algorithm().id));
    if (left->rounds() > 0) right->setRounds(left->rounds());
    right->setSubsteps(left->substeps());
}

void SideBySidePage::copySharedPlaintext() {
    if (m_mode != Mode::TwoCiphers) return;
    CipherSession *left = m_sides[Left].session, *right = m_sides[Right].session;
    if (!left->hasTrace()) return; // the left's last valid run is what is copied
    for (const std::string& name : sessions::sharedPlaintextFields(right->algorithm(), left->algorithm())) {
        const QString field = QString::fromStdString(name);
        const QString text = QString::fromStdString(crypto::toHex(left->inputBytes(field)));
        if (right->inputText(field) != text) right->setInput(field, text);
    }
    syncPanel(Right);
}

void SideBySidePage::copyLeftWithOneBitFlipped() {
    if (m_mode != Mode::SameCipher) return;
    followLeftAlgorithm();
    CipherSession *left = m_sides[Left].session, *right = m_sides[Right].session;
    if (!left->hasTrace()) return;
    const std::string flip = sessions::plaintextField(left->algorithm());
    for (const sessions::ExplorerField& f : left->algorithm().fields) {
        const QString name = QString::fromStdString(f.name);
        crypto::Bytes bytes = left->inputBytes(name);
        if (f.name == flip && !bytes.empty())
            sessions::flipInputBit(bytes, sessions::defaultFlipBit(left->algorithm(), f.name));
        right->setInput(name, QString::fromStdString(crypto::toHex(bytes)));
    }
    right->recomputeNow();
    refresh();
}

void SideBySidePage::updateLocks() {
    InputPanel* panel = m_sides[Right].inputs;
    const CipherSession* right = m_sides[Right].session;
    const bool same = m_mode == Mode::SameCipher;
    panel->algorithmBox()->setEnabled(!same);
    panel->algorithmBox()->setToolTip(same ? tr("Same cipher: the right follows the left's algorithm")
                                           : tr("The right side's cipher"));
    panel->roundsBox()->setEnabled(!same && right->algorithm().maxRounds > 0);
    m_flip->setEnabled(same);
    const CipherSession* left = m_sides[Left].session;
    const auto shared = sessions::sharedPlaintextFields(right->algorithm(), left->algorithm());
    QStringList names;
    for (const std::string& n : shared)
        names << QString::fromStdString(n);
    m_shareNote->setText(
        same ? tr("The right runs the left's algorithm and rounds on its own inputs.")
        : names.isEmpty()
            ? tr("Nothing shared: %1 and %2 have no plaintext field (pt, state) of the same name.")
                  .arg(algName(left), algName(right))
            : tr("Shared with the left: %1 (read-only on the right).").arg(names.join(QStringLiteral(", "))));
    for (const sessions::ExplorerField& f : right->algorithm().fields) {
        HexFieldEdit* edit = panel->field(QString::fromStdString(f.name));
        if (edit == nullptr) continue;
        const bool locked = !same && std::find(shared.begin(), shared.end(), f.name) != shared.end();
        edit->lineEdit()->setReadOnly(locked);
        edit->randomButton()->setEnabled(!locked);
        edit->lineEdit()->setToolTip(locked ? tr("Copied from the left side (two ciphers, same plaintext)")
                                            : QString());
    }
}

void SideBySidePage::syncPanel(Side side) {
    const SideWidgets& s = m_sides[side];
    for (const sessions::ExplorerField& f : s.session->algorithm().fields) {
        const QString name = QString::fromStdString(f.name);
        if (HexFieldEdit* edit = s.inputs->field(name)) {
            edit->setText(s.session->inputText(name)); // keeps the cursor; nothing when equal
            edit->setError(s.session->inputError(name));
        }
    }
}

int SideBySidePage::usableSteps(Side side) const {
    const CipherSession* s = m_sides[side].session;
    // Invalid inputs run nothing: the old trace would no longer match the inputs on view.
    return s->inputsValid() && s->hasTrace() ? s->stepCount() : 0;
}

void SideBySidePage::setPosition(int position) {
    position = std::clamp(position, 0, std::max(0, m_count - 1));
    if (position == m_position) return;
    m_position = position;
    refresh();
}

void SideBySidePage::refresh() {
    m_refreshSoon->stop();
    syncPanel(Left);
    syncPanel(Right);
    const int nl = usableSteps(Left), nr = usableSteps(Right);
    m_count = sessions::sharedStepCount(nl, nr);
    m_position = std::clamp(m_position, 0, std::max(0, m_count - 1));
    m_sides[Left].shown = sessions::alignedStep(m_position, nl);
    m_sides[Right].shown = sessions::alignedStep(m_position, nr);
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, std::max(0, m_count - 1));
        m_slider->setValue(m_position);
    }
    m_slider->setEnabled(m_count > 1);
    m_positionLabel->setText(m_count == 0 ? tr("no trace")
                                          : tr("step %1 / %2").arg(m_position + 1).arg(m_count));
    m_first->setEnabled(m_position > 0);
    m_previous->setEnabled(m_position > 0);
    m_next->setEnabled(m_position + 1 < m_count);
    m_last->setEnabled(m_position + 1 < m_count);
    refreshDifference();
    refreshSide(Left);
    refreshSide(Right);
}

void SideBySidePage::refreshDifference() {
    m_comparison = {};
    const SideWidgets &l = m_sides[Left], &r = m_sides[Right];
    if (l.shown < 0 || r.shown < 0) {
        const SideWidgets& missing = l.shown < 0 ? l : r;
        const QString why = missing.session->firstInputError();
        m_difference->setText(
            tr("Nothing to compare: the %1 side is not run%2.")
                .arg(l.shown < 0 ? tr("left") : tr("right"),
                     why.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(why.toHtmlEscaped())));
        setErrorStyle(m_difference, true);
        return;
    }
    setErrorStyle(m_difference, false);
    const crypto::Trace &lt = l.session->trace(), &rt = r.session->trace();
    m_comparison = sessions::compareStates(lt.layout, lt.steps[static_cast<std::size_t>(l.shown)].state,
                                           rt.layout, rt.steps[static_cast<std::size_t>(r.shown)].state);
    const sessions::StateComparison& c = m_comparison;
    if (c.comparable) {
        m_difference->setText(tr("<b>%1 of %2 bits differ</b> between the two states at this step "
                                 "(highlighted on both sides).")
                                  .arg(c.differing)
                                  .arg(c.bits));
        return;
    }
    // Another layout: the same byte positions are other bits of another cipher, so no count is given.
    m_difference->setText(
        tr("The states are <b>not comparable bit for bit</b>: %1 has a %2-bit state "
           "(layout %3), %4 a %5-bit state (layout %6). Hamming weight: left %7 of %2, "
           "right %8 of %5.")
            .arg(algName(l.session).toHtmlEscaped())
            .arg(c.leftBits)
            .arg(QString::fromStdString(lt.layout.name).toHtmlEscaped(), algName(r.session).toHtmlEscaped())
            .arg(c.rightBits)
            .arg(QString::fromStdString(rt.layout.name).toHtmlEscaped())
            .arg(c.leftWeight)
            .arg(c.rightWeight));
}

void SideBySidePage::refreshSide(Side side) {
    SideWidgets& s = m_sides[side];
    const CipherSession* session = s.session;
    if (s.shown < 0) {
        s.view->clearState();
        s.title->setText(tr("Not run"));
        const QString why = session->firstInputError();
        s.detail->setText(why.isEmpty() ? tr("no trace")
                                        : tr("%1: %2").arg(algName(session), why).toHtmlEscaped());
        setErrorStyle(s.detail, !why.isEmpty());
        s.explanation->clear();
        return;
    }
    setErrorStyle(s.detail, false);
    const crypto::Trace& trace = session->trace();
    const crypto::TraceStep& step = trace.steps[static_cast<std::size_t>(s.shown)];
    s.view->setStateLayout(trace.layout);
    // The ML-DSA polynomial (16 × 16 coefficients of 32 bits) as hex cells, as in the explorer: its bits
    // would not fit a row.
    s.view->setCellFormat(isPolynomialLayout(trace.layout) ? StateView::CellFormat::Hex
                                                           : StateView::CellFormat::Bits);
    crypto::Bytes reference;
    if (m_comparison.comparable) {
        const SideWidgets& other = m_sides[side == Left ? Right : Left];
        reference = other.session->trace().steps[static_cast<std::size_t>(other.shown)].state;
    }
    s.view->setMode(m_comparison.comparable ? StateView::Mode::Twin : StateView::Mode::Value);
    s.view->setState(step.state, reference);
    const QString name = QString::fromStdString(step.step);
    s.title->setText(step.round > 0 ? tr("Round %1 · %2").arg(step.round).arg(name) : name);
    QString detail =
        tr("%1 · phase <b>%2</b> · step <b>%3</b> of %4")
            .arg(algName(session).toHtmlEscaped(), QString::fromStdString(step.phase).toHtmlEscaped())
            .arg(s.shown + 1)
            .arg(session->stepCount());
    if (s.shown < m_position) detail += tr(" · <i>final state: this trace is shorter</i>");
    s.detail->setText(detail);
    s.explanation->setText(
        QString::fromStdString(teach::explainStep(trace, static_cast<std::size_t>(s.shown))));
}

} // namespace rs::gui
