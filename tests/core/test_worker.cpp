// The one worker of every facade (core/sessions/worker.h): results in submission order on the facade's
// thread, one owner thread for every job, cancel inside long work and of queued jobs, errors as results,
// progress coalesced (counted, never timed), destruction cancelling and joining the running job.
#include <gtest/gtest.h>

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QElapsedTimer>
#include <QSemaphore>
#include <QThread>

#include <atomic>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/sessions/worker.h"
#include "tests/qtcoreapp.h"

using rs::sessions::JobContext;
using rs::sessions::JobResult;
using rs::sessions::Worker;

namespace {

// Runs the facade thread's event loop until `done` holds; false if it never does (a hang guard, not a
// timing assertion).
template <class F> bool spinUntil(F done) {
    const QDeadlineTimer guard(120000);
    while (!done()) {
        if (guard.hasExpired()) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(1);
    }
    return true;
}

// Lets the event loop run a while (several 25 Hz ticks on any machine that is not stalled).
void spinFor(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
        QThread::msleep(1);
    }
}

} // namespace

TEST(Worker, ResultsArriveInSubmissionOrderOnTheFacadeThread) {
    Worker worker(QStringLiteral("test"));
    std::vector<int> order;
    std::vector<std::string> errors;
    bool allOnFacadeThread = true;
    for (int i = 0; i < 20; ++i)
        worker.submit(
            [i](JobContext<>&) {
                if (i % 5 == 3) throw std::runtime_error("job " + std::to_string(i) + " failed");
                return i;
            },
            [&, i](JobResult<int> r) {
                allOnFacadeThread = allOnFacadeThread && QThread::currentThread() == qApp->thread();
                order.push_back(i);
                if (r.value) {
                    EXPECT_EQ(*r.value, i);
                }
                errors.push_back(r.error.toStdString());
            });
    EXPECT_EQ(worker.pending(), 20);
    ASSERT_TRUE(spinUntil([&] { return order.size() == 20; }));
    for (int i = 0; i < 20; ++i) {
        EXPECT_EQ(order[static_cast<std::size_t>(i)], i);
        EXPECT_EQ(errors[static_cast<std::size_t>(i)],
                  i % 5 == 3 ? "job " + std::to_string(i) + " failed" : std::string());
    }
    EXPECT_TRUE(allOnFacadeThread);
    EXPECT_TRUE(worker.isIdle());
}

TEST(Worker, EveryJobRunsOnTheSameOwnerThread) {
    QThread* last = nullptr;
    std::vector<QThread*> threads;
    {
        Worker worker(QStringLiteral("owner"));
        for (int i = 0; i < 6; ++i)
            worker.submit([](JobContext<>&) { return QThread::currentThread(); },
                          [&](JobResult<QThread*> r) { threads.push_back(r.value.value_or(nullptr)); });
        ASSERT_TRUE(spinUntil([&] { return threads.size() == 6; }));
        for (QThread* t : threads) {
            EXPECT_EQ(t, worker.ownerThread());
            EXPECT_NE(t, qApp->thread());
        }
        // The last step (freeing what the jobs built there) runs on that thread too.
        QThread* owner = worker.ownerThread();
        worker.shutdown([&] { last = QThread::currentThread(); });
        EXPECT_EQ(last, owner);
    }
}

