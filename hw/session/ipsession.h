#pragma once
// IpSession: the one Qt facade of the IP cores (docs/CONVENTIONS.md rule 3). Every core of the registry
// (hw/ip/ipcores.h: Ascon, the LEA / SKINNY block cores, the ML-DSA unit, and the next) runs through one
// call, run(IpRequest{operation, inputs, settings}), on the session's Worker: its owner thread builds and
// clocks the Verilated models (rule 10). Every run captures every clock for the waveform viewer and is judged
// by the oracle against the C++ model (oracle::referenceOutput and oracle::verify); the result carries what
// ran, so a page shows the inputs of a run it did not start (the explorer's capture). One run at a time;
// cancel() stops it. Pages talk only to it; it knows nothing of widgets.

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/oracle/operation.h"
#include "core/oracle/oracle.h"
#include "core/sessions/worker.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/ipcore.h"

namespace rs::hw {

class IpCoreSet;

/** @brief One run: an operation some core claims, the oracle's inputs, and settings of that core. */
struct IpRequest {
    QString operation;     ///< an oracle operation id: "ascon-aead128", "lea-128-ecb", "mldsa-ntt"
    oracle::Inputs inputs; ///< key, nonce (CTR: the counter block), ad, message (ML-DSA: a operands)
    IpSettings settings;   ///< over the session's current settings of the core (see setSettings)
    /** Set: a decryption (IpCore::decrypts): inputs.message is the ciphertext, checked with this tag. */
    std::optional<crypto::Bytes> tag = std::nullopt;
};

/** @brief What one run produced, what ran, and the oracle's verdict. */
struct IpSessionResult {
    QString core;          ///< IpCore::id(): "ascon", "block", "mldsa"
    QString operation;     ///< what ran
    IpSettings settings;   ///< every setting it ran at
    oracle::Inputs inputs; ///< what it ran on
    IpRunResult run;       ///< output, clocks beside the formula, the per-phase breakdown
    /** A decryption's tag (what ran); nullopt for an encryption. Its output is the plaintext the core
     *  released: empty when the tag did not verify (authenticated false). */
    std::optional<crypto::Bytes> tag = std::nullopt;
    bool authenticated = false; ///< a decryption: the core verified the tag (STATUS.AUTH_OK)
    crypto::Bytes model;        ///< the C++ model's output of the same inputs (the oracle's reference)
    bool matchesModel = false;
    QString verdict; ///< why not ("output byte 5 is 3a, the C++ model gives 3b"); empty when it matches
    /** @brief Every clock of the run, one tick per clock, ticks of 10 ns (the paper's 100 MHz PL clock);
     *  read-only, shared with the waveform viewer. */
    std::shared_ptr<const waveform::WaveformStore> capture;
};

class IpSession : public QObject {
    Q_OBJECT

  public:
    explicit IpSession(QObject* parent = nullptr);
    /** @brief Waits for a running operation (cancelled) and frees the models on their own thread. */
    ~IpSession() override;

    /** @brief The registered cores' ids, in registration order. */
    static QStringList cores();
    /** @brief A core's name for people ("Ascon (AEAD)"); empty for an unknown id. */
    static QString coreName(const QString& core);
    /** @brief The operations a core runs, in its order; empty for an unknown id. */
    static QStringList operations(const QString& core);
    /** @brief The core that runs an operation; empty when none does. */
    static QString coreOf(const QString& operation);
    /** @brief The settings of an operation (its core's: names, built values, defaults). */
    static std::vector<IpSetting> settingsOf(const QString& operation);
    /** @brief The values built for one setting of an operation; empty when it has no such setting. */
    static QList<int> settingValues(const QString& operation, const QString& setting);
    /** @brief The operation a capture of an explorer algorithm runs: the id itself when the oracle has it (an
     *  AEAD, an ML-DSA transform), its ECB operation for a block cipher; empty when no core claims it. */
    static QString captureOperation(const QString& algorithm);
    /** @brief Inputs from named fields as the explorer and the pages name them: key, nonce or iv (the CTR
     *  counter block), ad, and pt or poly (the message). */
    static oracle::Inputs inputsFromFields(const std::map<std::string, crypto::Bytes>& fields);
    /** @brief A field of inputs by those names (empty for a name it does not know). */
    static crypto::Bytes fieldOf(const oracle::Inputs& inputs, const std::string& field);
    /** @brief "IP run · Ascon-AEAD128 (SP 800-232) · 1 rounds per clock · 16 B": what a capture came from. */
    static QString describe(const IpSessionResult& result);

    /** @brief The settings a core runs at when a request leaves them out (its defaults until set). */
    IpSettings settings(const QString& core) const;
    /** @brief Sets some of a core's current settings (a page's choice; the explorer's capture runs with
     * them); false with the reason in `error` for a setting the core does not have or a value not built. */
    bool setSettings(const QString& core, const IpSettings& settings, QString* error = nullptr);

    /** @brief Starts a run; false (and nothing runs) with the reason in `error` for an operation no core
     * runs, a setting not built, inputs the operation cannot take, or while a run is in progress. */
    bool run(const IpRequest& request, QString* error = nullptr);
    /** @brief Stops the running operation (cancelled() follows); nothing when none runs. */
    void cancel();
    /** @brief True while an operation runs. */
    bool isRunning() const { return m_running; }
    /** @brief The core of the run in progress; empty when none runs. */
    QString runningCore() const { return m_running ? m_runningCore : QString(); }
    /** @brief How many runs were started (tests check that invalid input runs nothing). */
    int runsStarted() const { return m_runsStarted; }
    /** @brief The last successful result (empty before the first). */
    const IpSessionResult& lastResult() const { return m_last; }

  signals:
    /** @brief A run started or ended. */
    void runningChanged(bool running);
    /** @brief A core's current settings changed (setSettings). */
    void settingsChanged(const QString& core);
    /** @brief A run finished (judged; see matchesModel). */
    void finished(const rs::hw::IpSessionResult& result);
    /** @brief A run on this core failed (bus fault, trace, ...). */
    void failed(const QString& core, const QString& message);
    /** @brief A run on this core was cancelled. */
    void cancelled(const QString& core);

  private:
    std::map<QString, IpSettings> m_settings; ///< the cores' current settings set so far
    bool m_running = false;
    QString m_runningCore;
    int m_runsStarted = 0;
    IpSessionResult m_last;
    std::unique_ptr<IpCoreSet> m_cores; ///< built, used and freed only on m_worker's owner thread
    sessions::Worker m_worker{QStringLiteral("ip")};
};

} // namespace rs::hw

Q_DECLARE_METATYPE(rs::hw::IpSessionResult)
