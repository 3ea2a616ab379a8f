#include "hw/session/boardsession.h"

#include <QFileInfo>
#include <QSerialPortInfo>

#include "core/oracle/algorithms.h"
#include "hw/board/boardclient.h"
#include "hw/board/papers/paper000.h"

namespace rs::hw {

/** The line to the board, on the worker's thread; its log goes to the job running now. */
struct BoardSession::Line {
    std::unique_ptr<board::BoardClient> client;
    board::VirtualBoard virtualBoard;
    sessions::JobContext<Progress>* job = nullptr;

    void log(const QString& line) {
        if (job) job->update([&line](Progress& p) { p.lines << line; });
    }
    board::BoardClient& need() {
        if (!client || !client->isOpen()) throw board::BoardError(0, "not connected");
        return *client;
    }
    void close() {
        client.reset();
        virtualBoard.stop();
    }
};

template <class Work, class Done> void BoardSession::submit(Work work, Done done) {
    setBusy(true);
    m_worker.submit<Progress>(
        [this, work = std::move(work)](sessions::JobContext<Progress>& job) mutable {
            // The client's log (retries, reconnects) belongs to whichever job uses the line now.
            m_line->job = &job;
            struct Detach {
                Line* line;
                ~Detach() { line->job = nullptr; }
            } detach{m_line.get()};
            return work(*m_line, job);
        },
        [this, done = std::move(done)](auto result) mutable {
            done(result);
            setBusy(!m_worker.isIdle());
        },
        [this](const Progress& p) {
            for (const QString& l : p.lines)
                emit log(l);
            if (p.done >= 0) emit progress(p.done, p.total);
        });
}

BoardSession::BoardSession(QObject* parent) : QObject(parent), m_line(std::make_unique<Line>()) {}

BoardSession::~BoardSession() {
    // Cancels a KAT batch between frames, then closes the port and the virtual board on their thread.
    m_worker.shutdown([this] { m_line.reset(); });
}

QStringList BoardSession::ports() {
    QStringList out;
    for (const QSerialPortInfo& p : QSerialPortInfo::availablePorts())
        out << p.systemLocation();
    out << QStringLiteral("virtual");
    return out;
}

QStringList BoardSession::operations() {
    QStringList out;
    for (const std::string& id : board::boardOperations())
        out << QString::fromStdString(id);
    return out;
}

int BoardSession::variantOf(const QString& operation) {
    return board::boardVariant(operation.toStdString());
}

QString BoardSession::defaultKatFile(int variant) {
#ifdef RS_VECTORS_DIR
    const auto& ops = board::boardOperations();
    if (variant < 0 || variant >= static_cast<int>(ops.size())) return {};
    const oracle::AeadAlgorithm* row = oracle::findAead(ops[static_cast<std::size_t>(variant)]);
    if (row == nullptr || row->vectorFiles.empty()) return {};
    const QString f = QStringLiteral(RS_VECTORS_DIR "/") + QString::fromStdString(row->vectorFiles.front());
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
    submit(
        [port, baud](Line& line, sessions::JobContext<Progress>&) {
            try {
                line.client.reset();
                line.client = std::make_unique<board::BoardClient>();
                line.client->log = [&line](const std::string& s) { line.log(QString::fromStdString(s)); };
                QString device = port;
                if (port == QStringLiteral("virtual")) {
                    device = line.virtualBoard.start();
                    line.log(QStringLiteral("virtual board on %1 (timings are modelled)").arg(device));
                }
                const board::BoardHello h = line.client->open(device, baud);
                const board::BoardInfo i = line.client->info();
                return QStringLiteral("%1 on %2: %3, IP %4, timer %5 MHz")
                    .arg(QString::fromStdString(h.firmware), device,
                         h.hasHardware() ? QStringLiteral("hardware + software paths")
                                         : QStringLiteral("software path only"),
                         h.hasHardware() ? QStringLiteral("unroll %1").arg(h.unroll)
                                         : QStringLiteral("absent"))
                    .arg(i.timerHz / 1e6, 0, 'f', 2);
            } catch (...) {
                line.close();
                throw;
            }
        },
        [this](const sessions::JobResult<QString>& r) {
            if (!r.value) {
                emit failed(tr("cannot connect: %1").arg(r.cancelled ? tr("cancelled") : r.error));
                return;
            }
            m_connected = true;
            emit connected(*r.value);
        });
}

void BoardSession::disconnectFrom() {
    if (m_busy) cancel();
    submit([](Line& line, sessions::JobContext<Progress>&) { line.close(); },
           [this](const sessions::JobResult<std::monostate>& r) {
               if (!r.value) return; // cancelled before it ran: still connected
               m_connected = false;
               emit disconnected();
           });
}

void BoardSession::runKats(int path, int variant, const QString& file) {
    if (m_busy) return;
    struct Kats {
        int passed = 0, failed = 0;
        double seconds = 0;
    };
    submit(
        [path, variant, file](Line& line, sessions::JobContext<Progress>& job) {
            board::BoardClient& client = line.need();
            const auto records = core::readKatFile(file.toStdString());
            line.log(QStringLiteral("%1 KAT records from %2").arg(records.size()).arg(file));
            const board::BoardKatOutcome o = client.runKats(
                static_cast<board::BoardPath>(path), variant, records,
                [&job](int d, int t) {
                    job.update([d, t](Progress& p) {
                        p.done = d;
                        p.total = t;
                    });
                },
                [&job] { return job.cancelled(); });
            for (const auto& f : o.failures)
                line.log(QString::fromStdString(f));
            return Kats{o.passed, o.failed, static_cast<double>(o.ticks) / client.info().timerHz};
        },
        [this](const sessions::JobResult<Kats>& r) {
            // A cancelled batch still says what it ran.
            if (r.value)
                emit katFinished(r.value->passed, r.value->failed, r.value->seconds);
            else
                emit failed(r.cancelled ? tr("cancelled") : r.error);
        });
}

void BoardSession::bench(int path, int variant, int size, int count) {
    if (m_busy) return;
    submit(
        [path, variant, size, count](Line& line, sessions::JobContext<Progress>&) {
            board::BoardClient& client = line.need();
            client.loadKey(variant, crypto::Bytes(16, 0x42));
            client.loadNonce(crypto::Bytes(16, 0x24));
            return client.bench(static_cast<board::BoardPath>(path), static_cast<std::uint16_t>(size),
                                static_cast<std::uint32_t>(count));
        },
        [this](const sessions::JobResult<board::BenchResult>& r) {
            if (r.value)
                emit benchFinished(r.value->seconds(), r.value->ipCycles, static_cast<int>(r.value->count),
                                   static_cast<int>(r.value->size));
            else
                emit failed(r.cancelled ? tr("cancelled") : r.error);
        });
}

void BoardSession::paper000(const QString& port, int baud, int records) {
    if (m_busy || m_connected) return;
    struct Done {
        QJsonObject json;
        QString text;
    };
    submit(
        [port, baud, records](Line& line, sessions::JobContext<Progress>& job) {
            board::Paper000Options o;
            o.port = port;
            o.baud = baud;
            o.records = records;
            std::string stage;
            o.progress = [&](const std::string& s, int done, int total) {
                if (s != stage) line.log(QString::fromStdString(stage = s));
                job.update([done, total](Progress& p) {
                    p.done = done;
                    p.total = total;
                });
            };
            o.cancelled = [&job] { return job.cancelled(); };
            o.log = [&line](const std::string& s) { line.log(QString::fromStdString(s)); };
            const board::Paper000Report r = board::runPaper000(o);
            return Done{r.toJson(), QString::fromStdString(r.text())};
        },
        [this](const sessions::JobResult<Done>& r) {
            if (r.value)
                emit paper000Finished(r.value->json, r.value->text);
            else
                emit failed(r.cancelled ? tr("cancelled") : r.error);
        });
}

void BoardSession::cancel() {
    m_worker.cancelAll();
}

} // namespace rs::hw
