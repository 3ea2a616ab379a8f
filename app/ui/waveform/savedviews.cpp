#include "app/ui/waveform/savedviews.h"

#include "app/ui/waveform/viewstateedit.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTemporaryFile>
#include <QTimer>

#include <exception>

#include "core/fileio/safefile.h"
#include "core/waveform/captureclock.h"
#include "core/waveform/gtkw.h"

namespace rs::gui {

namespace {

constexpr std::uint64_t kMaxViewBytes = 16u << 20; // a saved view or .gtkw: rows and markers, never this big
constexpr int kAutosaveDelayMs = 800;

std::string local(const QString& path) {
    return QFile::encodeName(path).toStdString();
}

QString joined(const std::vector<std::string>& notes) {
    QStringList list;
    for (const std::string& n : notes)
        list << QString::fromStdString(n);
    return list.join(QStringLiteral("; "));
}

// RS_WAVE_VIEW_AUTOSAVE=on / off; otherwise on, except on the offscreen platform (tests and screenshot runs,
// which open the repository's own test files and must leave no file beside them).
bool autosaveOn() {
    const QString env = qEnvironmentVariable("RS_WAVE_VIEW_AUTOSAVE");
    if (env == QLatin1String("on")) return true;
    if (env == QLatin1String("off")) return false;
    return QGuiApplication::platformName() != QLatin1String("offscreen");
}

} // namespace

SavedViews::SavedViews(hw::WaveformSession* session, WaveformPage* page, WaveformView* view)
    : QObject(page), m_session(session), m_page(page), m_view(view) {
    m_save = new QAction(tr("Save view…"), this);
    m_save->setToolTip(
        tr("Save the rows, radix, markers, cursors, zoom and clock axis as a view file (.rsview)"));
    connect(m_save, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(m_page, tr("Save the view"), QStringLiteral("view.rsview"),
                                         tr("RoundScope views (*.rsview);;All files (*)"));
        if (!path.isEmpty()) saveView(path);
    });
    m_open = new QAction(tr("Open view…"), this);
    m_open->setToolTip(tr("Show a saved view (.rsview) of this trace: its signals are found by name"));
    connect(m_open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_page, tr("Open a view"), QString(),
                                                          tr("RoundScope views (*.rsview);;All files (*)"));
        if (!path.isEmpty()) openView(path);
    });
    m_importGtkw = new QAction(tr("Import .gtkw…"), this);
    m_importGtkw->setToolTip(tr("Show the signals, formats and markers of a GTKWave save file"));
    connect(m_importGtkw, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getOpenFileName(m_page, tr("Import a GTKWave save file"), QString(),
                                         tr("GTKWave save files (*.gtkw *.sav);;All files (*)"));
        if (!path.isEmpty()) importGtkw(path);
    });
    m_exportGtkw = new QAction(tr("Export .gtkw…"), this);
    m_exportGtkw->setToolTip(tr("Write the shown signals, formats and markers as a GTKWave save file"));
    connect(m_exportGtkw, &QAction::triggered, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(m_page, tr("Export a GTKWave save file"),
                                         QStringLiteral("view.gtkw"), tr("GTKWave save files (*.gtkw)"));
        if (!path.isEmpty()) exportGtkw(path);
    });

    m_banner = new QWidget(page);
    m_banner->setObjectName(QStringLiteral("waveViewOffer"));
    m_bannerText = new QLabel(m_banner);
    m_bannerText->setWordWrap(true);
    m_restore = new QPushButton(tr("Restore view"), m_banner);
    m_dismiss = new QPushButton(tr("Dismiss"), m_banner);
    auto* row = new QHBoxLayout(m_banner);
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(m_bannerText, 1);
    row->addWidget(m_restore);
    row->addWidget(m_dismiss);
    m_banner->hide();
    connect(m_restore, &QPushButton::clicked, this, [this] {
        const QString path = m_offered;
        m_offered.clear();
        m_banner->hide();
        m_tracking = true;
        openView(path);
    });
    connect(m_dismiss, &QPushButton::clicked, this, [this] {
        m_offered.clear();
        m_banner->hide();
        m_tracking = true; // the next change is saved over the one offered
    });

    m_timer = new QTimer(this);
    m_timer->setSingleShot(true);
    m_timer->setInterval(kAutosaveDelayMs);
    connect(m_timer, &QTimer::timeout, this, &SavedViews::flushAutosave);
    for (auto sig : {&WaveformView::rowsChanged, &WaveformView::viewChanged, &WaveformView::cursorsChanged})
        connect(m_view, sig, this, &SavedViews::onViewChanged);
    // Made before the page connects its own slot: the old trace's view is saved before the new one shows.
    connect(m_session, &hw::WaveformSession::storeChanged, this, &SavedViews::traceChanging);
    m_launcher = [](const QString& program, const QStringList& arguments) {
        return QProcess::startDetached(program, arguments);
    };
}

