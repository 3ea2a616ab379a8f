#pragma once
// Two dumps in one view: "Compare with dump…" loads a second file (WaveformSession::compareWithFile, on the
// worker with the page's progress and cancel), aligned by time or by a chosen signal's first event, and the
// view then shows, per differing pair, A's row, B's row and the diff row (1 while they differ). The panel
// lists every pair: where it first differs, in how many intervals and over how many ticks, with A's and
// B's values there; choosing one shows its rows and puts cursor A on its first difference.

#include <QWidget>

class QAction;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace rs::hw {
class WaveformSession;
}

namespace rs::gui {

class WaveformView;

class ComparePanel : public QWidget {
    Q_OBJECT

  public:
    /** @brief At most this many differing pairs get their rows when a comparison is shown. */
    static constexpr int kPairsShown = 6;

    ComparePanel(hw::WaveformSession* session, WaveformView* view, QWidget* parent = nullptr);

    /** @brief Compares the trace on view with the file, aligned by the signal typed in alignEdit() (empty:
     *  by time); false (nothing starts) while a load runs or with no trace on view. */
    bool compareWith(const QString& path);
    /** @brief Asks for the file, then compareWith(). */
    void chooseAndCompare();
    /** @brief Shows pair `index`'s rows (A, B, diff) and puts cursor A on its first difference. */
    void showPair(int index);

    /** @brief "Compare dumps" (checkable): shows or hides the panel; it is hidden until asked for, and shown
     *  while a comparison is on view. */
    QAction* toggleAction() const { return m_toggle; }
    QLineEdit* alignEdit() const { return m_align; }
    QPushButton* compareButton() const { return m_compare; }
    /** @brief One row per pair: signal, first difference, intervals, ticks, A and B there. */
    QTableWidget* table() const { return m_table; }
    /** @brief "B: file · N of M pairs differ · only in A: …"; what is compared, or how to start. */
    QLabel* summaryLabel() const { return m_summary; }

  private:
    void onStoreChanged();

    hw::WaveformSession* m_session;
    WaveformView* m_view;
    QAction* m_toggle = nullptr;
    QLineEdit* m_align = nullptr;
    QPushButton* m_compare = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_summary = nullptr;
};

} // namespace rs::gui
