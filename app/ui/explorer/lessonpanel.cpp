#include "app/ui/explorer/lessonpanel.h"

#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/lessoneditor.h"
#include "app/ui/explorer/viewmodebar.h"
#include "core/fileio/safefile.h"
#include "core/inputs/hexfield.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"
#include "core/teach/practice.h"

#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace rs::gui {

using teach::LessonView;

namespace {
// A lesson's view and the explorer's mode name the same three ways of drawing the state.
StateView::Mode stateMode(LessonView v) {
    return v == LessonView::Twin      ? StateView::Mode::Twin
           : v == LessonView::Changed ? StateView::Mode::Changed
                                      : StateView::Mode::Value;
}

LessonView lessonView(StateView::Mode m) {
    return m == StateView::Mode::Twin      ? LessonView::Twin
           : m == StateView::Mode::Changed ? LessonView::Changed
                                           : LessonView::Value;
}

// A count in words for the help text ("the four that come with RoundScope").
QString countWord(qsizetype n) {
    static const char* const words[] = {"no",    "one",   "two",  "three", "four",   "five",  "six",
                                        "seven", "eight", "nine", "ten",   "eleven", "twelve"};
    return n >= 0 && n < static_cast<qsizetype>(std::size(words)) ? QObject::tr(words[n])
                                                                  : QString::number(n);
}

QLabel* wrappedLabel(const QString& name, QWidget* parent) {
    auto* l = new QLabel(parent);
    l->setObjectName(name);
    l->setWordWrap(true);
    l->setTextFormat(Qt::PlainText);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return l;
}
} // namespace

