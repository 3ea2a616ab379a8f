// PracticePanel's practice run: the student's name and the class key (asked once), the recorder, and the
// report written as JSON (with its MAC) and as a one-page PDF.
#include "app/ui/explorer/practicepanel.h"

#include "app/ui/common/pagehelpers.h"
#include "core/fileio/safefile.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"

#include <QAction>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace rs::gui {

QLayout* PracticePanel::buildRunBox() {
    m_student = new QLineEdit(this);
    m_student->setObjectName(QStringLiteral("practiceStudent"));
    m_student->setPlaceholderText(tr("Your name"));
    m_classKey = new QLineEdit(this);
    m_classKey->setObjectName(QStringLiteral("practiceClassKey"));
    m_classKey->setPlaceholderText(tr("From your teacher"));
    m_classKey->setEchoMode(QLineEdit::Password);
    m_startRun = new QPushButton(tr("Start the run"), this);
    m_startRun->setObjectName(QStringLiteral("practiceStartRun"));
    m_startRun->setToolTip(tr("Counts your attempts, hints and time at every practice stop, for the report"));
    m_saveReport = new QPushButton(tr("Save report…"), this);
    m_saveReport->setObjectName(QStringLiteral("practiceSaveReport"));
    m_saveReport->setToolTip(tr("Writes the report for your teacher: JSON (signed with the class key) and a "
                                "PDF beside it"));
    m_runLabel = new QLabel(this);
    m_runLabel->setObjectName(QStringLiteral("practiceRun"));
    m_runLabel->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("Name:"), m_student);
    form->addRow(tr("Class key:"), m_classKey);
    auto* row = new QHBoxLayout;
    row->addWidget(m_startRun);
    row->addWidget(m_saveReport);
    row->addStretch(1);
    auto* box = new QVBoxLayout;
    auto* heading = new QLabel(tr("Practice run"), this);
    QFont bold = heading->font();
    bold.setBold(true);
    heading->setFont(bold);
    box->addWidget(heading);
    box->addLayout(form);
    box->addLayout(row);
    box->addWidget(m_runLabel);

    connect(m_startRun, &QPushButton::clicked, this,
            [this] { startRun(m_student->text(), m_classKey->text()); });
    connect(m_classKey, &QLineEdit::returnPressed, m_startRun, &QPushButton::click);
    m_saveAction = new QAction(tr("Save practice &report…"), this);
    connect(m_saveAction, &QAction::triggered, this, [this] {
        if (!runStarted()) {
            showInDock(this);
            saveReport(QString()); // says what is missing
            return;
        }
        const QString name = QString::fromStdString(m_recorder->report().student).simplified();
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the practice report"),
            QStringLiteral("%1-practice.json").arg(name.isEmpty() ? QStringLiteral("student") : name),
            tr("Practice report (*.json)"));
        if (!path.isEmpty()) saveReport(path);
    });
    connect(m_saveReport, &QPushButton::clicked, m_saveAction, &QAction::trigger);
    m_menus = {{MenuSection::FileLessons, {m_saveAction}}};
    return box;
}

bool PracticePanel::startRun(const QString& student, const QString& classKey) {
    if (runStarted()) return true;
    if (student.trimmed().isEmpty() || classKey.isEmpty()) {
        m_runLabel->setText(
            tr("Enter your name and the class key your teacher gave you, then start the run."));
        setErrorStyle(m_runLabel, true);
        return false;
    }
    teach::StudentReport header;
    header.student = student.trimmed().toStdString();
    header.algorithm = m_cipher->algorithm().id;
    header.rounds = reportRounds();
    header.started = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    m_recorder = std::make_unique<teach::PracticeRecorder>(header, m_clock);
    m_key = classKey.toStdString();
    m_student->setText(student.trimmed());
    m_classKey->clear(); // kept in memory only, for the report's MAC
    m_classKey->setPlaceholderText(tr("set"));
    if (m_target)
        m_recorder->enter(m_stop, m_stopTitle.toStdString()); // the exercise on screen counts from now
    refreshRun();
    return true;
}

std::optional<teach::StudentReport> PracticePanel::report() const {
    if (!m_recorder) return std::nullopt;
    teach::StudentReport r = m_recorder->report();
    r.lesson = m_runLesson;
    if (m_practised) { // the run is of the algorithm practised last
        r.algorithm = m_practised->first;
        r.rounds = m_practised->second;
    }
    return r;
}

bool PracticePanel::saveReport(const QString& path, QString* error) {
    const auto fail = [&](const QString& why) {
        m_runLabel->setText(why);
        setErrorStyle(m_runLabel, true);
        if (error) *error = why;
        return false;
    };
    if (!m_recorder)
        return fail(tr("No practice run: enter your name and the class key and start the run first."));
    if (path.isEmpty()) return fail(tr("No file name for the report."));
    const teach::StudentReport r = *report();
    const QString pdf =
        (path.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive) ? path.chopped(5) : path) +
        QStringLiteral(".pdf");
    try {
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(),
                                teach::writeReport(r, m_key).toStdString());
    } catch (const std::exception& e) {
        return fail(tr("The report was not saved: %1").arg(QString::fromUtf8(e.what())));
    }
    try {
        if (m_pdfWriter) m_pdfWriter(r, pdf);
    } catch (const std::exception& e) { // the JSON (the report the teacher checks) is written
        return fail(tr("Report saved: %1, but not its PDF: %2")
                        .arg(QDir::toNativeSeparators(path), QString::fromUtf8(e.what())));
    }
    refreshRun();
    m_runLabel->setText(m_runLabel->text() + QLatin1Char('\n') +
                        (m_pdfWriter ? tr("Report saved: %1 and %2")
                                           .arg(QDir::toNativeSeparators(path), QDir::toNativeSeparators(pdf))
                                     : tr("Report saved: %1").arg(QDir::toNativeSeparators(path))));
    return true;
}

int PracticePanel::reportRounds() const {
    const int most = m_cipher->algorithm().maxRounds;
    return most > 0 && m_cipher->rounds() != most ? m_cipher->rounds() : 0;
}

void PracticePanel::refreshRun() {
    const bool on = runStarted();
    m_student->setEnabled(!on);
    m_classKey->setEnabled(!on);
    m_startRun->setEnabled(!on);
    m_saveReport->setEnabled(on);
    setErrorStyle(m_runLabel, false);
    if (!on) {
        m_runLabel->setText(tr("Not recording: start a run to count your work for a report."));
        return;
    }
    const teach::StudentReport r = m_recorder->report();
    int attempts = 0, hints = 0;
    for (const teach::StopResult& s : r.stops) {
        attempts += s.attempts;
        hints += s.hintsUsed;
    }
    m_runLabel->setText(tr("%1's run: %2 practice stops, %3 solved · %4 attempts · %5 hints")
                            .arg(QString::fromStdString(r.student))
                            .arg(r.stops.size())
                            .arg(r.solvedCount())
                            .arg(attempts)
                            .arg(hints));
}

} // namespace rs::gui
