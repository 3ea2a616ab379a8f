#pragma once
// Worker: the one way a facade runs work off the GUI thread (docs/CONVENTIONS.md rules 10, 11 and 18).
//
// One long-lived owner thread per Worker; jobs are queued to it and run one after another, so what a job
// builds there (a Verilated model, a serial port, a store connection) is used by later jobs and freed by
// the same thread (shutdown's last step). Each job
//  - checks its cancel flag inside its long work (JobContext::cancelled, cancelFlag for code that polls an
//    atomic, throwIfCancelled); a job cancelled before it started is not run;
//  - reports progress that reaches the facade coalesced: the latest value is handed on by a 25 Hz tick of
//    the facade's thread (at most one hand-over per tick, none when nothing new came) and once more right
//    before the result, so a job may report as often as it likes;
//  - ends in a JobResult delivered on the facade's thread, in the order the jobs were submitted: the value
//    it returned, or the message of what it threw, or "cancelled". Nothing a job throws crosses a Qt slot.
// External programs (roundscope-gpu, QEMU) run inside jobs, their waits polling the cancel flag.
// Qt Core only.

#include <QObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace rs::sessions {

/** @brief Thrown by JobContext::throwIfCancelled(): the job stops and its result says cancelled. */
class JobCancelled : public std::exception {
  public:
    const char* what() const noexcept override { return "cancelled"; }
};

/** @brief The progress type of a job that reports none. */
struct NoProgress {};

/** @brief How a job ended, as its facade receives it. */
template <class T> struct JobResult {
    std::optional<T> value; ///< what the job returned; empty when it threw or was never run
    QString error;          ///< the message of what it threw; empty when it returned or was cancelled
    bool cancelled = false; ///< its cancel flag was raised (before, while or after it ran)
    /** @brief True when the job returned and was not cancelled. */
    bool ok() const { return value.has_value() && !cancelled; }
};

namespace detail {

/** The part of one job both threads see. The closures never hold the JobCore itself (no cycle). */
struct JobCore {
    std::atomic<bool> cancel{false};
    std::function<void()> run;     ///< owner thread: runs the work (unless cancelled), keeps the outcome
    std::function<void()> publish; ///< facade thread: hands the pending progress on, if any
    std::function<void()> deliver; ///< facade thread: hands the result on
};

template <class P> struct ProgressSlot {
    std::mutex mutex;
    std::optional<P> pending;
    std::optional<P> take() {
        const std::lock_guard lock(mutex);
        return std::exchange(pending, std::nullopt);
    }
};

/** The words for what a job threw (std::exception: its message). */
QString describeException(std::exception_ptr error);

} // namespace detail

/** @brief What a running job sees: its cancel flag and its progress channel. */
template <class P = NoProgress> class JobContext {
  public:
    JobContext(detail::JobCore* core, detail::ProgressSlot<P>* slot) : m_core(core), m_slot(slot) {}

    /** @brief True once the facade asked this job to stop. */
    bool cancelled() const { return m_core->cancel.load(std::memory_order_relaxed); }
    /** @brief The flag itself, for code that polls an atomic (engines, runners, analyses). */
    const std::atomic<bool>& cancelFlag() const { return m_core->cancel; }
    /** @brief Throws JobCancelled when cancelled. */
    void throwIfCancelled() const {
        if (cancelled()) throw JobCancelled();
    }
    /** @brief Replaces the progress not yet handed on. */
    void report(P value) {
        const std::lock_guard lock(m_slot->mutex);
        m_slot->pending = std::move(value);
    }
    /** @brief Changes the progress not yet handed on in place (append a line, count a run); after each
     *  hand-over it starts again from P{}. */
    template <class F> void update(F&& change) {
        const std::lock_guard lock(m_slot->mutex);
        if (!m_slot->pending) m_slot->pending.emplace();
        std::forward<F>(change)(*m_slot->pending);
    }

  private:
    detail::JobCore* m_core;
    detail::ProgressSlot<P>* m_slot;
};

class Worker : public QObject {
  public:
    /** @brief Starts the owner thread (named `name`, for debuggers). Create it on the facade's thread:
     *  results and progress are delivered there. */
    explicit Worker(const QString& name, QObject* parent = nullptr);
    /** @brief shutdown() without a last step. */
    ~Worker() override;
    Worker(const Worker&) = delete;
    Worker& operator=(const Worker&) = delete;

    /**
     * @brief Queues a job: `work(JobContext<P>&)` runs on the owner thread after every job submitted
     * before it; `done(JobResult<R>)` then runs on the facade's thread (R: what work returns, std::monostate
     * for void); `onProgress(P)` runs there with the coalesced progress, the last time right before done.
     */
    template <class P = NoProgress, class Work, class Done, class OnProgress = std::nullptr_t>
    void submit(Work work, Done done, OnProgress onProgress = nullptr);

    /** @brief Raises the cancel flag of every job not delivered yet (the running one and those queued). */
    void cancelAll();
    /** @brief Jobs submitted and not delivered yet (running, queued, or ended and on their way). */
    int pending() const { return static_cast<int>(m_jobs.size()); }
    bool isIdle() const { return m_jobs.empty(); }
    /** @brief The owner thread (the same for every job). */
    QThread* ownerThread() const { return m_thread; }

    /**
     * @brief Cancels every job, waits for the running one, runs `last` on the owner thread (free what the
     * jobs built there), ends the thread. Results not delivered yet are dropped. Later calls do nothing;
     * submit() after it does nothing either.
     */
    void shutdown(const std::function<void()>& last = {});

  private:
    void enqueue(std::shared_ptr<detail::JobCore> job);
    void finish(const std::shared_ptr<detail::JobCore>& job);
    void publishAll();

    QThread* m_thread = nullptr;
    QObject* m_context = nullptr; ///< lives on m_thread: jobs are queued calls to it
    std::deque<std::shared_ptr<detail::JobCore>> m_jobs;
    QTimer m_tick;
    bool m_stopped = false;
};

template <class P, class Work, class Done, class OnProgress>
void Worker::submit(Work work, Done done, OnProgress onProgress) {
    using Returned = std::invoke_result_t<Work&, JobContext<P>&>;
    using Value = std::conditional_t<std::is_void_v<Returned>, std::monostate, Returned>;
    auto job = std::make_shared<detail::JobCore>();
    auto slot = std::make_shared<detail::ProgressSlot<P>>();
    auto result = std::make_shared<JobResult<Value>>();
    detail::JobCore* core = job.get();
    job->run = [core, slot, result, work = std::move(work)]() mutable {
        if (core->cancel.load()) return; // cancelled while queued: never started
        JobContext<P> context(core, slot.get());
        try {
            if constexpr (std::is_void_v<Returned>) {
                work(context);
                result->value.emplace();
            } else {
                result->value.emplace(work(context));
            }
        } catch (const JobCancelled&) {
            core->cancel = true;
        } catch (...) {
            result->error = detail::describeException(std::current_exception());
        }
    };
    job->publish = [slot, onProgress = std::move(onProgress)]() mutable {
        if constexpr (!std::is_same_v<OnProgress, std::nullptr_t>) {
            if (std::optional<P> p = slot->take()) onProgress(std::move(*p));
        }
    };
    job->deliver = [core, result, done = std::move(done)]() mutable {
        // A cancel raised after the work returned still counts: what it computed is no longer wanted.
        result->cancelled = core->cancel.load();
        if (result->cancelled) result->error.clear(); // what a cancelled job throws is its way of stopping
        done(std::move(*result));
    };
    enqueue(std::move(job));
}

} // namespace rs::sessions
