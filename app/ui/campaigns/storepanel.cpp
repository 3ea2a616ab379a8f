#include "app/ui/campaigns/storepanel.h"

#include "app/ui/campaigns/comparisondialog.h"
#include "app/ui/campaigns/runtable.h"
#include "app/ui/common/pagehelpers.h"
#include "core/campaign/htmlreport.h"
#include "core/fileio/safefile.h"
#include "core/sessions/campaignsession.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QStandardItemModel>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rs::gui {

using sessions::CampaignSession;

StorePanel::StorePanel(CampaignSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    m_storeLabel = new QLabel(this);
    m_storeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_storeLabel->setWordWrap(true); // a long "corrupt store" message wraps instead of widening the page
    auto* openStoreButton = new QPushButton(tr("Open store…"), this);
    m_campaigns = new QTableWidget(0, 7, this);
    m_campaigns->setObjectName(QStringLiteral("campaignTable"));
    m_campaigns->setHorizontalHeaderLabels(
        {tr("#"), tr("Name"), tr("Status"), tr("Runs"), tr("Failed"), tr("Created"), tr("Baseline")});
    m_campaigns->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_campaigns->setSelectionMode(QAbstractItemView::SingleSelection);
    m_campaigns->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_campaigns->horizontalHeader()->setStretchLastSection(true);
    m_campaigns->verticalHeader()->hide();

    // Every stored metric, the simulation note, parameters and provenance (runtable.h).
    m_model = new QStandardItemModel(this);
    fillRunTable(m_model, {}, {});
    m_proxy = new WordFilterProxy(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(kValueRole);
    m_runs = new QTableView(this);
    m_runs->setObjectName(QStringLiteral("campaignRuns"));
    m_runs->setModel(m_proxy);
    m_runs->setSortingEnabled(true);
    m_runs->horizontalHeader()->setStretchLastSection(true);
    m_runs->verticalHeader()->hide();
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("campaignFilter"));
    m_filter->setPlaceholderText(tr("Filter runs: words that must all appear (target, algorithm, size…)"));
    m_filter->setClearButtonEnabled(true);
    auto* exportCsvButton = new QPushButton(tr("Export CSV…"), this);
    auto* reportButton = new QPushButton(tr("Export report…"), this);
    reportButton->setObjectName(QStringLiteral("campaignReport"));
    reportButton->setToolTip(tr("One HTML file of the selected campaign (or of it against the campaign "
                                "chosen beside): verdicts, charts, verification, figures, provenance"));
    m_compareButton = new QPushButton(tr("Compare…"), this);
    m_compareButton->setObjectName(QStringLiteral("campaignCompare"));
    m_compareButton->setToolTip(tr("The selected campaign against the one chosen beside, point by point: "
                                   "verdicts, ratios with their intervals, p, effect size"));
    m_against = new QComboBox(this);
    m_against->setObjectName(QStringLiteral("campaignReportAgainst"));
    m_against->setToolTip(tr("The baseline the report compares the selected campaign against"));

    // The baseline of a machine and revision: what `campaign regressions` compares later campaigns against.
    m_baselineAction = new QAction(tr("Mark as baseline"), this);
    m_baselineAction->setObjectName(QStringLiteral("campaignBaselineAction"));
    m_campaigns->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_campaigns->addAction(m_baselineAction);
    m_baselineButton = new QPushButton(m_baselineAction->text(), this);
    m_baselineButton->setObjectName(QStringLiteral("campaignBaseline"));

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* storeRow = new QHBoxLayout;
    storeRow->addWidget(m_storeLabel, 1);
    storeRow->addWidget(m_baselineButton);
    storeRow->addWidget(openStoreButton);
    layout->addLayout(storeRow);
    layout->addWidget(m_campaigns, 1);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(exportCsvButton);
    filterRow->addWidget(m_against);
    filterRow->addWidget(reportButton);
    filterRow->addWidget(m_compareButton);
    layout->addLayout(filterRow);
    layout->addWidget(m_runs, 2);

    connect(m_filter, &QLineEdit::textChanged, m_proxy, &WordFilterProxy::setFilterText);
    connect(m_campaigns, &QTableWidget::itemSelectionChanged, this, &StorePanel::showRuns);
    connect(m_campaigns, &QTableWidget::itemSelectionChanged, this, &StorePanel::updateBaselineAction);
    connect(m_baselineAction, &QAction::triggered, this, &StorePanel::toggleBaseline);
    connect(m_baselineButton, &QPushButton::clicked, m_baselineAction, &QAction::trigger);
    connect(m_session, &CampaignSession::baselineChanged, this,
            [this](qint64, bool ok, const QString& message) {
                emit logLine(ok ? message : tr("Baseline not changed: %1").arg(message));
                updateBaselineAction();
            });
    connect(openStoreButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Open or create a campaign store"), m_session->storePath(),
            tr("SQLite (*.sqlite *.db);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
        if (!path.isEmpty()) openStore(path);
    });
    connect(exportCsvButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export runs"), QStringLiteral("runs.csv"),
                                                          tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportCsv(path);
    });
    connect(reportButton, &QPushButton::clicked, this, &StorePanel::exportReportWithDialog);
    connect(m_compareButton, &QPushButton::clicked, this, &StorePanel::compareWithChosen);
    connect(m_session, &CampaignSession::storeChanged, this, &StorePanel::refreshCampaigns);
    // A campaign that just ran (or was resumed) is the one whose runs the table shows, not the one selected
    // before it started.
    connect(m_session, &CampaignSession::finished, this, [this](qint64 id) {
        m_follow = id;
        refreshCampaigns();
    });
    connect(m_session, &CampaignSession::storeOpened, this, [this] { m_storeFailure.clear(); });
    connect(m_session, &CampaignSession::storeFailed, this, &StorePanel::showStoreFailure);
    updateBaselineAction();
}

