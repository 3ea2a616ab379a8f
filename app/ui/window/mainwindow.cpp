#include "app/ui/window/mainwindow.h"

#include "app/charts/theme.h"
#include "app/ui/campaigns/campaignspage.h"
#include "app/ui/campaigns/chartspage.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/explorer/classreportdialog.h"
#include "app/ui/explorer/diffusionpage.h"
#include "app/ui/explorer/lessonpanel.h"
#include "app/ui/explorer/practicepanel.h"
#include "app/ui/explorer/roundexplorerpage.h"
#include "app/ui/explorer/sidebysidepage.h"
#include "app/ui/ip/ipcorepage.h"
#include "app/ui/ip/mldsaippanel.h"
#include "app/ui/ip/rtlstatepanel.h"
#include "app/ui/runs/boardpage.h"
#include "app/ui/runs/gpupage.h"
#include "app/ui/runs/riscvpage.h"
#include "app/ui/waveform/waveformpage.h"
#include "app/ui/window/explorerstatus.h"
#include "app/ui/window/menubar.h"
#include "core/sessions/campaignsession.h"
#include "core/sessions/ciphersession.h"
#include "hw/session/ipsession.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QLayout>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTextBrowser>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

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
    m_status = new ExplorerStatus(session(), statusBar());
    createActions();
    buildMenus();
    connectPages();
    m_ask = [this](const QString& title, const QString& question) {
        return QMessageBox::question(this, title, question, QMessageBox::Yes | QMessageBox::No,
                                     QMessageBox::No) == QMessageBox::Yes;
    };
    // The step keys act where the focus is in the explorer: start there, on the state.
    page<RoundExplorerPage>()->stateView()->setFocus();
    m_docks->keepAsDefault(); // the workbench arrangement (Reset layout, leaving the tabs)
    const QScreen* screen = QGuiApplication::primaryScreen();
    fitTo(screen != nullptr ? screen->availableGeometry().size() : QSize(1500, 960));
    if (m_persist) restoreSettings();
    m_status->update();
}

MainWindow::~MainWindow() {
    // The sessions outlive every page that holds them: the docks (and their pages) go first, last
    // added first, then the Workbench.
    m_docks->clear();
    delete m_bench;
}

void MainWindow::addPages() {
    Workbench* b = m_bench;
    using P = Place;
    m_docks = std::make_unique<PageDocks>(
        this,
        QList<Page>{
            {new RoundExplorerPage(b->cipher(), this), tr("Round Explorer"), QStringLiteral("dock_explorer"),
             Qt::TopDockWidgetArea, P::New, false},
            {new DiffusionPage(b->cipher(), b->diffusion(), this), tr("Diffusion and avalanche"),
             QStringLiteral("dock_diffusion"), Qt::BottomDockWidgetArea, P::New},
            {new IpCorePage(b->ip(), this), tr("IP core"), QStringLiteral("dock_ip")},
            // The waveform viewer needs width more than height: it shares the lower area, tabbed.
            {new WaveformPage(b->waveforms(), this), tr("Waveforms and pipeline"),
             QStringLiteral("dock_waves"), Qt::BottomDockWidgetArea, P::Tab, false},
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
            // "Your turn" (issue 34): a step by hand, tabbed with the lesson (it scrolls inside itself).
            {new PracticePanel(b->cipher(), this), tr("Your turn"), QStringLiteral("dock_practice"),
             Qt::TopDockWidgetArea, P::Tab, false, true},
            {new SideBySidePage(b->cipher(), b->sideCipher(), this), tr("Side by side"),
             QStringLiteral("dock_sidebyside")},
        });
    QDockWidget *explorer = pages()[0].dock, *diffusion = pages()[1].dock,
                *rtl = dockOf(page<RtlStatePanel>());
    resizeDocks({explorer, diffusion}, {600, 380}, Qt::Vertical);
    resizeDocks({explorer, rtl}, {1100, 400}, Qt::Horizontal);
    diffusion->raise();
}