TEST(Worker, CancelStopsLongWorkAndSkipsQueuedJobs) {
    Worker worker(QStringLiteral("cancel"));
    std::atomic<bool> running{false};
    std::atomic<bool> queuedRan{false};
    std::vector<JobResult<long>> results;
    // Long work polling its flag: returns what it did, the result still says cancelled.
    worker.submit(
        [&](JobContext<>& job) {
            long spins = 0;
            running = true;
            while (!job.cancelled())
                ++spins;
            return spins;
        },
        [&](JobResult<long> r) { results.push_back(std::move(r)); });
    // Long work stopping by throwing: no value, no error, cancelled.
    worker.submit(
        [&](JobContext<>& job) -> long {
            queuedRan = true;
            for (;;)
                job.throwIfCancelled();
        },
        [&](JobResult<long> r) { results.push_back(std::move(r)); });
    ASSERT_TRUE(spinUntil([&] { return running.load(); }));
    worker.cancelAll();
    ASSERT_TRUE(spinUntil([&] { return results.size() == 2; }));
    EXPECT_TRUE(results[0].cancelled);
    EXPECT_TRUE(results[0].value.has_value());
    EXPECT_FALSE(results[0].ok());
    EXPECT_TRUE(results[0].error.isEmpty());
    // Queued behind it when the cancel came: never started.
    EXPECT_FALSE(queuedRan.load());
    EXPECT_TRUE(results[1].cancelled);
    EXPECT_FALSE(results[1].value.has_value());
    EXPECT_TRUE(results[1].error.isEmpty());

    // A job submitted after the cancel runs normally, on the same thread.
    bool ran = false;
    worker.submit([](JobContext<>& job) { job.throwIfCancelled(); },
                  [&](JobResult<std::monostate> r) { ran = r.ok(); });
    ASSERT_TRUE(spinUntil([&] { return worker.isIdle(); }));
    EXPECT_TRUE(ran);
}

TEST(Worker, WhatAJobThrowsArrivesAsAnErrorResult) {
    Worker worker(QStringLiteral("errors"));
    std::vector<JobResult<int>> results;
    const auto keep = [&](JobResult<int> r) { results.push_back(std::move(r)); };
    worker.submit([](JobContext<>&) -> int { throw std::runtime_error("the bus faulted"); }, keep);
    worker.submit([](JobContext<>&) -> int { throw 42; }, keep);
    worker.submit([](JobContext<>&) -> int { throw std::bad_alloc(); }, keep);
    worker.submit([](JobContext<>&) { return 7; }, keep);
    ASSERT_TRUE(spinUntil([&] { return results.size() == 4; }));
    EXPECT_EQ(results[0].error, QStringLiteral("the bus faulted"));
    EXPECT_EQ(results[1].error, QStringLiteral("unknown error"));
    EXPECT_EQ(results[2].error, QStringLiteral("out of memory"));
    for (int i = 0; i < 3; ++i) {
        EXPECT_FALSE(results[static_cast<std::size_t>(i)].value.has_value());
        EXPECT_FALSE(results[static_cast<std::size_t>(i)].cancelled);
    }
    EXPECT_TRUE(results[3].ok());
    EXPECT_EQ(*results[3].value, 7);
}

TEST(Worker, ProgressIsCoalescedWhileTheFacadeThreadIsBusy) {
    // The facade thread does not run its event loop while the job reports 100000 times: one hand-over
    // (the latest value), right before the result.
    Worker worker(QStringLiteral("progress"));
    QSemaphore reported;
    std::vector<int> seen;
    bool progressBeforeResult = false;
    bool delivered = false;
    worker.submit<int>(
        [&](JobContext<int>& job) {
            for (int i = 0; i < 100000; ++i)
                job.report(i);
            reported.release();
            return 1;
        },
        [&](JobResult<int>) {
            progressBeforeResult = seen.size() == 1;
            delivered = true;
        },
        [&](int p) { seen.push_back(p); });
    reported.acquire();
    ASSERT_TRUE(spinUntil([&] { return delivered; }));
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen.front(), 99999);
    EXPECT_TRUE(progressBeforeResult);

    // update() accumulates in place: 1000 appended lines arrive in one hand-over, in order.
    std::vector<std::vector<int>> batches;
    delivered = false;
    worker.submit<std::vector<int>>(
        [&](JobContext<std::vector<int>>& job) {
            for (int i = 0; i < 1000; ++i)
                job.update([i](std::vector<int>& lines) { lines.push_back(i); });
            reported.release();
        },
        [&](JobResult<std::monostate>) { delivered = true; },
        [&](std::vector<int> lines) { batches.push_back(std::move(lines)); });
    reported.acquire();
    ASSERT_TRUE(spinUntil([&] { return delivered; }));
    ASSERT_EQ(batches.size(), 1u);
    ASSERT_EQ(batches.front().size(), 1000u);
    for (int i = 0; i < 1000; ++i)
        EXPECT_EQ(batches.front()[static_cast<std::size_t>(i)], i);
}

