#pragma once
// MlDsaIpSession: the Qt facade of the ML-DSA polynomial unit (docs/CONVENTIONS.md rule 3). It runs one
// operation (NTT, NTT^-1, PWM, PWA) through MlDsaIp at a chosen B on its Worker's owner thread (Verilator:
// the thread that builds a model clocks it), captures every clock for the waveform viewer, reads the lanes
// of the capture (hw/ip/mldsalanes.h) and compares the output with the C++ model. Cancel stops a run
// between bus transactions. Widgets talk only to it.

#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>

#include "core/crypto/mldsantt.h"
#include "core/sessions/worker.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/mldsalanes.h"

namespace rs::hw {

class MlDsaIp;

struct MlDsaIpSessionResult {
    QString operation;          ///< "mldsa-ntt", "mldsa-intt", "mldsa-pwm", "mldsa-pwa"
    int butterflies = 2;        ///< B
    crypto::MlDsaPoly a{}, b{}; ///< what ran (b only for PWM / PWA)
    crypto::MlDsaPoly output{}, model{};
    bool matchesModel = false;
    bool bankConflict = false;
    std::uint64_t coreCycles = 0;    ///< the unit's CYCLES register
    std::uint64_t formulaCycles = 0; ///< mldsaIpCycles(op, B)
    std::uint64_t busClocks = 0;     ///< every clock of the AXI4-Lite master (loads, start, polls, unload)
    std::shared_ptr<const waveform::WaveformStore> capture;
    std::shared_ptr<const MlDsaLanes> lanes; ///< nullptr when they could not be read (lanesError says why)
    QString lanesError;
};

class MlDsaIpSession : public QObject {
    Q_OBJECT

  public:
    explicit MlDsaIpSession(QObject* parent = nullptr);
    ~MlDsaIpSession() override;

    /** @brief The operation ids, in the order NTT, NTT^-1, PWM, PWA. */
    static QStringList operations();
    /** @brief Whether an operation takes a second operand (PWM, PWA). */
    static bool takesTwoOperands(const QString& operation);
    /** @brief The butterflies-per-clock settings built: 1, 2, 4. */
    static QList<int> supportedButterflies();
    /** @brief mldsaIpCycles(op, B); 0 for an unknown operation or B. */
    static std::uint64_t formulaCycles(const QString& operation, int butterflies);
    /** @brief A polynomial of uniform coefficients in [0, q) from a seed (the same seed, the same one). */
    static crypto::MlDsaPoly randomPolynomial(std::uint64_t seed);
    /**
     * @brief Reads operands from a file (core/inputs/mldsapolyfile.h, as the CLI's --in): 1024 bytes (a) or
     * 2048 bytes (a then b) of big-endian 32-bit coefficients as the campaigns store them, their hex text,
     * or text with 256 or 512 decimal coefficients separated by blanks, commas or new lines. False with the
     * reason in `error`, naming the file (a missing file, not a regular file, another size, a coefficient
     * not in [0, q)); `count` is set to the polynomials read (1 or 2).
     */
    static bool readOperands(const QString& path, crypto::MlDsaPoly& a, crypto::MlDsaPoly& b, int& count,
                             QString* error);

    /** @brief Starts a run; false with the reason in `error` for a bad operation or B, or while one runs. */
    bool run(const QString& operation, int butterflies, const crypto::MlDsaPoly& a,
             const crypto::MlDsaPoly& b, QString* error = nullptr);
    /** @brief Stops the running operation (cancelled() follows); nothing when none runs. */
    void cancel();
    bool isRunning() const { return m_running; }

  signals:
    void runningChanged(bool running);
    void finished(const rs::hw::MlDsaIpSessionResult& result);
    void failed(const QString& message);
    void cancelled();

  private:
    std::unique_ptr<MlDsaIp> m_ip; ///< built, used and freed on m_worker's owner thread
    bool m_running = false;
    sessions::Worker m_worker{QStringLiteral("ml-dsa ip")};
};

} // namespace rs::hw

Q_DECLARE_METATYPE(rs::hw::MlDsaIpSessionResult)
