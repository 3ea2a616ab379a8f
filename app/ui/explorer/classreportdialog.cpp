#include "app/ui/explorer/classreportdialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFont>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <map>
#include <numeric>

#include "app/teach/practicereportpdf.h"
#include "core/fileio/safefile.h"
#include "core/sessions/explorermodel.h"
#include "core/teach/practice.h"

namespace rs::gui {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("rs::gui::ClassReportDialog", text);
}

QString count(int n, const char* one, const char* many) {
    return teach::countText(n, tr(one), tr(many));
}

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QString stopName(int stop, const std::string& title) {
    return tr("Stop %1 · %2").arg(stop + 1).arg(q(title));
}

QColor outcomeFill(const teach::StopResult& s) {
    if (s.solved) return {0xd7, 0xf0, 0xdc};
    if (s.revealed) return {0xfb, 0xe8, 0xc8};
    return s.attempts > 0 ? QColor(0xf7, 0xd9, 0xd6) : QColor(0xee, 0xee, 0xee);
}

QTableWidgetItem* item(const QString& text) {
    auto* it = new QTableWidgetItem(text);
    it->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return it;
}

} // namespace

QString classCellText(const teach::StopResult* r) {
    if (r == nullptr) return tr("not reached");
    return teach::stopOutcome(*r) + QStringLiteral(" · ") + count(r->attempts, "attempt", "attempts") +
           QStringLiteral(" · ") + count(r->hintsUsed, "hint", "hints");
}

QString classTotalText(const teach::ClassTable& table, int stop) {
    int reached = 0, right = 0, revealed = 0, attempts = 0, hints = 0;
    for (const teach::ClassTable::Row& row : table.rows) {
        const auto it = row.results.find(stop);
        if (it == row.results.end()) continue;
        ++reached;
        right += it->second.solved ? 1 : 0;
        revealed += it->second.revealed ? 1 : 0;
        attempts += it->second.attempts;
        hints += it->second.hintsUsed;
    }
    QString text = tr("%1 of %2 right").arg(right).arg(table.rows.size());
    if (revealed > 0) text += tr(" · %1 revealed").arg(revealed);
    if (reached < int(table.rows.size()))
        text += tr(" · %1 not reached").arg(int(table.rows.size()) - reached);
    return text + QStringLiteral(" · ") + count(attempts, "attempt", "attempts") + QStringLiteral(" · ") +
           count(hints, "hint", "hints");
}

QStringList commonWrongBitLines(const teach::ClassTable& table,
                                const std::optional<crypto::StateLayout>& layout, int most) {
    QStringList lines;
    for (const auto& [stop, title] : table.stops) {
        const auto it = table.commonWrongBits.find(stop);
        if (it == table.commonWrongBits.end() || it->second.empty()) {
            lines << stopName(stop, title) + tr(": no wrong bits");
            continue;
        }
        QStringList bits;
        const auto& counts = it->second;
        for (std::size_t i = 0; i < counts.size() && int(i) < most; ++i) {
            const QString name =
                layout ? q(teach::stateBitName(*layout, counts[i].first)) : tr("bit %1").arg(counts[i].first);
            bits << name + QStringLiteral(" (") + count(counts[i].second, "student", "students") +
                        QLatin1Char(')');
        }
        if (int(counts.size()) > most) bits << count(int(counts.size()) - most, "more bit", "more bits");
        lines << stopName(stop, title) + QStringLiteral(": ") + bits.join(QStringLiteral(", "));
    }
    return lines;
}

std::optional<crypto::StateLayout> explorerLayout(const std::string& algorithm, int rounds) {
    const sessions::ExplorerAlgorithm* alg = sessions::findExplorerAlgorithm(algorithm);
    if (alg == nullptr) return std::nullopt;
    std::map<std::string, crypto::Bytes> in;
    for (const sessions::ExplorerField& f : alg->fields) {
        crypto::Bytes bytes;
        if (!inputs::validateHex(f, f.defaultHex, &bytes).empty()) return std::nullopt;
        in[f.name] = bytes;
    }
    try {
        return sessions::runExplorer(*alg, in, rounds).trace.layout;
    } catch (const std::exception&) {
        return std::nullopt; // rounds out of range, inputs the cipher rejects: the bits keep their numbers
    }
}