TEST(Worker, EveryNewValueIsHandedOnOnceAndNothingWithoutNews) {
    Worker worker(QStringLiteral("lockstep"));
    QSemaphore seenOne, mayFinish;
    std::vector<int> seen;
    std::vector<std::vector<int>> batches;
    bool delivered = false;
    // In lockstep: each value is reported only after the facade received the one before.
    worker.submit<std::vector<int>>(
        [&](JobContext<std::vector<int>>& job) {
            for (int i = 1; i <= 5; ++i) {
                job.update([i](std::vector<int>& v) { v.push_back(i); });
                seenOne.acquire();
            }
            mayFinish.acquire();
        },
        [&](JobResult<std::monostate>) { delivered = true; },
        [&](std::vector<int> v) {
            batches.push_back(v);
            seenOne.release();
        });
    ASSERT_TRUE(spinUntil([&] { return batches.size() == 5; }));
    // Nothing new: however many ticks pass, nothing more is handed on.
    spinFor(300);
    EXPECT_EQ(batches.size(), 5u);
    mayFinish.release();
    ASSERT_TRUE(spinUntil([&] { return delivered; }));
    ASSERT_EQ(batches.size(), 5u);
    for (int i = 0; i < 5; ++i) // each batch started from empty after the hand-over before it
        EXPECT_EQ(batches[static_cast<std::size_t>(i)], std::vector<int>{i + 1});
}

TEST(Worker, DestructionWhileAJobRunsCancelsAndJoins) {
    auto worker = std::make_unique<Worker>(QStringLiteral("destroyed"));
    std::atomic<bool> started{false}, returned{false}, queuedRan{false};
    bool delivered = false;
    worker->submit(
        [&](JobContext<>& job) {
            started = true;
            while (!job.cancelled())
                QThread::yieldCurrentThread();
            returned = true;
        },
        [&](JobResult<std::monostate>) { delivered = true; });
    worker->submit([&](JobContext<>&) { queuedRan = true; },
                   [&](JobResult<std::monostate>) { delivered = true; });
    ASSERT_TRUE(spinUntil([&] { return started.load(); }));
    worker.reset(); // must not hang: the running job sees its flag; the thread is joined
    EXPECT_TRUE(returned.load());
    EXPECT_FALSE(queuedRan.load());
    spinFor(50);
    EXPECT_FALSE(delivered); // results of a destroyed worker are dropped, never delivered
}

TEST(Worker, NothingRunsAfterShutdown) {
    Worker worker(QStringLiteral("stopped"));
    worker.shutdown();
    bool ran = false;
    worker.submit([&](JobContext<>&) { ran = true; }, [&](JobResult<std::monostate>) { ran = true; });
    EXPECT_TRUE(worker.isIdle());
    spinFor(50);
    EXPECT_FALSE(ran);
    worker.shutdown(); // a second time does nothing
}

TEST(Worker, AHandlerThatThrowsNeitherCrashesNorStopsTheJobsAfterIt) {
    // Nothing may be thrown through the event loop: a facade's buggy handler is reported, the next job's
    // result still arrives.
    Worker worker(QStringLiteral("throwing handler"));
    std::vector<int> got;
    worker.submit([](JobContext<>&) { return 1; },
                  [](JobResult<int>) { throw std::runtime_error("handler bug"); });
    worker.submit([](JobContext<>&) { return 2; },
                  [&](JobResult<int> r) { got.push_back(r.value.value_or(0)); });
    ASSERT_TRUE(spinUntil([&] { return got.size() == 1; }));
    EXPECT_EQ(got.front(), 2);
    EXPECT_TRUE(worker.isIdle());
}
