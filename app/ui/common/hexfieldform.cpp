#include "app/ui/common/hexfieldform.h"

#include "app/ui/common/hexfieldedit.h"
#include "core/inputs/hexinputs.h"

#include <QVBoxLayout>

namespace rs::gui {

HexFieldForm::HexFieldForm(QWidget* parent) : QWidget(parent), m_layout(new QVBoxLayout(this)) {
    m_layout->setContentsMargins(0, 0, 0, 0);
}

void HexFieldForm::setFields(const std::vector<inputs::HexField>& fields) {
    qDeleteAll(m_edits);
    m_edits.clear();
    for (const inputs::HexField& f : fields) {
        const QString name = QString::fromStdString(f.name);
        auto* edit = new HexFieldEdit(name, QString::fromStdString(f.label), f.bytes, this);
        connect(edit, &HexFieldEdit::edited, this, &HexFieldForm::edited);
        connect(edit, &HexFieldEdit::randomRequested, this, &HexFieldForm::randomRequested);
        m_layout->addWidget(edit);
        edit->show(); // at once, not when the layout's queued show arrives
        m_edits.insert(name, edit);
    }
}

void HexFieldForm::showField(const QString& name, const QString& text, const QString& error) {
    if (HexFieldEdit* e = m_edits.value(name)) {
        e->setText(text);
        e->setError(error);
    }
}

void HexFieldForm::showInputs(const inputs::HexInputs& in) {
    for (const inputs::HexField& f : in.fields())
        showField(QString::fromStdString(f.name), QString::fromStdString(in.text(f.name)),
                  QString::fromStdString(in.error(f.name)));
}

} // namespace rs::gui
