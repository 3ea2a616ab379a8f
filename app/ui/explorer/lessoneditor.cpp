#include "app/ui/explorer/lessoneditor.h"

#include "app/ui/common/pagehelpers.h"
#include "core/inputs/hexfield.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/explorermodel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace rs::gui {

using teach::LessonView;
using teach::PracticePart;

namespace {

QString stepText(const crypto::TraceStep& s) {
    QString where = QString::fromStdString(s.phase);
    if (s.round > 0)
        where = where.isEmpty() ? QObject::tr("round %1").arg(s.round)
                                : QObject::tr("%1, round %2").arg(where).arg(s.round);
    return where.isEmpty() ? QString::fromStdString(s.step)
                           : QStringLiteral("%1: %2").arg(where, QString::fromStdString(s.step));
}

QString viewWord(LessonView v) {
    return v == LessonView::Twin      ? QObject::tr("twin")
           : v == LessonView::Changed ? QObject::tr("changed")
                                      : QObject::tr("value");
}

// A stop's line in the list: "2. step 5 · twin · practice — its title or note".
QString stopLine(int i, const teach::LessonStop& s) {
    QString what = QString::fromStdString(s.title.empty() ? s.note : s.title).simplified();
    if (what.size() > 48) what = what.left(47) + QStringLiteral("…");
    QString text = QObject::tr("%1. step %2 · %3").arg(i + 1).arg(s.step).arg(viewWord(s.view));
    if (s.practice) text += QObject::tr(" · practice");
    if (!what.isEmpty()) text += QStringLiteral(" — ") + what;
    return text;
}

} // namespace

LessonEditor::LessonEditor(sessions::CipherSession* cipher, QWidget* parent)
    : QDialog(parent), m_cipher(cipher) {
    setObjectName(QStringLiteral("lessonEditor"));
    setWindowTitle(tr("Lesson editor"));
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("lessonEditorMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* fresh = new QPushButton(tr("New lesson"), this);
    fresh->setObjectName(QStringLiteral("lessonEditorNew"));
    fresh->setToolTip(tr("Starts over from the explorer's algorithm and inputs"));
    auto* save = new QPushButton(tr("Save…"), this);
    save->setObjectName(QStringLiteral("lessonEditorSave"));
    save->setToolTip(tr("Checks the lesson, writes it and plays it in the Lesson panel"));
    auto* close = new QPushButton(tr("Close"), this);

    auto* columns = new QHBoxLayout;
    columns->addWidget(buildLessonBox(), 2);
    columns->addWidget(buildStopBox(), 3);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(fresh);
    buttons->addStretch(1);
    buttons->addWidget(save);
    buttons->addWidget(close);
    auto* l = new QVBoxLayout(this);
    l->addLayout(columns, 1);
    l->addWidget(m_message);
    l->addLayout(buttons);

    connect(fresh, &QPushButton::clicked, this, &LessonEditor::newLesson);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the lesson"), QStringLiteral("lesson.json"), tr("RoundScope lesson (*.json)"));
        if (!path.isEmpty()) saveTo(path);
    });
    resize(1000, 640);
    newLesson();
}

