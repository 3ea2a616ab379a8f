#pragma once
// CipherSession: the Qt facade of the cipher domain (docs/CONVENTIONS.md rule 3). It owns the explorer model
// (algorithm, inputs, traced run and its twin with one flipped input bit, the current step). The diffusion
// analysis of the explorer's algorithm runs in DiffusionSession (diffusionsession.h), which follows this
// session's analysisSettingsChanging. Widgets talk only to it; it knows nothing of widgets.

#include <QHash>
#include <QObject>
#include <QString>
#include <QTimer>

#include <map>
#include <vector>

#include "core/analysis/diffusion.h"
#include "core/inputs/hexinputs.h"
#include "core/sessions/explorermodel.h"

namespace rs::sessions {

class CipherSession : public QObject {
    Q_OBJECT

  public:
    /** @brief Field texts of one algorithm, by field name. */
    using InputTexts = QHash<QString, QString>;

    /** @brief Starts on ascon-p with the spec example inputs and traces them at once. */
    explicit CipherSession(QObject* parent = nullptr);
    ~CipherSession() override;

    // --- algorithm and inputs -------------------------------------------------------------------
    /** @brief The current algorithm. */
    const ExplorerAlgorithm& algorithm() const { return *m_alg; }
    /** @brief Switches algorithm (its inputs are kept per algorithm); false when the id is unknown.
     *  Emits analysisSettingsChanging first (an analysis's result would belong to the old algorithm) and
     *  keeps the flipped bit inside the field. */
    bool setAlgorithm(const QString& id);
    /** @brief Sets one field's text; validates it at once and, when every field is valid, schedules
     *  a coalesced recomputation (25 Hz). Invalid input runs nothing and keeps the previous trace. */
    void setInput(const QString& field, const QString& text);
    /** @brief The field's current text. */
    QString inputText(const QString& field) const;
    /** @brief Why the field is invalid; empty when it is valid. */
    QString inputError(const QString& field) const;
    /** @brief True when every field of the current algorithm is valid. */
    bool inputsValid() const;
    /** @brief The first error of the current algorithm's fields, prefixed by nothing; empty when valid. */
    QString firstInputError() const;
    /** @brief Fills the field with random bytes of its length (variable fields keep theirs). */
    void randomizeInput(const QString& field);
    /** @brief Restores the field's spec example. */
    void resetInputs();
    /** @brief Every algorithm's texts (for QSettings). */
    QHash<QString, InputTexts> allInputs() const;
    /** @brief Replaces the stored texts (unknown algorithms and fields are ignored). */
    void setAllInputs(const QHash<QString, InputTexts>& texts);
    /** @brief Round count (1..maxRounds) when the algorithm has one. */
    int rounds() const;
    /** @brief Sets the round count, clamped to 1..maxRounds; ignored for fixed-round algorithms.
     *  A change emits analysisSettingsChanging first. */
    void setRounds(int rounds);

    /** @brief Sub-steps, the twin too: LEA's rounds split into their sub-steps (⊕ round key, ⊞, rotations,
     *  word rotation: see core/teach/substeps.h), Keccak-f[1600]'s θ a sheet and ρ, χ a plane at a time
     *  (substeps.h), the ML-DSA transforms' layers into their 128 butterflies each
     * (ExplorerDetail::Substeps); other ciphers are unchanged. Recomputes now. */
    void setSubsteps(bool on);
    bool substeps() const { return m_substeps; }

    // --- trace ----------------------------------------------------------------------------------
    /** @brief Runs a scheduled recomputation now (tests and screenshots need no timer). */
    void recomputeNow();
    /** @brief True when a trace of valid inputs exists. */
    bool hasTrace() const { return !m_run.trace.steps.empty(); }
    /** @brief The current trace (empty before the first valid run). */
    const crypto::Trace& trace() const { return m_run.trace; }
    /** @brief Output (permuted state, block or ciphertext) and tag as hex. */
    QString outputHex() const;
    QString tagHex() const;
    /** @brief How many traced runs were made (tests check that invalid input runs nothing). */
    int traceRuns() const { return m_traceRuns; }
    /** @brief Why the last run failed inside the cipher; empty normally. */
    QString runError() const { return m_runError; }

