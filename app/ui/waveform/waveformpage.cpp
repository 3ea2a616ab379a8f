#include "app/ui/waveform/waveformpage.h"

#include "app/charts/theme.h"
#include "app/ui/ip/pipelinelaneview.h"
#include "app/ui/waveform/axitransactionlist.h"
#include "app/ui/waveform/clocklist.h"
#include "app/ui/waveform/comparepanel.h"
#include "app/ui/waveform/computedrow.h"
#include "app/ui/waveform/markerlist.h"
#include "app/ui/waveform/savedviews.h"
#include "app/ui/waveform/signaltree.h"
#include "app/ui/waveform/waveformview.h"
#include "app/ui/waveform/wavereload.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QToolBar>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/waveform/bitvalue.h"
#include "core/waveform/navigation.h"
#include "core/waveform/rowvalue.h"

namespace rs::gui {

using hw::WaveformSession;

namespace {

// What an IP capture shows first: the sequencing, the input pipeline and the state's first word.
const char* const kIpDefaultRows[] = {"phase", "busy",      "fe_stage", "blk_valid",
                                      "take",  "perm_busy", "round",    "x0"};
constexpr std::size_t kFileDefaultRows = 16;

} // namespace

WaveformPage::WaveformPage(WaveformSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("waveformPage"));
    m_view = new WaveformView(this);
    m_view->setFrameShape(QFrame::NoFrame);
    m_tree = new SignalTree(m_view, this);
    m_lanes = new PipelineLaneView(&m_view->state(), this);
    // The lane chart reads the view's state: it repaints when the range or the cursors change.
    connect(m_view, &WaveformView::viewChanged, m_lanes, qOverload<>(&QWidget::update));
    connect(m_view, &WaveformView::cursorsChanged, m_lanes, qOverload<>(&QWidget::update));

