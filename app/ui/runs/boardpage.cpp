#include "app/ui/runs/boardpage.h"

#include "core/oracle/algorithms.h"
#include "hw/session/boardsession.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rs::gui {

BoardPage::BoardPage(hw::BoardSession* session, QWidget* parent)
    : RunPage(QStringLiteral("boardPage"), tr("Run KATs"),
              tr("Run the KAT file through the board (Ctrl+Return)"), parent),
      m_session(session) {
    m_port = new QComboBox(this);
    m_port->setToolTip(tr("The board's USB-UART, or \"virtual\": roundscope-board-sim, the firmware over the "
                          "Verilated IP with modelled timing"));
    auto* rescan = new QPushButton(tr("Rescan"), this);
    m_baud = new QComboBox(this);
    for (const int b : {115200, 230400, 460800, 921600})
        m_baud->addItem(QString::number(b), b);
    m_connect = new QPushButton(tr("Connect"), this);
    setStatus(tr("Not connected"));
    m_path = new QComboBox(this);
    m_path->addItem(tr("hardware IP"), 0);
    m_path->addItem(tr("ARM software"), 1);
    // What the board runs (its firmware's variants), named as the registry names them; the item's data is
    // the operation id, never its place in the list.
    m_variant = new QComboBox(this);
    for (const QString& id : hw::BoardSession::operations()) {
        const oracle::AeadAlgorithm* row = oracle::findAead(id.toStdString());
        m_variant->addItem(row ? QString::fromStdString(row->displayName) : id, id);
    }
    m_katFile = new QLineEdit(this);
    auto* browse = new QPushButton(tr("…"), this);
    m_size = new QSpinBox(this);
    m_size->setRange(0, 4000);
    m_size->setValue(64);
    m_size->setSuffix(tr(" B"));
    m_count = new QSpinBox(this);
    m_count->setRange(1, 1000000);
    m_count->setValue(1000);
    m_bench = new QPushButton(tr("Benchmark"), this);
    m_paper000 = new QPushButton(tr("Paper 000"), this);
    m_paper000->setObjectName(QStringLiteral("boardPaper000"));
    m_paperTable = new QTableWidget(4, 3, this);
    m_paperTable->setObjectName(QStringLiteral("paper000Table"));
    m_paperTable->setHorizontalHeaderLabels({tr("Paper 000"), tr("RoundScope"), tr("Kind")});
    m_paperTable->setVerticalHeaderLabels({tr("Speedup, Ascon-128"), tr("Speedup, Ascon-128a"),
                                           tr("Memory saving (footprint)"),
                                           tr("Memory saving (with stack)")});
    m_paperTable->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_paperTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_paperTable->setMaximumHeight(m_paperTable->verticalHeader()->length() +
                                   m_paperTable->horizontalHeader()->height() + 4);
    m_progress = new QProgressBar(this);
    m_log = new QPlainTextEdit(this);
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(5000);
    m_log->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));

    auto* grid = new QGridLayout;
    grid->addWidget(new QLabel(tr("Port"), this), 0, 0);
    grid->addWidget(m_port, 0, 1);
    grid->addWidget(rescan, 0, 2);
    grid->addWidget(m_baud, 0, 3);
    grid->addWidget(m_connect, 0, 4);
    grid->addWidget(new QLabel(tr("Path"), this), 1, 0);
    grid->addWidget(m_path, 1, 1);
    grid->addWidget(m_variant, 1, 3);
    grid->addWidget(new QLabel(tr("KAT file"), this), 2, 0);
    grid->addWidget(m_katFile, 2, 1, 1, 2);
    grid->addWidget(browse, 2, 3);
    grid->addWidget(runButton(), 2, 4);
    grid->addWidget(new QLabel(tr("Messages"), this), 3, 0);
    auto* benchRow = new QHBoxLayout;
    benchRow->addWidget(m_count);
    benchRow->addWidget(new QLabel(tr("of"), this));
    benchRow->addWidget(m_size);
    grid->addLayout(benchRow, 3, 1, 1, 3);
    grid->addWidget(m_bench, 3, 4);
    grid->addWidget(m_paper000, 4, 4);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(grid);
    layout->addWidget(statusLabel());
    layout->addWidget(m_paperTable);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(m_progress, 1);
    progressRow->addWidget(cancelButton());
    layout->addLayout(progressRow);
    layout->addWidget(m_log, 1);

    const auto setKatFile = [this] { m_katFile->setText(hw::BoardSession::defaultKatFile(variant())); };
    connect(m_variant, &QComboBox::currentIndexChanged, this, setKatFile);
    connect(rescan, &QPushButton::clicked, this, &BoardPage::refreshPorts);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("NIST LWC AEAD KAT file"), m_katFile->text(),
                                                       tr("KAT (*.txt);;All files (*)"));
        if (!f.isEmpty()) m_katFile->setText(f);
    });
    connect(m_connect, &QPushButton::clicked, this, [this] {
        if (m_session->isConnected()) {
            m_session->disconnectFrom();
        } else {
            setStatus(tr("Connecting to %1…").arg(m_port->currentText()));
            m_session->connectTo(m_port->currentText(), m_baud->currentData().toInt());
        }
    });
    connect(m_bench, &QPushButton::clicked, this, [this] {
        m_session->bench(m_path->currentData().toInt(), variant(), m_size->value(), m_count->value());
    });
    connect(m_paper000, &QPushButton::clicked, this, [this] {
        m_progress->setValue(0);
        setStatus(tr("Paper 000 on %1…").arg(m_port->currentText()));
        m_session->paper000(m_port->currentText(), m_baud->currentData().toInt(), m_paperRecords);
    });
    connect(m_session, &hw::BoardSession::paper000Finished, this,
            [this](const QJsonObject& r, const QString& text) {
                showPaper000(r);
                m_log->appendPlainText(text.trimmed());
            });
    connect(cancelButton(), &QPushButton::clicked, m_session, &hw::BoardSession::cancel);
    connect(m_session, &hw::BoardSession::connected, this, [this](const QString& d) {
        setStatus(d);
        m_log->appendPlainText(tr("connected: %1").arg(d));
        m_connect->setText(tr("Disconnect"));
    });
    connect(m_session, &hw::BoardSession::disconnected, this, [this] {
        setStatus(tr("Not connected"));
        m_connect->setText(tr("Connect"));
        m_log->appendPlainText(tr("disconnected"));
    });
    connect(m_session, &hw::BoardSession::log, m_log, &QPlainTextEdit::appendPlainText);
    connect(m_session, &hw::BoardSession::progress, this, [this](int done, int total) {
        m_progress->setRange(0, total);
        m_progress->setValue(done);
    });
    connect(m_session, &hw::BoardSession::katFinished, this, [this](int passed, int failed, double seconds) {
        report(tr("KATs: %1 passed, %2 failed, %3 ms on the board's timer")
                   .arg(passed)
                   .arg(failed)
                   .arg(seconds * 1e3, 0, 'f', 3),
               failed > 0);
    });
    connect(m_session, &hw::BoardSession::benchFinished, this,
            [this](double seconds, qulonglong cycles, int count, int size) {
                const double perOp = count ? seconds / count : 0;
                report(tr("benchmark: %1 × %2 B in %3 ms (%4 µs each, %5 MB/s), %6 IP clocks")
                           .arg(count)
                           .arg(size)
                           .arg(seconds * 1e3, 0, 'f', 3)
                           .arg(perOp * 1e6, 0, 'f', 2)
                           .arg(seconds > 0 ? count * size / seconds / 1e6 : 0.0, 0, 'f', 2)
                           .arg(cycles),
                       false);
            });
    connect(m_session, &hw::BoardSession::failed, this, [this](const QString& why) {
        setStatus(why, true);
        m_log->appendPlainText(tr("error: %1").arg(why));
    });
    connect(m_session, &hw::BoardSession::busyChanged, this, &BoardPage::updateButtons);
    connect(m_session, &hw::BoardSession::connected, this, &BoardPage::updateButtons);
    connect(m_session, &hw::BoardSession::disconnected, this, &BoardPage::updateButtons);
    refreshPorts();
    setKatFile();
    updateButtons();
}