QWidget* LessonEditor::buildLessonBox() {
    auto* box = new QGroupBox(tr("Lesson"), this);
    m_title = new QLineEdit(box);
    m_title->setObjectName(QStringLiteral("lessonEditorTitle"));
    m_title->setPlaceholderText(tr("Shown as the lesson's name"));
    m_algorithm = new QComboBox(box);
    m_algorithm->setObjectName(QStringLiteral("lessonEditorAlgorithm"));
    for (const auto& a : sessions::explorerAlgorithms())
        m_algorithm->addItem(QString::fromStdString(a.displayName), QString::fromStdString(a.id));
    m_roundsCheck = new QCheckBox(tr("Reduced rounds:"), box);
    m_roundsCheck->setObjectName(QStringLiteral("lessonEditorRoundsCheck"));
    m_rounds = new QSpinBox(box);
    m_rounds->setObjectName(QStringLiteral("lessonEditorRounds"));
    auto* rounds = new QHBoxLayout;
    rounds->addWidget(m_roundsCheck);
    rounds->addWidget(m_rounds);
    rounds->addStretch(1);
    m_inputsForm = new QFormLayout;
    auto* form = new QFormLayout;
    form->addRow(tr("Title"), m_title);
    form->addRow(tr("Algorithm"), m_algorithm);
    form->addRow(tr("Rounds"), rounds);

    m_list = new QListWidget(box);
    m_list->setObjectName(QStringLiteral("lessonEditorStops"));
    auto* stopButtons = new QHBoxLayout;
    m_add =
        addButton(stopButtons, tr("Add stop"), tr("A new stop after this one, at the explorer's step"), box);
    m_duplicate = addButton(stopButtons, tr("Duplicate"), tr("A copy of this stop after it"), box);
    m_delete = addButton(stopButtons, tr("Delete"), tr("Removes this stop"), box);
    m_up = addButton(stopButtons, tr("▲"), tr("Moves this stop up"), box);
    m_down = addButton(stopButtons, tr("▼"), tr("Moves this stop down"), box);
    m_add->setObjectName(QStringLiteral("lessonEditorAddStop"));
    m_duplicate->setObjectName(QStringLiteral("lessonEditorDuplicate"));
    m_delete->setObjectName(QStringLiteral("lessonEditorDelete"));
    m_up->setObjectName(QStringLiteral("lessonEditorUp"));
    m_down->setObjectName(QStringLiteral("lessonEditorDown"));

    auto* l = new QVBoxLayout(box);
    l->addLayout(form);
    auto* inputs = new QLabel(tr("Inputs (hex)"), box);
    l->addWidget(inputs);
    l->addLayout(m_inputsForm);
    l->addWidget(new QLabel(tr("Stops"), box));
    l->addWidget(m_list, 1);
    l->addLayout(stopButtons);

    connect(m_algorithm, &QComboBox::currentIndexChanged, this, [this] {
        if (m_loading) return;
        std::map<std::string, std::string> texts;
        const auto all = m_cipher->allInputs().value(QString::fromStdString(algorithmId()));
        for (auto it = all.begin(); it != all.end(); ++it)
            texts[it.key().toStdString()] = it.value().toStdString();
        showAlgorithm(texts);
    });
    connect(m_roundsCheck, &QCheckBox::toggled, this, [this](bool on) {
        m_rounds->setEnabled(on);
        refreshTrace();
    });
    connect(m_rounds, &QSpinBox::valueChanged, this, [this] { refreshTrace(); });
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (m_loading) return;
        m_row = row;
        loadStop();
    });
    connect(m_add, &QPushButton::clicked, this, &LessonEditor::addStop);
    connect(m_duplicate, &QPushButton::clicked, this, &LessonEditor::duplicateStop);
    connect(m_delete, &QPushButton::clicked, this, &LessonEditor::deleteStop);
    connect(m_up, &QPushButton::clicked, this, [this] { moveStop(-1); });
    connect(m_down, &QPushButton::clicked, this, [this] { moveStop(1); });
    return box;
}

