#include "app/ui/explorer/stepexportdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace rs::gui {

namespace {
enum Kind { PngFolder, Pdf, Gif };
}

StepExportDialog::StepExportDialog(int steps, int current, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Export steps"));
    auto* form = new QFormLayout(this);
    m_from = new QSpinBox(this);
    m_to = new QSpinBox(this);
    for (QSpinBox* b : {m_from, m_to})
        b->setRange(1, std::max(1, steps));
    m_from->setValue(current + 1);
    m_to->setValue(steps);
    // The range stays a range: moving one end past the other drags it along.
    connect(m_from, &QSpinBox::valueChanged, this,
            [this](int v) { m_to->setValue(std::max(v, m_to->value())); });
    connect(m_to, &QSpinBox::valueChanged, this,
            [this](int v) { m_from->setValue(std::min(v, m_from->value())); });
    form->addRow(tr("From step"), m_from);
    form->addRow(tr("To step"), m_to);
    m_kind = new QComboBox(this);
    // The engine refuses a folder holding other things (teach::sequenceFolderProblem): say so up front.
    m_kind->addItem(tr("PNG files in a new or empty folder (step-001.png …)"));
    m_kind->addItem(tr("PDF handout (A4, two or three steps a page)"));
    m_kind->addItem(tr("Animated GIF"));
    form->addRow(tr("As"), m_kind);
    auto* row = new QHBoxLayout;
    m_target = new QLineEdit(this);
    m_target->setObjectName(QStringLiteral("exportTarget"));
    auto* browse = new QPushButton(tr("Browse…"), this);
    row->addWidget(m_target, 1);
    row->addWidget(browse);
    form->addRow(tr("To"), row);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    form->addRow(buttons);
    connect(browse, &QPushButton::clicked, this, &StepExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] { m_target->clear(); });
}

int StepExportDialog::from() const {
    return m_from->value() - 1;
}

int StepExportDialog::to() const {
    return m_to->value() - 1;
}

QString StepExportDialog::target() const {
    return m_target->text();
}

void StepExportDialog::browse() {
    QString path;
    switch (m_kind->currentIndex()) {
    case PngFolder:
        path = QFileDialog::getExistingDirectory(this, tr("A new or empty folder for the PNG files"),
                                                 QDir::homePath());
        break;
    case Pdf:
        path = QFileDialog::getSaveFileName(this, tr("PDF handout"), QStringLiteral("steps.pdf"),
                                            tr("PDF (*.pdf)"));
        break;
    case Gif:
        path = QFileDialog::getSaveFileName(this, tr("Animated GIF"), QStringLiteral("steps.gif"),
                                            tr("GIF (*.gif)"));
        break;
    }
    if (!path.isEmpty()) m_target->setText(path);
}

} // namespace rs::gui
