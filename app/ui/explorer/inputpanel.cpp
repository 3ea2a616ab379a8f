#include "app/ui/explorer/inputpanel.h"

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/common/hexfieldform.h"
#include "app/ui/common/pagehelpers.h"
#include "core/sessions/ciphersession.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CipherSession;
using sessions::ExplorerKind;

InputPanel::InputPanel(CipherSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    auto* top = new QVBoxLayout(this);
    top->setContentsMargins(6, 6, 6, 6);

    auto* form = new QFormLayout;
    m_algorithm = new QComboBox(this);
    m_algorithm->setObjectName(QStringLiteral("algorithm"));
    QString family;
    for (const auto& a : sessions::explorerAlgorithms()) {
        const QString f = QString::fromStdString(a.id).section(QLatin1Char('-'), 0, 0);
        if (!family.isEmpty() && f != family) m_algorithm->insertSeparator(m_algorithm->count());
        family = f;
        m_algorithm->addItem(QString::fromStdString(a.displayName), QString::fromStdString(a.id));
    }
    m_algorithm->setToolTip(tr("Cipher or permutation to trace"));
    form->addRow(tr("&Algorithm"), m_algorithm);

    auto* roundsRow = new QHBoxLayout;
    m_rounds = new QSpinBox(this);
    m_rounds->setObjectName(QStringLiteral("rounds"));
    m_rounds->setToolTip(tr("Round-reduced variants: any count from 1 to the standard"));
    m_roundsNote = new QLabel(this);
    roundsRow->addWidget(m_rounds);
    roundsRow->addWidget(m_roundsNote, 1);
    auto* roundsLabel = new QLabel(tr("&Rounds"), this);
    roundsLabel->setBuddy(m_rounds);
    form->addRow(roundsLabel, roundsRow);
    top->addLayout(form);

    m_form = new HexFieldForm(this);
    top->addWidget(m_form);

    auto* buttons = new QHBoxLayout;
    auto* random = addButton(buttons, tr("Random &inputs"), tr("Random bytes in every field (Ctrl+R)"), this);
    auto* example =
        addButton(buttons, tr("Spec &example"), tr("Restore the example inputs of the specification"), this);
    buttons->addStretch();
    top->addLayout(buttons);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("runStatus"));
    m_status->setWordWrap(true);
    m_status->setVisible(false);
    top->addWidget(m_status);

    m_output = new QLabel(this);
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    top->addWidget(m_output);
    top->addStretch();

    connect(m_algorithm, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_session->setAlgorithm(m_algorithm->itemData(i).toString()); });
    connect(m_rounds, &QSpinBox::valueChanged, m_session, &CipherSession::setRounds);
    connect(random, &QPushButton::clicked, this, &InputPanel::randomizeAll);
    connect(example, &QPushButton::clicked, m_session, &CipherSession::resetInputs);
    connect(m_form, &HexFieldForm::edited, m_session, &CipherSession::setInput);
    connect(m_form, &HexFieldForm::randomRequested, m_session, &CipherSession::randomizeInput);

    connect(m_session, &CipherSession::algorithmChanged, this, &InputPanel::rebuildFields);
    connect(m_session, &CipherSession::roundsChanged, this, &InputPanel::updateRounds);
    connect(m_session, &CipherSession::traceChanged, this, &InputPanel::updateOutput);
    connect(m_session, &CipherSession::inputValidityChanged, this,
            [this](const QString& name, const QString& e) {
                if (HexFieldEdit* f = field(name)) f->setError(e);
                updateStatus();
            });
    connect(m_session, &CipherSession::inputTextChanged, this, [this](const QString& name, const QString& t) {
        if (HexFieldEdit* f = field(name)) f->setText(t);
    });
    rebuildFields();
}

void InputPanel::rebuildFields() {
    const auto& alg = m_session->algorithm();
    const int index = m_algorithm->findData(QString::fromStdString(alg.id));
    if (index != m_algorithm->currentIndex()) {
        const QSignalBlocker block(m_algorithm);
        m_algorithm->setCurrentIndex(index);
    }
    m_form->setFields(alg.hexFields());
    for (const auto& f : alg.fields) {
        const QString name = QString::fromStdString(f.name);
        m_form->showField(name, m_session->inputText(name), m_session->inputError(name));
    }
    updateRounds();
    updateOutput();
    updateStatus();
}

void InputPanel::updateRounds() {
    const auto& alg = m_session->algorithm();
    const QSignalBlocker block(m_rounds);
    if (alg.maxRounds == 0) {
        m_rounds->setRange(0, 0);
        m_rounds->setSpecialValueText(tr("—"));
        m_rounds->setEnabled(false);
        m_roundsNote->setText(tr("fixed: %1").arg(QString::fromStdString(alg.fixedRounds)));
        return;
    }
    m_rounds->setEnabled(true);
    m_rounds->setSpecialValueText(QString());
    m_rounds->setRange(1, alg.maxRounds);
    m_rounds->setValue(m_session->rounds());
    m_roundsNote->setText(tr("of %1 (standard)").arg(alg.maxRounds));
}

void InputPanel::updateOutput() {
    if (!m_session->hasTrace()) {
        m_output->clear();
        return;
    }
    const auto wrap = [](const QString& hex) {
        QString out;
        for (int i = 0; i < hex.size(); i += 32)
            out += (i ? QStringLiteral("<br>") : QString()) + hex.mid(i, 32);
        return QStringLiteral("<tt>%1</tt>").arg(out.isEmpty() ? QStringLiteral("(empty)") : out);
    };
    QString html;
    switch (m_session->algorithm().kind) {
    case ExplorerKind::Permutation:
        html = tr("<b>Permuted state</b><br>%1").arg(wrap(m_session->outputHex()));
        break;
    case ExplorerKind::Block:
        html = tr("<b>Ciphertext</b><br>%1").arg(wrap(m_session->outputHex()));
        break;
    case ExplorerKind::Aead:
        html = tr("<b>Ciphertext</b><br>%1<br><b>Tag</b><br>%2")
                   .arg(wrap(m_session->outputHex()), wrap(m_session->tagHex()));
        break;
    case ExplorerKind::Transform:
    case ExplorerKind::Process:
        html =
            tr("<b>%1</b> (%2)<br>%3")
                .arg(QString::fromStdString(m_session->algorithm().outputTitle),
                     QString::fromStdString(m_session->algorithm().outputNote), wrap(m_session->outputHex()));
        break;
    }
    m_output->setText(html);
}

void InputPanel::updateStatus() {
    const QString e = m_session->firstInputError();
    m_status->setVisible(!e.isEmpty());
    if (e.isEmpty()) return;
    m_status->setText(tr("<b>Not run:</b> %1. The view keeps the last valid run.").arg(e.toHtmlEscaped()));
    setErrorStyle(m_status, true);
}

HexFieldEdit* InputPanel::field(const QString& name) const {
    return m_form->field(name);
}

void InputPanel::randomizeAll() {
    for (const auto& f : m_session->algorithm().fields)
        m_session->randomizeInput(QString::fromStdString(f.name));
}

} // namespace rs::gui
