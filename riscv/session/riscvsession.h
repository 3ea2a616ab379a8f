#pragma once
// The GUI's facade of the RV32 back end: runs kernels under QEMU or Spike on its Worker's thread (one job
// per request, in order), reports each result or error, and cancels (the running simulator is killed, the
// requests still queued are skipped). Qt Core only.

#include <QObject>
#include <QString>

#include <vector>

#include "core/sessions/worker.h"
#include "riscv/runner/riscvprogram.h"

namespace rs::riscv {

class RiscvSession : public QObject {
    Q_OBJECT

  public:
    explicit RiscvSession(QObject* parent = nullptr);
    ~RiscvSession() override;

    /** @brief Runs the requests in order (false when a batch runs). */
    bool start(std::vector<RiscvRequest> requests);
    /** @brief Builds the images into `outDir` (buildImages) on the worker; answers with built(). */
    bool build(const QString& outDir);
    bool isRunning() const { return m_running; }
    /** @brief The last batch's results, in order. */
    const std::vector<RiscvResult>& results() const { return m_results; }

  public slots:
    void cancel();

  signals:
    void started(int total);
    void result(int index); ///< results()[index] is new
    void failed(int index, const QString& kernel, const QString& why);
    void finished(bool cancelled);
    void built(bool ok, const QString& log);

  private:
    bool m_running = false;
    int m_left = 0;           ///< requests of the batch not delivered yet
    bool m_cancelled = false; ///< a request of the batch was cancelled
    std::vector<RiscvResult> m_results;
    sessions::Worker m_worker{QStringLiteral("riscv")};
};

} // namespace rs::riscv
