#pragma once
// The host side of the board protocol (hw/zynq/PROTOCOL.md) over a serial line (QSerialPort): a real
// Zynq-7020's USB-UART, QEMU's emulated UART, or the virtual board's pseudo-terminal. Blocking calls on the
// caller's thread, each with a timeout; a lost or damaged answer is asked for again under the same
// sequence number (the firmware answers a repeat from its cache, never runs it twice); a vanished port is
// reopened. Every failure is a BoardError that says what happened; nothing is ever returned unchecked.
// The bytes themselves go through FrameReader and the parse* functions (boardframing.h): bounded by one
// frame, every length checked.

#include <QString>
#include <QStringList>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/crypto/bytes.h"
#include "core/katrunner.h"
#include "core/oracle/operation.h"
#include "hw/board/boardframing.h"

class QProcess;
class QSerialPort;

namespace rs::hw::board {

enum class BoardPath : std::uint8_t { Hardware = 0, Software = 1 };

/** @brief The operations the board runs, in the order of the IP's variant codes (0 Ascon-128, 1 Ascon-128a,
 *  2 Ascon-AEAD128). */
const std::vector<std::string>& boardOperations();
/** @brief The variant code of an operation id; -1 when the board does not run it. */
int boardVariant(std::string_view operation);

/** @brief The outputs of one KAT_BATCH request: ciphertext‖tag per input, and the board timer's ticks. */
struct KatBatch {
    std::vector<crypto::Bytes> outputs;
    std::uint64_t ticks = 0;
};

/** @brief A KAT file on the board: the one comparator's counts (core::runKat) and the ticks it took. */
struct BoardKatOutcome : core::KatOutcome {
    std::uint64_t ticks = 0;
};

struct BoardOptions {
    int timeoutMs = 3000; ///< per answer
    int retries = 4;      ///< repeats of one request
    int reconnects = 3;   ///< reopenings of a vanished port
};

class BoardClient {
  public:
    explicit BoardClient(BoardOptions options = {});
    ~BoardClient();
    BoardClient(const BoardClient&) = delete;
    BoardClient& operator=(const BoardClient&) = delete;

    /** @brief Opens the port (raw 8N1 at `baud`) and says HELLO; BoardError when it cannot. */
    BoardHello open(const QString& port, int baud = 115200);
    void close();
    bool isOpen() const;
    QString portName() const { return m_port; }

    BoardHello hello();
    BoardInfo info();
    crypto::Bytes ping(const crypto::Bytes& data);
    /** @brief variant: 0 Ascon-128, 1 Ascon-128a, 2 Ascon-AEAD128 (the IP's codes). */
    void loadKey(int variant, const crypto::Bytes& key);
    void loadNonce(const crypto::Bytes& nonce);
    /** @brief The IP's precomputed mode: x0..x4 after initialisation (hw::initialState), then encrypt with
     *  `precomputed` = true (hardware path only). */
    void loadState(const std::array<std::uint64_t, 5>& state);
    CryptResult encrypt(BoardPath path, const crypto::Bytes& ad, const crypto::Bytes& pt,
                        bool precomputed = false);
    /** @brief The plaintext, or BoardError with code 6 (authentication failed). */
    CryptResult decrypt(BoardPath path, const crypto::Bytes& ad, const crypto::Bytes& ct,
                        const crypto::Bytes& tag);
    BenchResult bench(BoardPath path, std::uint16_t size, std::uint32_t count);
    void reset();
    /** @brief STATS: the stack's high-water mark (a build under QEMU or on a board; 0 on the virtual one). */
    BoardStats stats();
    /** @brief Encrypts as many of `inputs` (from the first on) as fit one request and its answer, with
     *  KAT_BATCH: the board's batching, its adapter to the one KAT comparator. BoardError (bad length) for a
     *  key or nonce that is not 16 bytes, or a first input that fits no frame. */
    KatBatch katBatch(BoardPath path, int variant, std::span<const oracle::Inputs> inputs);
    /** @brief The KAT records of the variant's operation (ascon-128, ascon-128a, ascon-aead128) through
     *  katBatch, every output judged by core::runKat; `progress(done, total)` after every batch; stops
     *  early when `cancelled()` says so. */
    BoardKatOutcome runKats(BoardPath path, int variant, const std::vector<core::KatRecord>& records,
                            const std::function<void(int, int)>& progress = {},
                            const std::function<bool()>& cancelled = {});

    /** @brief One request and its verified answer body (the core of every call above). */
    crypto::Bytes request(std::uint8_t type, const crypto::Bytes& body);

    /** @brief What happened on the line (retries, reconnects), one line each; may be empty. */
    std::function<void(const std::string&)> log;
    int retriesUsed() const { return m_retriesUsed; }
    int reconnectsUsed() const { return m_reconnectsUsed; }
    /** @brief Damaged lines received (bad COBS, length or CRC, or longer than any frame), and over-long
     *  ones alone: each was dropped and its request asked again. */
    std::size_t damagedLines() const { return m_reader.damagedLines(); }
    std::size_t overlongLines() const { return m_reader.overlongLines(); }

  private:
    void reopen();
    void configure();
    std::optional<ReceivedFrame> readFrame(int timeoutMs);
    void say(const std::string& s) const;

    BoardOptions m_options;
    std::unique_ptr<QSerialPort> m_serial;
    QString m_port;
    int m_baud = 115200;
    std::uint16_t m_seq = 0;
    FrameReader m_reader;
    int m_retriesUsed = 0, m_reconnectsUsed = 0;
};

/** @brief roundscope-board-sim as a child process: start() runs it and returns the pseudo-terminal it
 *  serves; the destructor stops it. */
class VirtualBoard {
  public:
    VirtualBoard();
    ~VirtualBoard();
    /** @brief Starts it with extra arguments (faults, --unroll); BoardError when it cannot. */
    QString start(const QStringList& args = {});
    void stop();
    /** @brief roundscope-board-sim's path ($ROUNDSCOPE_BOARD_SIM, beside the program, the build tree, PATH).
     */
    static QString executable();

  private:
    std::unique_ptr<QProcess> m_process;
};

} // namespace rs::hw::board
