#pragma once
// How the Round Explorer draws the state, as a value with its actions: the view mode (value, the bits this
// step changed, the bits that differ from the twin run: Ctrl+1/2/3), hex cells or bits (Ctrl+H), the
// "where bits move" overlay, and the run's sub-steps (View menu only). The bar ("Show: …" and the state's
// geometry title) holds the tool buttons; the state layout shown limits the choices (the ML-DSA polynomial:
// hex cells only, no bit moves). The page applies the values to its StateView and redraws on the signals.

#include <QWidget>

#include "app/ui/explorer/stateview.h"

class QAction;
class QActionGroup;
class QLabel;
class QSettings;

namespace rs::sessions {
class CipherSession;
}

namespace rs::gui {

class ViewModeBar : public QWidget {
    Q_OBJECT

  public:
    using Mode = StateView::Mode;

    /** @brief The sub-steps action switches the session's. */
    explicit ViewModeBar(sessions::CipherSession* session, QWidget* parent = nullptr);

    Mode mode() const { return m_mode; }
    /** @brief Shows the state in this mode (its action checked); modeChanged when it changes. */
    void setMode(Mode mode);
    QAction* modeAction(Mode mode) const;
    /** @brief Checked: hex cells, unchecked: bits (cellFormatChanged follows it). */
    QAction* hexAction() const { return m_hex; }
    StateView::CellFormat cellFormat() const;
    /** @brief The hex choice the user made (kept while the polynomial forces hex cells). */
    bool hexChoice() const;
    /** @brief Checkable "Show where bits move" (SKINNY ShiftRows, Ascon p_L, LEA rotations). */
    QAction* showMovesAction() const { return m_showMoves; }
    /** @brief True when the overlay is asked for and the layout has one. */
    bool showsMoves() const;
    /** @brief Checkable, object name "substeps": LEA's and the ML-DSA transforms' sub-steps. */
    QAction* substepsAction() const { return m_substeps; }
    /** @brief The mode, cell and overlay actions, in the View menu's order. */
    QList<QAction*> actions() const;
    /** @brief What the shown layout allows: the ML-DSA polynomial forces hex cells and has no "where bits
     *  move" (both actions disabled with the reason in their tooltips); another layout gives them back. */
    void applyLayoutLimits(bool polynomial);
    /** @brief The state geometry's title at the bar's right ("" with no state). */
    void setGeometryTitle(const QString& title);
    /** @brief Writes "mode" (value / changed / twin) and "hex" (the user's choice) in the settings' group. */
    void saveSettings(QSettings& settings) const;
    /** @brief Reads what saveSettings wrote. */
    void restoreSettings(QSettings& settings);

  signals:
    void modeChanged(StateView::Mode mode);
    void cellFormatChanged(StateView::CellFormat format);
    /** @brief "Where bits move" was switched. */
    void showMovesToggled(bool on);

  private:
    static QString movesTip();

    sessions::CipherSession* m_session;
    Mode m_mode = Mode::Value;
    QActionGroup* m_modes = nullptr;
    QAction* m_hex = nullptr;
    bool m_hexBefore = false; ///< the hex choice to restore after the ML-DSA polynomial
    QAction* m_showMoves = nullptr;
    QAction* m_substeps = nullptr;
    QLabel* m_geometryTitle = nullptr;
};

} // namespace rs::gui
