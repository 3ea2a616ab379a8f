#pragma once
// WaveformSession: the Qt facade of the waveform domain (docs/CONVENTIONS.md rule 3). It holds the trace the
// waveform viewer shows, as a read-only shared store: the capture of the last IP run, or a VCD/FST
// file loaded on its Worker's thread (progress at ~25 Hz, cancel). For an IP capture it derives the
// pipeline lanes (paper 000 Fig. 7) and links each step of the Round Explorer's trace to the clock
// in which the IP's state register holds that state (for the ML-DSA unit, by clocks only: the clock at
// which a layer's last write lands). It exports the trace as VCD or FST and hands
// it to GTKWave when that is installed. Widgets talk only to it; it knows nothing of widgets.

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

#include "core/crypto/trace.h"
#include "core/sessions/worker.h"
#include "core/waveform/wavediff.h"
#include "core/waveform/waveformstore.h"
#include "hw/ip/ascon/pipelinelanes.h"
#include "hw/ip/roundlink.h"

namespace rs::hw {

class WaveformSession : public QObject {
    Q_OBJECT

  public:
    explicit WaveformSession(QObject* parent = nullptr);
    /** @brief Cancels a running load and waits for it. */
    ~WaveformSession() override;

    /** @brief The trace on view (never null; an empty store before the first). */
    std::shared_ptr<const waveform::WaveformStore> store() const { return m_store; }
    /** @brief Where it came from: "IP run: ..." or the file's path. */
    QString origin() const { return m_origin; }
    /** @brief How a file cut off mid-way (a killed simulation) was loaded; empty for a whole one. */
    QString truncationNote() const;
    /** @brief The file the trace was loaded from; empty for an IP capture. */
    QString filePath() const { return m_filePath; }
    /** @brief True when the trace is a capture of the Verilated IP (one tick per clock). */
    bool isIpCapture() const { return m_ipCapture; }

    /** @brief Shows the capture of an IP run (cancels a running load). */
    void setCapture(std::shared_ptr<const waveform::WaveformStore> store, const QString& origin);

    /** @brief Starts loading a .vcd or .fst file on a worker; false (nothing starts) while a load
     *  runs. The trace on view stays until the new one has loaded. */
    bool loadFile(const QString& path);
    /** @brief Loads synchronously on the calling thread (tests, the CLI's checks); false and
     *  loadFailed on error. */
    bool loadFileNow(const QString& path);
    /** @brief Two dumps in one view: loads the file on the worker (progress, cancel) as dump B and shows the
     *  trace on view (A) and it together (waveform::compareDumps: rows of both and a diff row per pair,
     *  aligned by time or options.alignSignal); comparison() then describes it. False (nothing starts)
     *  while a load runs or with no trace on view; a failure (B unreadable, an alignment signal missing)
     *  is loadFailed and leaves the view as it was. */
    bool compareWithFile(const QString& path, const waveform::WaveDiffOptions& options = {});
    /** @brief The comparison on view (pairs, first differences, the signals of each pair), or nullptr. */
    const waveform::ComparedDumps* comparison() const { return m_comparison.get(); }
    /** @brief The two dumps compared ("A", "B": origins), empty when no comparison is on view. */
    QStringList comparedOrigins() const { return m_comparedOrigins; }
    /** @brief Asks a running load to stop; loadCancelled follows. */
    void cancelLoad();
    bool isLoading() const { return m_loading; }

    /** @brief Writes the trace as VCD or FST (by extension); false with the reason in *error. An IP capture
     *  gets a toggling `clk` beside its signals, a cycle still a cycle (waveform::writeCaptureFile). */
    bool exportTo(const QString& path, QString* error = nullptr) const;

    /** @brief The pipeline lanes of the IP capture's first operation, or nullptr (see lanesError). */
    const PipelineLanes* lanes() const { return m_lanes ? &*m_lanes : nullptr; }
    /** @brief Why there are no lanes (a file, or a capture without the pipeline signals). */
    QString lanesError() const { return m_lanesError; }

