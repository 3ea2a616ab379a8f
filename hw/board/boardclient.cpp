#include "hw/board/boardclient.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QSerialPort>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

#include "core/oracle/algorithms.h"
#include "core/programdir.h"

extern "C" {
#include "hw/zynq/firmware/protocol.h"
}

namespace rs::hw::board {

namespace {

constexpr std::size_t kReadChunk = 4096; ///< bytes taken off the port at a time

void append16(crypto::Bytes& b, std::uint16_t v) {
    b.push_back(static_cast<std::uint8_t>(v));
    b.push_back(static_cast<std::uint8_t>(v >> 8));
}

void append(crypto::Bytes& b, const crypto::Bytes& x) {
    b.insert(b.end(), x.begin(), x.end());
}

} // namespace

namespace {

/// The firmware's variant codes are crypto::AsconAeadVariant's values, 0..2 (hw/zynq/firmware: firmware.c
/// and ascon_sw.c refuse any other): Ascon-128 v1.2, Ascon-128a v1.2, Ascon-AEAD128.
constexpr int kFirmwareVariants = 3;

} // namespace

int boardVariant(std::string_view operation) {
    const oracle::AeadAlgorithm* a = oracle::findAead(operation);
    if (a == nullptr || !a->ascon) return -1;
    const int code = static_cast<int>(*a->ascon);
    return code < kFirmwareVariants ? code : -1;
}

const std::vector<std::string>& boardOperations() {
    // The registry's Ascon AEAD rows the firmware has a code for, in the order of the codes.
    static const std::vector<std::string> ids = [] {
        std::vector<std::string> out(kFirmwareVariants);
        for (const oracle::AeadAlgorithm& a : oracle::aeadAlgorithms())
            if (const int code = boardVariant(a.id); code >= 0) out[static_cast<std::size_t>(code)] = a.id;
        return out;
    }();
    return ids;
}

BoardClient::BoardClient(BoardOptions options) : m_options(options) {}

BoardClient::~BoardClient() {
    close();
}

void BoardClient::say(const std::string& s) const {
    if (log) log(s);
}

BoardHello BoardClient::open(const QString& port, int baud) {
    close();
    m_port = port;
    m_baud = baud;
    m_serial = std::make_unique<QSerialPort>();
    m_serial->setPortName(port);
    if (!m_serial->open(QIODevice::ReadWrite))
        throw BoardError(0,
                         "cannot open " + port.toStdString() + ": " + m_serial->errorString().toStdString());
    configure();
    return hello();
}

void BoardClient::configure() {
    m_serial->setBaudRate(m_baud);
    m_serial->setDataBits(QSerialPort::Data8);
    m_serial->setParity(QSerialPort::NoParity);
    m_serial->setStopBits(QSerialPort::OneStop);
    m_serial->setFlowControl(QSerialPort::NoFlowControl);
    // A board that talks while nobody asks (boot text, noise) cannot grow the port's buffer without bound:
    // past this the bytes wait in the driver, and stale ones are skipped as damage or as other answers.
    m_serial->setReadBufferSize(kReadChunk * 16);
    m_serial->clear();
    m_reader.clear();
}

void BoardClient::close() {
    if (m_serial) m_serial->close();
    m_serial.reset();
}

bool BoardClient::isOpen() const {
    return m_serial && m_serial->isOpen();
}

void BoardClient::reopen() {
    for (int i = 0; i < m_options.reconnects; ++i) {
        ++m_reconnectsUsed;
        say("reconnecting to " + m_port.toStdString());
        if (m_serial) m_serial->close();
        QThread::msleep(100 * static_cast<unsigned>(i + 1));
        m_serial = std::make_unique<QSerialPort>();
        m_serial->setPortName(m_port);
        if (m_serial->open(QIODevice::ReadWrite)) {
            configure();
            return;
        }
    }
    const std::string why = m_serial ? m_serial->errorString().toStdString() : "no port";
    m_serial.reset();
    throw BoardError(0, "the board disconnected (" + m_port.toStdString() + ": " + why + ")");
}

std::optional<ReceivedFrame> BoardClient::readFrame(int timeoutMs) {
    QElapsedTimer t;
    t.start();
    for (;;) {
        if (auto frame = m_reader.next()) return frame;
        const int left = timeoutMs - static_cast<int>(t.elapsed());
        if (left <= 0) return std::nullopt;
        if (m_serial->bytesAvailable() <= 0 && !m_serial->waitForReadyRead(std::min(left, 100))) {
            if (m_serial->error() != QSerialPort::NoError && m_serial->error() != QSerialPort::TimeoutError)
                throw BoardError(0, "line error: " + m_serial->errorString().toStdString());
            continue;
        }
        // One chunk at a time, taken apart before the next: the reader never holds more than this and a line.
        char chunk[kReadChunk];
        const qint64 got = m_serial->read(chunk, sizeof chunk);
        if (got > 0)
            m_reader.push(reinterpret_cast<const std::uint8_t*>(chunk), static_cast<std::size_t>(got));
    }
}

crypto::Bytes BoardClient::request(std::uint8_t type, const crypto::Bytes& body) {
    if (!m_serial) throw BoardError(0, "not connected");
    if (body.size() > RSB_MAX_BODY) throw BoardError(RSB_E_BAD_LENGTH, "request larger than a frame");
    // Sequence number 0 is the board's for errors about frames it could not read: never a request's.
    if (++m_seq == 0) ++m_seq;
    const std::uint16_t seq = m_seq;
    // A leading 0x00 ends whatever the board's receiver holds (noise, a damaged frame), so the request
    // never merges with it.
    std::vector<std::uint8_t> scratch(RSB_MAX_PAYLOAD), frame(1 + RSB_MAX_FRAME, 0);
    frame.resize(1 + rsb_build(type, seq, body.data(), body.size(), scratch.data(), frame.data() + 1));
    std::string lastProblem = "no answer";
    for (int attempt = 0; attempt <= m_options.retries; ++attempt) {
        if (attempt > 0) {
            ++m_retriesUsed;
            say("retry " + std::to_string(attempt) + " of request " + std::to_string(seq) + ": " +
                lastProblem);
        }
        try {
            if (!m_serial || !m_serial->isOpen()) reopen();
            if (m_serial->write(reinterpret_cast<const char*>(frame.data()),
                                static_cast<qint64>(frame.size())) != static_cast<qint64>(frame.size()) ||
                !m_serial->waitForBytesWritten(m_options.timeoutMs))
                throw BoardError(0, "write failed: " + m_serial->errorString().toStdString());
            // Answers to earlier attempts may still arrive: skip frames of other sequence numbers.
            QElapsedTimer t;
            t.start();
            for (bool waiting = true; waiting;) {
                // The deadline holds even while frames keep coming (a board repeating old answers).
                const int left = m_options.timeoutMs - static_cast<int>(t.elapsed());
                const auto got = left > 0 ? readFrame(left) : std::nullopt;
                if (!got) {
                    lastProblem = "no answer within " + std::to_string(m_options.timeoutMs) + " ms";
                    if (m_reader.inOverlongLine())
                        lastProblem += " (a line longer than any frame is arriving)";
                    break;
                }
                Answer a = classifyAnswer(*got, type, seq);
                switch (a.kind) {
                case Answer::Kind::OtherRequest:
                    continue;
                case Answer::Kind::Damaged:
                    lastProblem = "damaged answer (" + a.text + ")";
                    waiting = false;
                    break;
                case Answer::Kind::DamagedRequest:
                    lastProblem = a.text;
                    waiting = false;
                    break;
                case Answer::Kind::Refused:
                    throw BoardError(a.code, a.text);
                case Answer::Kind::Unexpected:
                    throw BoardError(0, a.text);
                case Answer::Kind::Body:
                    return std::move(a.body);
                }
            }
        } catch (const BoardError& e) {
            if (e.code() != 0) throw;
            lastProblem = e.what();
            if (lastProblem.rfind("the board disconnected", 0) == 0) throw;
            if (m_serial) m_serial->close(); // reopened at the next attempt
        }
    }
    throw BoardError(0, "no valid answer from the board after " + std::to_string(m_options.retries + 1) +
                            " attempts (" + lastProblem + ")");
}

BoardHello BoardClient::hello() {
    const BoardHello h = parseHello(request(RSB_HELLO, {RSB_VERSION}));
    if (h.protocol != RSB_VERSION)
        throw BoardError(RSB_E_BAD_VERSION, "the board speaks protocol " + std::to_string(h.protocol) +
                                                ", this is " + std::to_string(RSB_VERSION));
    return h;
}

BoardInfo BoardClient::info() {
    return parseInfo(request(RSB_INFO, {}));
}

crypto::Bytes BoardClient::ping(const crypto::Bytes& data) {
    const crypto::Bytes a = request(RSB_PING, data);
    if (a != data) throw BoardError(0, "PING came back different");
    return a;
}

void BoardClient::loadKey(int variant, const crypto::Bytes& key) {
    crypto::requireLength("key", key, 16);
    crypto::Bytes b{static_cast<std::uint8_t>(variant)};
    append(b, key);
    parseEmpty(request(RSB_LOAD_KEY, b), "LOAD_KEY");
}

void BoardClient::loadNonce(const crypto::Bytes& nonce) {
    crypto::requireLength("nonce", nonce, 16);
    parseEmpty(request(RSB_LOAD_NONCE, nonce), "LOAD_NONCE");
}

void BoardClient::loadState(const std::array<std::uint64_t, 5>& state) {
    crypto::Bytes b;
    for (const std::uint64_t x : state)
        for (int i = 0; i < 8; ++i)
            b.push_back(static_cast<std::uint8_t>(x >> (8 * i)));
    parseEmpty(request(RSB_LOAD_STATE, b), "LOAD_STATE");
}

CryptResult BoardClient::encrypt(BoardPath path, const crypto::Bytes& ad, const crypto::Bytes& pt,
                                 bool precomputed) {
    crypto::Bytes b{static_cast<std::uint8_t>(path),
                    static_cast<std::uint8_t>(precomputed ? RSB_FLAG_PRECOMPUTED : 0)};
    append16(b, static_cast<std::uint16_t>(ad.size()));
    append16(b, static_cast<std::uint16_t>(pt.size()));
    append(b, ad);
    append(b, pt);
    if (ad.size() > 0xffff || pt.size() > 0xffff || 12 + pt.size() + 16 > RSB_MAX_BODY)
        throw BoardError(RSB_E_BAD_LENGTH, "message too long for one frame (at most " +
                                               std::to_string(RSB_MAX_BODY - 28) + " bytes)");
    return parseCrypt(request(RSB_ENCRYPT, b), pt.size() + 16, "ENCRYPT");
}

CryptResult BoardClient::decrypt(BoardPath path, const crypto::Bytes& ad, const crypto::Bytes& ct,
                                 const crypto::Bytes& tag) {
    crypto::requireLength("tag", tag, 16);
    crypto::Bytes b{static_cast<std::uint8_t>(path), 0};
    append16(b, static_cast<std::uint16_t>(ad.size()));
    append16(b, static_cast<std::uint16_t>(ct.size()));
    append(b, ad);
    append(b, ct);
    append(b, tag);
    return parseCrypt(request(RSB_DECRYPT, b), ct.size(), "DECRYPT");
}

BenchResult BoardClient::bench(BoardPath path, std::uint16_t size, std::uint32_t count) {
    if (count > RSB_MAX_BENCH_COUNT)
        throw BoardError(RSB_E_BAD_LENGTH,
                         "at most " + std::to_string(RSB_MAX_BENCH_COUNT) + " messages per benchmark");
    crypto::Bytes b{static_cast<std::uint8_t>(path)};
    append16(b, size);
    for (int i = 0; i < 4; ++i)
        b.push_back(static_cast<std::uint8_t>(count >> (8 * i)));
    return parseBench(request(RSB_BENCH, b), size, count);
}

BoardStats BoardClient::stats() {
    return parseStats(request(RSB_STATS, {}));
}

void BoardClient::reset() {
    parseEmpty(request(RSB_RESET, {}), "RESET");
}

KatBatch BoardClient::katBatch(BoardPath path, int variant, std::span<const oracle::Inputs> inputs) {
    crypto::Bytes body{static_cast<std::uint8_t>(path), static_cast<std::uint8_t>(variant), 0, 0};
    std::size_t answer = 10, n = 0;
    std::vector<std::size_t> messageBytes;
    for (; n < inputs.size(); ++n) {
        const oracle::Inputs& in = inputs[n];
        // A record is laid out by its lengths: a key or nonce of another size would shift every field after
        // it, and the board would read the wrong bytes as lengths.
        if (in.key.size() != 16 || in.nonce.size() != 16)
            throw BoardError(RSB_E_BAD_LENGTH, "KAT input " + std::to_string(n + 1) +
                                                   ": the key and the nonce must be 16 bytes each");
        const std::size_t req = 36 + in.ad.size() + in.message.size(), ans = in.message.size() + 16;
        if (body.size() + req > RSB_MAX_BODY || answer + ans > RSB_MAX_BODY || n == 0xffff) break;
        append(body, in.key);
        append(body, in.nonce);
        append16(body, static_cast<std::uint16_t>(in.ad.size()));
        append16(body, static_cast<std::uint16_t>(in.message.size()));
        append(body, in.ad);
        append(body, in.message);
        answer += ans;
        messageBytes.push_back(in.message.size());
    }
    if (n == 0) throw BoardError(RSB_E_BAD_LENGTH, "KAT input 1 does not fit a frame");
    body[2] = static_cast<std::uint8_t>(n);
    body[3] = static_cast<std::uint8_t>(n >> 8);
    KatBatchAnswer a = parseKatBatch(request(RSB_KAT_BATCH, body), messageBytes);
    return {std::move(a.outputs), a.ticks};
}

BoardKatOutcome BoardClient::runKats(BoardPath path, int variant, const std::vector<core::KatRecord>& records,
                                     const std::function<void(int, int)>& progress,
                                     const std::function<bool()>& cancelled) {
    if (variant < 0 || variant >= static_cast<int>(boardOperations().size()))
        throw BoardError(RSB_E_BAD_VARIANT, "variant " + std::to_string(variant) + ": expected 0, 1 or 2");
    BoardKatOutcome out;
    const core::KatDevice board = [&](std::span<const oracle::Inputs> inputs) {
        KatBatch batch = katBatch(path, variant, inputs);
        out.ticks += batch.ticks;
        return std::move(batch.outputs);
    };
    static_cast<core::KatOutcome&>(out) =
        core::runKat(oracle::operation(boardOperations()[static_cast<std::size_t>(variant)]), records, board,
                     {progress, cancelled, {}});
    return out;
}

VirtualBoard::VirtualBoard() = default;

VirtualBoard::~VirtualBoard() {
    stop();
}

QString VirtualBoard::executable() {
    const QString env = qEnvironmentVariable("ROUNDSCOPE_BOARD_SIM");
    if (!env.isEmpty()) return env;
    const QString beside = QDir(core::programDirectory()).filePath(QStringLiteral("roundscope-board-sim"));
    if (QFileInfo(beside).isExecutable()) return beside;
#ifdef RS_BOARD_SIM_BUILD_PATH
    if (QFileInfo(QStringLiteral(RS_BOARD_SIM_BUILD_PATH)).isExecutable())
        return QStringLiteral(RS_BOARD_SIM_BUILD_PATH);
#endif
    return QStandardPaths::findExecutable(QStringLiteral("roundscope-board-sim"));
}

QString VirtualBoard::start(const QStringList& args) {
    stop();
    const QString exe = executable();
    if (exe.isEmpty()) throw BoardError(0, "roundscope-board-sim not found (set ROUNDSCOPE_BOARD_SIM)");
    m_process = std::make_unique<QProcess>();
    m_process->start(exe, args);
    if (!m_process->waitForStarted(10000))
        throw BoardError(0,
                         "cannot start " + exe.toStdString() + ": " + m_process->errorString().toStdString());
    QElapsedTimer t;
    t.start();
    QByteArray line;
    // Its first line names the pseudo-terminal; a program that prints more without a newline is not it.
    while (!line.contains('\n') && line.size() < 4096 && t.elapsed() < 30000) {
        if (!m_process->waitForReadyRead(1000) && m_process->state() == QProcess::NotRunning) break;
        line += m_process->readAllStandardOutput();
    }
    const QByteArray prefix = "roundscope-board-sim: ";
    if (!line.startsWith(prefix) || !line.contains('\n'))
        throw BoardError(
            0, "the virtual board did not start: " +
                   QString::fromUtf8(line + m_process->readAllStandardError()).trimmed().toStdString());
    return QString::fromUtf8(line.mid(prefix.size(), line.indexOf('\n') - prefix.size())).trimmed();
}

void VirtualBoard::stop() {
    if (!m_process) return;
    if (m_process->state() != QProcess::NotRunning) {
        m_process->terminate();
        if (!m_process->waitForFinished(3000)) {
            m_process->kill();
            m_process->waitForFinished(3000);
        }
    }
    m_process.reset();
}

} // namespace rs::hw::board
