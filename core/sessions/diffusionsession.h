#pragma once
// DiffusionSession: the Qt facade of the diffusion/avalanche analysis (docs/CONVENTIONS.md rule 3). It runs
// one analysis at a time on its Worker's thread, re-emitting progress at ~25 Hz, queues one request behind
// a cancelled analysis that is still stopping (Esc then F5), and keeps the last result, shared with the
// views. It needs no explorer run: a request names its algorithm, field and rounds (CipherSession's
// defaultDiffusionRequest() gives the explorer's). followExplorer() makes it cancel when the explorer's
// algorithm or round count changes, since a result of the old ones would no longer describe what it shows.

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

#include "core/analysis/diffusion.h"
#include "core/sessions/worker.h"

namespace rs::sessions {

class CipherSession;

class DiffusionSession : public QObject {
    Q_OBJECT

  public:
    explicit DiffusionSession(QObject* parent = nullptr);
    /** @brief Cancels a running analysis and waits for it. */
    ~DiffusionSession() override;

    /** @brief Cancels the running analysis (and drops a queued one) whenever the explorer's algorithm or
     *  round count is about to change (CipherSession::analysisSettingsChanging). */
    void followExplorer(const CipherSession* explorer);

    /**
     * @brief Starts an analysis on a worker thread. While one runs it returns false, unless that one
     * was cancelled and is still stopping: then the request is queued (replacing any queued one), it
     * returns true, and the request starts (started) right after cancelled.
     */
    bool start(const analysis::DiffusionRequest& request);
    /** @brief Raises the cancel flag and drops a queued request; cancelled follows once the worker stops. */
    void cancel();
    bool running() const { return m_running; }
    /** @brief True while the running analysis was asked to cancel and has not stopped yet. */
    bool cancelling() const { return m_running && m_cancelled; }
    /** @brief True when a request waits for a cancelled analysis to stop. */
    bool queued() const { return m_queued.has_value(); }
    /** @brief The last finished analysis, or nullptr; shared with the views, never copied. */
    std::shared_ptr<const analysis::DiffusionResult> result() const { return m_result; }
    /** @brief The request of the running analysis, else of the last one started. */
    const analysis::DiffusionRequest& request() const { return m_request; }
    /** @brief True when the last result was computed for now's algorithm and round count (0: the
     *  standard rounds), e.g. now = CipherSession::defaultDiffusionRequest(). */
    bool resultMatches(const analysis::DiffusionRequest& now) const;

  signals:
    void started();
    /** @brief Coalesced progress, 0..1, at most ~25 times a second. */
    void progress(double fraction);
    void finished();
    void cancelled();
    void failed(const QString& message);

  private:
    void onDone(const JobResult<std::shared_ptr<const analysis::DiffusionResult>>& r);

    bool m_running = false;
    bool m_cancelled = false;
    double m_lastProgress = -1;
    analysis::DiffusionRequest m_request;
    analysis::DiffusionRequest m_resultRequest;
    std::optional<analysis::DiffusionRequest> m_queued;
    std::shared_ptr<const analysis::DiffusionResult> m_result;
    Worker m_worker{QStringLiteral("diffusion")}; ///< last: destroyed (joined) before what its jobs use
};

} // namespace rs::sessions
