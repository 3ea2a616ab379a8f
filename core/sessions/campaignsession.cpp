#include "core/sessions/campaignsession.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QStandardPaths>
#include <QTimer>

#include <algorithm>
#include <new>
#include <stdexcept>

#include <unistd.h>

namespace rs::sessions {

namespace {

/** What a running campaign hands on: runs done of total and the log lines since the last hand-over. */
struct CampaignProgress {
    int done = 0, total = 0;
    QStringList lines;
};

std::string nativePath(const QString& path) {
    return QFile::encodeName(path).toStdString();
}

/** True when the store at path can be created or written: the file (when it exists) and its folder (for
 *  SQLite's journal files) both writable by this process. access() answers EROFS on a read-only medium,
 *  for root too. */
bool canWrite(const QString& path) {
    const QFileInfo info(path);
    if (!info.exists()) return true; // created, folders included: a failure says why
    return ::access(nativePath(path).c_str(), W_OK) == 0 &&
           ::access(QFile::encodeName(info.absolutePath()).constData(), W_OK) == 0;
}

} // namespace

CampaignSession::CampaignSession(QObject* parent) : QObject(parent) {
    m_watcher = new QFileSystemWatcher(this);
    m_changedSoon = new QTimer(this);
    m_changedSoon->setSingleShot(true);
    m_changedSoon->setInterval(300);
    connect(m_changedSoon, &QTimer::timeout, this, [this] {
        watchStore(); // a -wal that appeared (or was replaced) is watched from now on
        requestRead(false);
    });
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_changedSoon, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_changedSoon, qOverload<>(&QTimer::start));
}

void CampaignSession::watchStore() {
    const QStringList old = m_watcher->files() + m_watcher->directories();
    if (!old.isEmpty()) m_watcher->removePaths(old);
    if (m_path.isEmpty()) return;
    QStringList paths;
    for (const QString& p : {m_path, m_path + QStringLiteral("-wal"), QFileInfo(m_path).absolutePath()})
        if (QFileInfo::exists(p)) paths << p;
    if (!paths.isEmpty()) m_watcher->addPaths(paths);
}

CampaignSession::~CampaignSession() {
    m_runner.shutdown(); // stops between runs: every finished run is committed
    m_reader.shutdown([this] { m_readStore.reset(); });
}

QString CampaignSession::defaultStorePath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(QStringLiteral("campaigns.sqlite"));
}

bool CampaignSession::openStore(const QString& path, QString* error) {
    if (m_running) {
        if (error) *error = tr("a campaign is running: cancel it first");
        return false;
    }
    ++m_opening;
    m_reader.submit(
        [this, path](JobContext<>&) {
            const std::string file = nativePath(path);
            // Created, migrated and checked in full once where it can be written; from then on only read.
            // A store on a read-only medium, or in a folder or file this user cannot write, is only read
            // (runs into it are refused when they start): opening it for writing would fail.
            if (canWrite(path)) {
                QDir().mkpath(QFileInfo(path).absolutePath());
                campaign::CampaignStore check(file);
            }
            auto store = std::make_unique<campaign::CampaignStore>(
                file, campaign::StoreOptions{campaign::OpenMode::ReadOnly, {}});
            Snapshot s = read(*store, false, {});
            m_readStore = std::move(store); // only a sound file replaces the store open before
            return s;
        },
        [this, path](JobResult<Snapshot> r) {
            --m_opening;
            if (!r.value) {
                emit storeFailed(path, r.error.isEmpty() ? tr("cancelled") : r.error);
                return;
            }
            m_path = path;
            m_runs.clear();
            m_asked.clear();
            accept(std::move(*r.value));
            watchStore();
            emit storeOpened(path);
            emit storeChanged();
        });
    return true;
}

void CampaignSession::refresh() {
    requestRead(true);
}