LessonPanel::LessonPanel(sessions::CipherSession* cipher, QWidget* parent)
    : QWidget(parent), m_cipher(cipher) {
    setObjectName(QStringLiteral("lessonPanel"));
    m_title = new QLabel(tr("No lesson open: File → Open lesson…, or a shipped lesson"), this);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_title->setWordWrap(true);
    QFont big = m_title->font();
    big.setBold(true);
    m_title->setFont(big);
    // The stop's texts scroll together, each label as tall as its wrapped text: a long note or answer
    // is scrolled to, never clipped or squeezed.
    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("lessonText"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* text = new QWidget(m_scroll);
    m_stopLabel = wrappedLabel(QStringLiteral("lessonStop"), text);
    m_note = wrappedLabel(QStringLiteral("lessonNote"), text);
    m_question = wrappedLabel(QStringLiteral("lessonQuestion"), text);
    QFont bold = m_question->font();
    bold.setBold(true);
    m_question->setFont(bold);
    m_answerButton = new QPushButton(tr("Show the answer"), text);
    m_answerButton->setObjectName(QStringLiteral("lessonShowAnswer"));
    m_answer = wrappedLabel(QStringLiteral("lessonAnswer"), text);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("lessonMessage"));
    m_message->setWordWrap(true);
    m_previous = new QPushButton(tr("◀ Previous"), this);
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_previous->setToolTip(tr("The lesson's previous stop"));
    m_next = new QPushButton(tr("Next ▶"), this);
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_next->setToolTip(tr("The lesson's next stop"));
    m_newNote = new QLineEdit(this);
    m_newNote->setObjectName(QStringLiteral("lessonNewNote"));
    m_newNote->setPlaceholderText(tr("Note for a new stop at the explorer's step"));
    auto* add = new QPushButton(tr("Add this step"), this);
    add->setObjectName(QStringLiteral("lessonAddStop"));
    add->setToolTip(tr("Appends the explorer's current step, view and flipped bit as a stop with this note"));

    m_hardware = new QPushButton(tr("Show in hardware"), this);
    m_hardware->setObjectName(QStringLiteral("lessonShowHardware"));
    m_hardware->setToolTip(tr("Runs the explorer's inputs on the IP core and shows the clock where its state "
                              "register holds this step, with the model beside the RTL (Ctrl+Shift+H)"));
    connect(m_hardware, &QPushButton::clicked, this, &LessonPanel::hardwareRequested);

    auto* newLesson = new QPushButton(tr("New…"), this);
    newLesson->setObjectName(QStringLiteral("lessonNew"));
    newLesson->setToolTip(
        tr("Writes a lesson in the lesson editor, from the explorer's algorithm and inputs"));
    auto* edit = new QPushButton(tr("Edit…"), this);
    edit->setObjectName(QStringLiteral("lessonEdit"));
    edit->setToolTip(tr("Opens this lesson in the lesson editor"));

    // Narrow rows: beside the pages (the tabs layout of a 1366×768 screen) the panel may get ~220 pixels.
    auto* nav = new QHBoxLayout;
    nav->addWidget(m_previous);
    nav->addWidget(m_next);
    auto* write = new QHBoxLayout;
    write->addWidget(m_newNote, 1);
    write->addWidget(add);
    auto* editing = new QHBoxLayout;
    editing->addWidget(newLesson);
    editing->addWidget(edit);
    auto* t = new QVBoxLayout(text);
    t->setContentsMargins(0, 0, 0, 0);
    t->addWidget(m_stopLabel);
    t->addWidget(m_note);
    t->addWidget(m_question);
    t->addWidget(m_answerButton, 0, Qt::AlignLeft);
    t->addWidget(m_answer);
    t->addStretch(1);
    m_scroll->setWidget(text);
    auto* l = new QVBoxLayout(this);
    l->addWidget(m_title);
    l->addLayout(nav);
    l->addWidget(m_scroll, 1);
    l->addWidget(m_message);
    l->addWidget(m_hardware, 0, Qt::AlignLeft);
    l->addLayout(write);
    l->addLayout(editing);

    m_editor = new LessonEditor(cipher, this);
    m_editor->setWindowFlag(Qt::Window);
    connect(m_editor, &LessonEditor::lessonSaved, this, [this](const QByteArray& json, const QString& path) {
        const int stop = m_editor->currentStop();
        if (openLessonText(json, QFileInfo(path).fileName())) goToStop(stop);
    });
    connect(newLesson, &QPushButton::clicked, this, [this] { openEditor(true); });
    connect(edit, &QPushButton::clicked, this, [this] { openEditor(false); });

    connect(m_previous, &QPushButton::clicked, this, [this] { goToStop(m_stop - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { goToStop(m_stop + 1); });
    connect(m_answerButton, &QPushButton::clicked, this, [this] {
        m_answer->show();
        m_answerButton->hide();
        makeRoom();
        m_answer->parentWidget()->layout()->activate();
        m_scroll->ensureWidgetVisible(m_answer, 0, 0);
    });
    connect(add, &QPushButton::clicked, this, [this] {
        addCurrentStop(m_newNote->text());
        m_newNote->clear();
    });
    connect(m_newNote, &QLineEdit::returnPressed, add, &QPushButton::click);
    createMenuActions();
    showStop();
}

void LessonPanel::createMenuActions() {
    auto* open = new QAction(tr("Open &lesson…"), this);
    open->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a lesson"), QString(),
                                                          tr("RoundScope lesson (*.json)"));
        if (path.isEmpty()) return;
        showInDock(this);
        openLesson(path);
    });
    QList<QAction*> shipped;
    for (const QString& path : shippedLessons()) {
        shipped << new QAction(shippedLessonTitle(path), this);
        shipped.back()->setToolTip(QFileInfo(path).fileName());
        connect(shipped.back(), &QAction::triggered, this, [this, path] {
            showInDock(this);
            openLesson(path);
        });
    }
    auto* create = new QAction(tr("&New lesson…"), this);
    create->setObjectName(QStringLiteral("lessonNewAction"));
    connect(create, &QAction::triggered, this, [this] { openEditor(true); });
    auto* edit = new QAction(tr("&Edit lesson…"), this);
    edit->setObjectName(QStringLiteral("lessonEditAction"));
    connect(edit, &QAction::triggered, this, [this] { openEditor(false); });
    auto* save = new QAction(tr("Save lesson…"), this);
    connect(save, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the lesson"), QStringLiteral("lesson.json"), tr("RoundScope lesson (*.json)"));
        if (!path.isEmpty()) saveLesson(path);
    });
    m_menus = {{MenuSection::FileLessons, {open}},
               {MenuSection::FileLessons, shipped, tr("S&hipped lessons")},
               {MenuSection::FileLessons, {create, edit, save}}};
}

