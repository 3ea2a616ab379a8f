#include "core/sessions/worker.h"

#include <QMetaObject>
#include <QtGlobal>

#include <new>
#include <utility>

namespace rs::sessions {

namespace {

constexpr int kCoalesceMs = 40; // 25 Hz, docs/CONVENTIONS.md rule 11

// Runs one of the facade's handlers. They must not throw into the event loop (or into the owner thread's);
// one that does is a bug, said loudly rather than crashing the application.
template <class F> void guarded(const QThread* thread, const char* what, F&& handler) {
    try {
        std::forward<F>(handler)();
    } catch (const std::exception& e) {
        qCritical("%s: %s threw: %s", qPrintable(thread->objectName()), what, e.what());
    } catch (...) {
        qCritical("%s: %s threw", qPrintable(thread->objectName()), what);
    }
}

} // namespace

namespace detail {

QString describeException(std::exception_ptr error) {
    try {
        std::rethrow_exception(std::move(error));
    } catch (const std::bad_alloc&) {
        return QStringLiteral("out of memory");
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    } catch (...) {
        return QStringLiteral("unknown error");
    }
}

} // namespace detail

Worker::Worker(const QString& name, QObject* parent) : QObject(parent) {
    m_thread = new QThread(this);
    m_thread->setObjectName(name);
    m_context = new QObject;
    m_context->moveToThread(m_thread);
    m_tick.setInterval(kCoalesceMs);
    connect(&m_tick, &QTimer::timeout, this, &Worker::publishAll);
    m_thread->start();
}

Worker::~Worker() {
    shutdown();
}

void Worker::enqueue(std::shared_ptr<detail::JobCore> job) {
    if (m_stopped) return;
    m_jobs.push_back(job);
    if (!m_tick.isActive()) m_tick.start();
    // Posted calls to one object run in the order posted, and the owner thread runs one at a time: jobs
    // start, end and (posted back the same way) are delivered in submission order.
    QMetaObject::invokeMethod(
        m_context,
        [this, job = std::move(job)] {
            job->run();
            QMetaObject::invokeMethod(
                this, [this, job] { finish(job); }, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void Worker::finish(const std::shared_ptr<detail::JobCore>& job) {
    if (m_stopped) return; // shut down: results are dropped
    Q_ASSERT(!m_jobs.empty() && m_jobs.front() == job);
    m_jobs.pop_front();
    if (m_jobs.empty()) m_tick.stop();
    guarded(m_thread, "a progress handler", [&] { job->publish(); }); // the last progress before the result
    guarded(m_thread, "a result handler", [&] { job->deliver(); });
}

void Worker::publishAll() {
    // Copied: a progress handler may submit or cancel.
    const auto jobs = m_jobs;
    for (const auto& job : jobs)
        guarded(m_thread, "a progress handler", [&] { job->publish(); });
}

void Worker::cancelAll() {
    for (const auto& job : m_jobs)
        job->cancel = true;
}

void Worker::shutdown(const std::function<void()>& last) {
    if (m_stopped) return;
    m_stopped = true;
    cancelAll();
    m_tick.stop();
    // Queued behind the jobs (each cancelled, so those not started are skipped): runs once the running one
    // has returned.
    QMetaObject::invokeMethod(
        m_context,
        [this, &last] {
            if (last) guarded(m_thread, "the last step", last);
        },
        Qt::BlockingQueuedConnection);
    m_thread->quit();
    m_thread->wait();
    delete m_context; // the thread has ended: nothing runs on it any more
    m_context = nullptr;
    m_jobs.clear();
}

} // namespace rs::sessions
