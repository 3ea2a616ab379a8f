#include "app/ui/explorer/practicepanel.h"

#include "app/charts/theme.h"
#include "app/teach/practicereportpdf.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/practicegrid.h"
#include "core/sessions/ciphersession.h"

#include <QAction>
#include <QComboBox>
#include <QCoreApplication>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace rs::gui {

using teach::PracticePart;

namespace {

constexpr PracticePart kParts[] = {PracticePart::State,  PracticePart::SboxColumn, PracticePart::Row,
                                   PracticePart::Column, PracticePart::Word,       PracticePart::Pair};

QString partText(PracticePart p) {
    switch (p) {
    case PracticePart::State:
        return PracticePanel::tr("Whole state");
    case PracticePart::SboxColumn:
        return PracticePanel::tr("S-box column");
    case PracticePart::Row:
        return PracticePanel::tr("Row (Ascon: word x<i>)");
    case PracticePart::Column:
        return PracticePanel::tr("Column");
    case PracticePart::Word:
        return PracticePanel::tr("Word X[i]");
    case PracticePart::Pair:
        return PracticePanel::tr("Butterfly pair");
    }
    return {};
}

bool fits(const crypto::Trace& trace, std::size_t step, PracticePart part, int index) {
    try {
        teach::practiceTarget(trace, step, {part, index, 0, true});
        return true;
    } catch (const teach::PracticeError&) {
        return false;
    }
}

/** The first step at which the part fits with index 0 (a butterfly pair: a layer step), or 0 for none. */
std::size_t probeStep(const crypto::Trace& trace, PracticePart part) {
    const std::size_t last =
        part == PracticePart::Pair ? trace.steps.size() : std::min<std::size_t>(2, trace.steps.size());
    for (std::size_t s = 1; s < last; ++s)
        if (fits(trace, s, part, 0)) return s;
    return 0;
}

bool sameRun(const crypto::Trace& a, const crypto::Trace& b) {
    if (a.layout.name != b.layout.name || a.steps.size() != b.steps.size()) return false;
    for (std::size_t i = 0; i < a.steps.size(); ++i)
        if (a.steps[i].state != b.steps[i].state || a.steps[i].step != b.steps[i].step) return false;
    return true;
}

bool isHintKey(const QKeyEvent* e) {
    return e->key() == Qt::Key_H && (e->modifiers() & ~Qt::KeypadModifier) == Qt::ControlModifier;
}

} // namespace

PracticePanel::PracticePanel(sessions::CipherSession* cipher, QWidget* parent)
    : QWidget(parent), m_cipher(cipher), m_clock(std::chrono::steady_clock::now),
      m_pdfWriter(teach::writePracticeReportPdf) {
    setObjectName(QStringLiteral("practicePanel"));
    buildUi();
    connectUi();
    refreshParts();
    refreshRun();
    refreshButtons();
}

PracticePanel::~PracticePanel() = default;

