#pragma once
// A column of hex fields (HexFieldEdit) for a list of core/inputs fields: the editors every page that
// takes hex shows (the Round Explorer, the Ascon IP, the LEA / SKINNY core). The form holds no texts of
// its own: the page's model (a facade, or a HexInputs) does, and the form shows them.

#include <QHash>
#include <QWidget>

#include <vector>

#include "core/inputs/hexfield.h"

class QVBoxLayout;

namespace rs::inputs {
class HexInputs;
}

namespace rs::gui {

class HexFieldEdit;

class HexFieldForm : public QWidget {
    Q_OBJECT

  public:
    explicit HexFieldForm(QWidget* parent = nullptr);

    /** @brief Replaces the editors by one per field, in order. */
    void setFields(const std::vector<inputs::HexField>& fields);
    /** @brief The editor of a field, or nullptr. */
    HexFieldEdit* field(const QString& name) const { return m_edits.value(name); }
    /** @brief Shows one field's text (without emitting edited) and error. */
    void showField(const QString& name, const QString& text, const QString& error);
    /** @brief Shows every field of the model. */
    void showInputs(const inputs::HexInputs& inputs);

  signals:
    /** @brief The user typed or pasted into a field. */
    void edited(const QString& name, const QString& text);
    /** @brief The user asked for random bytes in a field. */
    void randomRequested(const QString& name);

  private:
    QVBoxLayout* m_layout = nullptr;
    QHash<QString, HexFieldEdit*> m_edits;
};

} // namespace rs::gui
