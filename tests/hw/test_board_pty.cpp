// The client against a "board" that misbehaves without end, played by the test on a pseudo-terminal:
// a line that never ends (bytes without a 0x00, forever) and a flood of well-formed answers to other
// requests. Each must end in a clear BoardError after the retries, with the client's memory bounded by
// one frame, never a hang.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "hw/board/boardclient.h"
#include "tests/fuzz/boardframes.h"

namespace {

using namespace rs::hw::board;
namespace fb = rs::fuzz::board;

/** A pseudo-terminal whose master side a thread fills with `pattern`, over and over, until destroyed. */
class Spewer {
  public:
    explicit Spewer(fb::Bytes pattern) : m_pattern(std::move(pattern)) {
        m_master = posix_openpt(O_RDWR | O_NOCTTY | O_NONBLOCK);
        if (m_master < 0 || grantpt(m_master) != 0 || unlockpt(m_master) != 0) return;
        m_path = ptsname(m_master);
        m_slave = open(m_path.c_str(), O_RDWR | O_NOCTTY); // kept open: the client's close never hangs up
        termios t{};
        if (m_slave >= 0 && tcgetattr(m_slave, &t) == 0) {
            cfmakeraw(&t);
            tcsetattr(m_slave, TCSANOW, &t);
        }
        m_thread = std::thread([this] { run(); });
    }
    ~Spewer() {
        m_stop = true;
        if (m_thread.joinable()) m_thread.join();
        if (m_slave >= 0) close(m_slave);
        if (m_master >= 0) close(m_master);
    }
    QString path() const { return QString::fromStdString(m_path); }

  private:
    void run() {
        std::size_t at = 0;
        while (!m_stop) {
            pollfd p{m_master, POLLOUT, 0};
            if (poll(&p, 1, 20) <= 0) continue;
            const ssize_t w = write(m_master, m_pattern.data() + at, m_pattern.size() - at);
            if (w > 0) at = (at + static_cast<std::size_t>(w)) % m_pattern.size();
        }
    }

    fb::Bytes m_pattern;
    int m_master = -1, m_slave = -1;
    std::string m_path;
    std::atomic<bool> m_stop{false};
    std::thread m_thread;
};

BoardOptions quick() {
    BoardOptions o;
    o.timeoutMs = 300;
    o.retries = 1;
    o.reconnects = 1;
    return o;
}

std::string openError(const QString& port) {
    BoardClient c(quick());
    try {
        c.open(port);
    } catch (const BoardError& e) {
        EXPECT_EQ(e.code(), 0);
        return e.what();
    }
    return "opened";
}

TEST(BoardPty, ALineThatNeverEndsIsAClearErrorNotAHangOrAGrowingBuffer) {
    Spewer board(fb::longLine(4096, 0x41));
    ASSERT_FALSE(board.path().isEmpty());
    const std::string what = openError(board.path());
    EXPECT_NE(what.find("no valid answer from the board after 2 attempts"), std::string::npos) << what;
    EXPECT_NE(what.find("a line longer than any frame is arriving"), std::string::npos) << what;
}

TEST(BoardPty, AFloodOfAnswersToOtherRequestsIsAClearErrorNotAHang) {
    fb::Bytes flood;
    for (int i = 0; i < 50; ++i)
        fb::append(flood, fb::frame(RSB_HELLO | RSB_RESPONSE, 0x7777, fb::Bytes(20, 1)));
    Spewer board(flood);
    ASSERT_FALSE(board.path().isEmpty());
    const std::string what = openError(board.path());
    EXPECT_NE(what.find("no valid answer from the board after 2 attempts (no answer within 300 ms)"),
              std::string::npos)
        << what;
}

} // namespace