void PracticePanel::buildUi() {
    auto* title = new QLabel(tr("Your turn"), this);
    QFont big = title->font();
    big.setBold(true);
    title->setFont(big);
    auto* intro = new QLabel(tr("Compute a step by hand: the explorer shows the state before it; enter the "
                                "state after it, or the part asked for."),
                             this);
    intro->setWordWrap(true);

    m_part = new QComboBox(this);
    m_part->setObjectName(QStringLiteral("practicePart"));
    m_part->setToolTip(tr("The part of the state to compute (the parts that fit this algorithm)"));
    m_index = new QSpinBox(this);
    m_index->setObjectName(QStringLiteral("practiceIndex"));
    m_index->setToolTip(tr("Which column, row, word or coefficient"));
    m_practise = new QPushButton(tr("Practise this step"), this);
    m_practise->setObjectName(QStringLiteral("practiseStep"));
    m_practise->setToolTip(tr("Asks for the explorer's current step and shows the step before it"));
    m_part->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_part->setMinimumContentsLength(10);
    // Narrow rows: the side dock shares a 1366-pixel screen with the explorer.
    auto* choose = new QHBoxLayout;
    choose->addWidget(m_part, 1);
    choose->addWidget(new QLabel(tr("Index:"), this));
    choose->addWidget(m_index);

    m_source = new QLabel(this);
    m_source->setObjectName(QStringLiteral("practiceSource"));
    m_source->setWordWrap(true);
    m_description = new QLabel(this);
    m_description->setObjectName(QStringLiteral("practiceDescription"));
    m_description->setWordWrap(true);
    QFont bold = m_description->font();
    bold.setBold(true);
    m_description->setFont(bold);
    m_help = new QLabel(this);
    m_help->setObjectName(QStringLiteral("practiceHelp"));
    m_help->setWordWrap(true);
    m_before = new QLabel(this);
    m_before->setObjectName(QStringLiteral("practiceBefore"));
    m_before->setWordWrap(true);

    m_entry = new QLineEdit(this);
    m_entry->setObjectName(QStringLiteral("practiceEntry"));
    m_entry->setPlaceholderText(tr("Your answer (Enter checks)"));
    QFont mono = m_entry->font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_entry->setFont(mono);
    m_checkButton = new QPushButton(tr("Check"), this);
    m_checkButton->setObjectName(QStringLiteral("practiceCheck"));
    m_checkButton->setToolTip(tr("Checks every bit of the entry (Enter)"));
    m_hintButton = new QPushButton(this);
    m_hintButton->setObjectName(QStringLiteral("practiceHint"));
    m_revealButton = new QPushButton(tr("Reveal answer"), this);
    m_revealButton->setObjectName(QStringLiteral("practiceReveal"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_checkButton);
    buttons->addWidget(m_hintButton);
    buttons->addStretch(1);

    m_result = new QLabel(this);
    m_result->setObjectName(QStringLiteral("practiceResult"));
    m_result->setWordWrap(true);
    m_feedback = new QLabel(this);
    m_feedback->setObjectName(QStringLiteral("practiceFeedback"));
    m_feedback->setWordWrap(true);
    m_feedback->setTextFormat(Qt::PlainText);
    m_feedback->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_grid = new PracticeBitGrid(this);
    m_gridArea = new QScrollArea(this);
    m_gridArea->setObjectName(QStringLiteral("practiceGridArea"));
    m_gridArea->setWidgetResizable(true);
    m_gridArea->setFrameShape(QFrame::NoFrame);
    m_gridArea->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_gridArea->setWidget(m_grid);
    m_gridArea->installEventFilter(this); // its height follows the grid's lines at its width (fitGrid)
    m_hints = new QLabel(this);
    m_hints->setObjectName(QStringLiteral("practiceHints"));
    m_hints->setWordWrap(true);
    m_hints->setTextFormat(Qt::PlainText);
    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("practiceAnswer"));
    m_answer->setWordWrap(true);
    m_answer->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_nextStop = new QPushButton(tr("Next lesson stop ▶"), this);
    m_nextStop->setObjectName(QStringLiteral("practiceNextStop"));
    m_nextStop->hide();
    m_hardware = new QPushButton(tr("Show in hardware"), this);
    m_hardware->setObjectName(QStringLiteral("practiceShowHardware"));
    m_hardware->setToolTip(tr("Runs the explorer's inputs on the IP core and shows the clock where its state "
                              "register holds the explorer's step, with the model beside the RTL "
                              "(Ctrl+Shift+H)"));
    connect(m_hardware, &QPushButton::clicked, this, &PracticePanel::hardwareRequested);

    // The panel scrolls inside itself, never sideways: a side dock is as wide as the controls need (the
    // dock's own scroll area would let it shrink to a sliver in the tabs layout).
    auto* content = new QWidget(this);
    auto* l = new QVBoxLayout(content);
    l->addWidget(title);
    l->addWidget(intro);
    l->addLayout(choose);
    l->addWidget(m_practise, 0, Qt::AlignLeft);
    l->addWidget(m_source);
    l->addWidget(m_description);
    l->addWidget(m_help);
    l->addWidget(m_before);
    l->addWidget(m_entry);
    l->addLayout(buttons);
    l->addWidget(m_revealButton, 0, Qt::AlignLeft);
    l->addWidget(m_result);
    l->addWidget(m_gridArea);
    l->addWidget(m_feedback);
    l->addWidget(m_hints);
    l->addWidget(m_answer);
    l->addWidget(m_nextStop, 0, Qt::AlignLeft);
    l->addWidget(m_hardware, 0, Qt::AlignLeft);
    l->addStretch(1);
    l->addLayout(buildRunBox());
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("practiceScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidget(content);
    content->installEventFilter(this); // its height for the width changes with the texts (eventFilter)
    m_scroll->setMinimumWidth(content->minimumSizeHint().width() +
                              m_scroll->style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(m_scroll);
    // Ctrl+H gives a hint while the focus is in the panel: the explorer's Ctrl+H (hex cells) is window-wide,
    // so the panel takes the key before the shortcut map sees both (event(), eventFilter()).
    for (QLineEdit* edit : findChildren<QLineEdit*>())
        edit->installEventFilter(this);
}

void PracticePanel::connectUi() {
    connect(m_part, &QComboBox::currentIndexChanged, this, &PracticePanel::refreshIndexRange);
    connect(m_practise, &QPushButton::clicked, this, [this] {
        practiseCurrentStep(static_cast<PracticePart>(m_part->currentData().toInt()), m_index->value());
    });
    connect(m_entry, &QLineEdit::returnPressed, this, &PracticePanel::check);
    connect(m_checkButton, &QPushButton::clicked, this, &PracticePanel::check);
    connect(m_hintButton, &QPushButton::clicked, this, &PracticePanel::takeHint);
    connect(m_revealButton, &QPushButton::clicked, this, &PracticePanel::revealAnswer);
    connect(m_nextStop, &QPushButton::clicked, this, &PracticePanel::nextLessonStopRequested);
    connect(m_cipher, &sessions::CipherSession::traceChanged, this, &PracticePanel::followTrace);
    connect(m_cipher, &sessions::CipherSession::algorithmChanged, this, &PracticePanel::followTrace);
}

QList<ShortcutRow> PracticePanel::shortcutRows() const {
    return {{tr("Enter"), tr("Your turn: check the entry")},
            {tr("Ctrl+H"), tr("Your turn: the next hint (while the focus is in the panel)")}};
}

bool PracticePanel::event(QEvent* e) {
    if (e->type() == QEvent::ShortcutOverride && isHintKey(static_cast<QKeyEvent*>(e))) {
        e->accept(); // the key comes as a key press (keyPressEvent), not as the explorer's shortcut
        return true;
    }
    return QWidget::event(e);
}

bool PracticePanel::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_gridArea && e->type() == QEvent::Resize) fitGrid();
    // The scroll area sizes its widget to the widget's height for its width only when the scroll area is
    // laid out: a longer feedback, a hint or the grid's new height would squeeze the content below it and
    // draw the labels over the grid. So the content's layout request lays the scroll area out too.
    if (m_scroll != nullptr && watched == m_scroll->widget() && e->type() == QEvent::LayoutRequest)
        QCoreApplication::postEvent(m_scroll, new QEvent(QEvent::LayoutRequest));
    if ((e->type() == QEvent::ShortcutOverride || e->type() == QEvent::KeyPress) &&
        isHintKey(static_cast<QKeyEvent*>(e))) {
        e->accept();
        if (e->type() == QEvent::KeyPress) takeHint();
        return true; // a line edit would read Ctrl+H as backspace
    }
    return QWidget::eventFilter(watched, e);
}

