#pragma once
// The GUI's facade of the RV32 back end: runs kernels under QEMU or Spike on a worker thread (one request
// after another), reports each result or error, and cancels. Qt Core only.

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

#include "rvprogram.h"

namespace rs::riscv {

class RiscvSession : public QObject {
    Q_OBJECT

  public:
    explicit RiscvSession(QObject* parent = nullptr);
    ~RiscvSession() override;

    /** @brief Runs the requests in order (false when a batch runs). */
    bool start(std::vector<RvRequest> requests);
    /** @brief Builds the images into `outDir` (buildImages) on the worker; answers with built(). */
    bool build(const QString& outDir);
    bool isRunning() const { return m_running; }
    /** @brief The last batch's results, in order. */
    const std::vector<RvResult>& results() const { return m_results; }

  public slots:
    void cancel();

  signals:
    void started(int total);
    void result(int index); ///< results()[index] is new
    void failed(int index, const QString& kernel, const QString& why);
    void finished(bool cancelled);
    void built(bool ok, const QString& log);

  private:
    void join();

    std::thread m_worker;
    std::atomic<bool> m_cancel{false};
    bool m_running = false;
    std::vector<RvResult> m_results;
};

} // namespace rs::riscv
