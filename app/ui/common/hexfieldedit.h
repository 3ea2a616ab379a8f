#pragma once
// One hex input: its label and expected length, a monospace line edit that is outlined in red while
// its text is invalid, a random-fill button and the message that says why the text is invalid.

#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace rs::gui {

class HexFieldEdit : public QWidget {
    Q_OBJECT

  public:
    /** @brief bytes < 0 means any length. */
    HexFieldEdit(const QString& name, const QString& label, int bytes, QWidget* parent = nullptr);

    /** @brief The field name ("key", "pt", ...). */
    QString name() const { return m_name; }
    /** @brief Replaces the text without emitting edited(). */
    void setText(const QString& text);
    QString text() const;
    /** @brief Shows the message and the red outline; an empty message clears both. */
    void setError(const QString& message);
    QString error() const { return m_errorText; }
    /** @brief The message label (tests check its text and visibility). */
    QLabel* errorLabel() const { return m_error; }
    QLineEdit* lineEdit() const { return m_edit; }
    QToolButton* randomButton() const { return m_random; }

  signals:
    /** @brief The user typed or pasted. */
    void edited(const QString& name, const QString& text);
    /** @brief The user asked for random bytes. */
    void randomRequested(const QString& name);

  protected:
    void changeEvent(QEvent* event) override;

  private:
    void applyStyle();

    QString m_name;
    QString m_errorText;
    QLabel* m_label = nullptr;
    QLineEdit* m_edit = nullptr;
    QToolButton* m_random = nullptr;
    QLabel* m_error = nullptr;
};

} // namespace rs::gui
