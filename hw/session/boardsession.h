#pragma once
// The GUI's facade of the board (docs/CONVENTIONS.md rules 3 and 13): the BoardClient (its QSerialPort) and
// the virtual board's process are built, used and freed on its Worker's owner thread; connect, KAT batches
// and benchmarks are jobs queued to it, their log lines and progress handed on coalesced (~25 Hz), their
// outcomes and errors reported by signals. Qt Core and SerialPort only.

#include <QJsonObject>
#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

#include "core/sessions/worker.h"

namespace rs::hw {

class BoardSession : public QObject {
    Q_OBJECT

  public:
    explicit BoardSession(QObject* parent = nullptr);
    ~BoardSession() override;

    /** @brief The serial ports present, then "virtual" (roundscope-board-sim). */
    static QStringList ports();
    /** @brief The operations (registry ids) the board runs, in the order of the firmware's variant codes
     *  (hw::board::boardOperations()). */
    static QStringList operations();
    /** @brief The firmware's variant code of an operation; -1 when the board does not run it. */
    static int variantOf(const QString& operation);
    /** @brief The KAT file of a variant (0 Ascon-128, 1 Ascon-128a, 2 Ascon-AEAD128): the registry row's
     *  official vectors, in the vectors folder RoundScope was configured with; empty when that folder is
     *  absent. */
    static QString defaultKatFile(int variant);

    bool isBusy() const { return m_busy; }
    bool isConnected() const { return m_connected; }

  public slots:
    void connectTo(const QString& port, int baud);
    void disconnectFrom();
    /** @brief path 0 hardware, 1 software. */
    void runKats(int path, int variant, const QString& katFile);
    void bench(int path, int variant, int size, int count);
    /** @brief Paper 000 side by side (hw/board/papers/paper000.h) on `port` ("virtual" or a board's device):
     *  opens its own boards, so only while not connected. records = 0: all 1089 of each file. */
    void paper000(const QString& port, int baud, int records = 0);
    void cancel();

  signals:
    void connected(const QString& description);
    void disconnected();
    void log(const QString& line);
    void progress(int done, int total);
    void katFinished(int passed, int failed, double seconds);
    void benchFinished(double seconds, qulonglong ipCycles, int count, int size);
    /** @brief The report as Paper000Report::toJson() has it, and its text. */
    void paper000Finished(const QJsonObject& report, const QString& text);
    void failed(const QString& why);
    void busyChanged(bool busy);

  private:
    /** What a board job hands on while it runs: log lines, and KAT progress (done < 0: none). */
    struct Progress {
        QStringList lines;
        int done = -1, total = 0;
    };
    struct Line;
    template <class Work, class Done> void submit(Work work, Done done);
    void setBusy(bool b);

    bool m_busy = false, m_connected = false;
    std::unique_ptr<Line> m_line; ///< the client and the virtual board: touched only on m_worker's thread
    sessions::Worker m_worker{QStringLiteral("board")};
};

} // namespace rs::hw