SavedViews::~SavedViews() {
    flushAutosave();
}

QString SavedViews::autosavePath(const QString& dump) {
    return dump + QStringLiteral(".rsview");
}

void SavedViews::onViewChanged() {
    if (!m_tracking || m_dump.isEmpty() || !autosaveOn()) return;
    m_pending = m_view->state().toJson();
    m_timer->start();
}

void SavedViews::flushAutosave() {
    m_timer->stop();
    if (m_pending.empty() || m_dump.isEmpty()) return;
    const std::string json = std::move(m_pending);
    m_pending.clear();
    try {
        fileio::writeFileAtomic(local(autosavePath(m_dump)), json);
    } catch (const std::exception& e) {
        // A read-only folder: the view is not kept, which the user may want to know once.
        emit notice(tr("The view was not saved beside the file: %1").arg(QString::fromUtf8(e.what())));
    }
}

void SavedViews::traceChanging() {
    flushAutosave();
    m_tracking = false; // the page fills in the new trace's first rows: not the user's view
}

void SavedViews::traceShown() {
    const QString previous = m_dump;
    m_dump = m_session->filePath();
    m_pending.clear();
    m_offered.clear();
    m_banner->hide();
    const bool loaded = m_session->store() && m_session->store()->signalCount() > 0;
    for (QAction* a : actions())
        a->setEnabled(loaded || a == m_open || a == m_importGtkw);
    const QString saved = m_dump.isEmpty() ? QString() : autosavePath(m_dump);
    // A reload of the same file keeps its view (WaveReloader): nothing to offer.
    if (!saved.isEmpty() && m_dump != previous && autosaveOn() && QFileInfo(saved).isFile()) {
        offer(saved);
        return;
    }
    m_tracking = true;
}

void SavedViews::offer(const QString& path) {
    m_offered = path;
    m_bannerText->setText(
        tr("A saved view of this file from %1 exists (%2).")
            .arg(QFileInfo(path).lastModified().toString(Qt::ISODate), QDir::toNativeSeparators(path)));
    m_banner->show();
    m_tracking = false; // answered first: a change before that must not overwrite it
}

bool SavedViews::saveView(const QString& path) {
    try {
        fileio::writeFileAtomic(local(path), m_view->state().toJson());
    } catch (const std::exception& e) {
        emit problem(tr("Could not save the view to %1: %2").arg(path, QString::fromUtf8(e.what())));
        return false;
    }
    emit notice(tr("View saved to %1").arg(path));
    return true;
}

bool SavedViews::openView(const QString& path) {
    std::vector<std::string> dropped;
    try {
        const std::string json = fileio::readFileBounded(local(path), kMaxViewBytes, "saved view");
        m_view->setState(waveform::WaveViewState::fromJson(json, m_view->store(), &dropped));
    } catch (const std::exception& e) {
        emit problem(tr("The saved view %1 cannot be read: %2").arg(path, QString::fromUtf8(e.what())));
        return false;
    }
    syncPageBoxes(*m_page);
    emit notice(dropped.empty() ? tr("View restored from %1").arg(path)
                                : tr("View restored from %1 without: %2").arg(path, joined(dropped)));
    return true;
}

