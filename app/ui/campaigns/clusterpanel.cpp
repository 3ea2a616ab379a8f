#include "app/ui/campaigns/clusterpanel.h"

#include "app/ui/common/pagehelpers.h"
#include "core/sessions/clustersession.h"

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::ClusterSession;

namespace {

QColor stateColour(cluster::ShardState s) {
    switch (s) {
    case cluster::ShardState::Done:
        return QColor(0xd8, 0xf0, 0xd8);
    case cluster::ShardState::Merged:
        return QColor(0xc8, 0xe0, 0xf8);
    case cluster::ShardState::Failed:
    case cluster::ShardState::Refused:
        return QColor(0xf8, 0xd0, 0xd0);
    case cluster::ShardState::Running:
        return QColor(0xff, 0xf0, 0xc0);
    default:
        return QColor();
    }
}

} // namespace

ClusterPanel::ClusterPanel(ClusterSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    m_where = new QComboBox(this);
    m_where->setObjectName(QStringLiteral("campaignWhere"));
    m_where->addItems({tr("this machine"), tr("Slurm cluster")});
    m_where->setToolTip(tr("Run the campaign here, or hand it to Slurm as one job array per target"));

    m_clusterBox = new QWidget(this);
    m_folder = new QLineEdit(m_clusterBox);
    m_folder->setObjectName(QStringLiteral("clusterFolder"));
    m_folder->setPlaceholderText(tr("the campaign's folder, on a file system every node shares"));
    auto* browse = new QPushButton(tr("Folder…"), m_clusterBox);
    m_maxParallel = new QSpinBox(m_clusterBox);
    m_maxParallel->setObjectName(QStringLiteral("clusterMaxParallel"));
    m_maxParallel->setRange(0, 100000);
    m_maxParallel->setSpecialValueText(tr("no limit"));
    m_maxParallel->setToolTip(tr("At most this many tasks of one array at a time (sbatch --array=…%N)"));
    m_perTask = new QSpinBox(m_clusterBox);
    m_perTask->setObjectName(QStringLiteral("clusterPerTask"));
    m_perTask->setRange(0, 100000);
    m_perTask->setSpecialValueText(tr("auto"));
    m_perTask->setToolTip(tr("Runs packed into one task (auto: at most 100 tasks per target, 5 runs or more "
                             "each)"));
    m_partition = new QLineEdit(m_clusterBox);
    m_partition->setPlaceholderText(tr("the cluster's default"));
    m_cli = new QLineEdit(ClusterSession::defaultCli(), m_clusterBox);
    m_cli->setObjectName(QStringLiteral("clusterCli"));
    m_cli->setToolTip(tr("The roundscope-cli every node runs (the same path must exist on the nodes)"));
    m_shards = new QTableWidget(0, 7, m_clusterBox);
    m_shards->setObjectName(QStringLiteral("clusterShards"));
    m_shards->setHorizontalHeaderLabels(
        {tr("Shard"), tr("Target"), tr("Runs"), tr("State"), tr("Job"), tr("Submitted"), tr("Detail")});
    m_shards->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_shards->horizontalHeader()->setStretchLastSection(true);
    m_shards->verticalHeader()->hide();
    m_shards->setMinimumHeight(90);
    m_status = new QLabel(m_clusterBox);
    m_status->setObjectName(QStringLiteral("clusterStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_resubmit = new QPushButton(tr("Resubmit failed"), m_clusterBox);
    m_resubmit->setObjectName(QStringLiteral("clusterResubmit"));
    m_resubmit->setToolTip(
        tr("Submit again only the shards that failed, vanished, were refused or were never "
           "submitted; each continues its own store (a refused one starts a fresh store, "
           "the refused file kept aside), so no committed run is repeated"));
    m_merge = new QPushButton(tr("Merge"), m_clusterBox);
    m_merge->setObjectName(QStringLiteral("clusterMerge"));
    m_merge->setToolTip(tr("Fold every finished shard into the folder's campaign.db (merging twice adds "
                           "nothing)"));
    m_openStore = new QPushButton(tr("Open merged store"), m_clusterBox);
    m_openStore->setObjectName(QStringLiteral("clusterOpenStore"));

    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto* numbers = new QHBoxLayout;
    numbers->addWidget(new QLabel(tr("Tasks at a time"), m_clusterBox));
    numbers->addWidget(m_maxParallel);
    numbers->addWidget(new QLabel(tr("Runs per task"), m_clusterBox));
    numbers->addWidget(m_perTask);
    numbers->addWidget(new QLabel(tr("Partition"), m_clusterBox));
    numbers->addWidget(m_partition, 1);
    auto* form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Folder"), folderRow);
    form->addRow(tr("Slurm"), numbers);
    form->addRow(tr("CLI"), m_cli);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_resubmit);
    buttons->addWidget(m_merge);
    buttons->addWidget(m_openStore);
    buttons->addStretch(1);
    auto* boxLayout = new QVBoxLayout(m_clusterBox);
    boxLayout->setContentsMargins(0, 0, 0, 0);
    boxLayout->addLayout(form);
    boxLayout->addWidget(m_shards, 1);
    boxLayout->addWidget(m_status);
    boxLayout->addLayout(buttons);
    auto* whereRow = new QHBoxLayout;
    whereRow->addWidget(new QLabel(tr("Run on"), this));
    whereRow->addWidget(m_where, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(whereRow);
    layout->addWidget(m_clusterBox, 1);
    m_clusterBox->setVisible(false);

    connect(m_where, &QComboBox::currentIndexChanged, this, [this] {
        m_clusterBox->setVisible(onCluster());
        updatePolling();
        emit whereChanged(onCluster());
    });
    connect(m_folder, &QLineEdit::editingFinished, this, [this] {
        m_session->setFolder(m_folder->text().trimmed());
        updatePolling();
    });
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("The campaign's folder"), m_folder->text());
        if (dir.isEmpty()) return;
        m_folder->setText(dir);
        m_session->setFolder(dir);
        updatePolling();
    });
    connect(m_resubmit, &QPushButton::clicked, this, [this] { m_session->resubmit(options()); });
    connect(m_merge, &QPushButton::clicked, m_session, &ClusterSession::merge);
    connect(m_openStore, &QPushButton::clicked, this,
            [this] { emit openStoreRequested(m_session->storePath()); });
    connect(m_session, &ClusterSession::statusChanged, this, &ClusterPanel::showStatus);
    connect(m_session, &ClusterSession::statusFailed, this, [this](const QString& m) {
        m_shards->setRowCount(0);
        m_status->setText(m);
        setErrorStyle(m_status, true);
        updateButtons();
    });
    connect(m_session, &ClusterSession::submitted, this, [this](const QString& text) {
        emit logLine(QStringLiteral("— %1 —").arg(text));
        updatePolling();
    });
    connect(m_session, &ClusterSession::merged, this,
            [this](const QString& text, const QStringList& refused) {
                emit logLine(QStringLiteral("— %1 —").arg(text));
                for (const QString& r : refused)
                    emit logLine(tr("— refused: %1 —").arg(r));
            });
    connect(m_session, &ClusterSession::failed, this, [this](const QString& m) {
        emit logLine(tr("— %1 —").arg(m));
        m_status->setText(m);
        setErrorStyle(m_status, true);
    });
    connect(m_session, &ClusterSession::busyChanged, this, &ClusterPanel::updateButtons);
    updateButtons();
}

