#include "app/ui/window/mainwindow.h"

#include "app/charts/chartview.h"
#include "app/charts/theme.h"
#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/campaigns/chartspage.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/diffusionpage.h"
#include "app/ui/explorer/inputpanel.h"
#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/sidebysidepage.h"
#include "app/ui/explorer/stateview.h"
#include "app/ui/explorer/stepcontrols.h"
#include "app/ui/ip/asconippage.h"
#include "app/ui/ip/ipcorepage.h"
#include "app/ui/ip/mldsaippanel.h"
#include "app/ui/ip/rtlstatepanel.h"
#include "app/ui/runs/boardpage.h"
#include "app/ui/runs/gpupage.h"
#include "app/ui/runs/riscvpage.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/window/shortcutshelp.h"
#include "app/ui/window/workbench.h"
#include "core/sessions/campaignsession.h"
#include "core/sessions/ciphersession.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

namespace rs::gui {

using sessions::CipherSession;

MainWindow::MainWindow(bool persistSettings, QWidget* parent)
    : QMainWindow(parent), m_persist(persistSettings), m_bench(new Workbench(persistSettings, this)) {
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("RoundScope — Round Explorer"));
    QIcon icon(QStringLiteral(":/icons/roundscope-256.png"));
    icon.addFile(QStringLiteral(":/icons/roundscope-64.png"));
    setWindowIcon(icon);
    addPages();

    for (QLabel** label : {&m_statusInputs, &m_statusStep, &m_statusAlg}) {
        *label = new QLabel(this);
        statusBar()->addPermanentWidget(*label);
    }
    buildMenus();

    CipherSession* cipher = session();
    connect(cipher, &CipherSession::algorithmChanged, this, &MainWindow::updateStatus);
    connect(cipher, &CipherSession::traceChanged, this, &MainWindow::updateStatus);
    connect(cipher, &CipherSession::currentStepChanged, this, &MainWindow::updateStatus);
    connect(cipher, &CipherSession::inputValidityChanged, this, &MainWindow::updateStatus);
    const auto notice = [this](const QString& m, int ms) { statusBar()->showMessage(m, ms); };
    connect(m_bench, &Workbench::notice, this, notice);
    connect(page<DiffusionPage>(), &DiffusionPage::notice, this,
            [notice](const QString& m) { notice(m, 6000); });
    connect(page<WaveformPage>(), &WaveformPage::notice, this,
            [notice](const QString& m) { notice(m, 6000); });
    // The waveform viewer follows the explorer's steps through the round link.
    connect(cipher, &CipherSession::currentStepChanged, page<WaveformPage>(), &WaveformPage::followStep);
    connect(waveformSession(), &hw::WaveformSession::linkChanged, page<WaveformPage>(),
            [this] { page<WaveformPage>()->followStep(session()->currentStep()); });
    connect(page<WaveformPage>(), &WaveformPage::captureRequested, this, &MainWindow::captureExplorerInputs);
    connect(page<RtlStatePanel>(), &RtlStatePanel::captureRequested, this,
            &MainWindow::captureExplorerInputs);
    m_ask = [this](const QString& title, const QString& question) {
        return QMessageBox::question(this, title, question, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No) == QMessageBox::Yes;
    };
    // Quitting during a campaign: the window closes once the campaign has stopped.
    const auto closeIfAsked = [this] {
        if (m_closeWhenStopped) QTimer::singleShot(0, this, &QWidget::close);
    };
    connect(m_bench->campaigns(), &sessions::CampaignSession::finished, this, closeIfAsked);
    connect(m_bench->campaigns(), &sessions::CampaignSession::failed, this, closeIfAsked);
    connect(page<IpCorePage>()->mldsaPanel(), &MlDsaIpPanel::openWaveformsRequested, this,
            [this] { showPage(page<WaveformPage>()); });
    connect(m_bench, &Workbench::captureStarted, this, [this](const QString& core) {
        page<IpCorePage>()->showCore(core);
        showPage(page<WaveformPage>());
    });

    // The step keys act where the focus is in the explorer: start there, on the state.
    page<RoundExplorerPage>()->stateView()->setFocus();
    m_defaultState = saveState(); // the workbench arrangement (Reset layout, leaving the tabs)
    m_workbenchState = m_defaultState;
    const QScreen* screen = QGuiApplication::primaryScreen();
    fitTo(screen != nullptr ? screen->availableGeometry().size() : QSize(1500, 960));
    if (m_persist) restoreSettings();
    updateStatus();
}

