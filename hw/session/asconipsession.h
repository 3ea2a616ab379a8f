#pragma once
// AsconIpSession: the Qt facade of the IP domain (docs/CONVENTIONS.md rule 3). It holds the inputs of one
// Ascon operation, validates them with the Round Explorer's hex rules, and runs it through one AsconIp on its
// Worker's owner thread: Verilator requires the thread that builds a model to be the one that clocks it
// (rule 10), and every job of a Worker runs on the same long-lived thread.
// Widgets talk only to it; it knows nothing of widgets.

#include <QHash>
#include <QObject>
#include <QString>

#include <memory>

#include "core/crypto/asconaead.h"
#include "core/inputs/hexinputs.h"
#include "core/sessions/worker.h"
#include "hw/ip/asconip.h"
#include "hw/ip/asconipcycles.h"

namespace rs::hw {

/** @brief What one IP run produced, with the numbers to check it by. */
struct AsconIpSessionResult {
    crypto::AsconAeadVariant variant = crypto::AsconAeadVariant::Ascon128v12;
    int unroll = 1;
    bool precomputed = false;
    crypto::Bytes ct;
    crypto::Bytes tag;
    AsconIpCycles cycles;              ///< measured on the Verilated core
    AsconIpCycleFormula expected;      ///< hw/CYCLES.md's formula for the same operation
    bool formulaExact = true;          ///< the input fit the FIFOs, so the formula holds exactly
    std::uint64_t axiTransactions = 0; ///< measured
    bool matchesModel = false;         ///< ct and tag equal rs::crypto::asconEncrypt's
    /** @brief Every clock of the run (groups axi, control, pipeline, state), one tick per clock,
     *  ticks of 10 ns (the paper's 100 MHz PL clock); read-only, shared with the waveform viewer. */
    std::shared_ptr<const waveform::WaveformStore> capture;
};

class AsconIpSession : public QObject {
    Q_OBJECT

  public:
    /** @brief Starts on Ascon-128 v1.2, unroll 1, with the explorer's spec example inputs. */
    explicit AsconIpSession(QObject* parent = nullptr);
    /** @brief Waits for a running operation and frees the IP on its own thread. */
    ~AsconIpSession() override;

    /** @brief The input field names, in display order: key, nonce, ad, pt. */
    static QStringList fieldNames();
    /** @brief The field's label ("Key", "Associated data", ...). */
    static QString fieldLabel(const QString& field);
    /** @brief The field's exact length in bytes, or -1 for any length. */
    static int fieldBytes(const QString& field);
    /** @brief The rounds-per-clock settings the IP was Verilated with. */
    static QList<int> supportedUnrolls();

    /** @brief Sets one field's text and validates it at once (runs nothing). */
    void setInput(const QString& field, const QString& text);
    /** @brief Sets one field to these bytes (another session's inputs), validated like typed text. */
    void setInputBytes(const QString& field, const crypto::Bytes& bytes);
    /** @brief The field's current text. */
    QString inputText(const QString& field) const;
    /** @brief Why the field is invalid; empty when it is valid. */
    QString inputError(const QString& field) const;
    /** @brief True when every field is valid. */
    bool inputsValid() const;
    /** @brief Restores the spec example inputs. */
    void resetInputs();
    /** @brief Fills the field with random bytes: its fixed length, else the current valid length. */
    void randomizeInput(const QString& field);

    /** @brief The AEAD variant the next run uses. */
    crypto::AsconAeadVariant variant() const { return m_variant; }
    /** @brief Selects the AEAD variant. */
    void setVariant(crypto::AsconAeadVariant v) { m_variant = v; }
    /** @brief Rounds per clock of the next run. */
    int unroll() const { return m_unroll; }
    /** @brief Selects the rounds per clock (one of supportedUnrolls()). */
    void setUnroll(int unroll) { m_unroll = unroll; }
    /** @brief Whether the next run injects the state after initialisation. */
    bool precomputed() const { return m_precomputed; }
    /** @brief Selects host precomputation of the initialisation. */
    void setPrecomputed(bool on) { m_precomputed = on; }

    /** @brief Starts an encryption on the worker, capturing every clock (AsconIpSessionResult::capture);
     *  false (and nothing runs) when an input is invalid or an operation is already running. */
    bool run();
    /** @brief True while an operation runs. */
    bool isRunning() const { return m_running; }
    /** @brief How many operations were started (tests check that invalid input runs nothing). */
    int runsStarted() const { return m_runsStarted; }
    /** @brief The last successful result (empty ct and tag before the first). */
    const AsconIpSessionResult& lastResult() const { return m_last; }

  signals:
    /** @brief A field's text or validity changed. */
    void inputsChanged();
    /** @brief An operation started or ended. */
    void runningChanged(bool running);
    /** @brief An operation finished. */
    void finished(const rs::hw::AsconIpSessionResult& result);
    /** @brief An operation failed (bad unroll, bus fault, ...). */
    void failed(const QString& message);

  private:
    void onJobFinished(const sessions::JobResult<AsconIpSessionResult>& r);

    inputs::HexInputs m_inputs; ///< key, nonce, ad, pt: the explorer's AEAD fields and spec examples
    crypto::AsconAeadVariant m_variant = crypto::AsconAeadVariant::Ascon128v12;
    int m_unroll = 1;
    bool m_precomputed = false;
    bool m_running = false;
    int m_runsStarted = 0;
    AsconIpSessionResult m_last;
    std::unique_ptr<AsconIp> m_ip; ///< built, used and freed only on m_worker's owner thread
    sessions::Worker m_worker{QStringLiteral("ascon ip")};
};

} // namespace rs::hw

Q_DECLARE_METATYPE(rs::hw::AsconIpSessionResult)