QList<ShortcutRow> LessonPanel::shortcutRows() const {
    const qsizetype n = shippedLessons().size();
    return {
        {tr("Ctrl+L"),
         tr("open a lesson (File → Shipped lessons: the %1 that come with RoundScope)").arg(countWord(n))}};
}

QString LessonPanel::shippedLessonTitle(const QString& path) {
    QFile f(path);
    if (f.open(QIODevice::ReadOnly)) {
        try {
            const teach::Lesson l = teach::parseLesson(f.readAll(), sessions::lessonCatalog());
            if (!l.title.empty()) return QString::fromStdString(l.title);
        } catch (const std::exception&) {
            // a shipped lesson that does not read: named by its file; opening it says why
        }
    }
    return QFileInfo(path).completeBaseName();
}

void LessonPanel::openEditor(bool fresh) {
    if (fresh || !m_lesson)
        m_editor->newLesson();
    else {
        m_editor->editLesson(*m_lesson);
        m_editor->setCurrentStop(m_stop);
    }
    m_editor->show();
    m_editor->raise();
    m_editor->activateWindow();
}

QStringList LessonPanel::shippedLessons() {
    QStringList out;
    for (const QString& name :
         QDir(QStringLiteral(":/lessons")).entryList({QStringLiteral("*.json")}, QDir::Files))
        out << QStringLiteral(":/lessons/") + name;
    return out;
}

bool LessonPanel::openLesson(const QString& path, QString* error) {
    QByteArray json;
    if (path.startsWith(QLatin1Char(':'))) { // a shipped lesson, inside the executable
        QFile f(path);
        if (!f.open(QIODevice::ReadOnly)) {
            const QString why = tr("%1: no such lesson").arg(path);
            showMessage(why, true);
            if (error) *error = why;
            return false;
        }
        json = f.readAll();
    } else {
        try {
            json = QByteArray::fromStdString(
                fileio::readFileBounded(QFile::encodeName(path).toStdString(), 1 << 20, "lesson"));
        } catch (const std::exception& e) {
            showMessage(QString::fromUtf8(e.what()), true);
            if (error) *error = QString::fromUtf8(e.what());
            return false;
        }
    }
    return openLessonText(json, QFileInfo(path).fileName(), error);
}

bool LessonPanel::openLessonText(const QByteArray& json, const QString& origin, QString* error) {
    try {
        teach::Lesson lesson = teach::parseLesson(json, sessions::lessonCatalog());
        const auto* alg = sessions::findExplorerAlgorithm(lesson.algorithm);
        const int rounds = lesson.rounds > 0 ? lesson.rounds : alg->maxRounds;
        const sessions::ExplorerRun run = sessions::runExplorer(*alg, lesson.inputs, rounds);
        teach::validateLesson(lesson, run.trace.steps.size());
        teach::validatePractice(lesson, run.trace);
        m_lesson = std::move(lesson);
    } catch (const std::exception& e) {
        const QString why = tr("%1: %2").arg(origin, QString::fromUtf8(e.what()));
        showMessage(why, true);
        if (error) *error = why;
        return false;
    }
    showMessage(QString(), false);
    goToStop(0);
    return true;
}