MainWindow::~MainWindow() {
    // The sessions outlive every page that holds them: the docks (and their pages) go first, last
    // added first, then the Workbench.
    for (auto it = m_pages.rbegin(); it != m_pages.rend(); ++it)
        delete it->dock;
    m_pages.clear();
    delete m_bench;
}

void MainWindow::addPages() {
    Workbench* b = m_bench;
    using P = Place;
    m_pages = {
        {new RoundExplorerPage(b->cipher(), this), tr("Round Explorer"), QStringLiteral("dock_explorer"),
         Qt::TopDockWidgetArea, P::New, false},
        {new DiffusionPage(b->cipher(), this), tr("Diffusion and avalanche"),
         QStringLiteral("dock_diffusion"), Qt::BottomDockWidgetArea, P::New},
        {new IpCorePage(b->ip(), this), tr("IP core"), QStringLiteral("dock_ip")},
        // The waveform viewer needs width more than height: it shares the lower area, tabbed.
        {new WaveformPage(b->waveforms(), this), tr("Waveforms and pipeline"), QStringLiteral("dock_waves"),
         Qt::BottomDockWidgetArea, P::Tab, false},
        {new RtlStatePanel(b->cipher(), b->waveforms(), this), tr("Model vs RTL state"),
         QStringLiteral("dock_rtl"), Qt::TopDockWidgetArea, P::Right, true, true},
        {new CampaignsPage(b->campaigns(), this), tr("Campaigns"), QStringLiteral("dock_campaigns")},
        {new ChartsPage(b->campaigns(), this), tr("Charts"), QStringLiteral("dock_charts")},
        {new GpuPage(b->gpu(), this), tr("CUDA"), QStringLiteral("dock_cuda")},
        {new RiscvPage(b->riscv(), this), tr("RISC-V"), QStringLiteral("dock_riscv")},
        {new BoardPage(b->board(), this), tr("Board"), QStringLiteral("dock_board")},
        // The lesson's notes beside the explorer, tabbed with the Model-vs-RTL panel.
        {new LessonPanel(b->cipher(), this), tr("Lesson"), QStringLiteral("dock_lesson"),
         Qt::TopDockWidgetArea, P::Tab, true, true},
        {new SideBySidePage(b->cipher(), b->sideCipher(), this), tr("Side by side"),
         QStringLiteral("dock_sidebyside")},
    };
    // The pages are docks; the central widget is an empty placeholder kept hidden, so the docks share the
    // whole window and can be rearranged, tabbed or floated.
    auto* placeholder = new QWidget(this);
    setCentralWidget(placeholder);
    placeholder->hide();
    setDockNestingEnabled(true);
    QHash<int, QList<QDockWidget*>> byArea;
    for (Page& p : m_pages) {
        p.dock = new QDockWidget(p.title, this);
        p.dock->setObjectName(p.objectName);
        QWidget* content = p.page;
        if (p.scroll) {
            auto* scroll = new QScrollArea(this);
            scroll->setWidgetResizable(true);
            scroll->setFrameShape(QFrame::NoFrame);
            scroll->setWidget(p.page);
            content = scroll;
        }
        p.dock->setWidget(content);
        p.dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                            QDockWidget::DockWidgetClosable);
        addDockWidget(p.area, p.dock);
        QList<QDockWidget*>& area = byArea[p.area];
        if (p.place == Place::Tab && !area.isEmpty()) tabifyDockWidget(area.last(), p.dock);
        if (p.place == Place::Right && !area.isEmpty()) splitDockWidget(area.first(), p.dock, Qt::Horizontal);
        area << p.dock;
    }
    QDockWidget *explorer = m_pages[0].dock, *diffusion = m_pages[1].dock,
                *rtl = dockOf(page<RtlStatePanel>());
    resizeDocks({explorer, diffusion}, {600, 380}, Qt::Vertical);
    resizeDocks({explorer, rtl}, {1100, 400}, Qt::Horizontal);
    diffusion->raise();
}

