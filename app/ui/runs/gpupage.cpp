#include "app/ui/runs/gpupage.h"

#include "app/charts/campaignchart.h"
#include "gpu/host/gpusetup.h"
#include "gpu/session/gpusession.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>

#include <algorithm>
#include <map>

namespace rs::gui {

namespace {

double stat(const QJsonObject& o, const char* key) {
    return o.value(QLatin1String(key)).toObject().value(QStringLiteral("median")).toDouble();
}

QString number(double v) {
    return QString::number(v, 'g', 4);
}

} // namespace

GpuPage::GpuPage(gpu::GpuSession* session, QWidget* parent)
    : RunPage(QStringLiteral("cudaPage"), tr("Run sweep"),
              tr("Run the sweep on the GPU (Ctrl+Return); every output is checked against the C++ model "
                 "before it is timed"),
              parent),
      m_session(session) {
    statusLabel()->setObjectName(QStringLiteral("cudaStatus"));
    setStatus(tr("Asking roundscope-gpu for a device…"));
    m_algorithm = new QComboBox(this);
    for (const auto& a : gpu::gpuAlgorithms())
        m_algorithm->addItem(QString::fromStdString(a));
    m_variant = new QComboBox(this);
    m_from = new QLineEdit(QStringLiteral("16"), this);
    m_to = new QLineEdit(QStringLiteral("64M"), this);
    for (QLineEdit* e : {m_from, m_to}) {
        e->setMaximumWidth(90);
        e->setToolTip(tr("Bytes: 16, 1K, 64M (the sweep doubles from the first to the last)"));
    }
    m_repeats = new QSpinBox(this);
    m_repeats->setRange(1, 1000);
    m_repeats->setValue(10); // paper 004: 10 runs per size
    m_plot = new QComboBox(this);
    m_plot->addItem(tr("throughput (with copies)"), QStringLiteral("throughput_bytes_per_s"));
    m_plot->addItem(tr("kernel throughput"), QStringLiteral("kernel_throughput_bytes_per_s"));
    m_plot->addItem(tr("speedup E = T_CPU / T_GPU"), QStringLiteral("speedup_E"));
    m_plot->addItem(tr("efficiency S = 1 − T_GPU / T_CPU"), QStringLiteral("efficiency_S"));
    m_table =
        makeResultTable({tr("Variant"), tr("Bytes"), tr("Verified"), tr("Kernel (ms)"),
                         tr("With copies (ms)"), tr("Throughput (B/s)"), tr("CPU (ms)"), tr("E"), tr("S")});
    m_chart = new charts::CampaignChart(this);

    addControl(tr("Algorithm"), m_algorithm);
    addControl(tr("variant"), m_variant, 1);
    addControl(tr("from"), m_from);
    addControl(tr("to"), m_to);
    addControl(tr("repeats"), m_repeats);
    auto* plotRow = new QHBoxLayout;
    plotRow->addWidget(new QLabel(tr("Plot"), this));
    plotRow->addWidget(m_plot);
    plotRow->addStretch(1);
    layOut(m_table, withRow(plotRow, m_chart));

    connect(cancelButton(), &QPushButton::clicked, m_session, &gpu::GpuSession::cancel);
    connect(m_algorithm, &QComboBox::currentIndexChanged, this, &GpuPage::fillVariants);
    connect(m_plot, &QComboBox::currentIndexChanged, this, &GpuPage::replot);
    connect(m_session, &gpu::GpuSession::probed, this,
            [this](bool ok, const QString& status, const QJsonObject& d) {
                setRunnable(ok, tr("No CUDA device: %1").arg(status));
                setStatus(ok ? tr("CUDA device: %1 (compute capability %2, %3 SMs)")
                                   .arg(d.value(QStringLiteral("device")).toString(),
                                        d.value(QStringLiteral("compute_capability")).toString())
                                   .arg(d.value(QStringLiteral("multiprocessors")).toInt())
                             : status +
                                   tr(" — the sweep and the campaign target \"cuda\" need one; the kernels' "
                                      "logic is tested on the CPU."),
                          !ok);
            });
    connect(m_session, &gpu::GpuSession::started, this, [this] { setRunning(true); });
    connect(m_session, &gpu::GpuSession::point, this, &GpuPage::addPoint);
    connect(m_session, &gpu::GpuSession::finished, this, [this](int, const QString& message) {
        setRunning(false);
        setStatus(tr("Sweep: %1").arg(message));
    });
    fillVariants();
    m_chart->setEmptyText(tr("Run a sweep on a CUDA device to chart it"));
    m_chart->setData({}, tr("CUDA sweep"));
    setRunnable(false, tr("Looking for a CUDA device…"));
    m_session->probe();
}

void GpuPage::fillVariants() {
    m_variant->clear();
    m_variant->addItem(tr("all"), QStringLiteral("all"));
    for (const auto& v : gpu::variants())
        if (QString::fromStdString(v.algorithm) == m_algorithm->currentText())
            m_variant->addItem(QString::fromStdString(v.id), QString::fromStdString(v.id));
    for (int i = 1; i < m_variant->count(); ++i)
        if (const auto* v = gpu::findVariant(m_algorithm->currentText().toStdString(),
                                             m_variant->itemData(i).toString().toStdString()))
            m_variant->setItemData(i, QString::fromStdString(v->description), Qt::ToolTipRole);
}

void GpuPage::run() {
    if (m_session->isRunning()) return;
    gpu::SweepRequest r;
    r.algorithm = m_algorithm->currentText();
    r.variant = m_variant->currentData().toString();
    r.from = m_from->text().trimmed();
    r.to = m_to->text().trimmed();
    r.repeats = m_repeats->value();
    m_points.clear();
    m_table->setRowCount(0);
    replot();
    QString error;
    if (!m_session->startSweep(r, &error))
        setStatus(tr("Sweep not started: %1").arg(error));
    else
        setStatus(tr("Sweep of %1 running…").arg(r.algorithm));
}

void GpuPage::addPoint(const QJsonObject& o) {
    m_points << o;
    const bool verified = o.value(QStringLiteral("verified")).toBool();
    const int r = m_table->rowCount();
    m_table->setSortingEnabled(false);
    m_table->insertRow(r);
    const QStringList cells = {
        o.value(QStringLiteral("variant")).toString(),
        QString::number(o.value(QStringLiteral("bytes")).toDouble(), 'f', 0),
        verified ? tr("yes") : tr("NO: %1").arg(o.value(QStringLiteral("error")).toString()),
        verified ? number(stat(o, "kernel_ms")) : QString(),
        verified ? number(stat(o, "total_ms")) : QString(),
        verified ? number(o.value(QStringLiteral("throughput_bytes_per_s")).toDouble()) : QString(),
        verified ? number(stat(o, "cpu_ms")) : QString(),
        verified ? number(o.value(QStringLiteral("speedup_E")).toDouble()) : QString(),
        verified ? number(o.value(QStringLiteral("efficiency_S")).toDouble()) : QString()};
    for (int c = 0; c < cells.size(); ++c) {
        auto* it = new QTableWidgetItem(cells[c]);
        if (c == 1 || c >= 3)
            it->setData(Qt::DisplayRole, cells[c].isEmpty() ? QVariant() : QVariant(cells[c].toDouble()));
        m_table->setItem(r, c, it);
    }
    m_table->setSortingEnabled(true);
    replot();
}

void GpuPage::replot() {
    const QString key = m_plot->currentData().toString();
    std::map<QString, campaign::ChartSeries> byVariant;
    for (const QJsonObject& o : m_points) {
        if (!o.value(QStringLiteral("verified")).toBool()) continue;
        const QString variant = o.value(QStringLiteral("variant")).toString();
        auto& s = byVariant[variant];
        s.label =
            (o.value(QStringLiteral("algorithm")).toString() + QLatin1Char(' ') + variant).toStdString();
        s.target = "cuda";
        s.algorithm = o.value(QStringLiteral("algorithm")).toString().toStdString();
        s.points.push_back({o.value(QStringLiteral("bytes")).toDouble(), o.value(key).toDouble()});
    }
    campaign::ChartData data;
    data.yLabel = m_plot->currentText().toStdString();
    for (auto& [v, s] : byVariant) {
        std::sort(s.points.begin(), s.points.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
        data.series.push_back(std::move(s));
    }
    m_chart->setData(data, tr("CUDA sweep"));
}

} // namespace rs::gui
