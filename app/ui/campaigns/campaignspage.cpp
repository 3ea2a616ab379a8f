#include "app/ui/campaigns/campaignspage.h"

#include "app/ui/campaigns/campaignform.h"
#include "app/ui/campaigns/clusterpanel.h"
#include "app/ui/common/pagehelpers.h"
#include "core/campaign/campaignspec.h"
#include "core/campaign/runner.h"
#include "core/fileio/safefile.h"
#include "core/sessions/campaignsession.h"
#include "core/sessions/clustersession.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CampaignSession;

CampaignsPage::CampaignsPage(CampaignSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("campaignsPage"));

    m_store = new StorePanel(session, this);
    auto* report = new QAction(tr("Export campaign &report…"), this);
    report->setObjectName(QStringLiteral("exportCampaignReport"));
    connect(report, &QAction::triggered, m_store, &StorePanel::exportReportWithDialog);
    m_menus = {{MenuSection::FileExport, {report}}};

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
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_form = new CampaignForm(editBox);
    m_tabs = new QTabWidget(editBox);
    m_tabs->addTab(m_form, tr("&Form"));
    m_tabs->addTab(m_editor, tr("&JSON"));
    m_specError = new QLabel(editBox);
    m_specError->setObjectName(QStringLiteral("campaignSpecError"));
    m_specError->setWordWrap(true);
    auto* presetRow = new QHBoxLayout;
    presetRow->addWidget(new QLabel(tr("Preset"), editBox));
    presetRow->addWidget(m_preset, 1);
    presetRow->addWidget(load);
    presetRow->addWidget(save);
    m_clusterSession = new sessions::ClusterSession(this);
    m_cluster = new ClusterPanel(m_clusterSession, editBox);
    m_runBar = new CampaignRunBar(session, editBox);
    auto* editLayout = new QVBoxLayout(editBox);
    editLayout->addLayout(presetRow);
    editLayout->addWidget(m_tabs, 2);
    editLayout->addWidget(m_specError);
    editLayout->addWidget(m_cluster, 1);
    editLayout->addWidget(m_runBar, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_store);
    split->addWidget(editBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    // Neither side collapses under a drag: the definition and its Run button stay on screen.
    split->setChildrenCollapsible(false);
    editBox->setMinimumWidth(320);
    m_store->setMinimumWidth(260);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);

    QAction* runAction = addRunShortcut(this, tr("Run campaign"));

    connect(runAction, &QAction::triggered, this, &CampaignsPage::run);
    connect(m_runBar, &CampaignRunBar::runRequested, this, &CampaignsPage::run);
    connect(m_runBar, &CampaignRunBar::ended, this, &CampaignsPage::validate);
    connect(m_store, &StorePanel::logLine, m_runBar, &CampaignRunBar::appendLog);
    connect(m_store, &StorePanel::refreshed, this, &CampaignsPage::validate);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &CampaignsPage::loadPreset);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &CampaignsPage::validate);
    connect(m_form, &CampaignForm::edited, this, &CampaignsPage::formEdited);
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
    connect(m_cluster, &ClusterPanel::whereChanged, this, [this](bool onCluster) {
        m_runBar->setOnCluster(onCluster);
        validate();
    });
    connect(m_cluster, &ClusterPanel::logLine, m_runBar->log(), &QPlainTextEdit::appendPlainText);
    connect(m_clusterSession, &sessions::ClusterSession::busyChanged, this, &CampaignsPage::validate);
    connect(m_cluster, &ClusterPanel::openStoreRequested, m_store, &StorePanel::openStore);
    loadPreset();
    m_store->refreshCampaigns();
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
        runButton()->setEnabled(false);
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
    runButton()->setEnabled(m_valid &&
                            (m_cluster->onCluster() ? !m_clusterSession->isBusy()
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
    m_session->start(campaign::parseSpec(m_editor->toPlainText().toStdString()), m_runBar->startMode());
}

} // namespace rs::gui