bool ClusterPanel::onCluster() const {
    return m_where->currentIndex() == 1;
}

cluster::SubmitOptions ClusterPanel::options() const {
    cluster::SubmitOptions o;
    o.cli = m_cli->text().trimmed().toStdString();
    o.partition = m_partition->text().trimmed().toStdString();
    o.maxParallel = m_maxParallel->value();
    o.perTask = m_perTask->value();
    return o;
}

void ClusterPanel::submit(const campaign::CampaignSpec& spec) {
    m_session->setFolder(m_folder->text().trimmed());
    if (!QFileInfo(m_cli->text().trimmed()).isExecutable()) {
        const QString m = tr("Submit: the CLI '%1' is not an executable file; name the roundscope-cli the "
                             "nodes run")
                              .arg(m_cli->text().trimmed());
        emit logLine(QStringLiteral("— %1 —").arg(m));
        m_status->setText(m);
        setErrorStyle(m_status, true);
        return;
    }
    emit logLine(tr("— submitting '%1' to Slurm into %2 —")
                     .arg(QString::fromStdString(spec.name), m_session->folder()));
    m_session->submit(spec, options());
}

void ClusterPanel::updatePolling() {
    const bool hasPlan =
        !m_session->folder().isEmpty() && QFileInfo::exists(QDir(m_session->folder()).filePath("plan.json"));
    m_session->setPolling(onCluster() && hasPlan);
    if (!hasPlan) {
        m_shards->setRowCount(0);
        m_status->setText(m_session->folder().isEmpty()
                              ? tr("Choose a folder for the campaign")
                              : tr("No campaign in this folder yet: Run submits one"));
        setErrorStyle(m_status, false);
    }
    updateButtons();
}

void ClusterPanel::updateButtons() {
    const bool ready = m_session->status().has_value() && !m_session->isBusy();
    m_resubmit->setEnabled(ready);
    m_merge->setEnabled(ready);
    m_openStore->setEnabled(m_session->status().has_value());
}

void ClusterPanel::showStatus() {
    updateButtons();
    const auto& st = m_session->status();
    if (!st) return;
    m_shards->setRowCount(static_cast<int>(st->shards.size()));
    std::map<std::string, int> counts;
    for (int i = 0; i < static_cast<int>(st->shards.size()); ++i) {
        const cluster::ShardStatus& s = st->shards[static_cast<std::size_t>(i)];
        ++counts[cluster::shardStateName(s.state)];
        const QStringList cells{
            QString::number(s.row.index),
            QString::fromStdString(s.row.target),
            QString::number(s.row.runs),
            QString::fromLatin1(cluster::shardStateName(s.state)),
            s.row.job.empty()
                ? QString()
                : QStringLiteral("%1_%2").arg(QString::fromStdString(s.row.job)).arg(s.row.index),
            QString::number(s.row.submissions),
            QString::fromStdString(s.detail)};
        for (int col = 0; col < cells.size(); ++col) {
            auto* item = new QTableWidgetItem(cells[col]);
            if (const QColor c = stateColour(s.state); c.isValid()) item->setBackground(c);
            if (col == 6) item->setToolTip(cells[col]);
            m_shards->setItem(i, col, item);
        }
    }
    QStringList parts;
    for (const auto& [state, n] : counts)
        parts << QStringLiteral("%1 %2").arg(n).arg(QString::fromStdString(state));
    m_status->setText(
        tr("Campaign #%1 '%2': %3 / %4 runs merged (%5); shards: %6")
            .arg(st->campaign.id)
            .arg(QString::fromStdString(st->campaign.name))
            .arg(st->campaign.runsDone)
            .arg(st->campaign.runsTotal)
            .arg(QString::fromStdString(st->campaign.status), parts.join(QStringLiteral(", "))));
    setErrorStyle(m_status, counts.count("failed") > 0 || counts.count("refused") > 0);
}

} // namespace rs::gui