QDockWidget* MainWindow::dockOf(const QWidget* page) const {
    for (const Page& p : m_pages)
        if (p.page == page || p.page->isAncestorOf(page)) return p.dock;
    return nullptr;
}

void MainWindow::showPage(QWidget* page) {
    if (QDockWidget* d = dockOf(page)) {
        d->show();
        d->raise();
    }
}

MainWindow::PageLayout MainWindow::defaultLayoutFor(const QSize& size) {
    // The workbench shows the explorer above a lower area and the RTL panel beside it: below this size
    // every page would be squeezed, so each takes the whole window instead.
    return size.width() < 1600 || size.height() < 1000 ? PageLayout::Tabs : PageLayout::Workbench;
}

void MainWindow::fitTo(const QSize& available) {
    // A small screen gets all of it; a large one 1500×960 or nine tenths of it, whichever is larger.
    const QSize size = defaultLayoutFor(available) == PageLayout::Tabs
                           ? available
                           : (available * 0.9).expandedTo(QSize(1500, 960)).boundedTo(available);
    setPageLayout(defaultLayoutFor(available));
    layout()->activate(); // the layout's new minimum size before the resize, even while hidden
    resize(size.expandedTo(QSize(320, 240)));
}

void MainWindow::setPageLayout(PageLayout layout) {
    if (m_tabs->isChecked() != (layout == PageLayout::Tabs)) {
        const QSignalBlocker block(m_tabs);
        m_tabs->setChecked(layout == PageLayout::Tabs);
    }
    if (layout == m_layout) return;
    QWidget* current = nullptr; // the page in front stays in front
    for (const Page& p : m_pages)
        if (current == nullptr && !p.side && !p.dock->visibleRegion().isEmpty()) current = p.page;
    if (layout == PageLayout::Tabs) {
        m_workbenchState = saveState();
        setTabPosition(Qt::TopDockWidgetArea, QTabWidget::North);
        QDockWidget *first = m_pages.front().dock, *firstSide = nullptr;
        for (const Page& p : m_pages) {
            p.dock->setFloating(false);
            addDockWidget(p.side ? Qt::RightDockWidgetArea : Qt::TopDockWidgetArea, p.dock);
            if (p.side) { // closed until asked for (showPage), so the pages get the whole width
                if (firstSide != nullptr) tabifyDockWidget(firstSide, p.dock);
                firstSide = firstSide != nullptr ? firstSide : p.dock;
                p.dock->hide();
                continue;
            }
            p.dock->show();
            if (p.dock != first) tabifyDockWidget(first, p.dock);
        }
    } else {
        restoreState(m_workbenchState);
    }
    m_layout = layout;
    showPage(current != nullptr ? current : m_pages.front().page);
}