QWidget* LessonEditor::buildStopBox() {
    auto* box = new QGroupBox(tr("Stop"), this);
    m_stopBox = box;
    m_step = new QSpinBox(box);
    m_step->setObjectName(QStringLiteral("lessonEditorStep"));
    m_stepName = new QLabel(box);
    m_stepName->setObjectName(QStringLiteral("lessonEditorStepName"));
    m_stepName->setWordWrap(true);
    auto* step = new QHBoxLayout;
    step->addWidget(m_step);
    step->addWidget(m_stepName, 1);
    m_view = new QComboBox(box);
    m_view->setObjectName(QStringLiteral("lessonEditorView"));
    for (LessonView v : {LessonView::Value, LessonView::Changed, LessonView::Twin})
        m_view->addItem(viewWord(v), static_cast<int>(v));
    m_view->setItemData(0, tr("The state after the step"), Qt::ToolTipRole);
    m_view->setItemData(1, tr("The bits this step changed"), Qt::ToolTipRole);
    m_view->setItemData(2, tr("The bits that differ from a twin run with one input bit flipped"),
                        Qt::ToolTipRole);
    m_flipCheck = new QCheckBox(tr("Flip input bit"), box);
    m_flipCheck->setObjectName(QStringLiteral("lessonEditorFlip"));
    m_flipField = new QComboBox(box);
    m_flipField->setObjectName(QStringLiteral("lessonEditorFlipField"));
    m_flipBit = new QSpinBox(box);
    m_flipBit->setObjectName(QStringLiteral("lessonEditorFlipBit"));
    m_flipBit->setToolTip(tr("Numbered as the explorer flips them: bit 0 is the MSB of byte 0"));
    auto* flip = new QHBoxLayout;
    flip->addWidget(m_flipCheck);
    flip->addWidget(m_flipField);
    flip->addWidget(new QLabel(tr("bit"), box));
    flip->addWidget(m_flipBit);
    flip->addStretch(1);
    m_stopTitle = new QLineEdit(box);
    m_stopTitle->setObjectName(QStringLiteral("lessonEditorStopTitle"));
    m_stopTitle->setPlaceholderText(tr("Optional: empty = the step's name"));
    m_note = new QPlainTextEdit(box);
    m_note->setObjectName(QStringLiteral("lessonEditorNote"));
    m_question = new QLineEdit(box);
    m_question->setObjectName(QStringLiteral("lessonEditorQuestion"));
    m_question->setPlaceholderText(tr("Optional"));
    m_answer = new QLineEdit(box);
    m_answer->setObjectName(QStringLiteral("lessonEditorAnswer"));
    m_answer->setPlaceholderText(tr("Optional; shown when the student asks (needs a question)"));

    m_practice = new QGroupBox(tr("Practice: the student enters the state after this step"), box);
    m_practice->setObjectName(QStringLiteral("lessonEditorPractice"));
    m_practice->setCheckable(true);
    m_practice->setChecked(false);
    m_part = new QComboBox(m_practice);
    m_part->setObjectName(QStringLiteral("lessonEditorPart"));
    const std::pair<PracticePart, QString> parts[] = {
        {PracticePart::State, tr("the whole state")},
        {PracticePart::SboxColumn, tr("an S-box column (Ascon)")},
        {PracticePart::Row, tr("a row (Ascon word, SKINNY row, ML-DSA 16 coefficients)")},
        {PracticePart::Column, tr("a column (SKINNY)")},
        {PracticePart::Word, tr("a word (LEA)")},
        {PracticePart::Pair, tr("a butterfly pair (ML-DSA)")}};
    for (const auto& part : parts)
        m_part->addItem(part.second, static_cast<int>(part.first));
    m_index = new QSpinBox(m_practice);
    m_index->setObjectName(QStringLiteral("lessonEditorIndex"));
    m_index->setRange(0, 255);
    m_hints = new QSpinBox(m_practice);
    m_hints->setObjectName(QStringLiteral("lessonEditorHints"));
    m_hints->setRange(0, 3);
    m_reveal = new QCheckBox(tr("The student may reveal the answer (the stop then counts as not solved)"),
                             m_practice);
    m_reveal->setObjectName(QStringLiteral("lessonEditorReveal"));
    auto* pf = new QFormLayout(m_practice);
    pf->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    pf->addRow(tr("Part"), m_part);
    pf->addRow(tr("Index"), m_index);
    pf->addRow(tr("Hints"), m_hints);
    pf->addRow(m_reveal);

    auto* form = new QFormLayout(box);
    form->addRow(tr("Step"), step);
    form->addRow(tr("View"), m_view);
    form->addRow(tr("Twin"), flip);
    form->addRow(tr("Title"), m_stopTitle);
    form->addRow(tr("Note"), m_note);
    form->addRow(tr("Question"), m_question);
    form->addRow(tr("Answer"), m_answer);
    form->addRow(m_practice);

    const auto store = [this] { storeStop(); };
    connect(m_step, &QSpinBox::valueChanged, this, [this] {
        refreshStepName();
        storeStop();
    });
    connect(m_view, &QComboBox::currentIndexChanged, this, [this] {
        // A twin needs a flipped bit: the explorer's, when it shows this algorithm.
        if (!m_loading && m_view->currentData().toInt() == static_cast<int>(LessonView::Twin) &&
            !m_flipCheck->isChecked()) {
            const bool same = m_cipher->algorithm().id == algorithmId() && !m_cipher->flipField().isEmpty();
            m_loading = true;
            if (same) {
                m_flipField->setCurrentIndex(std::max(m_flipField->findData(m_cipher->flipField()), 0));
                m_flipBit->setValue(m_cipher->flipBit());
            }
            m_loading = false;
            m_flipCheck->setChecked(true); // stores the stop
        }
        storeStop();
    });
    connect(m_flipCheck, &QCheckBox::toggled, this, [this] {
        m_flipField->setEnabled(m_flipCheck->isChecked());
        m_flipBit->setEnabled(m_flipCheck->isChecked());
        storeStop();
    });
    connect(m_flipField, &QComboBox::currentIndexChanged, this, [this] {
        const auto* alg = sessions::findExplorerAlgorithm(algorithmId());
        const auto* f = alg ? alg->field(m_flipField->currentData().toString().toStdString()) : nullptr;
        m_flipBit->setMaximum(f != nullptr && f->bytes > 0 ? f->bytes * 8 - 1 : 65535);
        storeStop();
    });
    connect(m_flipBit, &QSpinBox::valueChanged, this, store);
    connect(m_stopTitle, &QLineEdit::textChanged, this, store);
    connect(m_note, &QPlainTextEdit::textChanged, this, store);
    connect(m_question, &QLineEdit::textChanged, this, store);
    connect(m_answer, &QLineEdit::textChanged, this, store);
    connect(m_practice, &QGroupBox::toggled, this, store);
    connect(m_part, &QComboBox::currentIndexChanged, this, store);
    connect(m_index, &QSpinBox::valueChanged, this, store);
    connect(m_hints, &QSpinBox::valueChanged, this, store);
    connect(m_reveal, &QCheckBox::toggled, this, store);
    return box;
}

