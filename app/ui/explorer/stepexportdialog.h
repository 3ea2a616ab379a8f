#pragma once
// The "Export steps…" dialog: the range of steps (from / to, 1-based as the page shows them), the kind
// (PNG folder: a new or empty one, or an earlier export's; PDF handout, two or three steps an A4 page;
// animated GIF) and the target, chosen with a file or folder dialog. The page runs the export behind a
// progress dialog with Cancel (explorerteaching.cpp), fed by the engine's progress callback after every step.

#include <QDialog>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace rs::gui {

class StepExportDialog : public QDialog {
    Q_OBJECT

  public:
    /** @brief steps: the trace's step count; current: the 0-based current step. */
    StepExportDialog(int steps, int current, QWidget* parent = nullptr);

    int from() const; ///< 0-based
    int to() const;   ///< 0-based, inclusive
    QString target() const;
    QSpinBox* fromBox() const { return m_from; }
    QSpinBox* toBox() const { return m_to; }
    QLineEdit* targetEdit() const { return m_target; }

  private:
    void browse();

    QSpinBox* m_from = nullptr;
    QSpinBox* m_to = nullptr;
    QComboBox* m_kind = nullptr;
    QLineEdit* m_target = nullptr;
};

} // namespace rs::gui
