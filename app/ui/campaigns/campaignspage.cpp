#include "app/ui/campaigns/campaignspage.h"

#include "app/ui/campaigns/campaignform.h"
#include "app/ui/campaigns/clusterpanel.h"
#include "app/ui/campaigns/runtable.h"
#include "app/ui/common/pagehelpers.h"
#include "core/campaign/campaignspec.h"
#include "core/campaign/runner.h"
#include "core/fileio/safefile.h"
#include "core/sessions/campaignsession.h"
#include "core/sessions/clustersession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CampaignSession;

CampaignsPage::CampaignsPage(CampaignSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("campaignsPage"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    // --- store and campaigns ----------------------------------------------------------------------
    m_storeLabel = new QLabel(this);
    m_storeLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* openStore = new QPushButton(tr("Open store…"), this);
    m_campaigns = new QTableWidget(0, 6, this);
    m_campaigns->setObjectName(QStringLiteral("campaignTable"));
    m_campaigns->setHorizontalHeaderLabels(
        {tr("#"), tr("Name"), tr("Status"), tr("Runs"), tr("Failed"), tr("Created")});
    m_campaigns->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_campaigns->setSelectionMode(QAbstractItemView::SingleSelection);
    m_campaigns->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_campaigns->horizontalHeader()->setStretchLastSection(true);
    m_campaigns->verticalHeader()->hide();

    // --- definition editor ------------------------------------------------------------------------
    auto* editBox =
        new QGroupBox(tr("Definition (targets × algorithms × message sizes × AD sizes × repeats)"), this);
    m_preset = new QComboBox(editBox);
    m_preset->setObjectName(QStringLiteral("campaignPreset"));
    for (const auto& name : campaign::presetNames()) {
        m_preset->addItem(QString::fromStdString(name));
        m_presetJson.push_back(campaign::specJson(campaign::presetSpec(name)));
    }
    // Shown while the definition is no preset's (edited, loaded from a file): the combo never names a preset
    // the editor no longer holds.
    m_preset->addItem(tr("(custom definition)"));
    auto* load = new QPushButton(tr("Load JSON…"), editBox);
    auto* save = new QPushButton(tr("Save JSON…"), editBox);
    m_editor = new QPlainTextEdit(editBox);
    m_editor->setObjectName(QStringLiteral("campaignEditor"));
    m_editor->setFont(mono);
    m_form = new CampaignForm(editBox);
    m_tabs = new QTabWidget(editBox);
    m_tabs->addTab(m_form, tr("&Form"));
    m_tabs->addTab(m_editor, tr("&JSON"));
    m_specError = new QLabel(editBox);
    m_specError->setObjectName(QStringLiteral("campaignSpecError"));
    m_specError->setWordWrap(true);
    m_run = new QPushButton(tr("Run"), editBox);
    m_run->setObjectName(QStringLiteral("campaignRun"));
    m_run->setToolTip(
        tr("Run the campaign (Ctrl+Return): every run is checked against the C++ model, then timed"));
    m_resume = new QCheckBox(tr("Resume"), editBox);
    m_resume->setObjectName(QStringLiteral("campaignResume"));
    m_resume->setToolTip(tr("Continue the newest campaign of this definition (nothing to do when it is "
                            "finished; a new one when there is none)"));
    m_new = new QCheckBox(tr("New campaign"), editBox);
    m_new->setObjectName(QStringLiteral("campaignNew"));
    m_new->setToolTip(tr("Start another campaign even when the store holds this definition (without Resume "
                         "or New campaign, a stored definition is refused)"));
    m_cancel = new QPushButton(tr("Cancel"), editBox);
    m_cancel->setObjectName(QStringLiteral("campaignCancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(editBox);
    m_log = new QPlainTextEdit(editBox);
    m_log->setObjectName(QStringLiteral("campaignLog"));
    m_log->setReadOnly(true);
    m_log->setFont(mono);
    m_log->setMaximumBlockCount(5000);
    auto* presetRow = new QHBoxLayout;
    presetRow->addWidget(new QLabel(tr("Preset"), editBox));
    presetRow->addWidget(m_preset, 1);
    presetRow->addWidget(load);
    presetRow->addWidget(save);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_resume);
    runRow->addWidget(m_new, 1);
    m_clusterSession = new sessions::ClusterSession(this);
    m_cluster = new ClusterPanel(m_clusterSession, editBox);
    auto* editLayout = new QVBoxLayout(editBox);
    editLayout->addLayout(presetRow);
    editLayout->addWidget(m_tabs, 2);
    editLayout->addWidget(m_specError);
    editLayout->addWidget(m_cluster, 1);
    editLayout->addLayout(runRow);
    editLayout->addWidget(m_progress);
    editLayout->addWidget(m_log, 1);

    // --- runs of the chosen campaign --------------------------------------------------------------
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

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto* storeRow = new QHBoxLayout;
    storeRow->addWidget(m_storeLabel, 1);
    storeRow->addWidget(openStore);
    leftLayout->addLayout(storeRow);
    leftLayout->addWidget(m_campaigns, 1);
    auto* filterRow = new QHBoxLayout;
    filterRow->addWidget(m_filter, 1);
    filterRow->addWidget(exportCsvButton);
    leftLayout->addLayout(filterRow);
    leftLayout->addWidget(m_runs, 2);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(editBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);

    QAction* runAction = addRunShortcut(this, tr("Run campaign"));

    connect(runAction, &QAction::triggered, this, &CampaignsPage::run);
    connect(m_run, &QPushButton::clicked, this, &CampaignsPage::run);
    connect(m_cancel, &QPushButton::clicked, m_session, &CampaignSession::cancel);
    // One of the two at most: resume this definition's campaign, or start another.
    connect(m_resume, &QCheckBox::toggled, this, [this](bool on) {
        if (on) m_new->setChecked(false);
    });
    connect(m_new, &QCheckBox::toggled, this, [this](bool on) {
        if (on) m_resume->setChecked(false);
    });
    connect(m_preset, &QComboBox::currentIndexChanged, this, &CampaignsPage::loadPreset);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &CampaignsPage::validate);
    connect(m_form, &CampaignForm::edited, this, &CampaignsPage::formEdited);
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &WordFilterProxy::setFilterText);
    connect(m_campaigns, &QTableWidget::itemSelectionChanged, this, &CampaignsPage::showRuns);
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load a campaign definition"), QString(),
                                                          tr("JSON (*.json)"));
        if (!path.isEmpty()) loadFile(path);
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the definition"), QStringLiteral("campaign.json"), tr("JSON (*.json)"));
        if (path.isEmpty()) return;
        try {
            fileio::writeFileAtomic(QFile::encodeName(path).toStdString(),
                                    m_editor->toPlainText().toUtf8().toStdString());
        } catch (const fileio::FileError& e) {
            showSpecMessage(QString::fromUtf8(e.what()), true);
        }
    });
    connect(openStore, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Open or create a campaign store"), m_session->storePath(),
            tr("SQLite (*.sqlite *.db);;All files (*)"), nullptr, QFileDialog::DontConfirmOverwrite);
        if (path.isEmpty()) return;
        QString error;
        if (!m_session->openStore(path, &error)) showStoreFailure(path, error);
    });
    connect(exportCsvButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export runs"), QStringLiteral("runs.csv"),
                                                          tr("CSV (*.csv)"));
        if (!path.isEmpty()) exportCsv(path);
    });
    connect(m_cluster, &ClusterPanel::whereChanged, this, [this](bool onCluster) {
        m_run->setText(onCluster ? tr("Submit to Slurm") : tr("Run"));
        m_resume->setVisible(!onCluster); // a cluster campaign resumes with Resubmit failed
        m_new->setVisible(!onCluster);
        validate();
    });
    connect(m_cluster, &ClusterPanel::logLine, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_clusterSession, &sessions::ClusterSession::busyChanged, this, &CampaignsPage::validate);
    connect(m_cluster, &ClusterPanel::openStoreRequested, this, [this](const QString& path) {
        QString error;
        if (!m_session->openStore(path, &error)) showStoreFailure(path, error);
    });
    connect(m_session, &CampaignSession::storeChanged, this, &CampaignsPage::refreshCampaigns);
    connect(m_session, &CampaignSession::storeOpened, this, [this] { m_storeFailure.clear(); });
    connect(m_session, &CampaignSession::storeFailed, this, &CampaignsPage::showStoreFailure);
    connect(m_session, &CampaignSession::started, this, [this] {
        m_run->setEnabled(false);
        m_cancel->setEnabled(true);
        m_progress->setValue(0);
        m_log->appendPlainText(tr("— campaign started —"));
    });
    connect(m_session, &CampaignSession::progress, this,
            [this](int done, int total, const QStringList& lines) {
                m_progress->setRange(0, std::max(1, total));
                m_progress->setValue(done);
                for (const QString& l : lines)
                    m_log->appendPlainText(l);
            });
    // Cancel answers at once: the button says so while the worker stops the run in progress.
    connect(m_session, &CampaignSession::cancelling, this, [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(tr("Cancelling…"));
        m_log->appendPlainText(tr("— cancelling… (the run in progress stops; finished runs are kept) —"));
    });
    const auto ended = [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(tr("Cancel"));
        validate();
    };
    connect(
        m_session, &CampaignSession::finished, this,
        [this, ended](qint64 id, int runs, int failed, bool cancelled, bool nothingToDo) {
            ended();
            if (nothingToDo)
                m_log->appendPlainText(tr("— nothing to do: campaign #%1 is finished —").arg(id));
            else if (cancelled)
                m_log->appendPlainText(
                    tr("— campaign #%1 cancelled after %2 runs (resume continues it) —").arg(id).arg(runs));
            else
                m_log->appendPlainText(
                    tr("— campaign #%1 finished: %2 runs, %3 failed —").arg(id).arg(runs).arg(failed));
        });
    connect(m_session, &CampaignSession::failed, this, [this, ended](const QString& m) {
        ended();
        m_log->appendPlainText(tr("— campaign failed: %1 —").arg(m));
    });
    loadPreset();
    refreshCampaigns();
}