    // --- toolbar ----------------------------------------------------------------------------------
    auto* bar = new QToolBar(this);
    bar->setObjectName(QStringLiteral("waveformToolbar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_openAction = bar->addAction(tr("Open…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open a waveform"), QString(),
                                                          tr("Waveforms (*.vcd *.fst);;All files (*)"));
        if (!path.isEmpty()) openFile(path);
    });
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setToolTip(tr("Open a VCD or FST file (Ctrl+O)"));
    m_exportAction = bar->addAction(tr("Export…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Export the trace"), QStringLiteral("capture.vcd"), tr("VCD (*.vcd);;FST (*.fst)"));
        if (!path.isEmpty()) exportFile(path);
    });
    m_exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_exportAction->setToolTip(tr("Write the trace as VCD or FST, by the file's extension (Ctrl+Shift+W)"));
    m_gtkwaveAction = bar->addAction(tr("Open in GTKWave"), this, [this] {
        m_saved->openInGtkwave(); // with a .gtkw of the rows shown (savedviews.h)
    });
    updateTraceActions();
    m_captureAction = bar->addAction(tr("Capture explorer inputs"), this, &WaveformPage::captureRequested);
    m_captureAction->setToolTip(tr("Run the Round Explorer's Ascon inputs on the IP and show the capture, "
                                   "linked round by round"));
    bar->addSeparator();
    bar->addAction(tr("Fit"), m_view, &WaveformView::fitAll)->setToolTip(tr("Whole trace (F)"));
    bar->addAction(tr("Zoom +"), m_view, &WaveformView::zoomIn)->setToolTip(tr("Zoom in (+, wheel)"));
    bar->addAction(tr("Zoom −"), m_view, &WaveformView::zoomOut)->setToolTip(tr("Zoom out (-, wheel)"));
    bar->addAction(tr("Marker"), this,
                   [this] {
                       if (m_view->cursor()) m_view->addMarker(*m_view->cursor());
                   })
        ->setToolTip(tr("Marker at cursor A (M)"));
    bar->addAction(tr("Clear markers"), m_view, &WaveformView::clearMarkers);
    m_computedRowAction = bar->addAction(tr("Add computed row…"), this, [this] {
        QString error;
        if (!askComputedRow(this, m_view, m_tree, &error) && !error.isEmpty()) showError(error);
    });
    m_computedRowAction->setToolTip(tr("A row computed from the other signals, e.g. busy && !valid"));

    // --- axis and search row ----------------------------------------------------------------------
    m_clock = new QComboBox(this);
    m_clock->setObjectName(QStringLiteral("waveClock"));
    m_clock->setToolTip(tr("The clock whose rising edges number the cycles"));
    // Its list is made on demand (clocklist.h): sized by a length, not by measuring every 1-bit signal.
    m_clockModel = new ClockListModel(m_clock);
    m_clock->setModel(m_clockModel);
    m_clock->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_clock->setMinimumContentsLength(18);
    m_unit = new QComboBox(this);
    m_unit->setObjectName(QStringLiteral("waveUnit"));
    m_unit->addItem(tr("cycles"), static_cast<int>(TimeUnit::Cycles));
    m_unit->addItem(tr("ns"), static_cast<int>(TimeUnit::Nanoseconds));
    m_mhz = new QDoubleSpinBox(this);
    m_mhz->setObjectName(QStringLiteral("waveMhz"));
    m_mhz->setRange(0, 5000);
    m_mhz->setDecimals(1);
    m_mhz->setSuffix(tr(" MHz"));
    m_mhz->setSpecialValueText(tr("file timescale"));
    m_mhz->setToolTip(tr("Clock frequency for times in ns (the paper's PL clock: 100 MHz); 0 uses the "
                         "file's timescale"));
    m_find = new QLineEdit(this);
    m_find->setObjectName(QStringLiteral("waveFind"));
    m_find->setPlaceholderText(tr("value of the selected signal (hex, or a state name)"));
    m_find->setToolTip(tr(
        "Searched in the selected row and the rows Ctrl+clicked beside it (Ctrl+F; F3 / Shift+F3 next / "
        "previous). = and ≠: hex (or the row's radix; 0x for hex), or a state name. Pattern: hex digits "
        "with ? (or x, z) as a don't-care nibble, e.g. 3?F or 0x3?F; or b (0b) then bits with x, z or ? as "
        "don't-care bits, e.g. b1x0z. Bits above the value or pattern must be 0; an x or z in the file "
        "reads as 0."));
    m_findMode = new QComboBox(this);
    m_findMode->setObjectName(QStringLiteral("waveFindMode"));
    m_findMode->addItem(QStringLiteral("="), static_cast<int>(waveform::MatchMode::Equal));
    m_findMode->addItem(QStringLiteral("≠"), static_cast<int>(waveform::MatchMode::NotEqual));
    m_findMode->addItem(tr("pattern"), static_cast<int>(waveform::MatchMode::Pattern));
    m_findMode->setToolTip(tr("Find a change to a value equal to, not equal to, or matching the pattern"));
    auto* prev = new QPushButton(tr("◀"), this);
    prev->setToolTip(tr("Previous change to a matching value before cursor A (Shift+F3)"));
    auto* next = new QPushButton(tr("▶"), this);
    next->setToolTip(tr("Next change to a matching value after cursor A (Enter, F3)"));
    m_gotoMode = new QComboBox(this);
    m_gotoMode->setObjectName(QStringLiteral("waveGotoMode"));
    m_gotoMode->addItem(tr("cycle"));
    m_gotoMode->addItem(tr("time"));
    m_goto = new QLineEdit(this);
    m_goto->setObjectName(QStringLiteral("waveGoto"));
    m_goto->setPlaceholderText(tr("cycle, or time with unit"));
    m_goto->setToolTip(tr("Go to (Ctrl+G, Enter): a cycle number on the clock axis (a clock chosen, or an IP "
                          "capture), or a time with its unit: ps, ns, us, ms or s (e.g. 12.5 ns)"));
    m_follow = new QCheckBox(tr("Follow the explorer"), this);
    m_follow->setObjectName(QStringLiteral("waveFollow"));
    m_follow->setChecked(true);
    m_follow->setToolTip(tr("A step in the Round Explorer moves cursor A to the clock where the IP's state "
                            "register holds that state"));
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Clock"), this));
    row->addWidget(m_clock);
    row->addWidget(new QLabel(tr("Unit"), this));
    row->addWidget(m_unit);
    row->addWidget(m_mhz);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Find"), this));
    row->addWidget(m_findMode);
    row->addWidget(m_find, 1);
    row->addWidget(prev);
    row->addWidget(next);
    row->addSpacing(12);
    row->addWidget(new QLabel(tr("Go to"), this));
    row->addWidget(m_gotoMode);
    row->addWidget(m_goto);
    row->addWidget(m_follow);

    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("waveStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("waveMessage"));
    m_message->setWordWrap(true);
    m_message->hide();
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->hide();
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->hide();
    auto* statusRow = new QHBoxLayout;
    statusRow->addWidget(m_status, 1);
    statusRow->addWidget(m_progress);
    statusRow->addWidget(m_cancel);

    // --- body: signals | (waves over lanes) -------------------------------------------------------
    m_laneScroll = new QScrollArea(this);
    m_laneScroll->setWidgetResizable(true);
    m_laneScroll->setFrameShape(QFrame::NoFrame);
    m_laneScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_laneScroll->setWidget(m_lanes);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_view);
    right->addWidget(m_laneScroll);
    m_axi = new AxiTransactionList(m_view, this); // the bus's transactions; hidden without AXI pins
    right->addWidget(m_axi);
    m_compare = new ComparePanel(m_session, m_view, this); // two dumps in one view (hidden until asked for)
    right->addWidget(m_compare);
    bar->addAction(m_compare->toggleAction());
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    right->setSizes({300, 200});
    m_laneScroll->setMinimumHeight(40);
    auto* body = new QSplitter(Qt::Horizontal, this);
    // Signals over the markers' list (name, time, cycle, Δ from cursor A).
    m_markers = new MarkerList(m_view, this);
    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_tree);
    left->addWidget(m_markers);
    left->setSizes({400, 120});
    body->addWidget(left);
    body->addWidget(right);
    body->setStretchFactor(1, 1);
    body->setSizes({200, 900});

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(bar);
    layout->addLayout(row);
    layout->addWidget(m_message);
    layout->addWidget(body, 1);
    layout->addLayout(statusRow);

    // Shortcuts of the page work while the focus is inside it.
    for (QAction* a : {m_openAction, m_exportAction}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }

    // Saved views (.rsview, autosaved beside the file and offered on reopen) and GTKWave's .gtkw: made
    // before onStoreChanged is connected, so that the old trace's view is saved before the new one shows.
    m_saved = new SavedViews(m_session, this, m_view);
    bar->insertSeparator(m_captureAction);
    bar->insertActions(m_captureAction, m_saved->actions());
    layout->insertWidget(layout->indexOf(m_message) + 1, m_saved->banner());
    connect(m_saved, &SavedViews::problem, this, &WaveformPage::showError);
    connect(m_saved, &SavedViews::notice, this, &WaveformPage::notice);
    connect(m_session, &WaveformSession::storeChanged, this, &WaveformPage::onStoreChanged);
    connect(m_session, &WaveformSession::loadStarted, this, [this](const QString& path, double upToSeconds) {
        m_message->hide();
        m_progress->setValue(0);
        m_progress->show();
        m_cancel->show();
        // An FST is read by a child with a time limit scaled to the file: say how long it may take.
        m_status->setText(upToSeconds > 0 ? tr("loading %1 (gives up after %2 s)…").arg(path).arg(upToSeconds)
                                          : tr("loading %1…").arg(path));
    });
    connect(m_session, &WaveformSession::loadProgress, this,
            [this](double f) { m_progress->setValue(static_cast<int>(f * 1000)); });
    const auto loadEnded = [this] {
        m_progress->hide();
        m_cancel->hide();
    };
    connect(m_session, &WaveformSession::loadFailed, this, [this, loadEnded](const QString& m) {
        loadEnded();
        showError(tr("Could not open the waveform: %1").arg(m));
        updateStatus();
    });
    connect(m_session, &WaveformSession::loadCancelled, this, [this, loadEnded] {
        loadEnded();
        emit notice(tr("Loading cancelled"));
        updateStatus();
    });
    connect(m_session, &WaveformSession::storeChanged, this, loadEnded);
    connect(m_cancel, &QPushButton::clicked, m_session, &WaveformSession::cancelLoad);
    connect(m_view, &WaveformView::cursorsChanged, this, &WaveformPage::updateStatus);
    connect(m_view, &WaveformView::loadFailed, this,
            [this](const QString& m) { showError(tr("Could not read some signals: %1").arg(m)); });
    connect(m_view, &WaveformView::clockRequested, this, [this](waveform::SignalId id) {
        const int i = m_clock->findData(QVariant::fromValue<qulonglong>(id));
        if (i >= 0) m_clock->setCurrentIndex(i);
    });
    connect(m_clock, &QComboBox::currentIndexChanged, this, [this] {
        const QVariant d = m_clock->currentData();
        if (!d.isValid()) {
            m_view->setClock(std::nullopt);
            return;
        }
        try {
            m_view->setClock(d.value<qulonglong>());
            m_message->hide();
        } catch (const std::exception& e) {
            showError(QString::fromUtf8(e.what()));
            m_view->setClock(std::nullopt);
        }
    });
    connect(m_unit, &QComboBox::currentIndexChanged, this,
            [this] { m_view->setTimeUnit(static_cast<TimeUnit>(m_unit->currentData().toInt())); });
    connect(m_mhz, &QDoubleSpinBox::valueChanged, m_view, &WaveformView::setClockMHz);
    connect(m_find, &QLineEdit::returnPressed, this, [this] { findValue(true); });
    connect(m_find, &QLineEdit::textEdited, this, &WaveformPage::clearFindError);
    connect(prev, &QPushButton::clicked, this, [this] { findValue(false); });
    connect(next, &QPushButton::clicked, this, [this] { findValue(true); });
    connect(m_findMode, &QComboBox::currentIndexChanged, this, &WaveformPage::clearFindError);
    connect(m_goto, &QLineEdit::returnPressed, this, &WaveformPage::goTo);
    connect(m_goto, &QLineEdit::textEdited, this, &WaveformPage::clearFindError);
    connect(m_gotoMode, &QComboBox::currentIndexChanged, this, &WaveformPage::clearFindError);
    addSearchShortcuts();
    // Reload (Ctrl+Shift+L, and by itself when the file changes on disk): made last, it restores the view
    // after onStoreChanged has shown the new trace. Ctrl+M: a marker at cursor A from anywhere in the page.
    m_reload = new WaveReloader(m_session, this);
    bar->insertAction(m_exportAction, m_reload->reloadAction());
    connect(m_reload, &WaveReloader::problem, this, &WaveformPage::showError);
    connect(m_reload, &WaveReloader::notice, this, &WaveformPage::notice);
    addAction(m_markers->markerAction());
    onStoreChanged();
}