void StorePanel::openStore(const QString& path) {
    QString error;
    if (!m_session->openStore(path, &error)) showStoreFailure(path, error);
}

void StorePanel::showStoreFailure(const QString& path, const QString& error) {
    m_storeFailure = tr("Cannot open %1: %2").arg(path, error);
    emit logLine(m_storeFailure);
    refreshCampaigns();
}

void StorePanel::refreshCampaigns() {
    QString error;
    const auto list = m_session->campaigns(&error);
    // No store because opening one failed (at start-up too): the label says why, as Open store… does.
    const bool none = m_session->storePath().isEmpty();
    m_storeLabel->setText(none ? (m_storeFailure.isEmpty() ? tr("No store open") : m_storeFailure)
                          : error.isEmpty() ? tr("Store: %1").arg(m_session->storePath())
                                            : tr("Store cannot be read: %1").arg(error));
    setErrorStyle(m_storeLabel, !error.isEmpty() || (none && !m_storeFailure.isEmpty()));
    const auto selected = m_follow ? m_follow : selectedCampaign();
    m_follow.reset();
    const auto baselines = m_session->baselines();
    const QSignalBlocker block(m_campaigns);
    m_campaigns->setRowCount(static_cast<int>(list.size()));
    int reselect = -1;
    for (int i = 0; i < static_cast<int>(list.size()); ++i) {
        const auto& c = list[static_cast<std::size_t>(i)];
        const QStringList cells = {QString::number(c.id),
                                   QString::fromStdString(c.name),
                                   QString::fromStdString(c.status),
                                   c.specError.empty()
                                       ? QStringLiteral("%1 / %2").arg(c.runsDone).arg(c.runsTotal)
                                       : QStringLiteral("%1 / ?").arg(c.runsDone),
                                   QString::number(c.runsFailed),
                                   QString::fromStdString(c.created)};
        for (int col = 0; col < cells.size(); ++col)
            m_campaigns->setItem(i, col, new QTableWidgetItem(cells[col]));
        m_campaigns->item(i, 0)->setData(Qt::UserRole, static_cast<qint64>(c.id));
        auto* mark = new QTableWidgetItem;
        for (const auto& b : baselines)
            if (b.campaignId == c.id) {
                mark->setText(tr("★ baseline"));
                mark->setToolTip(tr("The baseline of %1 at revision %2 (marked %3): `campaign regressions` "
                                    "compares this machine's later campaigns against it")
                                     .arg(b.host.empty() ? tr("an unknown host")
                                                         : tr("host %1").arg(QString::fromStdString(b.host)),
                                          QString::fromStdString(b.revision),
                                          QString::fromStdString(b.marked)));
            }
        m_campaigns->setItem(i, static_cast<int>(cells.size()), mark);
        if (!c.specError.empty()) // an old or foreign definition: reported for this campaign only
            for (int col = 0; col < cells.size(); ++col)
                m_campaigns->item(i, col)->setToolTip(
                    tr("Its definition cannot be read: %1").arg(QString::fromStdString(c.specError)));
        if (selected && *selected == c.id) reselect = i;
    }
    if (reselect < 0 && !list.empty()) reselect = static_cast<int>(list.size()) - 1; // the newest
    // The report's baseline: none, or any campaign of the store. Rebuilt only when the campaigns differ
    // (a running campaign refreshes many times a second: an open list must stay open), keeping the choice.
    QStringList items{tr("no comparison")};
    for (const auto& c : list)
        items << tr("against #%1 %2").arg(c.id).arg(QString::fromStdString(c.name));
    QStringList shown;
    for (int i = 0; i < m_against->count(); ++i)
        shown << m_against->itemText(i);
    if (shown != items) {
        const QVariant against = m_against->currentData();
        const QSignalBlocker quiet(m_against);
        m_against->clear();
        m_against->addItem(items.front());
        for (std::size_t i = 0; i < list.size(); ++i)
            m_against->addItem(items[static_cast<qsizetype>(i) + 1], static_cast<qint64>(list[i].id));
        if (const int i = m_against->findData(against); against.isValid() && i >= 0)
            m_against->setCurrentIndex(i);
    }
    if (reselect >= 0) m_campaigns->selectRow(reselect);
    showRuns();
    updateBaselineAction();
    emit refreshed();
}