    // --- stepping -------------------------------------------------------------------------------
    int stepCount() const { return static_cast<int>(m_run.trace.steps.size()); }
    int currentStep() const { return m_step; }
    /** @brief The step at index i, or nullptr. */
    const crypto::TraceStep* step(int i) const;
    /** @brief Moves to step i (clamped). */
    void setCurrentStep(int i);

    // --- twin run with one flipped input bit -----------------------------------------------------
    /** @brief Chooses the flipped bit: field name and bit index (MSB of byte 0 first), clamped to
     *  the field's bits (a variable-length field: its current length). */
    void setFlip(const QString& field, int bit);
    QString flipField() const { return m_flipField; }
    int flipBit() const { return m_flipBit; }
    /** @brief True when the twin trace matches the main trace step for step. */
    bool hasTwin() const;
    const crypto::Trace& twinTrace() const { return m_twin.trace; }
    /** @brief Per step, the state bits in which the twin differs (twinFlipsPerStep); empty without twin. */
    const std::vector<int>& twinFlips() const { return m_twinFlips; }
    /** @brief Per step, the cells (ML-DSA: coefficients) in which the twin differs (twinCellsPerStep);
     *  empty without twin. */
    const std::vector<int>& twinCells() const { return m_twinCells; }
    /** @brief Why there is no twin: the field is empty, the bit is outside it, or the twin run
     *  failed; empty when there is a twin (or no trace at all). */
    QString twinError() const { return m_twinError; }
    /** @brief The bytes of an input field of the last valid run (empty when never valid). */
    Bytes inputBytes(const QString& field) const;

    // --- diffusion analysis (run by DiffusionSession) -------------------------------------------
    /** @brief The request matching the current algorithm, rounds and flipped field. */
    analysis::DiffusionRequest defaultDiffusionRequest() const;

  signals:
    void algorithmChanged();
    /** @brief A field's validity changed or its error text changed (error empty = valid). */
    void inputValidityChanged(const QString& field, const QString& error);
    /** @brief A field's text changed, whoever changed it (a panel, random fill, reset, restore, a lesson):
     *  every panel showing the field follows. */
    void inputTextChanged(const QString& field, const QString& text);
    void roundsChanged(int rounds);
    void traceChanged();
    void currentStepChanged(int step);
    void twinChanged();
    /** @brief The algorithm or the round count is about to change: an analysis of the old ones would no
     *  longer describe what the explorer shows (DiffusionSession::followExplorer cancels it). */
    void analysisSettingsChanging();

  private:
    /** @brief The current algorithm's inputs. */
    inputs::HexInputs& fields();
    const inputs::HexInputs& fields() const;
    void revalidate();
    void scheduleRecompute();
    void computeTwin();
    /** @brief The trace detail of runExplorer: Substeps when the sub-steps view is on. */
    ExplorerDetail detail() const { return m_substeps ? ExplorerDetail::Substeps : ExplorerDetail::Steps; }
    /** @brief bit clamped to the bits of field (its current length when variable); bit itself when
     *  the length is not known (invalid text). */
    int clampFlipBit(const QString& field, int bit) const;

    const ExplorerAlgorithm* m_alg = nullptr;
    std::map<std::string, inputs::HexInputs> m_fields; ///< every algorithm's inputs, by id
    QHash<QString, int> m_rounds;
    std::map<std::string, Bytes> m_inputs; ///< bytes of the last valid run
    ExplorerRun m_run;
    ExplorerRun m_twin;
    QString m_runError;
    int m_traceRuns = 0;
    int m_step = 0;
    bool m_substeps = false;
    QString m_flipField;
    int m_flipBit = 0;
    std::vector<int> m_twinFlips;
    std::vector<int> m_twinCells;
    QString m_twinError;
    QTimer m_recomputeTimer;
};

} // namespace rs::sessions
