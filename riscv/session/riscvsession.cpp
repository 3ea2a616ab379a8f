#include "riscv/session/riscvsession.h"

namespace rs::riscv {

RiscvSession::RiscvSession(QObject* parent) : QObject(parent) {}

RiscvSession::~RiscvSession() {
    m_worker.shutdown(); // kills a running simulator (runKernel polls the flag) and waits
}

bool RiscvSession::start(std::vector<RiscvRequest> requests) {
    if (m_running) return false;
    m_running = true;
    m_cancelled = false;
    m_left = static_cast<int>(requests.size());
    m_results.clear();
    emit started(m_left);
    if (requests.empty()) {
        m_running = false;
        emit finished(false);
        return true;
    }
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const QString kernel = QString::fromStdString(requests[i].kernel);
        m_worker.submit([request = std::move(requests[i])](
                            sessions::JobContext<>& job) { return runKernel(request, &job.cancelFlag()); },
                        [this, i, kernel](const sessions::JobResult<RiscvResult>& r) {
                            if (r.cancelled) {
                                m_cancelled = true;
                            } else if (r.value) {
                                m_results.push_back(*r.value);
                                emit result(static_cast<int>(m_results.size()) - 1);
                            } else {
                                emit failed(static_cast<int>(i), kernel, r.error);
                            }
                            if (--m_left == 0) {
                                m_running = false;
                                emit finished(m_cancelled);
                            }
                        });
    }
    return true;
}

bool RiscvSession::build(const QString& outDir) {
    if (m_running) return false;
    m_running = true;
    m_worker.submit([dir = outDir.toStdString()](sessions::JobContext<>&) { return buildImages(dir); },
                    [this](const sessions::JobResult<std::string>& r) {
                        m_running = false;
                        // A build is not cancellable: its outcome stands.
                        emit built(r.value.has_value(), r.value ? QString::fromStdString(*r.value) : r.error);
                    });
    return true;
}

void RiscvSession::cancel() {
    if (m_running) m_worker.cancelAll();
}

} // namespace rs::riscv