void PracticePanel::fitGrid() {
    // The grid's whole height, up to 220 pixels: ML-DSA's whole state is 256 lines, they scroll.
    const int tall = std::min(220, m_grid->heightForWidth(m_gridArea->viewport()->width()));
    if (m_gridArea->height() != tall) m_gridArea->setFixedHeight(tall);
}

void PracticePanel::keyPressEvent(QKeyEvent* e) {
    if (isHintKey(e)) {
        takeHint();
        return;
    }
    QWidget::keyPressEvent(e);
}

void PracticePanel::refreshParts() {
    const QVariant was = m_part->currentData();
    const QSignalBlocker block(m_part);
    m_part->clear();
    const crypto::Trace& trace = m_cipher->trace();
    for (PracticePart p : kParts)
        if (probeStep(trace, p) > 0) m_part->addItem(partText(p), static_cast<int>(p));
    const int at = m_part->findData(was);
    m_part->setCurrentIndex(at >= 0 ? at : 0);
    refreshIndexRange();
}

void PracticePanel::refreshIndexRange() {
    const crypto::Trace& trace = m_cipher->trace();
    const auto part = static_cast<PracticePart>(m_part->currentData().toInt());
    int most = 0;
    if (m_part->count() > 0 && part == PracticePart::Pair) {
        most = trace.layout.rows * trace.layout.cols - 1;
    } else if (m_part->count() > 0 && part != PracticePart::State) {
        const std::size_t s = probeStep(trace, part);
        for (most = 255; most > 0 && !fits(trace, s, part, most); --most) {
        }
    }
    if (m_lessonStop < 0) m_index->setRange(0, std::max(0, most));
    refreshButtons();
}