bool SavedViews::exportGtkw(const QString& path) {
    const QString dump = m_session->filePath();
    std::vector<std::string> notes;
    const auto file = waveform::gtkwFromView(m_view->state(), m_view->store(), local(dump),
                                             waveform::dumpTopScope(local(dump)), &notes);
    try {
        fileio::writeFileAtomic(local(path), waveform::writeGtkw(file));
    } catch (const std::exception& e) {
        emit problem(tr("Could not write %1: %2").arg(path, QString::fromUtf8(e.what())));
        return false;
    }
    emit notice(notes.empty() ? tr("GTKWave save file written to %1").arg(path)
                              : tr("GTKWave save file written to %1 (%2)").arg(path, joined(notes)));
    return true;
}

bool SavedViews::importGtkw(const QString& path) {
    std::vector<std::string> notes;
    try {
        const auto file =
            waveform::parseGtkw(fileio::readFileBounded(local(path), kMaxViewBytes, "GTKWave save file"));
        waveform::WaveViewState state = m_view->state();
        waveform::applyGtkw(file, m_view->store(), state, &notes);
        m_view->setState(std::move(state));
    } catch (const std::exception& e) {
        emit problem(
            tr("The GTKWave save file %1 cannot be read: %2").arg(path, QString::fromUtf8(e.what())));
        return false;
    }
    if (!notes.empty())
        emit problem(tr("From %1, not shown: %2").arg(path, joined(notes)));
    else
        emit notice(tr("GTKWave view imported from %1").arg(path));
    return true;
}

bool SavedViews::openInGtkwave() {
    const QString exe = hw::WaveformSession::gtkwavePath();
    if (exe.isEmpty()) {
        emit problem(tr("GTKWave is not installed (no gtkwave on PATH; Debian: apt-get install gtkwave)"));
        return false;
    }
    QString dump = m_session->filePath();
    const bool exported = dump.isEmpty();
    // GTKWave reads the files after we return: they stay in the temp folder.
    if (exported) {
        QTemporaryFile tmp(QDir::temp().filePath(QStringLiteral("roundscope-XXXXXX.vcd")));
        tmp.setAutoRemove(false);
        if (!tmp.open()) {
            emit problem(tr("cannot create a temporary file: %1").arg(tmp.errorString()));
            return false;
        }
        dump = tmp.fileName();
        tmp.close();
        QString error;
        if (!m_session->exportTo(dump, &error)) {
            emit problem(tr("Export for GTKWave failed: %1").arg(error));
            return false;
        }
    }
    QTemporaryFile save(QDir::temp().filePath(QStringLiteral("roundscope-XXXXXX.gtkw")));
    save.setAutoRemove(false);
    if (!save.open()) {
        emit problem(tr("cannot create a temporary file: %1").arg(save.errorString()));
        return false;
    }
    save.close();
    std::vector<std::string> notes;
    auto file = waveform::gtkwFromView(m_view->state(), m_view->store(), local(dump),
                                       waveform::dumpTopScope(local(dump)), &notes);
    // A capture is exported with its clock, each cycle some time units long: the times follow.
    if (exported && m_session->isIpCapture())
        waveform::scaleGtkwTimes(file, waveform::captureUnitsPerCycle(m_view->store().tickSeconds()));
    try {
        fileio::writeFileAtomic(local(save.fileName()), waveform::writeGtkw(file));
    } catch (const std::exception& e) {
        emit problem(tr("Could not write GTKWave's save file: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    m_lastGtkw = save.fileName();
    if (!m_launcher(exe, {dump, m_lastGtkw})) {
        emit problem(tr("GTKWave (%1) did not start").arg(exe));
        return false;
    }
    if (!notes.empty()) emit notice(tr("GTKWave opened without: %1").arg(joined(notes)));
    return true;
}

} // namespace rs::gui
