#include "app/ui/explorer/lessonpanel.h"

#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/viewmodebar.h"
#include "core/fileio/safefile.h"
#include "core/inputs/hexfield.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTextBrowser>
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
    m_stopLabel = new QLabel(this);
    m_stopLabel->setObjectName(QStringLiteral("lessonStop"));
    m_note = new QTextBrowser(this);
    m_note->setObjectName(QStringLiteral("lessonNote"));
    m_note->setMinimumHeight(80);
    m_question = new QLabel(this);
    m_question->setObjectName(QStringLiteral("lessonQuestion"));
    m_question->setWordWrap(true);
    m_answerButton = new QPushButton(tr("Show the answer"), this);
    m_answerButton->setObjectName(QStringLiteral("lessonShowAnswer"));
    m_answer = new QLabel(this);
    m_answer->setObjectName(QStringLiteral("lessonAnswer"));
    m_answer->setWordWrap(true);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("lessonMessage"));
    m_message->setWordWrap(true);
    m_previous = new QPushButton(tr("◀ Previous stop"), this);
    m_previous->setObjectName(QStringLiteral("lessonPrevious"));
    m_next = new QPushButton(tr("Next stop ▶"), this);
    m_next->setObjectName(QStringLiteral("lessonNext"));
    m_newNote = new QLineEdit(this);
    m_newNote->setObjectName(QStringLiteral("lessonNewNote"));
    m_newNote->setPlaceholderText(tr("Note for a new stop at the explorer's step"));
    auto* add = new QPushButton(tr("Add this step"), this);
    add->setObjectName(QStringLiteral("lessonAddStop"));
    add->setToolTip(tr("Appends the explorer's current step, view and flipped bit as a stop with this note"));

    auto* nav = new QHBoxLayout;
    nav->addWidget(m_previous);
    nav->addWidget(m_next);
    auto* write = new QHBoxLayout;
    write->addWidget(m_newNote, 1);
    write->addWidget(add);
    auto* l = new QVBoxLayout(this);
    l->addWidget(m_title);
    l->addWidget(m_stopLabel);
    l->addLayout(nav);
    l->addWidget(m_note, 1);
    l->addWidget(m_question);
    l->addWidget(m_answerButton, 0, Qt::AlignLeft);
    l->addWidget(m_answer);
    l->addWidget(m_message);
    l->addLayout(write);

    connect(m_previous, &QPushButton::clicked, this, [this] { goToStop(m_stop - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { goToStop(m_stop + 1); });
    connect(m_answerButton, &QPushButton::clicked, this, [this] {
        m_answer->show();
        m_answerButton->hide();
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
        shipped << new QAction(QFileInfo(path).completeBaseName(), this);
        connect(shipped.back(), &QAction::triggered, this, [this, path] {
            showInDock(this);
            openLesson(path);
        });
    }
    auto* save = new QAction(tr("Save lesson…"), this);
    connect(save, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the lesson"), QStringLiteral("lesson.json"), tr("RoundScope lesson (*.json)"));
        if (!path.isEmpty()) saveLesson(path);
    });
    m_menus = {{MenuSection::FileLessons, {open}},
               {MenuSection::FileLessons, shipped, tr("S&hipped lessons")},
               {MenuSection::FileLessons, {save}}};
}

QList<ShortcutRow> LessonPanel::shortcutRows() const {
    return {
        {tr("Ctrl+L"), tr("open a lesson (File → Shipped lessons: the three that come with RoundScope)")}};
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
        const sessions::ExplorerRun run = sessions::runExplorer(*alg, lesson.inputs, alg->maxRounds);
        teach::validateLesson(lesson, run.trace.steps.size());
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
    m_cipher->setRounds(m_cipher->algorithm().maxRounds); // the lesson's steps count at the standard rounds
    for (const auto& [field, bytes] : m_lesson->inputs)
        m_cipher->setInput(QString::fromStdString(field), QString::fromStdString(crypto::toHex(bytes)));
    if (stop.flip) m_cipher->setFlip(QString::fromStdString(stop.flip->field), stop.flip->bit);
    m_cipher->recomputeNow();
    if (m_view != nullptr) m_view->setMode(stateMode(stop.view));
    m_cipher->setCurrentStep(stop.step);
    showStop();
}

void LessonPanel::showStop() {
    const bool open = m_lesson.has_value() && m_stop >= 0;
    if (m_lesson) m_title->setText(QString::fromStdString(m_lesson->title));
    m_stopLabel->setText(open ? tr("Stop %1 of %2 · step %3")
                                    .arg(m_stop + 1)
                                    .arg(m_lesson->stops.size())
                                    .arg(m_lesson->stops[static_cast<std::size_t>(m_stop)].step + 1)
                              : QString());
    m_previous->setEnabled(open && m_stop > 0);
    m_next->setEnabled(open && m_stop + 1 < static_cast<int>(m_lesson->stops.size()));
    const teach::LessonStop* stop = open ? &m_lesson->stops[static_cast<std::size_t>(m_stop)] : nullptr;
    m_note->setPlainText(stop ? QString::fromStdString(stop->note) : QString());
    const bool question = stop != nullptr && stop->question.has_value();
    m_question->setVisible(question);
    m_question->setText(question ? tr("Question: %1").arg(QString::fromStdString(*stop->question))
                                 : QString());
    m_answerButton->setVisible(question && stop->answer.has_value());
    m_answer->setText(question && stop->answer ? QString::fromStdString(*stop->answer) : QString());
    m_answer->hide(); // revealed on request
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
    if (m_cipher->rounds() != m_cipher->algorithm().maxRounds) {
        showMessage(tr("Lessons use the standard %1 rounds: set them before adding a stop")
                        .arg(m_cipher->algorithm().maxRounds),
                    true);
        return;
    }
    const std::string id = m_cipher->algorithm().id;
    if (!m_lesson || m_lesson->algorithm != id || m_lesson->inputs != *in) {
        m_lesson = teach::Lesson{};
        m_lesson->title =
            tr("%1 lesson").arg(QString::fromStdString(m_cipher->algorithm().displayName)).toStdString();
        m_lesson->algorithm = id;
        m_lesson->inputs = *in;
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
