#include "hw/session/waveformsession.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryFile>

#include <exception>
#include <utility>

#include "core/waveform/captureclock.h"
#include "core/waveform/waveformfile.h"
#include "hw/ip/mldsa/mldsalanes.h"

namespace rs::hw {

WaveformSession::WaveformSession(QObject* parent)
    : QObject(parent), m_store(std::make_shared<waveform::WaveformStore>()) {
    m_lanesError = tr("no trace yet: run the IP or open a VCD/FST file");
}

WaveformSession::~WaveformSession() {
    m_worker.shutdown(); // cancels a running load and waits for it
}

void WaveformSession::setCapture(std::shared_ptr<const waveform::WaveformStore> store,
                                 const QString& origin) {
    if (!store) return;
    cancelLoad();
    show(std::move(store), origin, QString(), true);
}

std::shared_ptr<const waveform::WaveformStore> WaveformSession::load(const QString& path,
                                                                     sessions::JobContext<double>* job) {
    const waveform::WaveformProgress progress = [job](double f) {
        if (job == nullptr) return true;
        job->report(f);
        return !job->cancelled();
    };
    // A VCD is read whole; an FST opens with its signals only (fast, like GTKWave) and each signal's
    // changes are read by a guarded child when the view first needs them.
    return std::make_shared<const waveform::WaveformStore>(
        waveform::openWaveformFile(QFile::encodeName(path).toStdString(), progress));
}

QString WaveformSession::truncationNote() const {
    if (!m_store->truncation()) return {};
    // Truncation::message() says where and why the file was cut off ("the file was cut off at line N
    // (why): loaded the time steps before tick T"); this adds the likely cause without saying it again.
    QString message = QString::fromStdString(m_store->truncation()->message());
    if (!message.isEmpty()) message[0] = message[0].toUpper();
    return tr("%1 (a killed simulation?)").arg(message);
}

bool WaveformSession::loadFile(const QString& path) {
    if (m_loading) return false;
    m_loading = true;
    emit loadStarted(path, waveform::waveformReadSeconds(QFile::encodeName(path).toStdString()));
    m_worker.submit<double>(
        [path](sessions::JobContext<double>& job) { return load(path, &job); },
        [this, path](const sessions::JobResult<std::shared_ptr<const waveform::WaveformStore>>& r) {
            onLoadDone(path, r);
        },
        [this](double f) { emit loadProgress(f); });
    return true;
}

bool WaveformSession::loadFileNow(const QString& path) {
    if (m_loading) return false;
    std::shared_ptr<const waveform::WaveformStore> store;
    try {
        store = load(path, nullptr);
    } catch (const std::exception& e) {
        emit loadFailed(QString::fromUtf8(e.what()));
        return false;
    }
    show(std::move(store), path, path, false);
    return true;
}

bool WaveformSession::compareWithFile(const QString& path, const waveform::WaveDiffOptions& options) {
    if (m_loading || m_store->signalCount() == 0) return false;
    m_loading = true;
    emit loadStarted(path, waveform::waveformReadSeconds(QFile::encodeName(path).toStdString()));
    const std::shared_ptr<const waveform::WaveformStore> a = m_store;
    const QString originA = m_origin;
    using Compared = std::shared_ptr<const waveform::ComparedDumps>;
    m_worker.submit<double>(
        [path, a, options](sessions::JobContext<double>& job) -> Compared {
            const auto b = load(path, &job);
            return std::make_shared<const waveform::ComparedDumps>(waveform::compareDumps(*a, *b, options));
        },
        [this, path, originA](const sessions::JobResult<Compared>& r) {
            m_loading = false;
            if (r.cancelled) {
                emit loadCancelled();
            } else if (r.value) {
                emit loadProgress(1.0);
                const Compared compared = *r.value;
                // an aliasing pointer: the view's store lives as long as the comparison it belongs to
                std::shared_ptr<const waveform::WaveformStore> store(compared, &compared->store);
                m_pendingComparison = compared;
                m_comparedOrigins = {originA, path};
                show(std::move(store), tr("A: %1 · B: %2").arg(originA, path), QString(), false);
            } else {
                emit loadFailed(r.error);
            }
        },
        [this](double f) { emit loadProgress(f); });
    return true;
}

void WaveformSession::cancelLoad() {
    if (m_loading) m_worker.cancelAll();
}

void WaveformSession::onLoadDone(
    const QString& path, const sessions::JobResult<std::shared_ptr<const waveform::WaveformStore>>& r) {
    m_loading = false;
    if (r.cancelled) {
        emit loadCancelled();
    } else if (r.value) {
        emit loadProgress(1.0);
        show(*r.value, path, path, false);
    } else {
        emit loadFailed(r.error);
    }
}

void WaveformSession::show(std::shared_ptr<const waveform::WaveformStore> store, const QString& origin,
                           const QString& path, bool ipCapture) {
    m_store = std::move(store);
    m_comparison = std::exchange(m_pendingComparison, nullptr); // null unless compareWithFile shows it
    if (!m_comparison) m_comparedOrigins.clear();
    m_origin = origin;
    m_filePath = path;
    m_ipCapture = ipCapture;
    m_lanes.reset();
    m_lanesError.clear();
    // A LEA / SKINNY core's capture (x0..x3, no "phase"): the Ascon core's lanes do not apply to it.
    if (ipCapture && m_store->find("x3") && !m_store->find("x4") && !m_store->find("phase")) {
        m_lanesError = tr("pipeline lanes are drawn for captures of the Ascon core and of the ML-DSA unit, "
                          "not for the LEA / SKINNY core");
    } else {
        try {
            m_lanes = extractPipelineLanes(*m_store);
        } catch (const std::exception& e) {
            // The reader's messages start "pipeline lanes: ", which the sentence for a file says already.
            QString why = QString::fromUtf8(e.what());
            if (why.startsWith(QLatin1String("pipeline lanes: "))) why.remove(0, 16);
            if (ipCapture && m_store->find("stage_issue").has_value())
                m_lanesError = tr("this is a capture of the ML-DSA polynomial unit: its lanes (layers, "
                                  "stages, banks) are drawn on the IP page");
            else
                m_lanesError = ipCapture ? QString::fromUtf8(e.what())
                                         : tr("pipeline lanes need a capture of the RoundScope IP's Ascon "
                                              "core (its control and pipeline signals): %1")
                                               .arg(why);
        }
    }
    emit storeChanged();
    relink();
}

void WaveformSession::setTrace(const crypto::Trace& trace) {
    m_trace = trace;
    relink();
}

void WaveformSession::relink() {
    m_link.clear();
    m_exactLinks = 0;
    m_linkError.clear();
    m_linkByClocks = false;
    m_linkNotes.clear();
    // Links with `link`, keeping it only when the register holds at least one of the trace's states.
    const auto tryLink = [this](const auto& link, const QString& noneMessage) {
        try {
            m_link = link(m_trace, *m_store);
            for (const StepCycle& s : m_link)
                m_exactLinks += s.exact ? 1 : 0;
            if (m_exactLinks == 0) {
                m_link.clear();
                m_linkError = noneMessage;
            }
        } catch (const std::exception& e) {
            m_linkError = QString::fromUtf8(e.what());
        }
    };
    const bool blockTrace = m_trace.layout.name.rfind("lea-", 0) == 0 || m_trace.layout.name == "skinny-128";
    const bool mldsaCapture = m_store && m_store->find("stage_issue").has_value();
    if (m_trace.steps.empty()) {
        m_linkError = tr("no explorer trace");
    } else if (m_trace.layout.name == "mldsa-poly") {
        if (mldsaCapture)
            relinkMlDsa();
        else
            m_linkError = tr("capture the explorer's inputs on the ML-DSA unit (IP page) to link its layers");
    } else if (mldsaCapture) {
        m_linkError =
            tr("the capture is of the ML-DSA polynomial unit: choose ML-DSA NTT or ML-DSA INTT in the "
               "explorer");
    } else if (blockTrace && m_store && m_store->find("x3") && !m_store->find("x4")) {
        // A LEA or SKINNY core's capture (BlockIp: x0..x3).
        tryLink(linkBlockTraceToCycles,
                tr("the capture holds none of the explorer's states: it ran other inputs"));
    } else if (m_trace.layout.name != "ascon-320") {
        m_linkError =
            blockTrace
                ? tr("capture the explorer's inputs on the LEA / SKINNY core (IP page) to link them")
                : tr("the IP runs Ascon: choose Ascon-128, Ascon-128a or Ascon-AEAD128 in the explorer");
    } else if (!hasStateRegister()) {
        m_linkError = tr("the trace on view has no IP state register (x0..x4 of group state, 64 bits)");
    } else {
        tryLink(linkTraceToCycles, tr("the capture holds none of the explorer's states: it ran other inputs "
                                      "or another variant (capture the explorer's inputs on the IP)"));
    }
    emit linkChanged();
}

void WaveformSession::relinkMlDsa() {
    try {
        const MlDsaLanes lanes = extractMlDsaLanes(*m_store);
        const std::vector<MlDsaStepCycle> link = linkMlDsaTraceToCycles(m_trace, lanes);
        bool anyNote = false;
        for (const MlDsaStepCycle& c : link) {
            m_link.push_back(StepCycle{c.cycle, c.exact});
            m_exactLinks += c.exact ? 1 : 0;
            m_linkNotes.push_back(QString::fromStdString(c.note));
            anyNote = anyNote || !c.note.empty();
        }
        if (!anyNote) m_linkNotes.clear();
        m_linkByClocks = true;
    } catch (const std::exception& e) {
        m_link.clear();
        m_exactLinks = 0;
        m_linkNotes.clear();
        m_linkError = QString::fromUtf8(e.what());
    }
}

QString WaveformSession::linkNote(int step) const {
    if (step < 0 || step >= static_cast<int>(m_linkNotes.size())) return {};
    return m_linkNotes[static_cast<std::size_t>(step)];
}

bool WaveformSession::hasStateRegister() const {
    // The IP's capture names them so; a file must have the same five 64-bit words in group "state"
    // (a CPU's register file x0..x4 is not the Ascon state).
    for (const char* name : {"x0", "x1", "x2", "x3", "x4"}) {
        const auto id = m_store->find(name);
        if (!id || m_store->signal(*id).width != 64 || m_store->signal(*id).group != "state") return false;
    }
    return true;
}

std::vector<std::uint8_t> WaveformSession::rtlState(waveform::Tick tick) const {
    try {
        if (m_store->find("stage_issue")) return {}; // the ML-DSA unit: no coefficient memory captured
        if (hasStateRegister()) return rtlStateBytes(*m_store, tick);
        if (m_store->find("x3") && !m_store->find("x4")) return rtlBlockStateBytes(*m_store, tick);
        return {};
    } catch (const std::exception&) {
        return {};
    }
}

bool WaveformSession::exportTo(const QString& path, QString* error) const {
    try {
        // An IP capture (one tick a cycle, no clock signal) is written with a toggling clk, so GTKWave and
        // Surfer show its clock; a file is written as it was read.
        const std::string file = QFile::encodeName(path).toStdString();
        if (m_ipCapture)
            waveform::writeCaptureFile(*m_store, file);
        else
            waveform::writeWaveformFile(*m_store, file);
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

QString WaveformSession::gtkwavePath() {
    return QStandardPaths::findExecutable(QStringLiteral("gtkwave"));
}

bool WaveformSession::openInGtkwave(QString* error) const {
    const QString exe = gtkwavePath();
    if (exe.isEmpty()) {
        if (error)
            *error = tr("GTKWave is not installed (no gtkwave on PATH; Debian: apt-get install gtkwave)");
        return false;
    }
    QString file = m_filePath;
    if (file.isEmpty()) {
        QTemporaryFile tmp(QDir::temp().filePath(QStringLiteral("roundscope-XXXXXX.vcd")));
        tmp.setAutoRemove(false); // GTKWave reads it after we return
        if (!tmp.open()) {
            if (error) *error = tr("cannot create a temporary file: %1").arg(tmp.errorString());
            return false;
        }
        file = tmp.fileName();
        tmp.close();
        if (!exportTo(file, error)) return false;
    }
    if (!QProcess::startDetached(exe, {file})) {
        if (error) *error = tr("GTKWave (%1) did not start").arg(exe);
        return false;
    }
    return true;
}

} // namespace rs::hw