void LessonPanel::goToStop(int i) {
    if (!m_lesson || m_lesson->stops.empty()) return;
    m_stop = std::clamp(i, 0, static_cast<int>(m_lesson->stops.size()) - 1);
    const teach::LessonStop& stop = m_lesson->stops[static_cast<std::size_t>(m_stop)];
    m_cipher->setAlgorithm(QString::fromStdString(m_lesson->algorithm));
    // The lesson's steps count at its rounds: a reduced cipher, else the standard rounds.
    m_cipher->setRounds(m_lesson->rounds > 0 ? m_lesson->rounds : m_cipher->algorithm().maxRounds);
    for (const auto& [field, bytes] : m_lesson->inputs)
        m_cipher->setInput(QString::fromStdString(field), QString::fromStdString(crypto::toHex(bytes)));
    if (stop.flip) m_cipher->setFlip(QString::fromStdString(stop.flip->field), stop.flip->bit);
    m_cipher->recomputeNow();
    if (m_view != nullptr) m_view->setMode(stateMode(stop.view));
    m_cipher->setCurrentStep(stop.step);
    showStop();
    if (stop.practice) {
        m_onPractice = true;
        emit practiceStop(m_stop);
    } else if (m_onPractice) {
        m_onPractice = false;
        emit practiceStop(-1);
    }
}

void LessonPanel::showStop() {
    const bool open = m_lesson.has_value() && m_stop >= 0;
    if (m_lesson) m_title->setText(QString::fromStdString(m_lesson->title));
    QString stopText;
    if (open) {
        const teach::LessonStop& s = m_lesson->stops[static_cast<std::size_t>(m_stop)];
        QString name = QString::fromStdString(s.title);
        if (const crypto::TraceStep* step = m_cipher->step(s.step); name.isEmpty() && step != nullptr)
            name = step->round > 0
                       ? tr("round %1, %2").arg(step->round).arg(QString::fromStdString(step->step))
                       : QString::fromStdString(step->step);
        stopText = tr("Stop %1 of %2 · step %3").arg(m_stop + 1).arg(m_lesson->stops.size()).arg(s.step + 1);
        if (!name.isEmpty()) stopText += QStringLiteral(": ") + name;
    }
    m_stopLabel->setText(stopText);
    m_previous->setEnabled(open && m_stop > 0);
    m_next->setEnabled(open && m_stop + 1 < static_cast<int>(m_lesson->stops.size()));
    const teach::LessonStop* stop = open ? &m_lesson->stops[static_cast<std::size_t>(m_stop)] : nullptr;
    m_note->setText(stop ? QString::fromStdString(stop->note) : QString());
    m_note->setVisible(stop != nullptr);
    const bool question = stop != nullptr && stop->question.has_value();
    m_question->setVisible(question);
    m_question->setText(question ? tr("Question: %1").arg(QString::fromStdString(*stop->question))
                                 : QString());
    m_answerButton->setVisible(question && stop->answer.has_value());
    m_answer->setText(question && stop->answer ? QString::fromStdString(*stop->answer) : QString());
    m_answer->hide(); // revealed on request
    m_scroll->verticalScrollBar()->setValue(0);
    makeRoom();
}

void LessonPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    // The dock has its place once shown: then it can be widened for the text.
    QTimer::singleShot(0, this, &LessonPanel::makeRoom);
}