std::optional<std::int64_t> StorePanel::selectedCampaign() const {
    const auto rows =
        m_campaigns->selectionModel() ? m_campaigns->selectionModel()->selectedRows() : QModelIndexList{};
    if (rows.isEmpty() || !m_campaigns->item(rows.front().row(), 0)) return std::nullopt;
    return m_campaigns->item(rows.front().row(), 0)->data(Qt::UserRole).toLongLong();
}

void StorePanel::updateBaselineAction() {
    const auto id = selectedCampaign();
    const auto baselines = m_session->baselines();
    const bool marked =
        id && std::any_of(baselines.begin(), baselines.end(),
                          [&](const campaign::BaselineRow& b) { return b.campaignId == *id; });
    m_baselineAction->setText(marked ? tr("Clear baseline") : tr("Mark as baseline"));
    m_baselineAction->setToolTip(
        !id ? tr("Choose a campaign to mark it as the baseline of its machine and revision")
        : marked
            ? tr("Campaign #%1 is no longer the baseline of its machine and revision").arg(*id)
            : tr("Campaign #%1 becomes the baseline of its machine (host) and git revision, replacing the "
                 "one marked for them before; `campaign regressions` compares the machine's later "
                 "campaigns against it")
                  .arg(*id));
    m_baselineAction->setEnabled(id.has_value() && !m_session->isMarkingBaseline());
    m_baselineButton->setText(m_baselineAction->text());
    m_baselineButton->setToolTip(m_baselineAction->toolTip());
    m_baselineButton->setEnabled(m_baselineAction->isEnabled());
}

void StorePanel::toggleBaseline() {
    const auto id = selectedCampaign();
    if (!id) return;
    const auto baselines = m_session->baselines();
    const bool marked = std::any_of(baselines.begin(), baselines.end(),
                                    [&](const campaign::BaselineRow& b) { return b.campaignId == *id; });
    QString error;
    if (!m_session->setBaseline(*id, !marked, &error))
        emit logLine(tr("Baseline not changed: %1").arg(error));
    updateBaselineAction();
}

