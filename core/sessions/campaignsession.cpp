#include "campaignsession.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QtConcurrent/QtConcurrentRun>

#include <exception>

namespace rs::sessions {

namespace {
constexpr int kCoalesceMs = 40;
}

CampaignSession::CampaignSession(QObject* parent) : QObject(parent) {
    m_timer.setInterval(kCoalesceMs);
    connect(&m_timer, &QTimer::timeout, this, &CampaignSession::publish);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, &CampaignSession::onDone);
}

CampaignSession::~CampaignSession() {
    if (m_job) {
        m_job->cancel = true;
        m_watcher.waitForFinished();
    }
}

QString CampaignSession::defaultStorePath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir.isEmpty() ? QDir::homePath() : dir).filePath(QStringLiteral("campaigns.sqlite"));
}

bool CampaignSession::openStore(const QString& path, QString* error) {
    if (m_job) {
        if (error) *error = tr("a campaign is running: cancel it first");
        return false;
    }
    try {
        QDir().mkpath(QFileInfo(path).absolutePath());
        const std::string file = QFile::encodeName(path).toStdString();
        // Created, migrated and checked in full once; the pages then only read it.
        { campaign::CampaignStore check(file); }
        m_store = std::make_unique<campaign::CampaignStore>(
            file, campaign::StoreOptions{campaign::OpenMode::ReadOnly, {}});
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    emit storeChanged();
    return true;
}

QString CampaignSession::storePath() const {
    return m_store ? QString::fromStdString(m_store->path()) : QString();
}

std::vector<campaign::CampaignRow> CampaignSession::campaigns(QString* error) const {
    if (error) error->clear();
    try {
        return m_store ? m_store->campaigns() : std::vector<campaign::CampaignRow>{};
    } catch (const std::exception& e) {
        // A damaged store, or one another program broke: shown by the pages, never thrown into a slot.
        if (error) *error = QString::fromUtf8(e.what());
        return {};
    }
}

std::vector<campaign::RunRow> CampaignSession::runs(std::int64_t id, QString* error) const {
    if (error) error->clear();
    try {
        return m_store ? m_store->runs(id) : std::vector<campaign::RunRow>{};
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return {};
    }
}

bool CampaignSession::start(const campaign::CampaignSpec& spec, campaign::StartMode mode) {
    if (m_job || !m_store) return false;
    m_job = std::make_shared<Job>();
    auto job = m_job;
    const std::string path = m_store->path();
    emit started();
    m_timer.start();
    m_watcher.setFuture(QtConcurrent::run([job, path, spec, mode] {
        Outcome o;
        try {
            // The worker's own connection: an sqlite3 handle is not shared between threads.
            campaign::CampaignStore store(path);
            campaign::EngineOptions opt;
            opt.start = mode;
            opt.cancel = &job->cancel;
            opt.progress = [job](const campaign::EngineProgress& p) {
                QMutexLocker lock(&job->mutex);
                job->done = p.done;
                job->total = p.total;
                job->lines << QString::fromStdString(p.line);
            };
            o.result = campaign::runCampaign(store, spec, opt);
        } catch (const std::bad_alloc&) {
            o.error =
                tr("out of memory while running campaign \"%1\"").arg(QString::fromStdString(spec.name));
        } catch (const std::exception& e) {
            o.error = QString::fromUtf8(e.what());
        }
        return o;
    }));
    return true;
}

void CampaignSession::cancel() {
    if (m_job) m_job->cancel = true;
}

void CampaignSession::publish() {
    if (!m_job) return;
    int done = 0, total = 0;
    QStringList lines;
    {
        QMutexLocker lock(&m_job->mutex);
        done = m_job->done;
        total = m_job->total;
        lines.swap(m_job->lines);
    }
    if (!lines.isEmpty()) {
        emit progress(done, total, lines);
        emit storeChanged(); // committed runs are readable now
    }
}

void CampaignSession::onDone() {
    publish();
    const Outcome o = m_watcher.future().takeResult();
    m_job.reset();
    m_timer.stop();
    if (!o.error.isEmpty()) {
        emit failed(o.error);
    } else {
        emit finished(o.result.campaignId, o.result.runs, o.result.failed, o.result.cancelled,
                      o.result.alreadyFinished);
    }
    emit storeChanged();
}

} // namespace rs::sessions
