#include "boardsession.h"

#include <QFileInfo>
#include <QMetaObject>
#include <QSerialPortInfo>

#include "boardclient.h"

namespace rs::hw {

namespace board {

/** Lives on the session's thread; every call runs there. */
class BoardWorker : public QObject {
  public:
    BoardWorker(BoardSession* session, std::atomic<bool>* cancel) : m_session(session), m_cancel(cancel) {}

    void connectTo(const QString& port, int baud) {
        try {
            m_client.reset();
            m_client = std::make_unique<BoardClient>();
            m_client->log = [this](const std::string& s) { emitLog(QString::fromStdString(s)); };
            QString device = port;
            if (port == QStringLiteral("virtual")) {
                device = m_virtual.start();
                emitLog(QStringLiteral("virtual board on %1 (timings are modelled)").arg(device));
            }
            const BoardHello h = m_client->open(device, baud);
            const BoardInfo i = m_client->info();
            const QString d = QStringLiteral("%1 on %2: %3, IP %4, timer %5 MHz")
                                  .arg(QString::fromStdString(h.firmware), device,
                                       h.hasHardware() ? QStringLiteral("hardware + software paths")
                                                       : QStringLiteral("software path only"),
                                       h.hasHardware() ? QStringLiteral("unroll %1").arg(h.unroll)
                                                       : QStringLiteral("absent"))
                                  .arg(i.timerHz / 1e6, 0, 'f', 2);
            QMetaObject::invokeMethod(m_session, [s = m_session, d] { emit s->connected(d); });
        } catch (const std::exception& e) {
            fail(QStringLiteral("cannot connect: %1").arg(QString::fromUtf8(e.what())));
            m_client.reset();
            m_virtual.stop();
        }
        done();
    }

    void disconnectFrom() {
        m_client.reset();
        m_virtual.stop();
        QMetaObject::invokeMethod(m_session, [s = m_session] { emit s->disconnected(); });
        done();
    }

    void runKats(int path, int variant, const QString& file) {
        try {
            need();
            const auto records = core::readKatFile(file.toStdString());
            emitLog(QStringLiteral("%1 KAT records from %2").arg(records.size()).arg(file));
            const BoardKatOutcome o = m_client->runKats(
                static_cast<BoardPath>(path), variant, records,
                [this](int d, int t) {
                    QMetaObject::invokeMethod(m_session, [s = m_session, d, t] { emit s->progress(d, t); });
                },
                [this] { return m_cancel->load(); });
            for (const auto& f : o.failures)
                emitLog(QString::fromStdString(f));
            const double seconds = static_cast<double>(o.ticks) / m_client->info().timerHz;
            QMetaObject::invokeMethod(
                m_session, [s = m_session, o, seconds] { emit s->katFinished(o.passed, o.failed, seconds); });
        } catch (const std::exception& e) {
            fail(QString::fromUtf8(e.what()));
        }
        done();
    }

    void bench(int path, int variant, int size, int count) {
        try {
            need();
            m_client->loadKey(variant, crypto::Bytes(16, 0x42));
            m_client->loadNonce(crypto::Bytes(16, 0x24));
            const BenchResult r =
                m_client->bench(static_cast<BoardPath>(path), static_cast<std::uint16_t>(size),
                                static_cast<std::uint32_t>(count));
            QMetaObject::invokeMethod(m_session, [s = m_session, r] {
                emit s->benchFinished(r.seconds(), r.ipCycles, static_cast<int>(r.count),
                                      static_cast<int>(r.size));
            });
        } catch (const std::exception& e) {
            fail(QString::fromUtf8(e.what()));
        }
        done();
    }

    void shutdown() {
        m_client.reset();
        m_virtual.stop();
    }

  private:
    void need() {
        if (!m_client || !m_client->isOpen()) throw BoardError(0, "not connected");
    }
    void emitLog(const QString& s) {
        QMetaObject::invokeMethod(m_session, [sess = m_session, s] { emit sess->log(s); });
    }
    void fail(const QString& why) {
        QMetaObject::invokeMethod(m_session, [s = m_session, why] { emit s->failed(why); });
    }
    void done() {
        QMetaObject::invokeMethod(m_session, [s = m_session] { s->setBusy(false); });
    }

    BoardSession* m_session;
    std::atomic<bool>* m_cancel;
    std::unique_ptr<BoardClient> m_client;
    VirtualBoard m_virtual;
};

} // namespace board

BoardSession::BoardSession(QObject* parent) : QObject(parent) {
    m_worker = new board::BoardWorker(this, &m_cancel);
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(this, &BoardSession::connected, this, [this] { m_connected = true; });
    connect(this, &BoardSession::disconnected, this, [this] { m_connected = false; });
    m_thread.start();
}

BoardSession::~BoardSession() {
    m_cancel = true;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker] { w->shutdown(); }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

QStringList BoardSession::ports() {
    QStringList out;
    for (const QSerialPortInfo& p : QSerialPortInfo::availablePorts())
        out << p.systemLocation();
    out << QStringLiteral("virtual");
    return out;
}

QString BoardSession::defaultKatFile(int variant) {
#ifdef RS_VECTORS_DIR
    static const char* files[] = {"ascon128v12_LWC_AEAD_KAT_128_128.txt",
                                  "ascon128av12_LWC_AEAD_KAT_128_128.txt",
                                  "asconaead128_LWC_AEAD_KAT_128_128.txt"};
    if (variant < 0 || variant > 2) return {};
    const QString f = QStringLiteral(RS_VECTORS_DIR "/ascon/") + QLatin1String(files[variant]);
    return QFileInfo::exists(f) ? f : QString();
#else
    (void)variant;
    return {};
#endif
}

void BoardSession::setBusy(bool b) {
    if (m_busy == b) return;
    m_busy = b;
    emit busyChanged(b);
}

void BoardSession::connectTo(const QString& port, int baud) {
    if (m_busy) return;
    setBusy(true);
    m_cancel = false;
    QMetaObject::invokeMethod(m_worker, [w = m_worker, port, baud] { w->connectTo(port, baud); });
}

void BoardSession::disconnectFrom() {
    if (m_busy) cancel();
    setBusy(true);
    QMetaObject::invokeMethod(m_worker, [w = m_worker] { w->disconnectFrom(); });
}

void BoardSession::runKats(int path, int variant, const QString& file) {
    if (m_busy) return;
    setBusy(true);
    m_cancel = false;
    QMetaObject::invokeMethod(m_worker,
                              [w = m_worker, path, variant, file] { w->runKats(path, variant, file); });
}

void BoardSession::bench(int path, int variant, int size, int count) {
    if (m_busy) return;
    setBusy(true);
    m_cancel = false;
    QMetaObject::invokeMethod(
        m_worker, [w = m_worker, path, variant, size, count] { w->bench(path, variant, size, count); });
}

void BoardSession::cancel() {
    m_cancel = true;
}

} // namespace rs::hw