void CampaignsPage::loadPreset() {
    if (m_preset->currentIndex() == m_preset->count() - 1) return; // "(custom definition)": nothing to load
    const auto spec = campaign::presetSpec(m_preset->currentText().toStdString());
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(campaign::specJson(spec)));
    m_editor->setPlainText(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
}

void CampaignsPage::showSpecMessage(const QString& text, bool isError) {
    m_specError->setText(text);
    setErrorStyle(m_specError, isError);
}

void CampaignsPage::loadFile(const QString& path) {
    // Bounded as the CLI reads definitions (a FIFO or device is refused, never waited on; 4 MiB at most).
    std::string text;
    try {
        text = fileio::readFileBounded(QFile::encodeName(path).toStdString(), std::uint64_t{4} << 20,
                                       "campaign definition");
    } catch (const fileio::FileError& e) {
        showSpecMessage(tr("Cannot read it: %1").arg(QString::fromUtf8(e.what())), true);
        return;
    }
    m_editor->setPlainText(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
}

void CampaignsPage::formEdited() {
    QString error;
    const auto spec = m_form->spec(&error);
    if (!spec) {
        // The JSON keeps the last valid definition; Run waits for the form to be valid again.
        m_valid = false;
        showSpecMessage(error, true);
        m_run->setEnabled(false);
        return;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(campaign::specJson(*spec)));
    m_fromForm = true;
    m_editor->setPlainText(QString::fromUtf8(doc.toJson(QJsonDocument::Indented)));
    m_fromForm = false;
}

void CampaignsPage::validate() {
    QString error, summary;
    bool parsed = false;
    try {
        const auto spec = campaign::parseSpec(m_editor->toPlainText().toStdString());
        parsed = true;
        showPresetOf(spec);
        const auto runs = campaign::countRuns(spec); // counted, never expanded just to count
        summary = (runs == 1 ? tr("1 run") : tr("%1 runs").arg(runs)) +
                  (spec.repeats == 1 ? tr(", 1 repeat") : tr(", %1 repeats each").arg(spec.repeats));
        if (!m_fromForm) m_form->setSpec(spec);
        // The form shows the definition; Run waits until no target is paired with what its runner cannot run.
        campaign::checkSupported(spec);
    } catch (const std::exception& e) {
        error = QString::fromUtf8(e.what());
        if (!parsed) showPresetOf(std::nullopt);
    }
    m_valid = error.isEmpty();
    showSpecMessage(m_valid ? summary : error, !m_valid);
    m_run->setEnabled(m_valid && (m_cluster->onCluster() ? !m_clusterSession->isBusy()
                                                         : !m_session->isRunning() && m_session->hasStore()));
}

void CampaignsPage::showPresetOf(const std::optional<campaign::CampaignSpec>& spec) {
    int index = m_preset->count() - 1; // "(custom definition)"
    if (spec) {
        const std::string json = campaign::specJson(*spec);
        for (std::size_t i = 0; i < m_presetJson.size(); ++i)
            if (m_presetJson[i] == json) index = static_cast<int>(i);
    }
    const QSignalBlocker block(m_preset);
    m_preset->setCurrentIndex(index);
}

void CampaignsPage::run() {
    if (!m_valid) return;
    if (m_cluster->onCluster()) {
        m_cluster->submit(campaign::parseSpec(m_editor->toPlainText().toStdString()));
        return;
    }
    if (m_session->isRunning()) return;
    const campaign::StartMode mode = m_resume->isChecked() ? campaign::StartMode::Resume
                                     : m_new->isChecked()  ? campaign::StartMode::New
                                                           : campaign::StartMode::Fresh;
    m_session->start(campaign::parseSpec(m_editor->toPlainText().toStdString()), mode);
}

void CampaignsPage::showStoreFailure(const QString& path, const QString& error) {
    m_storeFailure = tr("Cannot open %1: %2").arg(path, error);
    m_log->appendPlainText(m_storeFailure);
    refreshCampaigns();
}

void CampaignsPage::refreshCampaigns() {
    QString error;
    const auto list = m_session->campaigns(&error);
    // No store because opening one failed (at start-up too): the label says why, as Open store… does.
    const bool none = m_session->storePath().isEmpty();
    m_storeLabel->setText(none ? (m_storeFailure.isEmpty() ? tr("No store open") : m_storeFailure)
                          : error.isEmpty() ? tr("Store: %1").arg(m_session->storePath())
                                            : tr("Store cannot be read: %1").arg(error));
    setErrorStyle(m_storeLabel, !error.isEmpty() || (none && !m_storeFailure.isEmpty()));
    const auto selected = selectedCampaign();
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
        if (!c.specError.empty()) // an old or foreign definition: reported for this campaign only
            for (int col = 0; col < cells.size(); ++col)
                m_campaigns->item(i, col)->setToolTip(
                    tr("Its definition cannot be read: %1").arg(QString::fromStdString(c.specError)));
        if (selected && *selected == c.id) reselect = i;
    }
    if (reselect < 0 && !list.empty()) reselect = static_cast<int>(list.size()) - 1; // the newest
    if (reselect >= 0) m_campaigns->selectRow(reselect);
    showRuns();
    validate();
}

std::optional<std::int64_t> CampaignsPage::selectedCampaign() const {
    const auto rows =
        m_campaigns->selectionModel() ? m_campaigns->selectionModel()->selectedRows() : QModelIndexList{};
    if (rows.isEmpty() || !m_campaigns->item(rows.front().row(), 0)) return std::nullopt;
    return m_campaigns->item(rows.front().row(), 0)->data(Qt::UserRole).toLongLong();
}

void CampaignsPage::showRuns() {
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

bool CampaignsPage::exportCsv(const QString& path) {
    const std::string text = runTableCsv(m_proxy); // as shown: filtered and sorted
    try {
        // All or nothing: a full disk leaves the previous file as it was and says so.
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(), text);
    } catch (const fileio::FileError& e) {
        m_log->appendPlainText(tr("Cannot export the runs: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    return true;
}

} // namespace rs::gui
