#include "mainwindow.h"

#include "blockippanel.h"
#include "blockipsession.h"
#include "boardpage.h"
#include "boardrunner.h"
#include "boardsession.h"
#include "campaignsession.h"
#include "campaignspage.h"
#include "chartspage.h"
#include "charts/chartview.h"
#include "ciphersession.h"
#include "cudapage.h"
#include "cudarunner.h"
#include "diffusionpage.h"
#include "gpusession.h"
#include "hw/iprunner.h"
#include "inputpanel.h"
#include "ippage.h"
#include "ipsession.h"
#include "riscvpage.h"
#include "riscvsession.h"
#include "roundexplorerpage.h"
#include "rtlstatepanel.h"
#include "rvrunner.h"
#include "stateview.h"
#include "stepcontrols.h"
#include "charts/theme.h"
#include "waveformpage.h"
#include "waveformsession.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CipherSession;

namespace {
QSettings appSettings() {
    return QSettings(QStringLiteral("RoundScope"), QStringLiteral("RoundScope"));
}
} // namespace

MainWindow::MainWindow(bool persistSettings, QWidget* parent)
    : QMainWindow(parent), m_persist(persistSettings) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("RoundScope — Round Explorer"));
    QIcon icon(QStringLiteral(":/icons/roundscope-256.png"));
    icon.addFile(QStringLiteral(":/icons/roundscope-64.png"));
    setWindowIcon(icon);
    m_session = new CipherSession(this);
    m_explorer = new RoundExplorerPage(m_session, this);
    m_diffusion = new DiffusionPage(m_session, this);
    m_ipSession = new hw::IpSession(this);
    m_ip = new IpPage(m_ipSession, this);
    m_blockIpSession = new hw::BlockIpSession(this);
    m_blockIp = new BlockIpPanel(m_blockIpSession, this);
    m_waveSession = new hw::WaveformSession(this);
    m_waves = new WaveformPage(m_waveSession, this);
    m_rtl = new RtlStatePanel(m_session, m_waveSession, this);
    // Campaigns: the built-in simulated IP is a target beside the CPU; the store is a local SQLite
    // file in the user's data folder (none in a window that keeps no settings: tests, screenshots).
    hw::registerIpRunner();
    gpu::registerCudaRunner();
    riscv::registerRiscvRunners();
    hw::board::registerBoardRunner();
    m_campaignSession = new sessions::CampaignSession(this);
    if (m_persist) {
        QString error;
        if (!m_campaignSession->openStore(sessions::CampaignSession::defaultStorePath(), &error))
            statusBar()->showMessage(tr("Campaign store not opened: %1").arg(error), 10000);
    }
    m_campaigns = new CampaignsPage(m_campaignSession, this);
    m_charts = new ChartsPage(m_campaignSession, this);
    m_gpuSession = new gpu::GpuSession(this);
    m_cuda = new CudaPage(m_gpuSession, this);
    m_riscvSession = new riscv::RiscvSession(this);
    m_riscv = new RiscvPage(m_riscvSession, this);
    m_boardSession = new hw::BoardSession(this);
    m_board = new BoardPage(m_boardSession, this);

    // The pages are docks; the central widget is an empty placeholder kept hidden, so the docks
    // share the whole window and can be rearranged, tabbed or floated.
    auto* placeholder = new QWidget(this);
    setCentralWidget(placeholder);
    placeholder->hide();
    setDockNestingEnabled(true);
    m_explorerDock =
        addPage(m_explorer, tr("Round Explorer"), QStringLiteral("dock_explorer"), Qt::TopDockWidgetArea);
    // The lower pages scroll rather than push up the window's minimum height (768-pixel screens).
    const auto scrollable = [this](QWidget* page) {
        auto* scroll = new QScrollArea(this);
        scroll->setWidgetResizable(true);
        scroll->setFrameShape(QFrame::NoFrame);
        scroll->setWidget(page);
        return scroll;
    };
    m_diffusionDock = addPage(scrollable(m_diffusion), tr("Diffusion and avalanche"),
                              QStringLiteral("dock_diffusion"), Qt::BottomDockWidgetArea);
    resizeDocks({m_explorerDock, m_diffusionDock}, {600, 380}, Qt::Vertical);
    // The IP page: the core to inspect, Ascon (AEAD, the paper's IP) or a LEA / SKINNY block core.
    auto* ipPage = new QWidget(this);
    m_ipCore = new QComboBox(ipPage);
    m_ipCore->setObjectName(QStringLiteral("ipCore"));
    m_ipCore->addItems({tr("Ascon (AEAD)"), tr("LEA / SKINNY-128-256 (block)")});
    auto* ipStack = new QStackedWidget(ipPage);
    ipStack->addWidget(m_ip);
    ipStack->addWidget(m_blockIp);
    auto* ipCoreRow = new QHBoxLayout;
    ipCoreRow->addWidget(new QLabel(tr("Core"), ipPage));
    ipCoreRow->addWidget(m_ipCore);
    ipCoreRow->addStretch(1);
    auto* ipLayout = new QVBoxLayout(ipPage);
    ipLayout->setContentsMargins(0, 0, 0, 0);
    ipLayout->addLayout(ipCoreRow);
    ipLayout->addWidget(ipStack, 1);
    connect(m_ipCore, &QComboBox::currentIndexChanged, ipStack, &QStackedWidget::setCurrentIndex);
    m_ipDock =
        addPage(scrollable(ipPage), tr("IP core"), QStringLiteral("dock_ip"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_diffusionDock, m_ipDock);
    // The waveform viewer needs width more than height: it shares the lower area, tabbed.
    m_wavesDock = addPage(m_waves, tr("Waveforms and pipeline"), QStringLiteral("dock_waves"),
                          Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_ipDock, m_wavesDock);
    m_campaignsDock = addPage(scrollable(m_campaigns), tr("Campaigns"), QStringLiteral("dock_campaigns"),
                              Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_wavesDock, m_campaignsDock);
    m_chartsDock =
        addPage(scrollable(m_charts), tr("Charts"), QStringLiteral("dock_charts"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_campaignsDock, m_chartsDock);
    m_cudaDock =
        addPage(scrollable(m_cuda), tr("CUDA"), QStringLiteral("dock_cuda"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_chartsDock, m_cudaDock);
    m_riscvDock =
        addPage(scrollable(m_riscv), tr("RISC-V"), QStringLiteral("dock_riscv"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_cudaDock, m_riscvDock);
    m_boardDock =
        addPage(scrollable(m_board), tr("Board"), QStringLiteral("dock_board"), Qt::BottomDockWidgetArea);
    tabifyDockWidget(m_riscvDock, m_boardDock);
    m_rtlDock = addPage(scrollable(m_rtl), tr("Model vs RTL state"), QStringLiteral("dock_rtl"),
                        Qt::TopDockWidgetArea);
    splitDockWidget(m_explorerDock, m_rtlDock, Qt::Horizontal);
    resizeDocks({m_explorerDock, m_rtlDock}, {1100, 400}, Qt::Horizontal);
    m_diffusionDock->raise();

    m_statusAlg = new QLabel(this);
    m_statusStep = new QLabel(this);
    m_statusInputs = new QLabel(this);
    statusBar()->addPermanentWidget(m_statusInputs);
    statusBar()->addPermanentWidget(m_statusStep);
    statusBar()->addPermanentWidget(m_statusAlg);
    buildMenus();

    connect(m_session, &CipherSession::algorithmChanged, this, &MainWindow::updateStatus);
    connect(m_session, &CipherSession::traceChanged, this, &MainWindow::updateStatus);
    connect(m_session, &CipherSession::currentStepChanged, this, &MainWindow::updateStatus);
    connect(m_session, &CipherSession::inputValidityChanged, this, &MainWindow::updateStatus);
    connect(m_session, &CipherSession::diffusionStarted, this,
            [this] { statusBar()->showMessage(tr("Diffusion analysis running… (Esc cancels)")); });
    connect(m_session, &CipherSession::diffusionFinished, this,
            [this] { statusBar()->showMessage(tr("Diffusion analysis finished"), 5000); });
    connect(m_session, &CipherSession::diffusionCancelled, this,
            [this] { statusBar()->showMessage(tr("Diffusion analysis cancelled"), 5000); });
    connect(m_session, &CipherSession::diffusionFailed, this,
            [this](const QString& m) { statusBar()->showMessage(tr("Analysis failed: %1").arg(m), 8000); });
    connect(m_diffusion, &DiffusionPage::notice, this,
            [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    // The waveform viewer shows each IP run and follows the explorer's steps through the round link.
    connect(m_ipSession, &hw::IpSession::finished, this, [this](const hw::IpSessionResult& r) {
        const auto name = crypto::asconAeadName(r.variant);
        m_waveSession->setCapture(
            r.capture, tr("IP run · %1 · unroll %2 · %3 · PT %4 B")
                           .arg(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())))
                           .arg(r.unroll)
                           .arg(r.precomputed ? tr("precomputed init") : tr("full init"))
                           .arg(r.ct.size()));
    });
    connect(m_blockIpSession, &hw::BlockIpSession::finished, this, [this](const hw::BlockIpSessionResult& r) {
        m_waveSession->setCapture(r.capture, tr("IP run · %1 %2 · %3 rounds per clock · %4 B")
                                                 .arg(r.algorithm, r.mode.toUpper())
                                                 .arg(r.rpc)
                                                 .arg(r.output.size()));
    });
    connect(m_session, &CipherSession::traceChanged, this,
            [this] { m_waveSession->setTrace(m_session->trace()); });
    connect(m_session, &CipherSession::currentStepChanged, m_waves, &WaveformPage::followStep);
    connect(m_waveSession, &hw::WaveformSession::linkChanged, this,
            [this] { m_waves->followStep(m_session->currentStep()); });
    connect(m_waves, &WaveformPage::captureRequested, this, &MainWindow::captureExplorerInputs);
    connect(m_rtl, &RtlStatePanel::captureRequested, this, &MainWindow::captureExplorerInputs);
    connect(m_waves, &WaveformPage::notice, this,
            [this](const QString& m) { statusBar()->showMessage(m, 6000); });
    m_waveSession->setTrace(m_session->trace());

    // The step keys act where the focus is in the explorer: start there, on the state.
    m_explorer->stateView()->setFocus();

    resize(1500, 960);
    m_defaultState = saveState();
    if (m_persist) restoreSettings();
    updateStatus();
}

MainWindow::~MainWindow() {
    // The session is this window's first child, so QObject would delete it before the docks, whose
    // pages hold it and whose destructors may still reach it. Pages first, then the session.
    delete m_boardDock;
    delete m_riscvDock;
    delete m_cudaDock;
    delete m_chartsDock;
    delete m_campaignsDock;
    m_boardDock = m_riscvDock = m_cudaDock = m_chartsDock = m_campaignsDock = nullptr;
    m_board = nullptr;
    m_cuda = nullptr;
    m_riscv = nullptr;
    m_charts = nullptr;
    m_campaigns = nullptr;
    delete m_rtlDock;
    delete m_wavesDock;
    delete m_ipDock;
    delete m_diffusionDock;
    delete m_explorerDock;
    m_rtlDock = m_wavesDock = m_ipDock = m_diffusionDock = m_explorerDock = nullptr;
    m_explorer = nullptr;
    m_diffusion = nullptr;
    m_ip = nullptr;
    m_waves = nullptr;
    m_rtl = nullptr;
    delete m_waveSession;
    m_waveSession = nullptr;
    delete m_campaignSession;
    m_campaignSession = nullptr;
    delete m_ipSession;
    m_ipSession = nullptr;
    delete m_session;
    m_session = nullptr;
}

QDockWidget* MainWindow::addPage(QWidget* page, const QString& title, const QString& objectName,
                                 Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(page);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                      QDockWidget::DockWidgetClosable);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Export chart as &PNG…"), QKeySequence(Qt::CTRL | Qt::Key_E), this, [this] {
        if (charts::ChartView* c = m_diffusion->currentChart()) c->exportWithDialog(QStringLiteral("png"));
    });
    file->addAction(tr("Export chart as P&DF…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                    [this] {
                        if (charts::ChartView* c = m_diffusion->currentChart())
                            c->exportWithDialog(QStringLiteral("pdf"));
                    });
    file->addAction(tr("Save &screenshot…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save screenshot"), QStringLiteral("roundscope.png"), tr("PNG image (*.png)"));
        if (!path.isEmpty()) saveScreenshot(path);
    });
    file->addSeparator();
    // Window-wide: they raise the waveform page.
    for (QAction* a : {m_waves->openAction(), m_waves->exportAction()}) {
        a->setShortcutContext(Qt::WindowShortcut);
        file->addAction(a);
        connect(a, &QAction::triggered, this, [this] {
            m_wavesDock->show();
            m_wavesDock->raise();
        });
    }
    file->addAction(m_waves->gtkwaveAction());
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_dark = view->addAction(tr("&Dark palette"));
    m_dark->setCheckable(true);
    m_dark->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_dark, &QAction::toggled, this, &MainWindow::setDarkTheme);
    view->addSeparator();
    view->addActions({m_explorer->valueModeAction(), m_explorer->changedModeAction(),
                      m_explorer->twinModeAction(), m_explorer->hexAction()});
    view->addSeparator();
    view->addAction(m_explorerDock->toggleViewAction());
    view->addAction(m_diffusionDock->toggleViewAction());
    view->addAction(m_ipDock->toggleViewAction());
    view->addAction(m_wavesDock->toggleViewAction());
    view->addAction(m_rtlDock->toggleViewAction());
    view->addAction(m_campaignsDock->toggleViewAction());
    view->addAction(m_chartsDock->toggleViewAction());
    view->addAction(m_cudaDock->toggleViewAction());
    view->addAction(m_riscvDock->toggleViewAction());
    view->addAction(m_boardDock->toggleViewAction());
    view->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    StepControls* steps = m_explorer->stepControls();
    run->addActions({steps->firstAction(), steps->previousAction(), steps->playAction(), steps->nextAction(),
                     steps->lastAction()});
    run->addSeparator();
    // Ctrl+R is per page: random inputs in the Round Explorer, a run on the IP in the IP page.
    QAction* random = run->addAction(tr("&Random inputs"), QKeySequence(Qt::CTRL | Qt::Key_R),
                                     m_explorer->inputPanel(), &InputPanel::randomizeAll);
    random->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    m_explorerDock->addAction(random);
    run->addAction(tr("Spec &example inputs"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), m_session,
                   &CipherSession::resetInputs);
    run->addSeparator();
    run->addAction(tr("&Analyze diffusion"), QKeySequence(Qt::Key_F5), m_diffusion,
                   &DiffusionPage::runAnalysis);
    run->addAction(tr("&Cancel analysis"), QKeySequence(Qt::Key_Escape), m_diffusion,
                   &DiffusionPage::cancelAnalysis);
    run->addSeparator();
    run->addAction(m_ip->runAction());
    run->addAction(tr("Capture explorer inputs on the &IP"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
                   this, &MainWindow::captureExplorerInputs);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence(Qt::Key_F1), this, &MainWindow::showShortcuts);
    help->addAction(tr("&About RoundScope"), this, [this] {
        QMessageBox::about(
            this, tr("About RoundScope"),
            tr("<b>RoundScope %1</b><br>A workbench for lightweight cryptography: walk through "
               "Ascon, LEA and SKINNY step by step and watch the state mix.")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::showShortcuts() {
    QMessageBox::information(
        this, tr("Keyboard shortcuts"),
        tr("<table cellpadding=3>"
           "<tr><td><b>← / →</b></td><td>previous / next step</td></tr>"
           "<tr><td><b>Home / End</b></td><td>first / last step</td></tr>"
           "<tr><td><b>Space</b></td><td>play / pause</td></tr>"
           "<tr><td></td><td><i>these keys act in the Round Explorer (click the state); a focused "
           "button, list or tab bar keeps its own keys</i></td></tr>"
           "<tr><td><b>Ctrl+1 / 2 / 3</b></td><td>value / changed / twin difference</td></tr>"
           "<tr><td><b>Ctrl+H</b></td><td>hex cells or bits</td></tr>"
           "<tr><td><b>Ctrl+R</b></td><td>random inputs (Ctrl+Shift+R: spec example); in the IP core "
           "page: run on the IP</td></tr>"
           "<tr><td><b>F5 / Esc</b></td><td>analyse diffusion / cancel</td></tr>"
           "<tr><td><b>Ctrl+E</b></td><td>export the current chart (Ctrl+Shift+E: PDF)</td></tr>"
           "<tr><td><b>Ctrl+Shift+D</b></td><td>dark palette</td></tr>"
           "<tr><td><b>Ctrl+Return</b></td><td>run the campaign (in the Campaigns page)</td></tr>"
           "<tr><td><b>Ctrl+Shift+I</b></td><td>capture the explorer's Ascon inputs on the IP (linked "
           "round by round)</td></tr>"
           "<tr><td><b>Ctrl+O / Ctrl+Shift+W</b></td><td>open a VCD/FST file / export the trace</td></tr>"
           "<tr><td></td><td><i>in the waveform view:</i></td></tr>"
           "<tr><td><b>wheel, + / -, F</b></td><td>zoom around the mouse, zoom, fit all</td></tr>"
           "<tr><td><b>right-drag or Ctrl+drag</b></td><td>zoom to a box</td></tr>"
           "<tr><td><b>Shift+wheel, ← / →</b></td><td>pan</td></tr>"
           "<tr><td><b>click / Shift+click</b></td><td>cursor A / cursor B (Δ in the status line)</td></tr>"
           "<tr><td><b>N / Shift+N</b></td><td>next / previous edge of the selected signal</td></tr>"
           "<tr><td><b>M, B</b></td><td>marker at cursor A, cursor B at cursor A</td></tr>"
           "<tr><td><b>↑ / ↓, Ctrl+↑ / ↓, Del</b></td><td>select, move, remove a row</td></tr>"
           "</table>"));
}

void MainWindow::setDarkTheme(bool dark) {
    charts::applyTheme(dark ? charts::Theme::Dark : charts::Theme::Light);
    if (m_dark->isChecked() != dark) {
        const QSignalBlocker block(m_dark);
        m_dark->setChecked(dark);
    }
}

void MainWindow::resetLayout() {
    restoreState(m_defaultState);
    m_explorerDock->show();
    m_diffusionDock->show();
    m_ipDock->show();
    m_wavesDock->show();
    m_rtlDock->show();
    m_campaignsDock->show();
    m_chartsDock->show();
    m_cudaDock->show();
    m_riscvDock->show();
    m_boardDock->show();
}

bool MainWindow::captureExplorerInputs() {
    const auto variant = hw::ipVariantFromId(m_session->algorithm().id);
    const QString id = QString::fromStdString(m_session->algorithm().id);
    if (!variant && hw::BlockIpSession::algorithms().contains(id)) {
        // LEA / SKINNY: the explorer's block through the block core, then the viewer links the rounds.
        if (!m_session->inputsValid()) {
            statusBar()->showMessage(
                tr("Fix the explorer's inputs first: %1").arg(m_session->firstInputError()), 8000);
            return false;
        }
        m_ipCore->setCurrentIndex(1);
        m_blockIp->setInputs(
            id, QString::fromStdString(crypto::toHex(m_session->inputBytes(QStringLiteral("key")))),
            QString::fromStdString(crypto::toHex(m_session->inputBytes(QStringLiteral("pt")))));
        m_blockIp->run();
        m_wavesDock->show();
        m_wavesDock->raise();
        statusBar()->showMessage(tr("Capturing the explorer's inputs on the %1 core…").arg(id), 5000);
        return true;
    }
    if (!variant) {
        statusBar()->showMessage(
            tr("The IP cores run Ascon AEAD, LEA-128/192/256 and SKINNY-128-256: choose one of them in the "
               "Round Explorer first"),
            8000);
        return false;
    }
    if (!m_session->inputsValid()) {
        statusBar()->showMessage(tr("Fix the explorer's inputs first: %1").arg(m_session->firstInputError()),
                                 8000);
        return false;
    }
    if (m_ipSession->isRunning()) {
        statusBar()->showMessage(tr("The IP is still running"), 5000);
        return false;
    }
    QComboBox* box = m_ip->variantBox();
    box->setCurrentIndex(box->findData(static_cast<int>(*variant)));
    for (const QString& field : hw::IpSession::fieldNames())
        m_ipSession->setInput(field, QString::fromStdString(crypto::toHex(m_session->inputBytes(field))));
    if (!m_ipSession->run()) {
        statusBar()->showMessage(tr("The IP did not start: check the IP core page's inputs"), 8000);
        return false;
    }
    m_wavesDock->show();
    m_wavesDock->raise();
    statusBar()->showMessage(tr("Capturing the explorer's inputs on the IP…"), 5000);
    return true;
}

void MainWindow::updateStatus() {
    m_statusAlg->setText(QString::fromStdString(m_session->algorithm().displayName));
    m_statusStep->setText(
        m_session->hasTrace()
            ? tr("step %1 / %2").arg(m_session->currentStep() + 1).arg(m_session->stepCount())
            : tr("no trace"));
    const QString e = m_session->firstInputError();
    m_statusInputs->setText(e.isEmpty() ? tr("inputs valid") : tr("invalid input: %1").arg(e));
    m_statusInputs->setStyleSheet(
        e.isEmpty() ? QString() : QStringLiteral("QLabel { color: %1; }").arg(charts::errorColor(palette()).name()));
}

bool MainWindow::saveScreenshot(const QString& path) {
    QPixmap shot;
    // Under X11 (Xvfb too) take what the server really shows; other platforms render the widgets.
    if (QGuiApplication::platformName() == QLatin1String("xcb") && screen() != nullptr)
        shot = screen()->grabWindow(winId());
    if (shot.isNull() || shot.width() < 10) shot = grab();
    return shot.save(path, "PNG");
}

void MainWindow::saveSettings() const {
    if (!m_persist) return;
    QSettings s = appSettings();
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("window/dark"), m_dark->isChecked());
    s.setValue(QStringLiteral("session/algorithm"), QString::fromStdString(m_session->algorithm().id));
    s.setValue(QStringLiteral("session/rounds"), m_session->rounds());
    s.beginGroup(QStringLiteral("inputs"));
    const auto all = m_session->allInputs();
    for (auto it = all.begin(); it != all.end(); ++it)
        for (auto f = it.value().begin(); f != it.value().end(); ++f)
            s.setValue(it.key() + QLatin1Char('/') + f.key(), f.value());
    s.endGroup();
    m_explorer->saveSettings(s);
    m_diffusion->saveSettings(s);
}

void MainWindow::restoreSettings() {
    QSettings s = appSettings();
    QHash<QString, CipherSession::InputTexts> inputs;
    s.beginGroup(QStringLiteral("inputs"));
    for (const QString& alg : s.childGroups()) {
        s.beginGroup(alg);
        for (const QString& field : s.childKeys())
            inputs[alg].insert(field, s.value(field).toString());
        s.endGroup();
    }
    s.endGroup();
    m_session->setAllInputs(inputs);
    m_session->setAlgorithm(
        s.value(QStringLiteral("session/algorithm"), QStringLiteral("ascon-p")).toString());
    const int rounds = s.value(QStringLiteral("session/rounds"), 0).toInt();
    if (rounds > 0) m_session->setRounds(rounds);
    m_session->recomputeNow();
    m_explorer->restoreSettings(s);
    m_diffusion->restoreSettings(s);
    setDarkTheme(s.value(QStringLiteral("window/dark"), false).toBool());
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace rs::gui
