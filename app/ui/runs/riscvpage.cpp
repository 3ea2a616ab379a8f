#include "app/ui/runs/riscvpage.h"

#include "app/charts/campaignchart.h"
#include "core/campaign/campaignspec.h"
#include "riscv/papers/paper003.h"
#include "riscv/session/riscvsession.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>

#include <algorithm>
#include <map>

namespace rs::gui {

namespace {

QString available(const std::function<std::string()>& find) {
    try {
        return QString::fromStdString(find());
    } catch (const std::exception& e) {
        return QStringLiteral("!") + QString::fromUtf8(e.what());
    }
}

} // namespace

RiscvPage::RiscvPage(riscv::RiscvSession* session, QWidget* parent)
    : RunPage(QStringLiteral("riscvPage"), tr("Run"),
              tr("Run the checked kernels over the sizes (Ctrl+Return)"), parent),
      m_session(session) {
    m_sim = new QComboBox(this);
    m_sim->addItem(QStringLiteral("QEMU"), QStringLiteral("qemu"));
    m_sim->addItem(QStringLiteral("Spike"), QStringLiteral("spike"));
    m_isa = new QComboBox(this);
    m_isa->addItems({QStringLiteral("rv32im"), QStringLiteral("rv32i")});
    m_kernels = new QListWidget(this);
    // The kernel table, with paper 003's CTR variants checked (riscv/papers/paper003.h).
    const std::vector<const riscv::RiscvKernel*> checked = riscv::paper003CtrKernels();
    for (const auto& k : riscv::kernels()) {
        auto* it = new QListWidgetItem(QString::fromStdString(k.id), m_kernels);
        it->setToolTip(QString::fromStdString(k.description));
        it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        const bool on = std::find(checked.begin(), checked.end(), &k) != checked.end();
        it->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    m_kernels->setMaximumHeight(m_kernels->sizeHintForRow(0) * 6 + 2 * m_kernels->frameWidth() + 4);
    m_sizes = new QLineEdit(QStringLiteral("16, 64, 128, 1K"), this);
    m_sizes->setToolTip(tr("Message sizes in bytes: 16, 64, 1K or ranges 16..1K*2 (at most 60000 bytes)"));
    m_ad = new QSpinBox(this);
    m_ad->setRange(0, 4096);
    m_ad->setValue(16);
    m_ad->setToolTip(tr("Associated data bytes (AEAD kernels)"));
    m_paper = new QPushButton(tr("Paper 003 tables"), this);
    m_paper->setToolTip(
        tr("LEA-128 CTR per block for the four variants; LEA-GCM at 16, 64, 128 bytes, AAD 16"));
    m_build = new QPushButton(tr("Build images"), this);
    m_build->setToolTip(
        tr("Compile the RV32 images (rv32i, rv32im) from the sources with riscv64-unknown-elf-gcc "
           "and picolibc into the cache folder, and use them"));
    m_table = makeResultTable({tr("Kernel"), tr("ISA"), tr("Sim"), tr("Bytes"), tr("AD"), tr("Instructions"),
                               tr("Per block"), tr("Phases"), tr("Verified")});
    m_chart = new charts::CampaignChart(this);

    addControl(tr("Simulator"), m_sim);
    addControl({}, m_isa);
    addControl(tr("sizes"), m_sizes, 1);
    addControl(tr("AD"), m_ad);
    auto* kernelRow = new QHBoxLayout;
    kernelRow->addWidget(m_kernels);
    layOut(withRow(kernelRow, m_table), m_chart, {m_paper, m_build});

    connect(m_paper, &QPushButton::clicked, this, &RiscvPage::runPaper003);
    connect(cancelButton(), &QPushButton::clicked, m_session, &riscv::RiscvSession::cancel);
    connect(m_build, &QPushButton::clicked, this, [this] {
        const QString dir =
            QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + QStringLiteral("/riscv");
        if (m_session->build(dir)) {
            setBusy(true);
            cancelButton()->setEnabled(false); // a build runs to its end
            setStatus(tr("Building the RV32 images into %1…").arg(dir));
        }
    });
    connect(m_session, &riscv::RiscvSession::built, this, [this](bool ok, const QString& log) {
        setBusy(false);
        updateStatus();
        if (!ok) setStatus(tr("Build failed: %1").arg(log), true);
    });
    connect(m_sim, &QComboBox::currentIndexChanged, this, &RiscvPage::updateStatus);
    connect(m_isa, &QComboBox::currentIndexChanged, this, &RiscvPage::updateStatus);
    connect(m_session, &riscv::RiscvSession::started, this, [this](int total) {
        setBusy(true);
        setStatus(tr("Running %1 kernel runs…").arg(total));
    });
    connect(m_session, &riscv::RiscvSession::result, this, &RiscvPage::addResult);
    connect(m_session, &riscv::RiscvSession::failed, this,
            [this](int, const QString& kernel, const QString& why) { addFailure(kernel, why); });
    connect(m_session, &riscv::RiscvSession::finished, this, [this](bool cancelled) {
        setBusy(false);
        updateStatus();
        if (cancelled) setStatus(statusLabel()->text() + tr(" — cancelled"));
    });
    m_chart->setEmptyText(tr("Run a kernel to chart its instructions per byte"));
    m_chart->setData({}, tr("RV32 instructions per byte"));
    updateStatus();
}

void RiscvPage::setBusy(bool busy) {
    setRunning(busy);
    m_paper->setEnabled(!busy);
    m_build->setEnabled(!busy);
}

void RiscvPage::updateStatus() {
    const std::string sim = m_sim->currentData().toString().toStdString();
    const QString simPath = available([&] { return riscv::simulatorPath(sim); });
    const QString image = available([&] { return riscv::imagePath(m_isa->currentText().toStdString()); });
    const bool ok = !simPath.startsWith(QLatin1Char('!')) && !image.startsWith(QLatin1Char('!'));
    setStatus(ok ? tr("%1 with %2 — counts are retired instructions (never cycles)").arg(simPath, image)
                 : (simPath.startsWith(QLatin1Char('!')) ? simPath.mid(1) : image.mid(1)),
              !ok);
}

void RiscvPage::run() {
    if (m_session->isRunning()) return;
    std::vector<std::uint64_t> sizes;
    try {
        sizes = campaign::parseSizeList(m_sizes->text().toStdString());
    } catch (const std::exception& e) {
        setStatus(tr("Sizes: %1").arg(QString::fromUtf8(e.what())), true);
        return;
    }
    std::vector<riscv::RiscvRequest> requests;
    for (int i = 0; i < m_kernels->count(); ++i) {
        if (m_kernels->item(i)->checkState() != Qt::Checked) continue;
        for (const std::uint64_t n : sizes) {
            riscv::RiscvRequest r = riscv::requestFor(m_kernels->item(i)->text().toStdString(), n,
                                                      static_cast<std::uint64_t>(m_ad->value()));
            r.sim = m_sim->currentData().toString().toStdString();
            r.isa = m_isa->currentText().toStdString();
            requests.push_back(std::move(r));
        }
    }
    if (requests.empty()) {
        setStatus(tr("Check at least one kernel."), true);
        return;
    }
    m_table->setRowCount(0);
    m_session->start(std::move(requests));
}

void RiscvPage::runPaper003() {
    if (m_session->isRunning()) return;
    std::vector<riscv::RiscvRequest> requests;
    try {
        requests = riscv::paper003Requests(m_sim->currentData().toString().toStdString(),
                                           m_isa->currentText().toStdString());
    } catch (const std::exception& e) {
        setStatus(QString::fromUtf8(e.what()), true);
        return;
    }
    m_table->setRowCount(0);
    m_session->start(std::move(requests));
}

void RiscvPage::addResult(int index) {
    const riscv::RiscvResult& r = m_session->results().at(static_cast<std::size_t>(index));
    QStringList phases;
    for (const auto& [name, n] : r.phases)
        phases << QStringLiteral("%1 %2").arg(QString::fromStdString(name)).arg(n);
    const int row = m_table->rowCount();
    m_table->setSortingEnabled(false);
    m_table->insertRow(row);
    const QVariantList cells = {QString::fromStdString(r.kernel),
                                QString::fromStdString(r.isa),
                                QString::fromStdString(r.sim),
                                static_cast<qulonglong>(r.bytes),
                                static_cast<qulonglong>(r.adBytes),
                                static_cast<qulonglong>(r.instructions),
                                r.perBlock ? QVariant(static_cast<qulonglong>(*r.perBlock)) : QVariant(),
                                phases.join(QStringLiteral(", ")),
                                r.verified ? tr("yes") : tr("NO")};
    for (int c = 0; c < cells.size(); ++c) {
        auto* it = new QTableWidgetItem;
        it->setData(Qt::DisplayRole, cells[c]);
        m_table->setItem(row, c, it);
    }
    m_table->setSortingEnabled(true);
    replot();
}

void RiscvPage::addFailure(const QString& kernel, const QString& why) {
    const int row = m_table->rowCount();
    m_table->setSortingEnabled(false);
    m_table->insertRow(row);
    m_table->setItem(row, 0, new QTableWidgetItem(kernel));
    m_table->setItem(row, 8, new QTableWidgetItem(tr("NO: %1").arg(why)));
    m_table->setSortingEnabled(true);
}

void RiscvPage::replot() {
    std::map<std::string, campaign::ChartSeries> byKernel;
    for (const riscv::RiscvResult& r : m_session->results()) {
        if (!r.verified || r.bytes == 0) continue;
        auto& s = byKernel[r.kernel + " " + r.isa];
        s.label = r.kernel + " " + r.isa + " (" + r.sim + ")";
        s.target = "riscv-" + r.sim;
        const double perByte = static_cast<double>(r.instructions) / static_cast<double>(r.bytes);
        s.points.push_back({static_cast<double>(r.bytes), perByte, perByte, perByte}); // exact: no spread
    }
    campaign::ChartData data;
    data.yLabel = "instructions per byte";
    data.yName = "instructions per byte";
    for (auto& [k, s] : byKernel) {
        std::sort(s.points.begin(), s.points.end(), [](const auto& a, const auto& b) { return a.x < b.x; });
        data.series.push_back(std::move(s));
    }
    m_chart->setData(data, tr("RV32 instructions per byte"));
}

} // namespace rs::gui
