#pragma once
// The status bar's permanent part: the explorer's inputs (valid, or the first error in the error colour),
// its step ("step 5 / 38", "no trace") and its algorithm, following the CipherSession.

#include <QObject>

class QLabel;
class QStatusBar;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class ExplorerStatus : public QObject {
    Q_OBJECT

  public:
    /** @brief Adds the three labels to `bar` and keeps them up to date. */
    ExplorerStatus(sessions::CipherSession* session, QStatusBar* bar);

    void update();

  private:
    sessions::CipherSession* m_session;
    QLabel* m_inputs = nullptr;
    QLabel* m_step = nullptr;
    QLabel* m_algorithm = nullptr;
};

} // namespace rs::gui
