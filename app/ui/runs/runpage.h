#pragma once
// The skeleton of the pages that run work and show what it gave (CUDA, RISC-V, Board): a status line
// (in the error colour when it reports a failure), a row of labelled controls ending in Run and Cancel,
// the results below it (side by side in a splitter), Ctrl+Return to run while the focus is in the page,
// and Run / Cancel following whether work runs. A page fills in its controls and results and run().

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QLayout;
class QPushButton;
class QTableWidget;

namespace rs::gui {

class RunPage : public QWidget {
    Q_OBJECT

  public:
    QLabel* statusLabel() const { return m_status; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }

  public slots:
    /** @brief Starts the page's work (Run, Ctrl+Return). */
    virtual void run() = 0;

  protected:
    /** @brief runText: the Run button's text, also the Ctrl+Return action's; runTip: its tooltip. */
    RunPage(const QString& objectName, const QString& runText, const QString& runTip, QWidget* parent);

    /** @brief Shows a line in the status label, in the error colour when `error`. */
    void setStatus(const QString& text, bool error = false);
    /** @brief Adds a control to the controls row, after its label when there is one. */
    void addControl(const QString& label, QWidget* control, int stretch = 0);
    /** @brief Lays out the status line, the controls row (then Run, Cancel and `extraButtons`), and the
     *  results: `left` and `right` side by side in a splitter taking the rest of the height. */
    void layOut(QWidget* left, QWidget* right, const QList<QPushButton*>& extraButtons = {});
    /** @brief Run disabled and Cancel enabled while work runs. */
    void setRunning(bool running);
    /** @brief Whether the page can run at all (a missing device, say): when not, Run (and Ctrl+Return)
     *  stay off whatever else happens, and Run's tooltip says `why`. */
    void setRunnable(bool runnable, const QString& why = {});
    /** @brief A table of results: read-only, sortable, no row numbers, the last column stretched. */
    QTableWidget* makeResultTable(const QStringList& headers);
    /** @brief A widget holding a row of controls above `content` (a chart and what it plots). */
    QWidget* withRow(QLayout* row, QWidget* content);

  private:
    QLabel* m_status = nullptr;
    QHBoxLayout* m_controls = nullptr;
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QString m_runTip;
    bool m_running = false;
    bool m_runnable = true;
    void updateRun();
};

} // namespace rs::gui
