#include "riscvsession.h"

#include <QMetaObject>
#include <QPointer>

#include "runner.h"

namespace rs::riscv {

RiscvSession::RiscvSession(QObject* parent) : QObject(parent) {}

RiscvSession::~RiscvSession() {
    m_cancel = true;
    join();
}

void RiscvSession::join() {
    if (m_worker.joinable()) m_worker.join();
}

bool RiscvSession::start(std::vector<RvRequest> requests) {
    if (m_running) return false;
    join();
    m_running = true;
    m_cancel = false;
    m_results.clear();
    emit started(static_cast<int>(requests.size()));
    m_worker = std::thread([this, requests = std::move(requests)] {
        bool cancelled = false;
        for (std::size_t i = 0; i < requests.size() && !cancelled; ++i) {
            try {
                RvResult r = runKernel(requests[i], &m_cancel);
                QMetaObject::invokeMethod(this, [this, r = std::move(r)] {
                    m_results.push_back(r);
                    emit result(static_cast<int>(m_results.size()) - 1);
                });
            } catch (const campaign::Cancelled&) {
                cancelled = true;
            } catch (const std::exception& e) {
                const QString kernel = QString::fromStdString(requests[i].kernel),
                              why = QString::fromUtf8(e.what());
                QMetaObject::invokeMethod(
                    this, [this, i, kernel, why] { emit failed(static_cast<int>(i), kernel, why); });
            }
            cancelled = cancelled || m_cancel.load();
        }
        QMetaObject::invokeMethod(this, [this, cancelled] {
            m_running = false;
            emit finished(cancelled);
        });
    });
    return true;
}

bool RiscvSession::build(const QString& outDir) {
    if (m_running) return false;
    join();
    m_running = true;
    m_worker = std::thread([this, dir = outDir.toStdString()] {
        bool ok = true;
        QString log;
        try {
            log = QString::fromStdString(buildImages(dir));
        } catch (const std::exception& e) {
            ok = false;
            log = QString::fromUtf8(e.what());
        }
        QMetaObject::invokeMethod(this, [this, ok, log] {
            m_running = false;
            emit built(ok, log);
        });
    });
    return true;
}

void RiscvSession::cancel() {
    m_cancel = true;
}

} // namespace rs::riscv