void WaveformPage::showError(const QString& message) {
    m_findError = false; // the Find paths set it again after this
    m_message->setText(message);
    m_message->setStyleSheet(
        QStringLiteral("QLabel { color: %1; }").arg(charts::errorColor(palette()).name()));
    m_message->setVisible(!message.isEmpty());
    if (!message.isEmpty()) emit notice(message);
}

void WaveformPage::openFile(const QString& path) {
    if (!m_session->loadFile(path)) showError(tr("A file is still loading; cancel it first"));
}

bool WaveformPage::exportFile(const QString& path) {
    QString error;
    if (!m_session->exportTo(path, &error)) {
        showError(tr("Export failed: %1").arg(error));
        return false;
    }
    m_message->hide();
    emit notice(tr("Trace written to %1").arg(path));
    return true;
}

void WaveformPage::onStoreChanged() {
    const auto store = m_session->store();
    m_view->setStore(store);
    m_view->setTicksAreCycles(m_session->isIpCapture());
    if (m_session->isIpCapture()) {
        for (const char* name : kIpDefaultRows)
            if (const auto id = store->find(name)) m_view->addSignal(*id);
        // A decryption's capture also shows the release rule: the plaintext held in the output FIFO
        // (STATUS.HELD) until AUTH_OK; HELD never rises in an encryption, whose rows stay as they were.
        if (const auto held = store->find("held"); held && store->changeCount(*held) > 1)
            for (const char* name : {"held", "auth_ok", "out_count"})
                if (const auto id = store->find(name)) m_view->addSignal(*id);
    } else if (!m_session->comparison()) { // a comparison's rows are the compare panel's choice
        for (waveform::SignalId id = 0; id < std::min(kFileDefaultRows, store->signalCount()); ++id)
            m_view->addSignal(id);
    }
    m_tree->rebuild();
    m_axi->setStore(store);
    refillClocks();
    // An IP capture is one tick per clock of the paper's 100 MHz PL; a file keeps its timescale.
    m_mhz->setValue(m_session->isIpCapture() ? 100.0 : 0.0);
    m_lanes->setLanes(m_session->lanes(), m_session->lanesError());
    m_laneScroll->setVisible(true);
    m_message->hide();
    // A file cut off mid-way is shown up to its last complete time step, and says so.
    if (const QString note = m_session->truncationNote(); !note.isEmpty()) showError(note);
    updateTraceActions();
    updateStatus();
    m_saved->traceShown();
}