void MainWindow::connectPages() {
    const auto notice = [this](const QString& m, int ms) { statusBar()->showMessage(m, ms); };
    connect(m_bench, &Workbench::notice, this, notice);
    connect(page<DiffusionPage>(), &DiffusionPage::notice, this,
            [notice](const QString& m) { notice(m, 6000); });
    connect(page<WaveformPage>(), &WaveformPage::notice, this,
            [notice](const QString& m) { notice(m, 6000); });
    // The waveform viewer follows the explorer's steps through the round link.
    connect(session(), &CipherSession::currentStepChanged, page<WaveformPage>(), &WaveformPage::followStep);
    connect(waveformSession(), &hw::WaveformSession::linkChanged, page<WaveformPage>(),
            [this] { page<WaveformPage>()->followStep(session()->currentStep()); });
    connect(page<WaveformPage>(), &WaveformPage::captureRequested, this, &MainWindow::captureExplorerInputs);
    connect(page<RtlStatePanel>(), &RtlStatePanel::captureRequested, this,
            &MainWindow::captureExplorerInputs);
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
    // A lesson's stop sets the explorer's view mode, and a new stop records it.
    page<LessonPanel>()->setExplorerView(page<RoundExplorerPage>()->viewModes());
    // A lesson's practice stop sets the "Your turn" exercise; its Next stop button plays the lesson on.
    auto* lesson = page<LessonPanel>();
    auto* practice = page<PracticePanel>();
    connect(lesson, &LessonPanel::practiceStop, practice, [lesson, practice](int stop) {
        if (lesson->lesson()) practice->setLessonStop(*lesson->lesson(), stop);
    });
    connect(lesson, &LessonPanel::hardwareRequested, this, &MainWindow::showStepInHardware);
    connect(practice, &PracticePanel::hardwareRequested, this, &MainWindow::showStepInHardware);
    connect(practice, &PracticePanel::nextLessonStopRequested, lesson, [lesson] {
        lesson->goToStop(lesson->currentStop() + 1); // a practice stop shows this panel again
        const int at = lesson->currentStop();
        if (lesson->lesson() && at >= 0 && !lesson->lesson()->stops[static_cast<std::size_t>(at)].practice)
            showInDock(lesson);
    });
}

void MainWindow::showPage(QWidget* page) {
    showInDock(page);
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
    // resize() sizes the inside of the window: on a small screen its title bar and frame would push it
    // past the screen's edge, so the app shows it maximized there (the window manager fits the frame in).
    m_startMaximized = defaultLayoutFor(available) == PageLayout::Tabs;
}

void MainWindow::setPageLayout(PageLayout layout) {
    m_docks->setLayout(layout);
}