    /** @brief The explorer's trace to link (Ascon AEAD, LEA / SKINNY, ML-DSA NTT / NTT^-1; others unlink). */
    void setTrace(const crypto::Trace& trace);
    /** @brief Per step of that trace, its cycle in the capture (empty when not linked). */
    const std::vector<StepCycle>& link() const { return m_link; }
    /** @brief Steps whose state the register holds exactly; 0 means the capture is of other inputs. */
    int exactLinks() const { return m_exactLinks; }
    /** @brief Why nothing is linked; empty when linked. */
    QString linkError() const { return m_linkError; }
    /** @brief True when the link is by clocks only: the capture holds no state to compare (the ML-DSA
     *  unit's capture has its bus, control and lanes, not its coefficient memory), so rtlState is empty and
     *  a step's `exact` says what the unit's memory holds at that clock by construction, not by a match. */
    bool linkByClocksOnly() const { return m_linkByClocks; }
    /** @brief What differs between a linked step and the hardware at its clock (an ML-DSA NTT^-1 layer: the
     *  model's values times 2^-k); empty when exact, not linked or out of range. */
    QString linkNote(int step) const;
    /** @brief The state register at a tick as the explorer's traces encode the state: the Ascon core's
     *  x0..x4 (40 bytes), a LEA / SKINNY core's x0..x3 (16 bytes); empty when the trace has neither (an
     *  ML-DSA unit's capture holds no coefficients: always empty). */
    std::vector<std::uint8_t> rtlState(waveform::Tick tick) const;

    /** @brief GTKWave's path when installed (PATH), else empty. */
    static QString gtkwavePath();
    /** @brief Opens the trace in GTKWave: the loaded file itself, else a VCD written to a temporary
     *  file. False with the reason when GTKWave is missing or cannot start. */
    bool openInGtkwave(QString* error = nullptr) const;

  signals:
    /** @brief A new trace is on view. */
    void storeChanged();
    /** @brief A load began; upToSeconds: how long the FST reader may take before it gives up
     *  (waveform::waveformReadSeconds: scaled to the file), 0 for a VCD (read with progress and cancel). */
    void loadStarted(const QString& path, double upToSeconds);
    /** @brief Coalesced progress, 0..1. */
    void loadProgress(double fraction);
    void loadFailed(const QString& message);
    void loadCancelled();
    /** @brief The round link was recomputed. */
    void linkChanged();

  private:
    /** The file's trace; `job` (null for loadFileNow) gets the progress and stops the read when cancelled. */
    static std::shared_ptr<const waveform::WaveformStore> load(const QString& path,
                                                               sessions::JobContext<double>* job);
    void show(std::shared_ptr<const waveform::WaveformStore> store, const QString& origin,
              const QString& path, bool ipCapture);
    void relink();
    /** Links an ML-DSA trace to the unit's capture by clocks (linkMlDsaTraceToCycles). */
    void relinkMlDsa();
    bool hasStateRegister() const;
    void onLoadDone(const QString& path,
                    const sessions::JobResult<std::shared_ptr<const waveform::WaveformStore>>& r);

    std::shared_ptr<const waveform::WaveformStore> m_store;
    /// the comparison on view (its store is m_store); reset by any other trace shown
    std::shared_ptr<const waveform::ComparedDumps> m_comparison;
    std::shared_ptr<const waveform::ComparedDumps> m_pendingComparison; ///< handed from the job to show()
    QStringList m_comparedOrigins;
    QString m_origin;
    QString m_filePath;
    bool m_ipCapture = false;
    std::optional<PipelineLanes> m_lanes;
    QString m_lanesError;
    crypto::Trace m_trace;
    std::vector<StepCycle> m_link;
    int m_exactLinks = 0;
    QString m_linkError;
    bool m_linkByClocks = false;
    std::vector<QString> m_linkNotes; ///< per linked step; empty when no step has a note
    bool m_loading = false;
    sessions::Worker m_worker{QStringLiteral("waveform load")}; ///< last: joined before the rest goes
};

} // namespace rs::hw