void LessonPanel::makeRoom() {
    QDockWidget* dock = nullptr;
    for (QWidget* w = parentWidget(); w != nullptr && dock == nullptr; w = w->parentWidget())
        dock = qobject_cast<QDockWidget*>(w);
    auto* window = dock != nullptr ? qobject_cast<QMainWindow*>(dock->parentWidget()) : nullptr;
    if (window == nullptr || dock->isFloating() || !isVisible()) return;
    const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
    if (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea) {
        // Beside the pages (the tabs layout): wide enough for the note's lines, at most 2/5 of the window.
        const int want = std::min(fontMetrics().averageCharWidth() * 64, window->width() * 2 / 5);
        if (dock->width() < want) window->resizeDocks({dock}, {want}, Qt::Horizontal);
        return;
    }
    // The panel's rows plus the stop's whole text, at most about half the window: the rest scrolls.
    QWidget* text = m_scroll->widget();
    text->layout()->activate();
    const int textHeight = text->hasHeightForWidth() ? text->heightForWidth(m_scroll->viewport()->width())
                                                     : text->sizeHint().height();
    const int want = std::min(height() - m_scroll->viewport()->height() + textHeight, window->height() / 2);
    if (height() < want) window->resizeDocks({dock}, {dock->height() + want - height()}, Qt::Vertical);
}

void LessonPanel::showMessage(const QString& text, bool error) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    setErrorStyle(m_message, error);
}

std::optional<std::map<std::string, crypto::Bytes>> LessonPanel::currentInputs() const {
    std::map<std::string, crypto::Bytes> in;
    for (const auto& f : m_cipher->algorithm().fields) {
        crypto::Bytes bytes;
        if (!inputs::validateHex(f, m_cipher->inputText(QString::fromStdString(f.name)).toStdString(), &bytes)
                 .empty())
            return std::nullopt;
        in[f.name] = std::move(bytes);
    }
    return in;
}

teach::LessonStop LessonPanel::currentAsStop(const QString& note) const {
    teach::LessonStop s;
    s.step = m_cipher->currentStep();
    s.view = m_view != nullptr ? lessonView(m_view->mode()) : LessonView::Value;
    s.note = note.toStdString();
    if (s.view == LessonView::Twin || !m_cipher->flipField().isEmpty())
        s.flip = teach::LessonFlip{m_cipher->flipField().toStdString(), m_cipher->flipBit()};
    return s;
}

void LessonPanel::addCurrentStop(const QString& note) {
    const auto in = currentInputs();
    if (!in || !m_cipher->hasTrace()) {
        showMessage(tr("The explorer's inputs are not valid: fix them before adding a stop"), true);
        return;
    }
    if (m_cipher->substeps()) {
        showMessage(tr("Lessons count the steps without sub-steps: turn Sub-steps off before adding a stop"),
                    true);
        return;
    }
    // A reduced cipher (fewer rounds than the standard) is the lesson's "rounds".
    const int maxRounds = m_cipher->algorithm().maxRounds;
    const int rounds = maxRounds > 0 && m_cipher->rounds() != maxRounds ? m_cipher->rounds() : 0;
    const std::string id = m_cipher->algorithm().id;
    if (!m_lesson || m_lesson->algorithm != id || m_lesson->inputs != *in || m_lesson->rounds != rounds) {
        m_lesson = teach::Lesson{};
        m_lesson->title =
            tr("%1 lesson").arg(QString::fromStdString(m_cipher->algorithm().displayName)).toStdString();
        m_lesson->algorithm = id;
        m_lesson->inputs = *in;
        m_lesson->rounds = rounds;
    }
    m_lesson->stops.push_back(currentAsStop(note));
    m_stop = static_cast<int>(m_lesson->stops.size()) - 1;
    showMessage(tr("Stop %1 added; Save lesson… writes the file").arg(m_stop + 1), false);
    showStop();
}

bool LessonPanel::saveLesson(const QString& path, QString* error) {
    if (!m_lesson) {
        const QString why = tr("No lesson to save: add a stop first");
        showMessage(why, true);
        if (error) *error = why;
        return false;
    }
    try {
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(),
                                teach::saveLesson(*m_lesson).toStdString());
    } catch (const std::exception& e) {
        showMessage(QString::fromUtf8(e.what()), true);
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    showMessage(tr("Lesson saved: %1").arg(QDir::toNativeSeparators(path)), false);
    return true;
}

} // namespace rs::gui