void MainWindow::buildMenus() {
    DiffusionPage* diffusion = page<DiffusionPage>();
    QMenu* file = menuBar()->addMenu(tr("&File"));
    for (const auto& [format, key] :
         {std::pair{QStringLiteral("png"), QKeySequence(Qt::CTRL | Qt::Key_E)},
          std::pair{QStringLiteral("pdf"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)}})
        file->addAction(tr("Export chart as %1…").arg(format.toUpper()), key, this, [diffusion, format] {
            if (charts::ChartView* c = diffusion->currentChart()) c->exportWithDialog(format);
        });
    file->addAction(tr("Save &screenshot…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save screenshot"), QStringLiteral("roundscope.png"), tr("PNG image (*.png)"));
        if (!path.isEmpty()) saveScreenshot(path);
    });
    file->addSeparator();
    WaveformPage* waves = page<WaveformPage>();
    for (QAction* a : {waves->openAction(), waves->exportAction()}) {
        a->setShortcutContext(Qt::WindowShortcut); // window-wide: they raise the waveform page
        file->addAction(a);
        connect(a, &QAction::triggered, this, [this, waves] { showPage(waves); });
    }
    file->addAction(waves->gtkwaveAction());
    file->addSeparator();
    RoundExplorerPage* stepsPage = page<RoundExplorerPage>();
    file->addActions({stepsPage->exportStepAction(), stepsPage->exportStepsAction()});
    file->addSeparator();
    LessonPanel* lesson = page<LessonPanel>();
    RoundExplorerPage* explorerPage = page<RoundExplorerPage>();
    lesson->setViewAccess(
        [explorerPage](teach::LessonView v) {
            (v == teach::LessonView::Value     ? explorerPage->valueModeAction()
             : v == teach::LessonView::Changed ? explorerPage->changedModeAction()
                                               : explorerPage->twinModeAction())
                ->trigger();
        },
        [explorerPage] {
            return explorerPage->twinModeAction()->isChecked()      ? teach::LessonView::Twin
                   : explorerPage->changedModeAction()->isChecked() ? teach::LessonView::Changed
                                                                    : teach::LessonView::Value;
        });
    file->addAction(tr("Open &lesson…"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this, lesson] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a lesson"), QString(),
                                                          tr("RoundScope lesson (*.json)"));
        if (path.isEmpty()) return;
        showPage(lesson);
        lesson->openLesson(path);
    });
    QMenu* shipped = file->addMenu(tr("S&hipped lessons"));
    for (const QString& path : LessonPanel::shippedLessons())
        shipped->addAction(QFileInfo(path).completeBaseName(), this, [this, lesson, path] {
            showPage(lesson);
            lesson->openLesson(path);
        });
    file->addAction(tr("Save lesson…"), this, [this, lesson] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the lesson"), QStringLiteral("lesson.json"), tr("RoundScope lesson (*.json)"));
        if (!path.isEmpty()) lesson->saveLesson(path);
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    RoundExplorerPage* explorer = page<RoundExplorerPage>();
    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_dark = view->addAction(tr("&Dark palette"));
    m_dark->setCheckable(true);
    m_dark->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_dark, &QAction::toggled, this, &MainWindow::setDarkTheme);
    view->addSeparator();
    view->addActions({explorer->valueModeAction(), explorer->changedModeAction(), explorer->twinModeAction(),
                      explorer->hexAction()});
    view->addAction(explorer->showMovesAction());
    QAction* substeps =
        view->addAction(tr("&Sub-steps (LEA: ⊕ round key, ⊞, rotations; ML-DSA: every butterfly)"));
    substeps->setObjectName(QStringLiteral("substeps"));
    substeps->setCheckable(true);
    connect(substeps, &QAction::toggled, session(), &CipherSession::setLeaSubsteps);
    view->addSeparator();
    view->addActions({explorer->zoomInAction(), explorer->zoomOutAction(), explorer->zoomResetAction(),
                      explorer->presentationAction()});
    view->addSeparator();
    m_tabs = view->addAction(tr("Pages as &tabs"));
    m_tabs->setCheckable(true);
    m_tabs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T));
    connect(m_tabs, &QAction::toggled, this,
            [this](bool on) { setPageLayout(on ? PageLayout::Tabs : PageLayout::Workbench); });
    QMenu* go = view->addMenu(tr("&Go to page"));
    for (qsizetype i = 0; i < m_pages.size(); ++i) {
        QWidget* target = m_pages[i].page;
        QAction* a = go->addAction(m_pages[i].title, this, [this, target] { showPage(target); });
        if (i < 10) a->setShortcut(QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + (i + 1) % 10)));
    }
    view->addSeparator();
    for (const Page& p : m_pages)
        view->addAction(p.dock->toggleViewAction());
    view->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    StepControls* steps = explorer->stepControls();
    run->addActions({steps->firstAction(), steps->previousAction(), steps->playAction(), steps->nextAction(),
                     steps->lastAction()});
    run->addSeparator();
    // Ctrl+R: random inputs in the Round Explorer; every page runs on Ctrl+Return.
    QAction* random = run->addAction(tr("&Random inputs"), QKeySequence(Qt::CTRL | Qt::Key_R),
                                     explorer->inputPanel(), &InputPanel::randomizeAll);
    random->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    dockOf(explorer)->addAction(random);
    run->addAction(tr("Spec &example inputs"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), session(),
                   &CipherSession::resetInputs);
    run->addSeparator();
    run->addAction(tr("&Analyze diffusion"), QKeySequence(Qt::Key_F5), diffusion,
                   &DiffusionPage::runAnalysis);
    run->addAction(tr("&Cancel analysis"), QKeySequence(Qt::Key_Escape), diffusion,
                   &DiffusionPage::cancelAnalysis);
    run->addSeparator();
    run->addAction(page<IpCorePage>()->asconPage()->runAction());
    run->addAction(tr("Capture explorer inputs on the &IP"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I),
                   this, &MainWindow::captureExplorerInputs);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard shortcuts"), QKeySequence(Qt::Key_F1), this,
                    [this] { QMessageBox::information(this, tr("Keyboard shortcuts"), shortcutsHtml()); });
    help->addAction(tr("&About RoundScope"), this, [this] {
        QMessageBox::about(
            this, tr("About RoundScope"),
            tr("<b>RoundScope %1</b><br>A workbench for lightweight cryptography: walk through "
               "Ascon, LEA and SKINNY step by step and watch the state mix.")
                .arg(QApplication::applicationVersion()));
    });
}

