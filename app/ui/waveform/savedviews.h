#pragma once
// Saved views of the waveform page: the view's state (core/waveform's WaveViewState: rows, radix, order,
// separators and comments, markers, cursors, zoom, the clock axis) as its JSON file (.rsview), and as
// GTKWave's save file (.gtkw, core/waveform/gtkw.h).
//
// - Save view… / Open view…: a .rsview anywhere.
// - Autosave: while a VCD/FST file is on view, its view is written beside it as `<dump>.rsview` (e.g.
//   `run.vcd.rsview`) a moment after each change, and at once when another trace is opened or the page
//   closes. Opening a file that has one offers it in a banner inside the page ("Restore view" /
//   "Dismiss", not a dialog); until the banner is answered the autosave is left alone. A damaged one is a
//   message in the page. A reload of the same file (WaveReloader) offers nothing. RS_WAVE_VIEW_AUTOSAVE=off
//   (or on) in the environment turns the autosave off (on); it is off by default on Qt's offscreen
//   platform (tests, screenshot runs), which must leave no file beside the repository's test dumps.
// - Import / Export .gtkw, and Open in GTKWave: a .gtkw of the shown rows, radix, markers and cursor
//   is written to the temp directory and passed on GTKWave's command line after the dump.

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>

class QAction;
class QLabel;
class QPushButton;
class QTimer;
class QWidget;

namespace rs::hw {
class WaveformSession;
}

namespace rs::gui {

class WaveformPage;
class WaveformView;

class SavedViews : public QObject {
    Q_OBJECT

  public:
    /** @brief Starts GTKWave: program and arguments; false when it did not start. */
    using Launcher = std::function<bool(const QString& program, const QStringList& arguments)>;

    SavedViews(hw::WaveformSession* session, WaveformPage* page, WaveformView* view);
    ~SavedViews() override;

    /** @brief The autosave of a dump: `<dump>.rsview`. */
    static QString autosavePath(const QString& dump);

    QAction* saveAction() const { return m_save; }
    QAction* openAction() const { return m_open; }
    QAction* importGtkwAction() const { return m_importGtkw; }
    QAction* exportGtkwAction() const { return m_exportGtkw; }
    QList<QAction*> actions() const { return {m_save, m_open, m_importGtkw, m_exportGtkw}; }
    /** @brief The offer of a saved view (hidden when none). */
    QWidget* banner() const { return m_banner; }
    QLabel* bannerLabel() const { return m_bannerText; }
    QPushButton* restoreButton() const { return m_restore; }
    QPushButton* dismissButton() const { return m_dismiss; }

    /** @brief Writes the view's .rsview; false with a message (problem()) when it cannot. */
    bool saveView(const QString& path);
    /** @brief Shows a .rsview of the trace on view; a bad file is a message. */
    bool openView(const QString& path);
    bool exportGtkw(const QString& path);
    bool importGtkw(const QString& path);
    /** @brief Writes a .gtkw of the view beside a temporary copy or the dump and starts GTKWave on both. */
    bool openInGtkwave();
    /** @brief The .gtkw the last openInGtkwave() wrote. */
    QString lastGtkwaveSaveFile() const { return m_lastGtkw; }
    /** @brief Replaces how GTKWave is started (tests). */
    void setLauncher(Launcher launcher) { m_launcher = std::move(launcher); }
    /** @brief Writes a pending autosave now. */
    void flushAutosave();
    /** @brief Called by the page after it showed a new trace: offers its autosave. */
    void traceShown();

  signals:
    void problem(const QString& message);
    void notice(const QString& message);

  private:
    void onViewChanged();
    void traceChanging();
    void offer(const QString& path);

    hw::WaveformSession* m_session;
    WaveformPage* m_page;
    WaveformView* m_view;
    QAction* m_save = nullptr;
    QAction* m_open = nullptr;
    QAction* m_importGtkw = nullptr;
    QAction* m_exportGtkw = nullptr;
    QWidget* m_banner = nullptr;
    QLabel* m_bannerText = nullptr;
    QPushButton* m_restore = nullptr;
    QPushButton* m_dismiss = nullptr;
    QTimer* m_timer = nullptr;
    Launcher m_launcher;
    QString m_lastGtkw;
    QString m_dump;          ///< the file on view (autosaved), "" for a capture
    QString m_offered;       ///< the autosave offered in the banner
    std::string m_pending;   ///< the view's JSON not yet written
    bool m_tracking = false; ///< view changes are autosaved
};

} // namespace rs::gui