void WaveformPage::updateTraceActions() {
    // Export and GTKWave act on the trace on view: with nothing loaded they are off and say why.
    const bool loaded = m_session->store() && m_session->store()->signalCount() > 0;
    const QString gtkwave = WaveformSession::gtkwavePath();
    m_exportAction->setEnabled(loaded);
    m_gtkwaveAction->setEnabled(loaded && !gtkwave.isEmpty());
    if (gtkwave.isEmpty())
        m_gtkwaveAction->setToolTip(tr("GTKWave is not installed (no gtkwave on PATH)"));
    else if (!loaded)
        m_gtkwaveAction->setToolTip(
            tr("Nothing to open yet: capture the explorer's inputs or open a VCD/FST file"));
    else
        m_gtkwaveAction->setToolTip(tr("Open this trace in GTKWave (%1)").arg(gtkwave));
}

void WaveformPage::refillClocks() {
    const QSignalBlocker block(m_clock);
    m_clockModel->reset(m_session->isIpCapture() ? tr("IP clock (one tick per cycle)") : tr("none (ticks)"),
                        m_session->store());
    // A file's clock: "clk" or "clock" exactly, else the first 1-bit name with clk/clock in it.
    int pick = m_session->isIpCapture() ? 0 : m_clockModel->likelyClockRow();
    // A big file read block by block (it opens on its first block): numbering cycles would read the whole
    // clock signal, so it waits until one is chosen here.
    if (m_view->store().openingRange()) pick = 0;
    m_clock->setCurrentIndex(pick);
    if (pick != 0) { // a file with a clock: number its cycles
        try {
            m_view->setClock(m_clock->currentData().value<qulonglong>());
        } catch (const std::exception&) {
            m_clock->setCurrentIndex(0);
        }
    }
}

