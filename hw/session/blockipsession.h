#pragma once
// BlockIpSession: the Qt facade of the LEA and SKINNY-128-256 IP cores (docs/CONVENTIONS.md rule 3). It runs
// one ECB/CTR operation through BlockIp on its Worker's owner thread (Verilator: the thread that builds a
// model clocks it), captures every clock for the waveform viewer, and has the oracle judge the output
// against the C++ model. Widgets talk only to it.

#include <QObject>
#include <QString>

#include <memory>

#include "core/crypto/bytes.h"
#include "core/sessions/worker.h"
#include "core/waveform/waveformstore.h"

namespace rs::hw {

class BlockIp;

struct BlockIpSessionResult {
    QString algorithm; ///< "lea-128", ..., "skinny-128-256", "skinny-128-384"
    QString mode;      ///< "ecb" or "ctr"
    int rpc = 1;
    crypto::Bytes key, input, iv; ///< what ran (a page shows the inputs of a run it did not start)
    crypto::Bytes output;
    bool matchesModel = false;
    int blocks = 0;
    std::uint64_t coreCycles = 0, cyclesPerBlock = 0, busClocks = 0;
    std::shared_ptr<const waveform::WaveformStore> capture;
};

class BlockIpSession : public QObject {
    Q_OBJECT

  public:
    explicit BlockIpSession(QObject* parent = nullptr);
    ~BlockIpSession() override;

    static QStringList algorithms();
    /** @brief The rounds-per-clock settings built for an algorithm's core. */
    static QList<int> supportedRpc(const QString& algorithm);
    /** @brief The key length in bytes of an algorithm (16, 24, 32). */
    static int keyBytes(const QString& algorithm);

    /** @brief Starts a run; false with the reason in `error` for bad inputs or while one runs. */
    bool run(const QString& algorithm, int rpc, const crypto::Bytes& key, const crypto::Bytes& input,
             const QString& mode = QStringLiteral("ecb"), const crypto::Bytes& iv = {},
             QString* error = nullptr);
    bool isRunning() const { return m_running; }

  signals:
    void runningChanged(bool running);
    void finished(const rs::hw::BlockIpSessionResult& result);
    void failed(const QString& message);

  private:
    std::unique_ptr<BlockIp> m_ip; ///< built, used and freed on m_worker's owner thread
    bool m_running = false;
    sessions::Worker m_worker{QStringLiteral("block ip")};
};

} // namespace rs::hw

Q_DECLARE_METATYPE(rs::hw::BlockIpSessionResult)