void MainWindow::setDarkTheme(bool dark) {
    charts::applyTheme(dark ? charts::Theme::Dark : charts::Theme::Light);
    if (m_dark->isChecked() != dark) {
        const QSignalBlocker block(m_dark);
        m_dark->setChecked(dark);
    }
}

void MainWindow::resetLayout() {
    const PageLayout layout = m_layout;
    restoreState(m_defaultState);
    m_workbenchState = m_defaultState;
    m_layout = PageLayout::Workbench;
    for (const Page& p : m_pages)
        p.dock->show();
    setPageLayout(layout);
}

bool MainWindow::captureExplorerInputs() {
    return m_bench->captureExplorerInputs();
}

void MainWindow::updateStatus() {
    const CipherSession* s = session();
    m_statusAlg->setText(QString::fromStdString(s->algorithm().displayName));
    m_statusStep->setText(s->hasTrace() ? tr("step %1 / %2").arg(s->currentStep() + 1).arg(s->stepCount())
                                        : tr("no trace"));
    const QString e = s->firstInputError();
    m_statusInputs->setText(e.isEmpty() ? tr("inputs valid") : tr("invalid input: %1").arg(e));
    setErrorStyle(m_statusInputs, !e.isEmpty());
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
    QSettings s(QStringLiteral("RoundScope"), QStringLiteral("RoundScope"));
    s.setValue(QStringLiteral("window/geometry"), saveGeometry());
    s.setValue(QStringLiteral("window/state"), saveState());
    s.setValue(QStringLiteral("window/dark"), m_dark->isChecked());
    s.setValue(QStringLiteral("window/tabs"), m_layout == PageLayout::Tabs);
    s.setValue(QStringLiteral("window/workbench"),
               m_layout == PageLayout::Tabs ? m_workbenchState : saveState());
    for (const Page& p : m_pages)
        if (const auto* persistent = dynamic_cast<const PersistentPage*>(p.page)) persistent->saveSettings(s);
}

void MainWindow::restoreSettings() {
    QSettings s(QStringLiteral("RoundScope"), QStringLiteral("RoundScope"));
    for (const Page& p : m_pages)
        if (auto* persistent = dynamic_cast<PersistentPage*>(p.page)) persistent->restoreSettings(s);
    setDarkTheme(s.value(QStringLiteral("window/dark"), false).toBool());
    restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
    if (!s.contains(QStringLiteral("window/tabs"))) return; // first start: the screen's default layout
    m_workbenchState = s.value(QStringLiteral("window/workbench")).toByteArray();
    restoreState(s.value(QStringLiteral("window/state")).toByteArray());
    const bool tabs = s.value(QStringLiteral("window/tabs")).toBool();
    m_layout = tabs ? PageLayout::Tabs : PageLayout::Workbench;
    const QSignalBlocker block(m_tabs);
    m_tabs->setChecked(tabs);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    // A running campaign holds the store: ask, then cancel it and keep the window until its worker has
    // stopped (no invisible process left writing the store).
    sessions::CampaignSession* campaigns = m_bench->campaigns();
    if (campaigns->isRunning()) {
        event->ignore();
        if (m_closeWhenStopped) return; // asked already; still stopping
        if (!m_ask(tr("A campaign is running"),
                   tr("A campaign is running on %1. Cancel it and quit? Every finished run is kept; "
                      "resuming the campaign continues it.")
                       .arg(QDir::toNativeSeparators(campaigns->storePath()))))
            return;
        m_closeWhenStopped = true;
        campaigns->cancel();
        statusBar()->showMessage(tr("Cancelling the campaign… the window closes when it has stopped"));
        return;
    }
    saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace rs::gui
