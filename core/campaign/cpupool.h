#pragma once
// The CPU runner's worker threads (cpurunner.cpp, cpumldsascheme.cpp): started once per run and released per
// repeat through barriers, so a repeat times the work and the hand-off, not thread creation.

#include <barrier>
#include <cstddef>
#include <exception>
#include <functional>
#include <thread>
#include <utility>
#include <vector>

namespace rs::campaign {

/** Worker threads 1..n-1 waiting on a barrier; the calling thread runs job 0 in each round. */
class CpuPool {
  public:
    CpuPool(std::size_t jobs, std::function<void(std::size_t)> job)
        : m_job(std::move(job)), m_start(static_cast<std::ptrdiff_t>(jobs)),
          m_done(static_cast<std::ptrdiff_t>(jobs)), m_errors(jobs) {
        try {
            for (std::size_t j = 1; j < jobs; ++j)
                m_threads.emplace_back([this, j] { work(j); });
        } catch (...) {
            // The threads never started still count in the barriers: drop them, then stop the rest.
            for (std::size_t j = m_threads.size() + 1; j < jobs; ++j) {
                m_start.arrive_and_drop();
                m_done.arrive_and_drop();
            }
            stop();
            throw;
        }
    }
    ~CpuPool() { stop(); }
    CpuPool(const CpuPool&) = delete;
    CpuPool& operator=(const CpuPool&) = delete;

    /** Every job once, in parallel; rethrows the first failure. */
    void round() {
        m_start.arrive_and_wait();
        runJob(0);
        m_done.arrive_and_wait();
        for (auto& e : m_errors)
            if (e) std::rethrow_exception(std::exchange(e, nullptr));
    }

  private:
    void work(std::size_t j) {
        while (true) {
            m_start.arrive_and_wait();
            if (m_stop) return;
            runJob(j);
            m_done.arrive_and_wait();
        }
    }
    void runJob(std::size_t j) {
        try {
            m_job(j);
        } catch (...) {
            m_errors[j] = std::current_exception();
        }
    }
    void stop() {
        if (m_threads.empty()) return;
        m_stop = true;
        m_start.arrive_and_wait();
        for (auto& t : m_threads)
            t.join();
        m_threads.clear();
    }

    std::function<void(std::size_t)> m_job;
    std::barrier<> m_start, m_done;
    std::vector<std::exception_ptr> m_errors;
    std::vector<std::thread> m_threads;
    bool m_stop = false; ///< written before the start barrier, read after it
};

} // namespace rs::campaign