void PracticePanel::followTrace() {
    if (m_target && !sameRun(m_trace, m_cipher->trace())) {
        endExercise();
        showResult(
            tr("The explorer's run changed (inputs, rounds or algorithm): the exercise ended; start it "
               "again on the new run."),
            0);
    }
    refreshParts();
}

bool PracticePanel::practiseCurrentStep(PracticePart part, int index, QString* error) {
    const int step = m_cipher->currentStep();
    try {
        if (!m_cipher->hasTrace())
            throw teach::PracticeError(tr("the explorer has no run: fix its inputs").toStdString());
        teach::PracticeTarget target =
            teach::practiceTarget(m_cipher->trace(), static_cast<std::size_t>(step), {part, index, 3, true});
        // The student's own exercises are numbered after the run's lesson stops, once each.
        const std::string key =
            std::to_string(step) + "/" + teach::practicePartName(part) + "/" + std::to_string(index);
        auto it = std::find(m_freeExercises.begin(), m_freeExercises.end(), key);
        if (it == m_freeExercises.end()) it = m_freeExercises.insert(m_freeExercises.end(), key);
        const int stop = m_lessonStops + static_cast<int>(it - m_freeExercises.begin());
        m_lessonStop = -1;
        const QString title = tr("Step %1: %2").arg(step + 1).arg(QString::fromStdString(target.description));
        begin(std::move(target), 3, true, stop, title);
        m_source->setText(tr("Your choice of part."));
        return true;
    } catch (const teach::PracticeError& e) {
        const QString why = tr("Cannot practise here: %1").arg(QString::fromStdString(e.what()));
        showResult(why, -1);
        if (error) *error = why;
        return false;
    }
}

