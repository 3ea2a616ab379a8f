#include "core/sessions/clustersession.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace rs::sessions {

namespace {

/** What an operation hands back to the facade's thread: it emits the answer. */
using Answer = std::function<void(ClusterSession*)>;

std::string native(const QString& path) {
    return QFile::encodeName(path).toStdString();
}

QString arraysText(const cluster::SubmitResult& r) {
    QStringList parts;
    for (const auto& a : r.arrays)
        parts << QStringLiteral("%1: job %2 (array %3)")
                     .arg(QString::fromStdString(a.target), QString::fromStdString(a.job),
                          QString::fromStdString(a.array));
    return parts.isEmpty() ? QObject::tr("nothing to resubmit") : parts.join(QStringLiteral("; "));
}

} // namespace

ClusterSession::ClusterSession(QObject* parent) : QObject(parent) {
    connect(&m_timer, &QTimer::timeout, this, &ClusterSession::poll);
}

ClusterSession::~ClusterSession() {
    m_timer.stop();
    m_worker.shutdown();
}

void ClusterSession::setFolder(const QString& folder) {
    if (folder == m_folder) return;
    m_folder = folder;
    m_status.reset();
    emit statusChanged();
}

QString ClusterSession::defaultCli() {
    const QDir dir(QCoreApplication::applicationDirPath());
    for (const QString& candidate :
         {dir.filePath(QStringLiteral("roundscope-cli")), dir.filePath(QStringLiteral("cli/roundscope-cli"))})
        if (QFileInfo(candidate).isExecutable()) return QFileInfo(candidate).absoluteFilePath();
    return {};
}

QString ClusterSession::storePath() const {
    return m_folder.isEmpty() ? QString() : QDir(m_folder).filePath(QStringLiteral("campaign.db"));
}

template <class Work> void ClusterSession::operation(const QString& what, Work work) {
    if (m_busy) {
        emit failed(tr("%1: another cluster operation has not answered yet").arg(what));
        return;
    }
    if (m_folder.isEmpty()) {
        emit failed(tr("%1: choose the campaign's folder first").arg(what));
        return;
    }
    m_busy = true;
    emit busyChanged(true);
    m_worker.submit(work, [this, what](auto r) {
        m_busy = false;
        emit busyChanged(false);
        if (!r.ok()) {
            emit failed(QStringLiteral("%1: %2").arg(what, r.error.isEmpty() ? tr("cancelled") : r.error));
        } else {
            (*r.value)(this); // emits the answer on this thread
        }
        poll();
    });
}

void ClusterSession::submit(const campaign::CampaignSpec& spec, const cluster::SubmitOptions& options) {
    const std::string dir = native(m_folder);
    operation(tr("Submit"), [dir, spec, options](JobContext<>&) -> Answer {
        const cluster::SubmitResult r = cluster::submitCampaign(dir, spec, options);
        const QString text =
            tr("campaign #%1 submitted as %2 shards: %3").arg(r.campaignId).arg(r.shards).arg(arraysText(r));
        return Answer([text](ClusterSession* s) { emit s->submitted(text); });
    });
}

void ClusterSession::resubmit(const cluster::SubmitOptions& options) {
    const std::string dir = native(m_folder);
    operation(tr("Resubmit"), [dir, options](JobContext<>&) -> Answer {
        const cluster::SubmitResult r = cluster::resumeCampaign(dir, options);
        const QString text = tr("resubmitted: %1").arg(arraysText(r));
        return Answer([text](ClusterSession* s) { emit s->submitted(text); });
    });
}

void ClusterSession::merge() {
    const std::string dir = native(m_folder);
    operation(tr("Merge"), [dir](JobContext<>&) -> Answer {
        const cluster::MergeReport r = cluster::mergeCampaign(dir);
        const QString text =
            tr("merged %1 shards (%2 runs added), %3 not done yet; campaign #%4 holds %5 / %6 "
               "runs, %7")
                .arg(r.merged)
                .arg(r.runsAdded)
                .arg(r.notReady)
                .arg(r.campaign.id)
                .arg(r.campaign.runsDone)
                .arg(r.campaign.runsTotal)
                .arg(QString::fromStdString(r.campaign.status));
        QStringList refused;
        for (const auto& line : r.refused)
            refused << QString::fromStdString(line);
        return Answer([text, refused](ClusterSession* s) { emit s->merged(text, refused); });
    });
}

void ClusterSession::poll() {
    if (m_polling || m_folder.isEmpty()) return;
    m_polling = true;
    const std::string dir = native(m_folder);
    const QString folder = m_folder;
    m_worker.submit([dir](JobContext<>&) { return cluster::campaignStatus(dir, {}); },
                    [this, folder](JobResult<cluster::CampaignStatus> r) {
                        m_polling = false;
                        if (folder != m_folder) return; // another folder was chosen meanwhile
                        if (!r.ok()) {
                            m_status.reset();
                            emit statusFailed(r.error.isEmpty() ? tr("cancelled") : r.error);
                            return;
                        }
                        m_status = std::move(*r.value);
                        emit statusChanged();
                    });
}

void ClusterSession::setPolling(bool on, int ms) {
    if (!on) {
        m_timer.stop();
        return;
    }
    m_timer.start(ms);
    poll();
}

} // namespace rs::sessions