ClassReportDialog::ClassReportDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Class reports"));
    setObjectName(QStringLiteral("classReportDialog"));
    m_key = new QLineEdit(this);
    m_key->setObjectName(QStringLiteral("classKey"));
    m_key->setEchoMode(QLineEdit::Password);
    m_key->setPlaceholderText(tr("the key the class's reports were written with"));
    auto* open = new QPushButton(tr("&Open reports…"), this);
    open->setObjectName(QStringLiteral("openReports"));
    auto* clear = new QPushButton(tr("C&lear"), this);
    connect(open, &QPushButton::clicked, this, &ClassReportDialog::openReports);
    connect(clear, &QPushButton::clicked, this, &ClassReportDialog::clearReports);
    auto* top = new QHBoxLayout;
    auto* keyLabel = new QLabel(tr("Class &key:"), this);
    keyLabel->setBuddy(m_key);
    top->addWidget(keyLabel);
    top->addWidget(m_key, 1);
    top->addWidget(open);
    top->addWidget(clear);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("classSummary"));
    m_summary->setWordWrap(true);
    m_view = new QTableWidget(this);
    m_view->setObjectName(QStringLiteral("classTable"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->verticalHeader()->setVisible(false);
    m_view->horizontalHeader()->setStretchLastSection(true);

    auto* refusedBox = new QGroupBox(tr("Refused reports"), this);
    m_refusedList = new QListWidget(refusedBox);
    m_refusedList->setObjectName(QStringLiteral("refusedReports"));
    m_refusedList->setWordWrap(true);
    (new QVBoxLayout(refusedBox))->addWidget(m_refusedList);
    auto* bitsBox = new QGroupBox(tr("Bits entered wrong, most common first"), this);
    m_wrongBits = new QPlainTextEdit(bitsBox);
    m_wrongBits->setObjectName(QStringLiteral("commonWrongBits"));
    m_wrongBits->setReadOnly(true);
    (new QVBoxLayout(bitsBox))->addWidget(m_wrongBits);
    auto* lower = new QSplitter(Qt::Horizontal, this);
    lower->addWidget(bitsBox);
    lower->addWidget(refusedBox);
    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(lower);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_exportCsv = buttons->addButton(tr("Export &CSV…"), QDialogButtonBox::ActionRole);
    m_exportCsv->setObjectName(QStringLiteral("exportCsv"));
    m_exportPdf = buttons->addButton(tr("Student's &page (PDF)…"), QDialogButtonBox::ActionRole);
    m_exportPdf->setObjectName(QStringLiteral("exportStudentPdf"));
    connect(m_exportCsv, &QPushButton::clicked, this, &ClassReportDialog::exportCsvInteractive);
    connect(m_exportPdf, &QPushButton::clicked, this, &ClassReportDialog::exportStudentPdf);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_view, &QTableWidget::itemSelectionChanged, this, [this] {
        const int row = m_view->currentRow();
        m_exportPdf->setEnabled(row >= 0 && row < int(m_reports.size()) &&
                                !m_view->selectedItems().isEmpty());
    });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(980, 620);
    rebuild();
}

int ClassReportDialog::addReports(const QStringList& paths) {
    const std::string key = m_key->text().toStdString();
    int taken = 0;
    for (const QString& path : paths) {
        if (m_paths.contains(path)) {
            m_refused.append({path, tr("already in the table")});
            continue;
        }
        try {
            teach::StudentReport r = teach::loadReport(QFile::encodeName(path).toStdString(), key);
            if (!m_reports.empty() && r.lesson != m_reports.front().lesson) {
                m_refused.append({path, tr("a report of another lesson ('%1'; the table is of '%2')")
                                            .arg(q(r.lesson), q(m_reports.front().lesson))});
                continue;
            }
            m_reports.push_back(std::move(r));
            m_paths << path;
            ++taken;
        } catch (const teach::ReportError& e) {
            // loadReport names the file in its message; the list shows the path once, beside the reason.
            QString reason = q(e.what());
            const QString prefix = QFile::decodeName(QFile::encodeName(path)) + QStringLiteral(": ");
            if (reason.startsWith(prefix)) reason = reason.mid(prefix.size());
            m_refused.append({path, reason});
        }
    }
    rebuild();
    return taken;
}

void ClassReportDialog::clearReports() {
    m_reports.clear();
    m_paths.clear();
    m_refused.clear();
    rebuild();
}

QString ClassReportDialog::exportCsv(const QString& path) const {
    const std::string csv = teach::classTableCsv(m_table);
    try {
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(), csv);
    } catch (const fileio::FileError& e) {
        return q(e.what());
    }
    return {};
}