CampaignSession::Snapshot
CampaignSession::read(const campaign::CampaignStore& store, bool force,
                      const std::map<std::int64_t, std::optional<campaign::CampaignRow>>& wanted) {
    Snapshot s;
    s.path = store.path();
    bool listed = true;
    try {
        s.campaigns = store.campaigns();
    } catch (const std::exception& e) {
        // A damaged store, or one another program broke: shown by the pages, never thrown into a slot.
        s.campaignsError = QString::fromUtf8(e.what());
        listed = false;
    }
    if (listed) {
        try {
            s.baselines = store.baselines();
        } catch (const std::exception& e) {
            s.campaignsError = QString::fromUtf8(e.what()); // a damaged mark: the store is not read as sound
        }
    }
    for (const auto& [id, known] : wanted) {
        std::optional<campaign::CampaignRow> row;
        for (const campaign::CampaignRow& c : s.campaigns)
            if (c.id == id) row = c;
        // A campaign's runs change only with its row (a committed run changes its counts, an end its
        // status): an unchanged row keeps what was read before.
        if (!force && listed && known && row && *known == *row) continue;
        Snapshot::Runs runs;
        runs.row = row;
        try {
            runs.runs = store.runs(id);
        } catch (const std::exception& e) {
            runs.error = QString::fromUtf8(e.what());
        }
        s.runs.emplace(id, std::move(runs));
    }
    return s;
}

void CampaignSession::requestRead(bool force) {
    if (!hasStore()) return;
    if (m_reading) { // the one in flight may have missed it: another follows
        m_readAgain = true;
        m_forceAgain = m_forceAgain || force;
        return;
    }
    m_reading = true;
    std::map<std::int64_t, std::optional<campaign::CampaignRow>> wanted;
    for (const auto& [id, runs] : m_runs)
        wanted.emplace(id, runs.row);
    for (const std::int64_t id : m_asked)
        wanted.emplace(id, std::nullopt);
    const int seq = ++m_readsSubmitted;
    m_reader.submit(
        [this, force, wanted = std::move(wanted)](JobContext<>&) {
            return m_readStore ? read(*m_readStore, force, wanted) : Snapshot{};
        },
        [this, seq](JobResult<Snapshot> r) { onRead(seq, std::move(r)); });
}

void CampaignSession::onRead(int seq, JobResult<Snapshot> r) {
    m_reading = false;
    // A read of the store open before (an openStore came between) is not this store's.
    if (r.value && !r.value->path.empty() && r.value->path == nativePath(m_path)) {
        accept(std::move(*r.value));
        emit storeChanged();
    }
    if (m_ending && seq >= m_endAfterRead) end();
    if (m_readAgain) {
        const bool force = m_forceAgain;
        m_readAgain = m_forceAgain = false;
        requestRead(force);
    }
}

void CampaignSession::accept(Snapshot&& s) {
    m_campaigns = std::move(s.campaigns);
    m_campaignsError = std::move(s.campaignsError);
    m_baselines = std::move(s.baselines);
    for (auto& [id, runs] : s.runs) {
        m_runs[id] = std::move(runs);
        m_asked.erase(id);
    }
}

std::vector<campaign::CampaignRow> CampaignSession::campaigns(QString* error) const {
    if (error) *error = m_campaignsError;
    return m_campaigns;
}

const CampaignSession::Snapshot::Runs* CampaignSession::cachedRuns(std::int64_t id) {
    const auto it = m_runs.find(id);
    if (it != m_runs.end()) return &it->second;
    if (hasStore() && m_asked.insert(id).second) requestRead(false);
    return nullptr;
}

std::vector<campaign::RunRow> CampaignSession::runs(std::int64_t id, QString* error) {
    if (error) error->clear();
    const Snapshot::Runs* c = cachedRuns(id);
    if (c == nullptr) return {};
    if (error) *error = c->error;
    return c->error.isEmpty() ? c->runs : std::vector<campaign::RunRow>{};
}

campaign::ChartData CampaignSession::chartData(const campaign::ChartRequest& request) {
    return campaign::chartData(request, [this](std::int64_t id) {
        if (!m_campaignsError.isEmpty()) throw campaign::StoreError(m_campaignsError.toStdString());
        if (std::none_of(m_campaigns.begin(), m_campaigns.end(),
                         [id](const campaign::CampaignRow& c) { return c.id == id; }))
            throw campaign::StoreError("no campaign " + std::to_string(id) + " in " + nativePath(m_path));
        const Snapshot::Runs* c = cachedRuns(id);
        if (c == nullptr) throw std::runtime_error(tr("reading campaign #%1…").arg(id).toStdString());
        if (!c->error.isEmpty()) throw campaign::StoreError(c->error.toStdString());
        return c->runs;
    });
}