std::string LessonEditor::algorithmId() const {
    return m_algorithm->currentData().toString().toStdString();
}

QLineEdit* LessonEditor::inputEdit(const QString& field) const {
    const auto it = m_inputs.find(field.toStdString());
    return it == m_inputs.end() ? nullptr : it->second;
}

void LessonEditor::showAlgorithm(const std::map<std::string, std::string>& texts) {
    const auto* alg = sessions::findExplorerAlgorithm(algorithmId());
    if (alg == nullptr) return;
    while (m_inputsForm->rowCount() > 0)
        m_inputsForm->removeRow(0);
    m_inputs.clear();
    const bool wasLoading = m_loading;
    m_loading = true;
    m_flipField->clear();
    for (const auto& f : alg->fields) {
        auto* edit = new QLineEdit(this);
        edit->setObjectName(QStringLiteral("lessonEditorInput_%1").arg(QString::fromStdString(f.name)));
        const auto text = texts.find(f.name);
        edit->setText(QString::fromStdString(text != texts.end() ? text->second : f.defaultHex));
        edit->setToolTip(f.bytes > 0 ? tr("%1 bytes as hex").arg(f.bytes) : tr("hex, any length"));
        m_inputsForm->addRow(QString::fromStdString(f.label.empty() ? f.name : f.label), edit);
        m_inputs[f.name] = edit;
        connect(edit, &QLineEdit::textChanged, this, [this] { refreshTrace(); });
        m_flipField->addItem(QString::fromStdString(f.label.empty() ? f.name : f.label),
                             QString::fromStdString(f.name));
    }
    // Reduced rounds only where the algorithm's rounds vary (the catalog's maxRounds).
    m_roundsCheck->setEnabled(alg->maxRounds > 0);
    m_roundsCheck->setToolTip(
        alg->maxRounds > 0
            ? tr("A reduced cipher for class: 1..%1 rounds").arg(alg->maxRounds)
            : tr("%1 has fixed rounds (%2)")
                  .arg(QString::fromStdString(alg->displayName), QString::fromStdString(alg->fixedRounds)));
    if (alg->maxRounds <= 0) m_roundsCheck->setChecked(false);
    m_rounds->setRange(1, std::max(1, alg->maxRounds));
    if (!m_roundsCheck->isChecked()) m_rounds->setValue(std::max(1, alg->maxRounds));
    m_rounds->setEnabled(m_roundsCheck->isChecked());
    m_loading = wasLoading;
    refreshTrace();
    loadStop();
}

void LessonEditor::refreshTrace() {
    m_stepCount = 0;
    m_stepNames.clear();
    const auto* alg = sessions::findExplorerAlgorithm(algorithmId());
    if (alg != nullptr) {
        std::map<std::string, crypto::Bytes> in;
        bool valid = true;
        for (const auto& f : alg->fields) {
            const QLineEdit* edit = inputEdit(QString::fromStdString(f.name));
            crypto::Bytes bytes;
            if (edit == nullptr || !inputs::validateHex(f, edit->text().toStdString(), &bytes).empty())
                valid = false;
            in[f.name] = std::move(bytes);
        }
        if (valid) {
            try {
                const int rounds = m_roundsCheck->isChecked() ? m_rounds->value() : alg->maxRounds;
                const sessions::ExplorerRun run = sessions::runExplorer(*alg, in, rounds);
                m_stepCount = static_cast<int>(run.trace.steps.size());
                for (const auto& s : run.trace.steps)
                    m_stepNames.push_back(stepText(s).toStdString());
            } catch (const std::exception&) {
                m_stepCount = 0;
            }
        }
    }
    const bool wasLoading = m_loading;
    m_loading = true; // a shorter trace does not move a stop's step: Save names the stop instead
    m_step->setMaximum(m_stepCount > 0 ? std::max(m_stepCount - 1, 0) : 9999);
    if (m_row >= 0) m_step->setValue(m_stops[static_cast<std::size_t>(m_row)].step);
    m_loading = wasLoading;
    refreshStepName();
}