void ClassReportDialog::rebuild() {
    m_table = teach::classTable(m_reports); // one lesson: addReports refuses the others
    const int stops = int(m_table.stops.size());
    const int students = int(m_table.rows.size());
    m_view->clear();
    m_view->setColumnCount(stops + 3);
    QStringList head{tr("Student")};
    for (const auto& [stop, title] : m_table.stops)
        head << stopName(stop, title);
    head << tr("Solved") << tr("Time");
    m_view->setHorizontalHeaderLabels(head);
    m_view->setRowCount(students == 0 ? 0 : students + 1);
    int solvedAll = 0;
    double secondsAll = 0;
    for (int r = 0; r < students; ++r) {
        const teach::ClassTable::Row& row = m_table.rows[std::size_t(r)];
        m_view->setItem(r, 0, item(q(row.student)));
        int solved = 0;
        for (int c = 0; c < stops; ++c) {
            const auto it = row.results.find(m_table.stops[std::size_t(c)].first);
            const teach::StopResult* res = it == row.results.end() ? nullptr : &it->second;
            QTableWidgetItem* cell = item(classCellText(res));
            if (res != nullptr) {
                solved += res->solved ? 1 : 0;
                cell->setBackground(outcomeFill(*res));
                cell->setForeground(QColor(0x20, 0x20, 0x20));
                cell->setToolTip(teach::durationText(res->seconds) + QStringLiteral(" · ") +
                                 count(int(res->wrongBits.size()), "wrong bit", "wrong bits") +
                                 tr(" over all attempts"));
            }
            m_view->setItem(r, c + 1, cell);
        }
        m_view->setItem(r, stops + 1, item(tr("%1 of %2").arg(solved).arg(stops)));
        m_view->setItem(r, stops + 2, item(teach::durationText(row.seconds)));
        solvedAll += solved;
        secondsAll += row.seconds;
    }
    if (students > 0) {
        QFont bold = m_view->font();
        bold.setBold(true);
        QList<QTableWidgetItem*> totals{item(tr("Total (%1)").arg(count(students, "student", "students")))};
        for (const auto& [stop, title] : m_table.stops)
            totals << item(classTotalText(m_table, stop));
        totals << item(tr("%1 of %2").arg(solvedAll).arg(stops * students))
               << item(tr("mean %1").arg(teach::durationText(secondsAll / students)));
        for (int c = 0; c < totals.size(); ++c) {
            totals[c]->setFont(bold);
            m_view->setItem(students, c, totals[c]);
        }
    }
    m_view->resizeColumnsToContents();

    m_refusedList->clear();
    for (const RefusedReport& r : m_refused) {
        auto* it = new QListWidgetItem(QFileInfo(r.path).fileName() + QStringLiteral(": ") + r.reason);
        it->setToolTip(r.path);
        m_refusedList->addItem(it);
    }
    std::optional<crypto::StateLayout> layout;
    if (!m_reports.empty()) layout = explorerLayout(m_reports.front().algorithm, m_reports.front().rounds);
    m_wrongBits->setPlainText(commonWrongBitLines(m_table, layout).join(QLatin1Char('\n')));

    if (students == 0 && m_refused.isEmpty())
        m_summary->setText(tr("Enter the class key, then open the students' report files (JSON)."));
    else
        m_summary->setText(tr("Lesson: %1 · %2 in the table · %3 refused (listed below with the reason)")
                               .arg(m_table.lesson.empty() ? tr("none") : q(m_table.lesson),
                                    count(students, "report", "reports"))
                               .arg(m_refused.size()));
    m_exportCsv->setEnabled(students > 0);
    m_exportPdf->setEnabled(false);
}

void ClassReportDialog::openReports() {
    if (m_key->text().isEmpty()) {
        QMessageBox::information(this, tr("Class reports"),
                                 tr("Enter the class key first: every report is checked with it."));
        m_key->setFocus();
        return;
    }
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open practice reports"), QString(),
                                                            tr("Practice reports (*.json);;All files (*)"));
    if (!paths.isEmpty()) addReports(paths);
}

void ClassReportDialog::exportCsvInteractive() {
    const QString path = QFileDialog::getSaveFileName(this, tr("Export the class table"),
                                                      QStringLiteral("class.csv"), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    if (const QString error = exportCsv(path); !error.isEmpty())
        QMessageBox::warning(this, tr("Export CSV"), error);
}

void ClassReportDialog::exportStudentPdf() {
    const int row = m_view->currentRow();
    if (row < 0 || row >= int(m_table.rows.size())) return;
    // The table's rows are the reports sorted by student (stable), as teach::classTable sorts them.
    std::vector<std::size_t> order(m_reports.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) {
        return m_reports[a].student < m_reports[b].student;
    });
    const teach::StudentReport& report = m_reports[order[std::size_t(row)]];
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the student's page"), q(report.student) + QStringLiteral(".pdf"), tr("PDF (*.pdf)"));
    if (path.isEmpty()) return;
    try {
        teach::writePracticeReportPdf(report, path);
    } catch (const teach::ReportPdfError& e) {
        QMessageBox::warning(this, tr("Student's page"), q(e.what()));
    }
}

} // namespace rs::gui
