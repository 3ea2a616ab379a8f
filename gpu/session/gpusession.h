#pragma once
// The GUI's facade of the CUDA back end: probes the device and runs roundscope-gpu sweeps on its Worker's
// thread (the program's lines handed on as they come, coalesced at ~25 Hz), with cancel (the program is
// killed). Qt Core only.

#include <QJsonObject>
#include <QObject>
#include <QString>

#include "core/sessions/worker.h"

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
    /** @brief Starts a sweep (false with the reason in `error` when one runs or roundscope-gpu is missing;
     *  a program that then cannot start ends the sweep with finished(-1, why)). */
    bool startSweep(const SweepRequest& request, QString* error = nullptr);
    bool isRunning() const { return m_sweeping; }
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
    QString m_status;
    bool m_probing = false;
    bool m_sweeping = false;
    sessions::Worker m_worker{QStringLiteral("gpu")};
};

} // namespace rs::gpu
