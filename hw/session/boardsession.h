#pragma once
// The GUI's facade of the board (docs/CONVENTIONS.md rule 3): one worker thread owns the BoardClient (and the
// virtual board's process, when that is the port); connect, KAT batches and benchmarks run there and
// report back by signals. Qt Core and SerialPort only.

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

#include <atomic>

namespace rs::hw::board {
class BoardWorker;
}

namespace rs::hw {

class BoardSession : public QObject {
    Q_OBJECT

  public:
    explicit BoardSession(QObject* parent = nullptr);
    ~BoardSession() override;

    /** @brief The serial ports present, then "virtual" (roundscope-board-sim). */
    static QStringList ports();
    /** @brief The KAT file of a variant (0 Ascon-128, 1 Ascon-128a, 2 Ascon-AEAD128) in the vectors folder
     *  RoundScope was configured with; empty when that folder is absent. */
    static QString defaultKatFile(int variant);

    bool isBusy() const { return m_busy; }
    bool isConnected() const { return m_connected; }

  public slots:
    void connectTo(const QString& port, int baud);
    void disconnectFrom();
    /** @brief path 0 hardware, 1 software. */
    void runKats(int path, int variant, const QString& katFile);
    void bench(int path, int variant, int size, int count);
    void cancel();

  signals:
    void connected(const QString& description);
    void disconnected();
    void log(const QString& line);
    void progress(int done, int total);
    void katFinished(int passed, int failed, double seconds);
    void benchFinished(double seconds, qulonglong ipCycles, int count, int size);
    void failed(const QString& why);
    void busyChanged(bool busy);

  private:
    friend class board::BoardWorker;
    void setBusy(bool b);

    QThread m_thread;
    board::BoardWorker* m_worker = nullptr;
    std::atomic<bool> m_cancel{false};
    bool m_busy = false, m_connected = false;
};

} // namespace rs::hw