void StorePanel::showRuns() {
    const auto id = selectedCampaign();
    if (!id) {
        fillRunTable(m_model, {}, {});
        return;
    }
    QString error;
    const auto runs = m_session->runs(*id, &error);
    if (!error.isEmpty()) {
        m_storeLabel->setText(tr("Store cannot be read: %1").arg(error));
        setErrorStyle(m_storeLabel, true);
    }
    campaign::Provenance provenance;
    for (const auto& c : m_session->campaigns())
        if (c.id == *id) provenance = c.provenance;
    fillRunTable(m_model, runs, provenance);
}

std::optional<campaign::CampaignSide> StorePanel::sideOf(std::int64_t id, QString* error) const {
    for (const auto& c : m_session->campaigns(error))
        if (c.id == id) {
            campaign::CampaignSide side{c, m_session->runs(id, error)};
            // The session reads a campaign's runs when first asked (off the GUI thread): until then it
            // hands none back, which must not pass for a campaign without runs.
            if (side.runs.empty() && c.runsDone > 0 && error && error->isEmpty())
                *error = tr("reading campaign #%1 from the store…; try again in a moment").arg(id);
            return side;
        }
    return std::nullopt;
}

ComparisonDialog* StorePanel::compareWithChosen() {
    const auto id = selectedCampaign();
    if (!id || !m_against->currentData().isValid()) {
        emit logLine(id ? tr("Cannot compare: choose the campaign to compare against in the list beside")
                        : tr("Cannot compare: no campaign is selected"));
        return nullptr;
    }
    QString errorB, errorA;
    const auto b = sideOf(*id, &errorB);
    const auto a = sideOf(m_against->currentData().toLongLong(), &errorA);
    const QString error = errorB.isEmpty() ? errorA : errorB;
    if (!a || !b || !error.isEmpty()) {
        emit logLine(tr("Cannot compare: %1").arg(error.isEmpty() ? tr("the campaign is gone") : error));
        return nullptr;
    }
    auto* dialog = new ComparisonDialog(*a, *b, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

bool StorePanel::exportReport(const QString& path) {
    const auto id = selectedCampaign();
    if (!id) {
        emit logLine(tr("Cannot export a report: no campaign is selected"));
        return false;
    }
    QString error, baselineError;
    const auto selected = sideOf(*id, &error);
    std::optional<campaign::CampaignSide> baseline;
    if (m_against->currentData().isValid())
        baseline = sideOf(m_against->currentData().toLongLong(), &baselineError);
    if (error.isEmpty()) error = baselineError;
    if (!selected || !error.isEmpty() || (m_against->currentData().isValid() && !baseline)) {
        emit logLine(
            tr("Cannot export a report: %1").arg(error.isEmpty() ? tr("the campaign is gone") : error));
        return false;
    }
    // With a baseline, the report is of the selected campaign (B) against it (A).
    const std::string html =
        baseline ? campaign::htmlReport(*baseline, selected) : campaign::htmlReport(*selected, {});
    try {
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(), html);
    } catch (const fileio::FileError& e) {
        emit logLine(tr("Cannot export the report: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    emit logLine(tr("Report written: %1").arg(path));
    return true;
}

void StorePanel::exportReportWithDialog() {
    const auto id = selectedCampaign();
    const QString name =
        id ? QStringLiteral("campaign-%1-report.html").arg(*id) : QStringLiteral("report.html");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export report"), name, tr("HTML (*.html)"));
    if (!path.isEmpty()) exportReport(path);
}

bool StorePanel::exportCsv(const QString& path) {
    const std::string text = runTableCsv(m_proxy); // as shown: filtered and sorted
    try {
        // All or nothing: a full disk leaves the previous file as it was and says so.
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(), text);
    } catch (const fileio::FileError& e) {
        emit logLine(tr("Cannot export the runs: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    return true;
}

} // namespace rs::gui
