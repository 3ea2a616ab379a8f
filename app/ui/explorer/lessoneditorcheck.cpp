// LessonEditor's check and save: the lesson as the Lesson panel will read it, its errors in words.
#include "app/ui/explorer/lessoneditor.h"

#include "core/fileio/safefile.h"
#include "core/inputs/hexfield.h"
#include "core/sessions/explorermodel.h"
#include "core/teach/practice.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>

namespace rs::gui {

using teach::LessonView;

namespace {

// The parser's "stops[2].flip.bit: …" in the editor's words: "stop 3, flip.bit: …".
QString inWords(const QString& message) {
    static const QRegularExpression stop(QStringLiteral(R"(stops\[(\d+)\]\.?)"));
    QString out;
    qsizetype from = 0;
    for (auto it = stop.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        out += message.mid(from, m.capturedStart() - from);
        out += QObject::tr("stop %1, ").arg(m.captured(1).toInt() + 1);
        from = m.capturedEnd();
    }
    out += message.mid(from);
    out.replace(QStringLiteral(", :"), QStringLiteral(":"));
    if (!out.isEmpty()) out[0] = out[0].toUpper();
    return out;
}

} // namespace

QStringList LessonEditor::check(QByteArray* json) const {
    QStringList errors;
    const auto* alg = sessions::findExplorerAlgorithm(algorithmId());
    if (alg == nullptr) return {tr("Choose an algorithm")};
    const teach::Lesson l = lesson();
    if (l.title.empty()) errors << tr("The lesson has no title");
    for (const auto& f : alg->fields) {
        crypto::Bytes bytes;
        const QLineEdit* edit = inputEdit(QString::fromStdString(f.name));
        const std::string why =
            inputs::validateHex(f, edit ? edit->text().toStdString() : std::string(), &bytes);
        if (!why.empty())
            errors << tr("Input %1: %2")
                          .arg(QString::fromStdString(f.label.empty() ? f.name : f.label),
                               QString::fromStdString(why));
    }
    if (l.stops.empty()) errors << tr("The lesson has no stops: Add stop puts the explorer's step in it");
    for (std::size_t i = 0; i < l.stops.size(); ++i) {
        const teach::LessonStop& s = l.stops[i];
        const QString stop = tr("Stop %1").arg(i + 1);
        if (m_stepCount > 0 && s.step >= m_stepCount)
            errors << tr("%1: step %2 is past the trace's last step %3")
                          .arg(stop)
                          .arg(s.step)
                          .arg(m_stepCount - 1);
        if (s.view == LessonView::Twin && !s.flip)
            errors << tr("%1: the twin view needs a flipped input bit").arg(stop);
        if (s.answer && !s.question) errors << tr("%1: an answer needs a question").arg(stop);
        if (s.note.empty()) errors << tr("%1: the note is empty").arg(stop);
    }
    if (!errors.isEmpty()) return errors;
    // Then exactly as the panel reads it: the bytes written, parsed, checked against the trace.
    const QByteArray bytes = teach::saveLesson(l);
    try {
        const teach::Lesson parsed = teach::parseLesson(bytes, sessions::lessonCatalog());
        const sessions::ExplorerRun run =
            sessions::runExplorer(*alg, parsed.inputs, parsed.rounds > 0 ? parsed.rounds : alg->maxRounds);
        teach::validateLesson(parsed, run.trace.steps.size());
        // Every practice stop on its own, so each misfit is named.
        for (std::size_t i = 0; i < parsed.stops.size(); ++i) {
            if (!parsed.stops[i].practice) continue;
            teach::Lesson one = parsed;
            one.stops = {parsed.stops[i]};
            try {
                teach::validatePractice(one, run.trace);
            } catch (const std::exception& e) {
                QString why = QString::fromUtf8(e.what());
                static const QRegularExpression where(
                    QStringLiteral(R"(stops\[0\](\.practice)?[.:]?\s*(practice:\s*)?)"));
                why.remove(where);
                errors << tr("Stop %1, practice: %2").arg(i + 1).arg(why);
            }
        }
    } catch (const std::exception& e) {
        errors << inWords(QString::fromUtf8(e.what()));
    }
    if (errors.isEmpty() && json != nullptr) *json = bytes;
    return errors;
}

bool LessonEditor::saveTo(const QString& path, QString* error) {
    QByteArray json;
    const QStringList errors = check(&json);
    QString why;
    if (!errors.isEmpty()) {
        why = tr("Not saved:\n• %1").arg(errors.join(QStringLiteral("\n• ")));
    } else {
        try {
            fileio::writeFileAtomic(QFile::encodeName(path).toStdString(), json.toStdString());
        } catch (const std::exception& e) {
            why = QString::fromUtf8(e.what());
        }
    }
    if (!why.isEmpty()) {
        showMessage(why, true);
        if (error) *error = why;
        return false;
    }
    showMessage(tr("Lesson saved: %1; the Lesson panel plays it").arg(QDir::toNativeSeparators(path)), false);
    emit lessonSaved(json, path);
    return true;
}

} // namespace rs::gui