int BoardPage::variant() const {
    return hw::BoardSession::variantOf(m_variant->currentData().toString());
}

void BoardPage::run() {
    if (!m_session->isConnected() || m_session->isBusy()) return;
    m_progress->setValue(0);
    m_session->runKats(m_path->currentData().toInt(), variant(), m_katFile->text());
}

void BoardPage::showPaper000(const QJsonObject& r) {
    const QString kind = r.value(QStringLiteral("kind")).toString();
    const bool modelled = kind == QLatin1String("modelled");
    const auto set = [this](int row, const QString& paper, const QString& ours, const QString& k) {
        const QStringList cells{paper, ours, k};
        for (int c = 0; c < 3; ++c)
            m_paperTable->setItem(row, c, new QTableWidgetItem(cells[c]));
    };
    // The paper's figures as the report gives them (hw/board/papers/paper000.h), not a second copy here.
    const QJsonObject paper = r.value(QStringLiteral("paper")).toObject();
    const QString speedupMin =
        tr("≥ %1×").arg(paper.value(QStringLiteral("speedup_min")).toDouble(), 0, 'f', 2);
    const QString savingMin =
        tr("≥ %1 %").arg(paper.value(QStringLiteral("memory_saving_min_pct")).toDouble(), 0, 'f', 0);
    const QJsonArray variants = r.value(QStringLiteral("variants")).toArray();
    for (int i = 0; i < 2 && i < variants.size(); ++i) {
        const QJsonObject v = variants[i].toObject();
        QString ours = tr("— (failures: see the log)");
        if (v.contains(QStringLiteral("speedup_range"))) {
            const QJsonArray s = v.value(QStringLiteral("speedup_range")).toArray();
            ours = tr("%1× to %2×").arg(s[0].toDouble(), 0, 'f', 2).arg(s[1].toDouble(), 0, 'f', 2);
        } else if (v.contains(QStringLiteral("speedup"))) {
            ours = tr("%1×").arg(v.value(QStringLiteral("speedup")).toDouble(), 0, 'f', 2);
        }
        set(i, speedupMin, ours, modelled ? tr("modelled (inputs in the log)") : kind);
    }
    const QJsonObject mem = r.value(QStringLiteral("memory")).toObject();
    const auto pct = [&mem, this](const char* key) {
        const QJsonValue v = mem.value(QLatin1String(key));
        return v.isDouble() ? tr("%1 %").arg(v.toDouble(), 0, 'f', 1) : tr("not measured");
    };
    set(2, savingMin, pct("saving_footprint_pct"), tr("measured (our ELF files)"));
    set(3, savingMin, pct("saving_with_stack_pct"), tr("measured (ELF files, stack under QEMU)"));
    const QJsonArray failures = r.value(QStringLiteral("failures")).toArray();
    if (r.value(QStringLiteral("cancelled")).toBool()) {
        report(tr("Paper 000: cancelled; the totals cover the records run so far, no speedup"), true);
        return;
    }
    report(failures.isEmpty() ? tr("Paper 000: done (%1)").arg(kind)
                              : tr("Paper 000: %1 records did not verify; no speedup").arg(failures.size()),
           !failures.isEmpty());
}

