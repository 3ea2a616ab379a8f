#include "app/ui/ip/resourcepanel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <atomic>
#include <optional>

namespace rs::gui {

/** One computation: its options (their cancel flag is this job's) and what came back. Shared with the
 *  thread, so a job outlives a panel that stopped waiting for it. */
struct ResourcePanel::Job {
    std::atomic<bool> cancel{false};
    hw::ResourceOptions options;
    QString description;
    std::optional<hw::ResourceCache::Result> result;
    QString error;
    bool cancelled = false;
};

namespace {

const QStringList kRows = {QObject::tr("LUTs"), QObject::tr("LUT RAM"), QObject::tr("Flip-flops"),
                           QObject::tr("DSP48"), QObject::tr("Block RAM")};

QString grouped(long n) {
    QString s = QString::number(n);
    for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3)
        s.insert(i, QLatin1Char(' ')); // as the pages write figures ("39 224")
    return s;
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

/** The options that shape the figures (the cache key's, without the RTL and yosys). */
bool sameConfiguration(const hw::ResourceOptions& a, const hw::ResourceOptions& b) {
    return a.core == b.core && a.unroll == b.unroll && a.detail == b.detail && a.params == b.params &&
           a.yosys == b.yosys;
}

} // namespace

ResourcePanel::ResourcePanel(QWidget* parent)
    : QWidget(parent), m_compute([](const hw::ResourceOptions& o) { return hw::ResourceCache().get(o); }) {
    setObjectName(QStringLiteral("resourcePanel"));
    m_table = new QTableWidget(static_cast<int>(kRows.size()), 1, this);
    m_table->setObjectName(QStringLiteral("resourceTable"));
    m_table->setVerticalHeaderLabels(kRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_status = new QLabel(tr("Choose a configuration: its resources are computed by yosys"), this);
    m_status->setObjectName(QStringLiteral("resourceStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("resourceProgress"));
    m_progress->setRange(0, 0); // yosys says nothing of how far it is: a busy bar and the time so far
    m_progress->setVisible(false);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("resourceCancel"));
    m_cancel->setToolTip(tr("Stop yosys; the figures of this configuration stay uncomputed"));
    m_cancel->setEnabled(false);
    m_timer = new QTimer(this);
    m_timer->setInterval(1000);
    connect(m_timer, &QTimer::timeout, this, &ResourcePanel::tick);
    connect(m_cancel, &QPushButton::clicked, this, &ResourcePanel::cancel);

    auto* row = new QHBoxLayout;
    row->addWidget(m_progress, 1);
    row->addWidget(m_cancel);
    auto* l = new QVBoxLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_table);
    l->addWidget(m_status);
    l->addLayout(row);
    clearOurs();
}

ResourcePanel::~ResourcePanel() {
    // Every computation still running is stopped (yosys is killed) and waited for: none outlives the panel.
    if (m_job) m_job->cancel = true;
    for (QThread* t : m_threads) {
        t->disconnect(this);
        t->wait();
        delete t;
    }
}

void ResourcePanel::setCompute(Compute compute) {
    m_compute = std::move(compute);
}

void ResourcePanel::setPaperColumns(const std::vector<PaperColumn>& columns) {
    m_table->setColumnCount(1 + static_cast<int>(columns.size()));
    for (int c = 0; c < static_cast<int>(columns.size()); ++c) {
        m_table->setHorizontalHeaderItem(c + 1, new QTableWidgetItem(columns[c].title));
        for (int r = 0; r < m_table->rowCount(); ++r)
            m_table->setItem(r, c + 1, cell(r < columns[c].values.size() ? columns[c].values[r] : QString()));
    }
}

void ResourcePanel::setConfiguration(const hw::ResourceOptions& options, const QString& description) {
    const bool same = !m_description.isEmpty() && sameConfiguration(options, m_options);
    m_options = options;
    m_description = description;
    // The same configuration again: nothing to do unless its figures are neither shown nor on their way.
    if (same && (m_job || m_shown == description)) return;
    m_pending = true;
    if (isVisible()) start();
}

bool ResourcePanel::isComputing() const {
    return m_job != nullptr;
}

void ResourcePanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (m_pending) start();
}

void ResourcePanel::start() {
    m_pending = false;
    if (m_job) m_job->cancel = true; // the one running is for another configuration: stopped, ignored
    auto job = std::make_shared<Job>();
    job->options = m_options;
    job->options.cancel = &job->cancel;
    job->description = m_description;
    m_job = job;
    QThread* thread = QThread::create([job, compute = m_compute] {
        try {
            job->result = compute(job->options);
        } catch (const hw::ResourceCancelled&) {
            job->cancelled = true;
        } catch (const std::exception& e) {
            job->error = QString::fromUtf8(e.what());
        }
    });
    m_threads.push_back(thread);
    connect(thread, &QThread::finished, this, [this, thread, job] {
        m_threads.erase(std::remove(m_threads.begin(), m_threads.end(), thread), m_threads.end());
        thread->deleteLater();
        finish(job);
    });
    clearOurs();
    m_elapsed.start();
    m_timer->start();
    tick();
    m_progress->setVisible(true);
    m_cancel->setEnabled(true);
    emit computationStarted(m_description);
    thread->start();
}

void ResourcePanel::tick() {
    m_status->setText(tr("computing… %1: yosys synth_xilinx (xc7), %2 s so far")
                          .arg(m_description)
                          .arg(m_elapsed.elapsed() / 1000));
}

void ResourcePanel::cancel() {
    if (m_job) m_job->cancel = true;
}

void ResourcePanel::finish(const std::shared_ptr<Job>& job) {
    if (job != m_job) return; // a computation another configuration replaced
    m_job.reset();
    m_timer->stop();
    m_progress->setVisible(false);
    m_cancel->setEnabled(false);
    if (job->result) {
        m_shown = job->description;
        showFigures(*job->result);
    } else {
        // Not shown: choosing this configuration again computes it again.
        m_shown.clear();
        m_status->setText(
            job->cancelled
                ? tr("Cancelled: the resources of %1 were not computed (choose "
                     "it again to compute them).")
                      .arg(job->description)
                : tr("Resources of %1 not computed: %2").arg(job->description, job->error.trimmed()));
    }
    emit computationEnded(job->description);
}

void ResourcePanel::showFigures(const hw::ResourceCache::Result& r) {
    const hw::ResourceReport& rep = r.report;
    const long values[] = {rep.luts, rep.lutRam, rep.ffs, rep.dsp48, rep.blockRam};
    for (int i = 0; i < static_cast<int>(kRows.size()); ++i)
        m_table->setItem(i, 0, cell(grouped(values[i])));
    const QString yosys = QString::fromStdString(rep.yosysVersion);
    const QString seconds = QString::number(rep.seconds, 'f', 1);
    m_status->setText(r.cached ? tr("%1: from the cache (%2, synthesised in %3 s; keyed by the RTL's hash)")
                                     .arg(m_shown, yosys, seconds)
                               : tr("%1: %2, synthesised in %3 s").arg(m_shown, yosys, seconds));
}

void ResourcePanel::clearOurs() {
    m_table->setHorizontalHeaderItem(
        0, new QTableWidgetItem(m_description.isEmpty()
                                    ? tr("Ours: yosys, xc7")
                                    : tr("Ours: %1\nyosys synth_xilinx, xc7").arg(m_description)));
    for (int r = 0; r < m_table->rowCount(); ++r)
        m_table->setItem(r, 0, cell(QStringLiteral("—")));
}

} // namespace rs::gui
