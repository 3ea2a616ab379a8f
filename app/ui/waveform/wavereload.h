#pragma once
// Reload of the waveform page's dump (issue 32, "Reload"): when the file on view changes on disk (a
// simulation reruns), it is read again and shown with the same view: rows by name, cursors, markers, zoom,
// the clock and unit (WaveViewState's JSON, read against the new trace). A QFileSystemWatcher sees the
// change; a short quiet time lets a file written in several writes settle before it is read; a file
// replaced by a rename (a new inode) is watched again, through its folder. Reload (Ctrl+Shift+L) does it by
// hand. A file that vanished or no longer reads (a damaged or half-written file) is a banner (problem()), and
// the trace loaded before stays on view; the next change tries again.

#include <QObject>
#include <QString>

#include <optional>
#include <string>

class QAction;
class QFileSystemWatcher;
class QTimer;

namespace rs::hw {
class WaveformSession;
}

namespace rs::gui {

class WaveformPage;

class WaveReloader : public QObject {
    Q_OBJECT

  public:
    /** @brief Quiet time after the last change on disk before the file is read again. */
    static constexpr int kSettleMs = 300;

    /** @brief Watches the session's file; must be made after the page (its view is set up by then). */
    WaveReloader(hw::WaveformSession* session, WaveformPage* page);

    /** @brief Reload (Ctrl+R while the focus is in the page): enabled while a file is on view. */
    QAction* reloadAction() const { return m_action; }
    /** @brief Reads the file on view again, keeping the view; false (and problem()) when there is none, it
     *  vanished, or a load is running (retried after the quiet time). */
    bool reload();

  signals:
    /** @brief Why the file could not be reloaded; the trace loaded before stays on view. */
    void problem(const QString& message);
    void notice(const QString& message);

  private:
    void onStoreChanged();
    /** A change of the file itself, or of its folder (ofTheFile false: maybe another file's). */
    void onDiskChange(bool ofTheFile);
    void watch(const QString& path);

    hw::WaveformSession* m_session;
    WaveformPage* m_page;
    QAction* m_action = nullptr;
    QFileSystemWatcher* m_watcher = nullptr;
    QTimer* m_settle = nullptr;
    QString m_path;                        ///< the file on view ("" for a capture)
    std::optional<std::string> m_keptView; ///< the view while its file is read again (JSON)
    QString m_reloading;                   ///< the path being read again
    /** The file's modification time (ms) and size when last seen: a change of its folder that leaves them
     *  is another file's. */
    struct Stamp {
        qint64 modified = -1;
        qint64 size = -1;
        bool operator==(const Stamp&) const = default;
    };
    Stamp m_stamp;
};

} // namespace rs::gui
