#include "app/ui/campaigns/campaignrunbar.h"

#include "app/ui/common/pagehelpers.h"
#include "core/sessions/campaignsession.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QTextCursor>
#include <QVBoxLayout>

#include <algorithm>

namespace rs::gui {

using sessions::CampaignSession;

CampaignRunBar::CampaignRunBar(CampaignSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    m_run = new QPushButton(tr("Run"), this);
    m_run->setObjectName(QStringLiteral("campaignRun"));
    m_run->setToolTip(
        tr("Run the campaign (Ctrl+Return): every run is checked against the C++ model, then timed"));
    m_resume = new QCheckBox(tr("Resume"), this);
    m_resume->setObjectName(QStringLiteral("campaignResume"));
    m_resume->setToolTip(tr("Continue the newest campaign of this definition (nothing to do when it is "
                            "finished; a new one when there is none)"));
    m_new = new QCheckBox(tr("New campaign"), this);
    m_new->setObjectName(QStringLiteral("campaignNew"));
    m_new->setToolTip(tr("Start another campaign even when the store holds this definition (without Resume "
                         "or New campaign, a stored definition is refused)"));
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("campaignCancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_banner = new QLabel(this);
    m_banner->setObjectName(QStringLiteral("campaignBanner"));
    m_banner->setWordWrap(true); // a long refusal wraps instead of pushing Run off the screen
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    setErrorStyle(m_banner, true);
    m_banner->hide();
    m_log = new QPlainTextEdit(this);
    m_log->setObjectName(QStringLiteral("campaignLog"));
    m_log->setReadOnly(true);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_log->setMaximumBlockCount(5000);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_cancel);
    runRow->addWidget(m_resume);
    runRow->addWidget(m_new, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(runRow);
    layout->addWidget(m_banner);
    layout->addWidget(m_progress);
    layout->addWidget(m_log, 1);

    connect(m_run, &QPushButton::clicked, this, &CampaignRunBar::runRequested);
    connect(m_cancel, &QPushButton::clicked, m_session, &CampaignSession::cancel);
    // One of the two at most: resume this definition's campaign, or start another.
    connect(m_resume, &QCheckBox::toggled, this, [this](bool on) {
        if (on) m_new->setChecked(false);
    });
    connect(m_new, &QCheckBox::toggled, this, [this](bool on) {
        if (on) m_resume->setChecked(false);
    });
    connect(m_session, &CampaignSession::started, this, [this] {
        m_run->setEnabled(false);
        m_cancel->setEnabled(true);
        m_progress->setValue(0);
        m_banner->hide();
        appendLog(tr("— campaign started —"));
    });
    connect(m_session, &CampaignSession::progress, this,
            [this](int done, int total, const QStringList& lines) {
                m_progress->setRange(0, std::max(1, total));
                m_progress->setValue(done);
                for (const QString& l : lines)
                    appendLog(l);
            });
    // Cancel answers at once: the button says so while the worker stops the run in progress.
    connect(m_session, &CampaignSession::cancelling, this, [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(tr("Cancelling…"));
        appendLog(tr("— cancelling… (the run in progress stops; finished runs are kept) —"));
    });
    const auto end = [this] {
        m_cancel->setEnabled(false);
        m_cancel->setText(tr("Cancel"));
        emit ended();
    };
    connect(
        m_session, &CampaignSession::finished, this,
        [this, end](qint64 id, int runs, int failed, bool cancelled, bool nothingToDo) {
            end();
            if (nothingToDo)
                appendLog(tr("— nothing to do: campaign #%1 is finished —").arg(id));
            else if (cancelled)
                appendLog(
                    tr("— campaign #%1 cancelled after %2 runs (resume continues it) —").arg(id).arg(runs));
            else
                appendLog(tr("— campaign #%1 finished: %2 runs, %3 failed —").arg(id).arg(runs).arg(failed));
        });
    connect(m_session, &CampaignSession::failed, this, [this, end](const QString& m) {
        end();
        appendLog(tr("— campaign failed: %1 —").arg(m));
        m_banner->setText(tr("Not run: %1").arg(m));
        m_banner->show();
    });
}

void CampaignRunBar::appendLog(const QString& line) {
    m_log->appendPlainText(line);
    // The newest line in view, even when the log was scrolled or not yet laid out.
    m_log->moveCursor(QTextCursor::End);
    m_log->ensureCursorVisible();
}

campaign::StartMode CampaignRunBar::startMode() const {
    return m_resume->isChecked() ? campaign::StartMode::Resume
           : m_new->isChecked()  ? campaign::StartMode::New
                                 : campaign::StartMode::Fresh;
}

void CampaignRunBar::setOnCluster(bool onCluster) {
    m_run->setText(onCluster ? tr("Submit to Slurm") : tr("Run"));
    m_resume->setVisible(!onCluster);
    m_new->setVisible(!onCluster);
}

} // namespace rs::gui