void BoardPage::report(const QString& line, bool error) {
    setStatus(line, error);
    m_log->appendPlainText(line);
}

void BoardPage::refreshPorts() {
    const QString current = m_port->currentText();
    m_port->clear();
    m_port->addItems(hw::BoardSession::ports());
    const int i = m_port->findText(current);
    m_port->setCurrentIndex(i >= 0 ? i : m_port->findText(QStringLiteral("virtual")));
}

void BoardPage::updateButtons() {
    const bool busy = m_session->isBusy(), on = m_session->isConnected();
    m_connect->setEnabled(!busy);
    runButton()->setEnabled(on && !busy);
    m_bench->setEnabled(on && !busy);
    cancelButton()->setEnabled(busy);
    m_port->setEnabled(!on && !busy);
    m_paper000->setEnabled(!on && !busy);
    // A disabled button says why (its tooltip shows while it is greyed out, and the status line too).
    const QString what = tr("Paper 000's 7.93× speedup and ≥ 90 % memory saving beside ours: every Ascon-128 "
                            "and Ascon-128a KAT record on both paths, verified, then timed (measured on a "
                            "board, a modelled range on the virtual board).");
    m_paper000->setToolTip(busy ? tr("Not now: a run is in progress. %1").arg(what)
                           : on
                               ? tr("Disconnect first: Paper 000 opens the board's port itself (it connects, "
                                    "runs every record on both paths and disconnects). %1")
                                     .arg(what)
                               : what);
}

} // namespace rs::gui