void LessonEditor::refreshStepName() {
    const int s = m_step->value();
    if (m_stepCount == 0)
        m_stepName->setText(tr("(the inputs are not valid: no trace)"));
    else if (s < m_stepCount)
        m_stepName->setText(tr("%1 (steps 0..%2)")
                                .arg(QString::fromStdString(m_stepNames[static_cast<std::size_t>(s)]))
                                .arg(m_stepCount - 1));
    else
        m_stepName->setText(tr("past the trace's last step %1").arg(m_stepCount - 1));
}

void LessonEditor::newLesson() {
    m_loading = true;
    m_stops.clear();
    m_row = -1;
    m_title->clear();
    const int at = m_algorithm->findData(QString::fromStdString(m_cipher->algorithm().id));
    m_algorithm->setCurrentIndex(std::max(at, 0));
    const bool reduced =
        m_cipher->algorithm().maxRounds > 0 && m_cipher->rounds() != m_cipher->algorithm().maxRounds;
    m_roundsCheck->setChecked(reduced);
    m_loading = false;
    std::map<std::string, std::string> texts;
    for (const auto& f : m_cipher->algorithm().fields)
        texts[f.name] = m_cipher->inputText(QString::fromStdString(f.name)).toStdString();
    showAlgorithm(texts);
    if (reduced) m_rounds->setValue(m_cipher->rounds());
    refreshList();
    showMessage(
        tr("A new lesson on the explorer's algorithm and inputs: Add stop puts the explorer's step in it"),
        false);
}

void LessonEditor::editLesson(const teach::Lesson& lesson) {
    m_loading = true;
    m_stops = lesson.stops;
    m_row = m_stops.empty() ? -1 : 0;
    m_title->setText(QString::fromStdString(lesson.title));
    m_algorithm->setCurrentIndex(
        std::max(m_algorithm->findData(QString::fromStdString(lesson.algorithm)), 0));
    m_roundsCheck->setChecked(lesson.rounds > 0);
    m_loading = false;
    std::map<std::string, std::string> texts;
    for (const auto& [field, bytes] : lesson.inputs)
        texts[field] = crypto::toHex(bytes);
    showAlgorithm(texts);
    if (lesson.rounds > 0) m_rounds->setValue(lesson.rounds);
    refreshList();
    showMessage(QString(), false);
}

teach::Lesson LessonEditor::lesson() const {
    teach::Lesson l;
    l.title = m_title->text().trimmed().toStdString();
    l.algorithm = algorithmId();
    l.rounds = m_roundsCheck->isEnabled() && m_roundsCheck->isChecked() ? m_rounds->value() : 0;
    if (const auto* alg = sessions::findExplorerAlgorithm(l.algorithm))
        for (const auto& f : alg->fields) {
            crypto::Bytes bytes;
            const QLineEdit* edit = inputEdit(QString::fromStdString(f.name));
            if (edit != nullptr && inputs::validateHex(f, edit->text().toStdString(), &bytes).empty())
                l.inputs[f.name] = std::move(bytes);
        }
    l.stops = m_stops;
    return l;
}

void LessonEditor::addStop() {
    teach::LessonStop s;
    if (m_cipher->algorithm().id == algorithmId()) {
        s.step = std::clamp(m_cipher->currentStep(), 0, std::max(m_stepCount - 1, 0));
    } else if (m_row >= 0) {
        s.step = m_stops[static_cast<std::size_t>(m_row)].step;
    }
    m_stops.insert(m_stops.begin() + (m_row + 1), s);
    ++m_row;
    refreshList();
    m_note->setFocus();
}

void LessonEditor::duplicateStop() {
    if (m_row < 0) return;
    const teach::LessonStop copy = m_stops[static_cast<std::size_t>(m_row)];
    m_stops.insert(m_stops.begin() + (m_row + 1), copy);
    ++m_row;
    refreshList();
}

