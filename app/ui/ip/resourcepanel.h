#pragma once
// The FPGA resources of the configuration chosen on an IP core's panel (Ascon: rounds per clock; LEA/SKINNY:
// RPC; ML-DSA: butterflies B), beside the paper's figures where the paper gives some: yosys synth_xilinx
// (xc7) through hw::ResourceCache, off the GUI thread, with a busy bar, the time so far and Cancel; a
// configuration chosen before (the cache, per RTL hash) shows at once. A failure (yosys missing, synthesis
// failed) is said in the panel. One widget for every core's panel; the synthesis and the cache are hw/'s.

#include <QElapsedTimer>
#include <QStringList>
#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

#include "hw/ip/resourcecache.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QThread;
class QTimer;

namespace rs::gui {

class ResourcePanel : public QWidget {
    Q_OBJECT

  public:
    /** @brief What computes a configuration's figures (default: hw::ResourceCache().get, i.e. the cache,
     *  else yosys); called off the GUI thread with ResourceOptions::cancel set. Tests pass their own. */
    using Compute = std::function<hw::ResourceCache::Result(const hw::ResourceOptions&)>;

    /** @brief A column of the paper's figures beside ours: its title and the LUT, FF, DSP, BRAM rows as
     *  the paper gives them ("—" where it gives none). */
    struct PaperColumn {
        QString title;
        QStringList values;
    };

    explicit ResourcePanel(QWidget* parent = nullptr);
    ~ResourcePanel() override;

    void setCompute(Compute compute);
    void setPaperColumns(const std::vector<PaperColumn>& columns);
    /**
     * @brief The configuration the panel shows (`description` titles our column, e.g. "rounds per clock
     * 2"): its figures are computed now while the panel is visible, else when it is shown. The same
     * configuration again computes nothing; another cancels the one running.
     */
    void setConfiguration(const hw::ResourceOptions& options, const QString& description);

    /** @brief True while a computation runs. */
    bool isComputing() const;
    /** @brief The configuration whose figures (or error) are shown; empty before any. */
    QString shownConfiguration() const { return m_shown; }
    QTableWidget* table() const { return m_table; }
    QLabel* statusLabel() const { return m_status; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* cancelButton() const { return m_cancel; }

  public slots:
    /** @brief Stops the running computation (yosys is stopped); the panel says so. */
    void cancel();

  signals:
    /** @brief A computation started for `description`. */
    void computationStarted(const QString& description);
    /** @brief Figures, an error or a cancel is shown for `description`. */
    void computationEnded(const QString& description);

  protected:
    void showEvent(QShowEvent* event) override;

  private:
    struct Job;
    void start();
    void finish(const std::shared_ptr<Job>& job);
    void showFigures(const hw::ResourceCache::Result& r);
    void clearOurs();
    void tick();

    Compute m_compute;
    hw::ResourceOptions m_options;
    QString m_description; ///< the configuration chosen
    QString m_shown;       ///< the configuration shown (figures or error)
    bool m_pending = false;
    std::shared_ptr<Job> m_job; ///< the running computation, or null
    std::vector<QThread*> m_threads;
    QElapsedTimer m_elapsed;
    QTimer* m_timer = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancel = nullptr;
};

} // namespace rs::gui
