#include "core/sessions/diffusionsession.h"

#include "core/sessions/ciphersession.h"

namespace rs::sessions {

DiffusionSession::DiffusionSession(QObject* parent) : QObject(parent) {}

DiffusionSession::~DiffusionSession() {
    m_worker.shutdown(); // cancels a running analysis and waits for it
}

void DiffusionSession::followExplorer(const CipherSession* explorer) {
    connect(explorer, &CipherSession::analysisSettingsChanging, this, &DiffusionSession::cancel);
}

bool DiffusionSession::start(const analysis::DiffusionRequest& request) {
    if (m_running) {
        if (!cancelling()) return false;
        m_queued = request; // F5 right after Esc: runs once the cancelled analysis has stopped
        return true;
    }
    m_running = true;
    m_cancelled = false;
    m_request = request;
    m_lastProgress = -1;
    // The job owns a copy of the request; it shares only its cancel flag and progress with this thread.
    m_worker.submit<double>(
        [request](JobContext<double>& job) {
            analysis::Progress progress;
            progress.report = [&job](double f) { job.report(f); };
            progress.cancel = &job.cancelFlag();
            return std::make_shared<const analysis::DiffusionResult>(
                analysis::analyzeDiffusion(request, progress));
        },
        [this](const JobResult<std::shared_ptr<const analysis::DiffusionResult>>& r) { onDone(r); },
        [this](double p) {
            if (p == m_lastProgress) return;
            m_lastProgress = p;
            emit progress(p);
        });
    emit started();
    emit progress(0.0);
    return true;
}

void DiffusionSession::cancel() {
    m_queued.reset();
    if (!m_running) return;
    m_cancelled = true;
    m_worker.cancelAll();
}

bool DiffusionSession::resultMatches(const analysis::DiffusionRequest& now) const {
    if (!m_result) return false;
    if (now.alg != m_resultRequest.alg) return false;
    try {
        return m_result->rounds == (now.rounds == 0 ? analysis::standardRounds(now.alg) : now.rounds);
    } catch (const analysis::AnalysisError&) {
        return false;
    }
}

void DiffusionSession::onDone(const JobResult<std::shared_ptr<const analysis::DiffusionResult>>& r) {
    // A cancel raised after the analysis returned but before this ran (e.g. the explorer's algorithm
    // changed) still drops the result (the worker reports it cancelled): it no longer describes what the
    // explorer shows.
    m_running = false;
    m_cancelled = false;
    if (r.ok()) {
        m_result = *r.value;
        m_resultRequest = m_request;
        emit progress(1.0);
        emit finished();
    } else if (r.cancelled) {
        emit cancelled();
    } else {
        emit failed(r.error);
    }
    if (m_queued) {
        const analysis::DiffusionRequest next = *m_queued;
        m_queued.reset();
        if (!m_running) start(next); // unless a slot above already started another one
    }
}

} // namespace rs::sessions