void MainWindow::createActions() {
    auto* screenshot = new QAction(tr("Save &screenshot…"), this);
    screenshot->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    connect(screenshot, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save screenshot"), QStringLiteral("roundscope.png"), tr("PNG image (*.png)"));
        if (!path.isEmpty()) saveScreenshot(path);
    });
    auto* quit = new QAction(tr("&Quit"), this);
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);
    m_dark = new QAction(tr("&Dark palette"), this);
    m_dark->setCheckable(true);
    m_dark->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_D));
    connect(m_dark, &QAction::toggled, this, &MainWindow::setDarkTheme);
    auto* capture = new QAction(tr("Capture explorer inputs on the &IP"), this);
    capture->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I));
    connect(capture, &QAction::triggered, this, &MainWindow::captureExplorerInputs);
    auto* inHardware = new QAction(tr("Show this step in the &hardware"), this);
    inHardware->setObjectName(QStringLiteral("showStepInHardwareAction"));
    inHardware->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    connect(inHardware, &QAction::triggered, this, &MainWindow::showStepInHardware);
    auto* keys = new QAction(tr("&Keyboard shortcuts"), this);
    keys->setShortcut(QKeySequence(Qt::Key_F1));
    connect(keys, &QAction::triggered, this, [this] {
        QDialog* sheet = makeShortcutsDialog();
        sheet->setAttribute(Qt::WA_DeleteOnClose);
        sheet->open();
    });
    auto* about = new QAction(tr("&About RoundScope"), this);
    connect(about, &QAction::triggered, this, [this] {
        QMessageBox::about(
            this, tr("About RoundScope"),
            tr("<b>RoundScope %1</b><br>A workbench for lightweight cryptography: walk through "
               "Ascon, LEA and SKINNY step by step and watch the state mix.")
                .arg(QApplication::applicationVersion()));
    });
    // Issue 34: the instructor's table of a class's practice reports (a dialog of its own, no page's).
    auto* classReports = new QAction(tr("&Class reports…"), this);
    classReports->setObjectName(QStringLiteral("classReportsAction"));
    connect(classReports, &QAction::triggered, this, [this] {
        auto* dialog = new ClassReportDialog(this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    m_menus = {{MenuSection::FileExport, {screenshot}},
               {MenuSection::FileLessons, {classReports}},
               {MenuSection::FileQuit, {quit}},
               {MenuSection::ViewTheme, {m_dark}},
               {MenuSection::RunIp, {capture, inHardware}},
               {MenuSection::Help, {keys, about}}};
}

QList<ShortcutRow> MainWindow::shortcutRows() const {
    return {
        {tr("Ctrl+Shift+D"), tr("dark palette")},
        {tr("Ctrl+Return"), tr("run (in the IP core, Campaigns, CUDA, RISC-V and Board pages)")},
        {tr("Ctrl+Shift+I"), tr("capture the explorer's inputs on the IP (linked round by round)")},
        {tr("Ctrl+Shift+H"), tr("show the explorer's step in the hardware: its clock in the waveforms and "
                                "the model beside the RTL")}};
}

void MainWindow::buildMenus() {
    // Every page's contributions in the table's order, then the layout's and the window's own (menubar.h
    // places them).
    QList<MenuActions> all;
    for (const Page& p : pages()) {
        const auto* contributor = dynamic_cast<const MenuContributor*>(p.page);
        if (contributor == nullptr) continue;
        for (const MenuActions& m : contributor->menuActions()) {
            for (QAction* a : m.actions)
                if (m.windowWide) {
                    a->setShortcutContext(Qt::WindowShortcut);
                    connect(a, &QAction::triggered, this, [this, page = p.page] { showPage(page); });
                }
            all << m;
        }
        m_shortcuts << contributor->shortcutRows();
    }
    fillMenuBar(menuBar(), all + m_docks->menuActions() + menuActions());
    m_shortcuts << m_docks->shortcutRows() << shortcutRows();
}

QString MainWindow::shortcutsHelp() const {
    return shortcutsHtml(m_shortcuts);
}

QDialog* MainWindow::makeShortcutsDialog() {
    // A scrolling sheet sized to the screen: on 1366x768 the message box this was grew taller than the
    // screen and its OK button was out of reach.
    auto* sheet = new QDialog(this);
    sheet->setObjectName(QStringLiteral("shortcutsSheet"));
    sheet->setWindowTitle(tr("Keyboard shortcuts"));
    auto* text = new QTextBrowser(sheet);
    text->setObjectName(QStringLiteral("shortcutsText"));
    text->setHtml(shortcutsHelp());
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok, sheet);
    connect(buttons, &QDialogButtonBox::accepted, sheet, &QDialog::accept);
    auto* layout = new QVBoxLayout(sheet);
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    const QSize available = screen() != nullptr ? screen()->availableGeometry().size() : QSize(1366, 768);
    const int width = std::min(720, available.width() * 9 / 10);
    text->document()->setTextWidth(width - 60);
    const int wanted = static_cast<int>(text->document()->size().height()) + 110;
    sheet->resize(width, std::clamp(wanted, 240, available.height() * 85 / 100));
    return sheet;
}

void MainWindow::setDarkTheme(bool dark) {
    charts::applyTheme(dark ? charts::Theme::Dark : charts::Theme::Light);
    if (m_dark->isChecked() != dark) {
        const QSignalBlocker block(m_dark);
        m_dark->setChecked(dark);
    }
}

bool MainWindow::captureExplorerInputs() {
    return m_bench->captureExplorerInputs();
}

bool MainWindow::showStepInHardware() {
    const sessions::ExplorerAlgorithm& alg = session()->algorithm();
    const bool hasCore = !hw::IpSession::captureOperation(QString::fromStdString(alg.id)).isEmpty();
    // The core runs the algorithm's standard rounds: a reduced-round trace is not what its register holds.
    if (hasCore && alg.maxRounds > 0 && session()->rounds() < alg.maxRounds) {
        statusBar()->showMessage(tr("The IP core runs all %1 rounds; the explorer runs %2 — set the standard "
                                    "rounds to see this step in the hardware")
                                     .arg(alg.maxRounds)
                                     .arg(session()->rounds()),
                                 8000);
        return false;
    }
    page<WaveformPage>()->followBox()->setChecked(true);
    if (!captureExplorerInputs()) return false; // its notice says why (no core, bad inputs)
    // The capture links the steps to their clocks: the follow box then moves cursor A and the panel
    // compares the model's state with the register's at that clock.
    showPage(page<WaveformPage>());
    showPage(page<RtlStatePanel>());
    return true;
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
    s.setValue(QStringLiteral("window/dark"), m_dark->isChecked());
    m_docks->saveSettings(s);
    for (const Page& p : pages())
        if (const auto* persistent = dynamic_cast<const PersistentPage*>(p.page)) persistent->saveSettings(s);
}

void MainWindow::restoreSettings() {
    QSettings s(QStringLiteral("RoundScope"), QStringLiteral("RoundScope"));
    for (const Page& p : pages())
        if (auto* persistent = dynamic_cast<PersistentPage*>(p.page)) persistent->restoreSettings(s);
    setDarkTheme(s.value(QStringLiteral("window/dark"), false).toBool());
    // A saved geometry (maximized or not) is the user's own choice: it wins over the screen's default.
    if (restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray())) m_startMaximized = false;
    m_docks->restoreSettings(s);
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