void PracticePanel::setLessonStop(const teach::Lesson& lesson, int stopIndex) {
    const bool practice = stopIndex >= 0 && stopIndex < static_cast<int>(lesson.stops.size()) &&
                          lesson.stops[static_cast<std::size_t>(stopIndex)].practice.has_value();
    if (!practice) {
        if (fromLesson()) endExercise();
        return;
    }
    const teach::LessonStop& stop = lesson.stops[static_cast<std::size_t>(stopIndex)];
    const teach::LessonPractice& p = *stop.practice;
    teach::PracticeTarget target;
    try {
        target = teach::practiceTarget(m_cipher->trace(), static_cast<std::size_t>(stop.step), p);
    } catch (const teach::PracticeError& e) {
        endExercise();
        showResult(tr("This lesson stop's practice does not fit the explorer's run: %1")
                       .arg(QString::fromStdString(e.what())),
                   -1);
        return;
    }
    if (m_runLesson.empty() || m_runLesson == lesson.title) {
        m_runLesson = lesson.title;
        m_lessonStops = static_cast<int>(lesson.stops.size());
    }
    m_lessonStop = stopIndex;
    {
        const QSignalBlocker blockPart(m_part), blockIndex(m_index);
        m_part->setCurrentIndex(m_part->findData(static_cast<int>(p.part)));
        m_index->setRange(0, std::max(p.index, m_index->maximum()));
        m_index->setValue(p.index);
    }
    const QString title = QString::fromStdString(stop.title.empty() ? target.description : stop.title);
    begin(std::move(target), p.hints, p.reveal, stopIndex, title);
    m_source->setText(tr("Lesson stop %1 of %2: %3").arg(stopIndex + 1).arg(lesson.stops.size()).arg(title));
    m_nextStop->setVisible(stopIndex + 1 < static_cast<int>(lesson.stops.size()));
    showInDock(this);
}

void PracticePanel::begin(teach::PracticeTarget target, int hints, bool reveal, int stop,
                          const QString& title) {
    m_trace = m_cipher->trace();
    m_hintTexts = teach::practiceHints(m_trace, target);
    m_hintsAllowed = std::clamp(hints, 0, static_cast<int>(m_hintTexts.size()));
    m_hintsTaken = 0;
    m_revealAllowed = reveal;
    m_revealed = false;
    m_check = {};
    m_description->setText(tr("Enter %1.").arg(QString::fromStdString(target.description)));
    m_help->setText(tr("Format: %1").arg(QString::fromStdString(target.entryHelp)));
    m_before->setText(tr("The explorer shows step %1, the state before this step.").arg(target.step));
    m_grid->setTarget(target);
    fitGrid();
    m_entry->clear();
    m_feedback->clear();
    m_hints->clear();
    m_answer->clear();
    showResult(QString(), 0);
    const std::size_t step = target.step;
    m_target = std::move(target);
    m_stop = stop;
    m_stopTitle = title;
    m_practised.emplace(m_cipher->algorithm().id, reportRounds());
    if (m_recorder) m_recorder->enter(stop, title.toStdString());
    if (m_lessonStop < 0) m_nextStop->hide();
    m_cipher->setCurrentStep(static_cast<int>(step) - 1);
    refreshButtons();
    refreshRun();
    m_entry->setFocus(Qt::OtherFocusReason);
}

void PracticePanel::endExercise() {
    m_target.reset();
    m_lessonStop = -1;
    m_check = {};
    m_hintTexts.clear();
    m_hintsAllowed = m_hintsTaken = 0;
    m_source->clear();
    m_description->clear();
    m_help->clear();
    m_before->clear();
    m_feedback->clear();
    m_hints->clear();
    m_answer->clear();
    m_nextStop->hide();
    m_grid->clearTarget();
    fitGrid();
    showResult(QString(), 0);
    refreshIndexRange();
}

std::map<int, bool> PracticePanel::stateBits(const std::vector<int>& bits) const {
    std::map<int, bool> out;
    const std::vector<std::uint8_t>& state = m_trace.steps.at(m_target->step).state;
    for (int b : bits) {
        const auto byte = static_cast<std::size_t>(b / 8);
        out[b] = byte < state.size() && ((state[byte] >> (7 - b % 8)) & 1) != 0;
    }
    return out;
}