bool CampaignSession::setBaseline(std::int64_t campaign, bool baseline, QString* error) {
    const auto refuse = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (!hasStore()) return refuse(tr("no store is open"));
    if (m_marking) return refuse(tr("a baseline mark is being written"));
    if (!canWrite(m_path)) return refuse(tr("%1 cannot be written by this user").arg(m_path));
    m_marking = true;
    const std::string path = nativePath(m_path);
    // On the reading thread: a mark is one short transaction, and the runner's thread may be busy with a
    // campaign for hours. The connection is its own (read-write), opened and closed here.
    m_reader.submit(
        [path, campaign, baseline](JobContext<>&) {
            campaign::CampaignStore store(path);
            if (!baseline) {
                const bool was = store.clearBaseline(campaign);
                return was ? tr("campaign %1 is no longer a baseline").arg(campaign)
                           : tr("campaign %1 was no baseline; nothing changed").arg(campaign);
            }
            const campaign::BaselineMarked m = store.markBaseline(campaign);
            const QString host = m.baseline.host.empty()
                                     ? tr("an unknown host")
                                     : tr("host %1").arg(QString::fromStdString(m.baseline.host));
            QString text = tr("campaign %1 is the baseline of %2 at revision %3")
                               .arg(campaign)
                               .arg(host, QString::fromStdString(m.baseline.revision));
            if (m.already) text += tr(" (it was already)");
            if (m.replaced) text += tr(", replacing campaign %1").arg(*m.replaced);
            return text;
        },
        [this, campaign](JobResult<QString> r) {
            m_marking = false;
            requestRead(false);
            emit baselineChanged(campaign, r.value.has_value(),
                                 r.value ? *r.value : (r.error.isEmpty() ? tr("cancelled") : r.error));
        });
    return true;
}

bool CampaignSession::start(const campaign::CampaignSpec& spec, campaign::StartMode mode) {
    if (m_running || !hasStore()) return false;
    m_running = true;
    m_ending.reset();
    const std::string path = nativePath(m_path);
    emit started();
    m_runner.submit<CampaignProgress>(
        [path, spec, mode](JobContext<CampaignProgress>& job) {
            // The runner thread's own connection: an sqlite3 handle is not shared between threads.
            campaign::CampaignStore store(path);
            campaign::EngineOptions opt;
            opt.start = mode;
            opt.cancel = &job.cancelFlag();
            opt.progress = [&job](const campaign::EngineProgress& p) {
                job.update([&p](CampaignProgress& c) {
                    c.done = p.barDone();
                    c.total = p.barTotal();
                    c.lines << QString::fromStdString(p.line);
                });
            };
            try {
                return campaign::runCampaign(store, spec, opt);
            } catch (const std::bad_alloc&) {
                throw std::runtime_error(tr("out of memory while running campaign \"%1\"")
                                             .arg(QString::fromStdString(spec.name))
                                             .toStdString());
            }
        },
        [this](JobResult<campaign::EngineResult> r) {
            // Told once the store was read again, so the pages show what the campaign stored.
            m_ending = Ending{r.value, r.value || !r.error.isEmpty() ? r.error : tr("cancelled")};
            if (r.value && !m_runs.count(r.value->campaignId)) m_asked.insert(r.value->campaignId);
            m_endAfterRead = m_readsSubmitted + 1;
            requestRead(false);
        },
        [this](const CampaignProgress& p) {
            emit progress(p.done, p.total, p.lines);
            requestRead(false); // committed runs are readable now
        });
    return true;
}

void CampaignSession::cancel() {
    if (!m_running || m_cancelling) return;
    m_cancelling = true;
    m_runner.cancelAll();
    emit cancelling();
}

void CampaignSession::end() {
    const Ending e = std::move(*m_ending);
    m_ending.reset();
    m_running = false;
    m_cancelling = false;
    if (e.result)
        emit finished(e.result->campaignId, e.result->runs, e.result->failed, e.result->cancelled,
                      e.result->alreadyFinished);
    else
        emit failed(e.error);
}

} // namespace rs::sessions