void LessonEditor::deleteStop() {
    if (m_row < 0) return;
    m_stops.erase(m_stops.begin() + m_row);
    m_row = std::min(m_row, static_cast<int>(m_stops.size()) - 1);
    refreshList();
}

void LessonEditor::moveStop(int delta) {
    const int to = m_row + delta;
    if (m_row < 0 || to < 0 || to >= static_cast<int>(m_stops.size())) return;
    std::swap(m_stops[static_cast<std::size_t>(m_row)], m_stops[static_cast<std::size_t>(to)]);
    m_row = to;
    refreshList();
}

void LessonEditor::setCurrentStop(int row) {
    if (row < 0 || row >= static_cast<int>(m_stops.size())) return;
    m_list->setCurrentRow(row);
}

void LessonEditor::refreshList() {
    const bool wasLoading = m_loading;
    m_loading = true;
    m_list->clear();
    for (std::size_t i = 0; i < m_stops.size(); ++i) {
        m_list->addItem(stopLine(static_cast<int>(i), m_stops[i]));
    }
    m_list->setCurrentRow(m_row);
    m_loading = wasLoading;
    const int n = static_cast<int>(m_stops.size());
    m_duplicate->setEnabled(m_row >= 0);
    m_delete->setEnabled(m_row >= 0);
    m_up->setEnabled(m_row > 0);
    m_down->setEnabled(m_row >= 0 && m_row + 1 < n);
    loadStop();
}

void LessonEditor::loadStop() {
    const bool open = m_row >= 0 && m_row < static_cast<int>(m_stops.size());
    m_stopBox->setEnabled(open);
    const teach::LessonStop s = open ? m_stops[static_cast<std::size_t>(m_row)] : teach::LessonStop{};
    const bool wasLoading = m_loading;
    m_loading = true;
    m_step->setValue(s.step);
    m_view->setCurrentIndex(std::max(m_view->findData(static_cast<int>(s.view)), 0));
    m_flipCheck->setChecked(s.flip.has_value());
    m_flipField->setEnabled(s.flip.has_value());
    m_flipBit->setEnabled(s.flip.has_value());
    if (s.flip) {
        m_flipField->setCurrentIndex(
            std::max(m_flipField->findData(QString::fromStdString(s.flip->field)), 0));
        m_flipBit->setValue(s.flip->bit);
    }
    m_stopTitle->setText(QString::fromStdString(s.title));
    m_note->setPlainText(QString::fromStdString(s.note));
    m_question->setText(QString::fromStdString(s.question.value_or(std::string())));
    m_answer->setText(QString::fromStdString(s.answer.value_or(std::string())));
    const teach::LessonPractice p = s.practice.value_or(teach::LessonPractice{});
    m_practice->setChecked(s.practice.has_value());
    m_part->setCurrentIndex(std::max(m_part->findData(static_cast<int>(p.part)), 0));
    m_index->setValue(p.index);
    m_hints->setValue(p.hints);
    m_reveal->setChecked(p.reveal);
    m_loading = wasLoading;
    refreshStepName();
}

void LessonEditor::storeStop() {
    if (m_loading || m_row < 0 || m_row >= static_cast<int>(m_stops.size())) return;
    teach::LessonStop& s = m_stops[static_cast<std::size_t>(m_row)];
    s.step = m_step->value();
    s.view = static_cast<LessonView>(m_view->currentData().toInt());
    s.flip.reset();
    if (m_flipCheck->isChecked())
        s.flip = teach::LessonFlip{m_flipField->currentData().toString().toStdString(), m_flipBit->value()};
    s.title = m_stopTitle->text().trimmed().toStdString();
    s.note = m_note->toPlainText().toStdString();
    s.question.reset();
    s.answer.reset();
    if (!m_question->text().trimmed().isEmpty()) s.question = m_question->text().trimmed().toStdString();
    if (!m_answer->text().trimmed().isEmpty()) s.answer = m_answer->text().trimmed().toStdString();
    s.practice.reset();
    if (m_practice->isChecked())
        s.practice = teach::LessonPractice{static_cast<PracticePart>(m_part->currentData().toInt()),
                                           m_index->value(), m_hints->value(), m_reveal->isChecked()};
    // The list's line follows the stop.
    if (QListWidgetItem* item = m_list->item(m_row)) item->setText(stopLine(m_row, s));
}

void LessonEditor::showMessage(const QString& text, bool error) {
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    setErrorStyle(m_message, error);
}

} // namespace rs::gui