bool PracticePanel::check() {
    if (!m_target) {
        showResult(tr("Choose a part and press Practise this step first."), -1);
        return false;
    }
    try {
        m_check = teach::checkPractice(m_trace, *m_target, m_entry->text().toStdString());
    } catch (const std::exception& e) { // never expected: the target fits the run it was made for
        showResult(tr("Cannot check: %1").arg(QString::fromUtf8(e.what())), -1);
        return false;
    }
    if (!m_check.parseError.empty()) {
        showResult(tr("Cannot read the entry: %1").arg(QString::fromStdString(m_check.parseError)), -1);
        m_feedback->clear();
        return false;
    }
    if (m_recorder) m_recorder->attempt(m_check.wrongBits);
    std::map<int, bool> written = stateBits(m_target->allBits());
    for (int b : m_check.wrongBits)
        written[b] = !written[b];
    m_grid->showCheck(written, m_check.wrongBits);
    QStringList lines;
    for (const std::string& f : m_check.feedback)
        lines << QStringLiteral("• ") + QString::fromStdString(f);
    m_feedback->setText(lines.join(QLatin1Char('\n')));
    const bool right = m_check.correct();
    showResult(right ? tr("Right: all %1 bits.").arg(m_check.checkedBits)
                     : tr("%1 of %2 bits wrong (red in the grid):")
                           .arg(m_check.wrongBits.size())
                           .arg(m_check.checkedBits),
               right ? 1 : -1);
    refreshRun();
    return right;
}

bool PracticePanel::takeHint() {
    if (!m_target || m_hintsTaken >= m_hintsAllowed) return false;
    ++m_hintsTaken;
    if (m_recorder) m_recorder->hint();
    QStringList lines;
    for (int i = 0; i < m_hintsTaken; ++i)
        lines << tr("Hint %1: %2")
                     .arg(i + 1)
                     .arg(QString::fromStdString(m_hintTexts[static_cast<std::size_t>(i)]));
    m_hints->setText(lines.join(QLatin1Char('\n')));
    refreshButtons();
    refreshRun();
    return true;
}

bool PracticePanel::revealAnswer() {
    if (!m_target || !m_revealAllowed) return false;
    m_revealed = true;
    if (m_recorder) m_recorder->reveal();
    m_answer->setText(
        tr("Answer: %1").arg(QString::fromStdString(teach::practiceAnswer(m_trace, *m_target))));
    m_grid->showAnswer(stateBits(m_target->allBits()));
    m_cipher->setCurrentStep(static_cast<int>(m_target->step)); // the explorer shows the answer too
    refreshButtons();
    refreshRun();
    return true;
}

void PracticePanel::showResult(const QString& text, int tone) {
    m_result->setText(text);
    m_result->setVisible(!text.isEmpty());
    if (tone > 0)
        m_result->setStyleSheet(QStringLiteral("QLabel { color: %1; font-weight: bold; }")
                                    .arg(m_grid->fillOf(PracticeBitGrid::Mark::Right).name()));
    else
        setErrorStyle(m_result, tone < 0);
}

void PracticePanel::refreshButtons() {
    const bool on = m_target.has_value();
    const bool lesson = fromLesson();
    m_part->setEnabled(!lesson && m_part->count() > 0);
    m_index->setEnabled(!lesson && m_part->count() > 0 &&
                        static_cast<PracticePart>(m_part->currentData().toInt()) != PracticePart::State);
    m_practise->setEnabled(m_part->count() > 0);
    m_entry->setEnabled(on);
    m_checkButton->setEnabled(on);
    const int left = m_hintsAllowed - m_hintsTaken;
    m_hintButton->setEnabled(on && left > 0);
    m_hintButton->setText(!on || m_hintsAllowed > 0 ? tr("Hint (%1 left)").arg(std::max(0, left))
                                                    : tr("No hints here"));
    m_hintButton->setToolTip(tr("The next hint (Ctrl+H)"));
    m_revealButton->setEnabled(on && m_revealAllowed && !m_revealed);
    m_revealButton->setToolTip(on && !m_revealAllowed
                                   ? tr("This lesson stop does not show the answer: work it out")
                                   : tr("Shows the answer and the step in the explorer (the stop then counts "
                                        "as not solved)"));
}

} // namespace rs::gui
