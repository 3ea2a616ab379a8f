#pragma once
// The Round Explorer's inputs: algorithm and round count, one validated hex field per input, random
// fill, the spec example, and the run's output. Every edit goes to the CipherSession.

#include <QWidget>

class QComboBox;
class QLabel;
class QSpinBox;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class HexFieldEdit;
class HexFieldForm;

class InputPanel : public QWidget {
    Q_OBJECT

  public:
    explicit InputPanel(sessions::CipherSession* session, QWidget* parent = nullptr);

    /** @brief The editor of a field of the current algorithm, or nullptr. */
    HexFieldEdit* field(const QString& name) const;
    QComboBox* algorithmBox() const { return m_algorithm; }
    QSpinBox* roundsBox() const { return m_rounds; }
    /** @brief The "not run" banner (visible while an input is invalid). */
    QLabel* statusLabel() const { return m_status; }

  public slots:
    /** @brief Random bytes in every field. */
    void randomizeAll();

  private:
    void rebuildFields();
    void updateRounds();
    void updateOutput();
    void updateStatus();

    sessions::CipherSession* m_session;
    QComboBox* m_algorithm = nullptr;
    QSpinBox* m_rounds = nullptr;
    QLabel* m_roundsNote = nullptr;
    HexFieldForm* m_form = nullptr;
    QLabel* m_status = nullptr;
    QLabel* m_output = nullptr;
};

} // namespace rs::gui
