#pragma once
// The GUI's facade of the CUDA back end: probes the device and runs roundscope-gpu sweeps without
// blocking the GUI thread (QProcess, lines as they come), with cancel. Qt Core only.

#include <QJsonObject>
#include <QObject>
#include <QProcess>
#include <QString>

namespace rs::gpu {

/** @brief What a sweep runs: `roundscope-gpu sweep --alg --variant --from --to --repeats`. */
struct SweepRequest {
    QString algorithm;
    QString variant = QStringLiteral("all");
    QString from = QStringLiteral("16"), to = QStringLiteral("64M");
    int repeats = 10;
    QString messageBytes = QStringLiteral("64"); ///< Ascon: bytes per message
};

class GpuSession : public QObject {
    Q_OBJECT

  public:
    explicit GpuSession(QObject* parent = nullptr);
    ~GpuSession() override;

    /** @brief Asks roundscope-gpu whether there is a device; answers with probed(). */
    void probe();
    /** @brief Starts a sweep (false with the reason in `error` when one runs or roundscope-gpu is missing).
     */
    bool startSweep(const SweepRequest& request, QString* error = nullptr);
    bool isRunning() const;
    /** @brief The last probe's status ("ok" or why not); empty before the first answer. */
    QString status() const { return m_status; }

  public slots:
    void cancel();

  signals:
    void probed(bool ok, const QString& status, const QJsonObject& device);
    void started();
    /** @brief One measured point (a sweep line with "verified": true, or false with "error"). */
    void point(const QJsonObject& line);
    /** @brief The sweep ended: exit status 0 ok, 1 a wrong output, 4 no device, -1 cancelled or crashed;
     *  `message` says what happened in words. */
    void finished(int exitCode, const QString& message);

  private:
    void readLines();

    QProcess* m_probe = nullptr;
    QProcess* m_sweep = nullptr;
    QByteArray m_pending;
    QString m_status;
    QString m_lastStatusLine;
    bool m_cancelled = false;
};

} // namespace rs::gpu
