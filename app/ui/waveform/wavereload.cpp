#include "app/ui/waveform/wavereload.h"

#include "app/ui/waveform/viewstateedit.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QStringList>
#include <QTimer>

#include <vector>

#include "core/waveform/viewstate.h"

namespace rs::gui {

using hw::WaveformSession;

WaveReloader::WaveReloader(WaveformSession* session, WaveformPage* page)
    : QObject(page), m_session(session), m_page(page) {
    m_action = new QAction(tr("Reload"), this);
    m_action->setObjectName(QStringLiteral("waveReload"));
    m_action->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_action->setToolTip(
        tr("Read the file again, keeping rows, cursors, markers and zoom (Ctrl+Shift+L); done by "
           "itself when the file changes on disk"));
    m_page->addAction(m_action);
    connect(m_action, &QAction::triggered, this, &WaveReloader::reload);
    m_watcher = new QFileSystemWatcher(this);
    m_settle = new QTimer(this);
    m_settle->setSingleShot(true);
    m_settle->setInterval(kSettleMs);
    connect(m_settle, &QTimer::timeout, this, &WaveReloader::reload);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, [this] { onDiskChange(true); });
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] { onDiskChange(false); });
    connect(m_session, &WaveformSession::storeChanged, this, &WaveReloader::onStoreChanged);
    connect(m_session, &WaveformSession::loadFailed, this, [this](const QString& why) {
        if (m_reloading.isEmpty()) return; // a file opened by hand: the page says why
        emit problem(tr("Could not reload %1: %2. Still showing the trace loaded before; it is read again "
                        "when the file changes (or Ctrl+Shift+L).")
                         .arg(m_reloading, why));
        m_reloading.clear();
        m_keptView.reset();
    });
    connect(m_session, &WaveformSession::loadCancelled, this, [this] {
        m_reloading.clear();
        m_keptView.reset();
    });
    onStoreChanged();
}

void WaveReloader::watch(const QString& path) {
    if (const QStringList old = m_watcher->files() + m_watcher->directories(); !old.isEmpty())
        m_watcher->removePaths(old);
    m_path = path;
    m_stamp = {};
    if (path.isEmpty()) return;
    const QFileInfo info(path);
    m_stamp = {info.lastModified().toMSecsSinceEpoch(), info.size()};
    m_watcher->addPath(path);
    // The folder too: a file replaced by a rename is a new file, which the watch on the old one misses.
    m_watcher->addPath(info.absolutePath());
}

void WaveReloader::onStoreChanged() {
    const QString path = m_session->filePath();
    if (m_keptView && !path.isEmpty() && path == m_reloading) {
        WaveformView& view = *m_page->view();
        std::vector<std::string> dropped;
        try {
            view.setState(waveform::WaveViewState::fromJson(*m_keptView, *m_session->store(), &dropped));
            syncPageBoxes(*m_page); // the page's boxes follow the restored clock, unit, frequency
            QString note = tr("Reloaded %1").arg(path);
            if (!dropped.empty()) {
                QStringList names;
                for (const auto& d : dropped)
                    names << QString::fromStdString(d);
                note += tr(" (no longer in it: %1)").arg(names.join(QStringLiteral(", ")));
            }
            emit notice(note);
        } catch (const waveform::ViewStateError& e) {
            // Our own JSON of a moment ago: cannot happen short of a bug; the page's default view stays.
            emit problem(
                tr("Reloaded %1, but its view could not be kept: %2").arg(path, QString::fromUtf8(e.what())));
        }
    }
    m_keptView.reset();
    m_reloading.clear();
    watch(path);
    m_action->setEnabled(!path.isEmpty());
}

void WaveReloader::onDiskChange(bool ofTheFile) {
    if (m_path.isEmpty()) return;
    const QFileInfo info(m_path);
    if (info.exists() && !m_watcher->files().contains(m_path)) m_watcher->addPath(m_path); // replaced
    // The folder changes for other files too: only a change of this file (or its loss) counts.
    const Stamp now = info.exists() ? Stamp{info.lastModified().toMSecsSinceEpoch(), info.size()} : Stamp{};
    if (!ofTheFile && info.exists() && now == m_stamp) return;
    m_stamp = now;
    m_settle->start(); // a file written in several writes is read once it has been quiet a while
}

bool WaveReloader::reload() {
    m_settle->stop();
    if (m_path.isEmpty()) {
        emit problem(tr("Nothing to reload: the trace on view is not a file"));
        return false;
    }
    if (!QFileInfo::exists(m_path)) {
        emit problem(
            tr("%1 is gone from disk (removed or renamed). Still showing the trace loaded before; it "
               "is read again when the file comes back.")
                .arg(m_path));
        return false;
    }
    if (m_session->isLoading()) {
        m_settle->start(); // after the load that runs now
        return false;
    }
    m_keptView = m_page->view()->state().toJson();
    m_reloading = m_path;
    if (!m_session->loadFile(m_path)) {
        m_keptView.reset();
        m_reloading.clear();
        return false;
    }
    return true;
}

} // namespace rs::gui