void WaveformPage::updateStatus() {
    QStringList parts;
    parts << (m_session->origin().isEmpty() ? tr("no trace") : m_session->origin());
    const auto& store = m_view->store();
    if (store.signalCount() > 0)
        parts << tr("%1 signals, %2 ticks").arg(store.signalCount()).arg(store.endTick());
    if (store.truncation()) parts << tr("truncated: loaded before tick %1").arg(store.truncation()->end);
    if (const auto a = m_view->cursor()) parts << tr("A %1").arg(m_view->formatTick(static_cast<double>(*a)));
    if (const auto b = m_view->secondCursor())
        parts << tr("B %1").arg(m_view->formatTick(static_cast<double>(*b)));
    if (m_view->cursor() && m_view->secondCursor())
        parts << tr("Δ %1").arg(m_view->formatDelta(*m_view->cursor(), *m_view->secondCursor()));
    m_status->setText(parts.join(QStringLiteral("  ·  ")));
}

QList<MenuActions> WaveformPage::menuActions() const {
    return {{MenuSection::FileWaveforms, {m_openAction, m_reload->reloadAction(), m_exportAction}, {}, true},
            {MenuSection::FileWaveforms, {m_gtkwaveAction}},
            {MenuSection::FileWaveforms, m_saved->actions()}};
}

QList<ShortcutRow> WaveformPage::shortcutRows() const {
    return {{tr("Ctrl+O / Ctrl+Shift+W"), tr("open a VCD/FST file / export the trace")},
            {{}, tr("in the waveform view:")},
            {tr("wheel, + / -, F"), tr("zoom around the mouse, zoom, fit all")},
            {tr("right-drag or Ctrl+drag"), tr("zoom to a box")},
            {tr("Shift+wheel, ← / →"), tr("pan")},
            {tr("click / Shift+click"), tr("cursor A / cursor B (Δ in the status line)")},
            {tr("N / Shift+N"), tr("next / previous edge of the selected signal")},
            {tr("Ctrl+click a name"), tr("search that row too (edges and values: the nearest hit of any)")},
            {tr("Ctrl+F"), tr("find a value: =, ≠ or a pattern with ? / x / z (b1x0z, 3?F)")},
            {tr("F3 / Shift+F3"), tr("next / previous change to the value found")},
            {tr("Ctrl+G"), tr("go to a cycle, or a time with its unit (12.5 ns)")},
            {tr("M (Ctrl+M), B"), tr("marker at cursor A, cursor B at cursor A")},
            {tr("Enter / F2 / Del"), tr("in the markers' list: go to, rename, remove the marker")},
            {tr("Ctrl+Shift+L"), tr("reload the file (done by itself when it changes on disk)")},
            {tr("↑ / ↓, Ctrl+↑ / ↓, Del"), tr("select, move, remove a row")}};
}

void WaveformPage::followStep(int step) {
    if (!m_follow->isChecked()) return;
    const auto& link = m_session->link();
    if (step < 0 || step >= static_cast<int>(link.size())) return;
    // A step with no clock in this capture (the tag after the last permutation, say) takes cursor A away:
    // left where it was, it would claim an older cycle for this step.
    if (const auto& cycle = link[static_cast<std::size_t>(step)].cycle)
        m_view->setCursor(*cycle);
    else
        m_view->clearCursor();
}

} // namespace rs::gui
