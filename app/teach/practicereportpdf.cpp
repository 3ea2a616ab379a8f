#include "app/teach/practicereportpdf.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFontMetricsF>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <cmath>

#include "core/fileio/safefile.h"

namespace rs::teach {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("rs::teach::PracticeReportPdf", text);
}

QString count(int n, const char* one, const char* many) {
    return countText(n, tr(one), tr(many));
}

// The writer's units: 96 a inch, as the step handout (app/teach/stephandout.cpp).
constexpr int kDpi = 96;
constexpr double kPt = kDpi / 72.0;

QFont font(double pt, bool bold = false) {
    QFont f;
    f.setPixelSize(std::max(1, qRound(pt * kPt)));
    f.setBold(bold);
    return f;
}

const QColor kText(0x20, 0x20, 0x20), kMuted(0x6b, 0x6b, 0x6b), kRule(0xb0, 0xb0, 0xb0),
    kHeaderFill(0xe9, 0xec, 0xef), kStripe(0xf6, 0xf7, 0xf8);

QColor outcomeColor(const StopResult& s) {
    if (s.solved) return {0x1b, 0x7f, 0x3b};
    if (s.revealed) return {0xa1, 0x5c, 0x00};
    return s.attempts > 0 ? QColor(0xb3, 0x26, 0x1e) : kMuted;
}

QString roundsText(int rounds) {
    return rounds == 0 ? tr("standard rounds") : count(rounds, "round", "rounds");
}

QString dateText(const std::string& started) {
    const QString raw = QString::fromStdString(started);
    QDateTime t = QDateTime::fromString(raw, Qt::ISODateWithMs);
    if (!t.isValid()) t = QDateTime::fromString(raw, Qt::ISODate);
    if (!t.isValid()) return raw.isEmpty() ? tr("not recorded") : raw;
    return t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")) + tr(" UTC");
}

// One label: value line of the header block; returns the height used.
double drawField(QPainter& p, double x, double y, double labelW, double width, const QString& label,
                 const QString& value) {
    const QFont l = font(10, true), v = font(10);
    const QFontMetricsF fm(v);
    p.setPen(kMuted);
    p.setFont(l);
    p.drawText(QRectF(x, y, labelW, fm.height()), Qt::AlignLeft | Qt::AlignVCenter, label);
    p.setPen(kText);
    p.setFont(v);
    p.drawText(QRectF(x + labelW, y, width - labelW, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
               fm.elidedText(value, Qt::ElideRight, width - labelW));
    return fm.lineSpacing() * 1.35;
}

struct Column {
    QString title;
    double share;
    Qt::Alignment align;
};

} // namespace

QString countText(int n, const QString& one, const QString& many) {
    return QString::number(n) + QLatin1Char(' ') + (n == 1 ? one : many);
}

QString stopOutcome(const StopResult& s) {
    if (s.solved) return tr("right");
    if (s.revealed) return tr("revealed");
    return s.attempts > 0 ? tr("wrong") : tr("no answer");
}

QString durationText(double seconds) {
    const long long total = std::llround(std::max(0.0, seconds));
    if (total < 60) return tr("%1 s").arg(total);
    if (total < 3600) return tr("%1 min %2 s").arg(total / 60).arg(total % 60, 2, 10, QLatin1Char('0'));
    return tr("%1 h %2 min").arg(total / 3600).arg((total % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QByteArray practiceReportPdf(const StudentReport& r) {
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buf);
    pdf.setResolution(kDpi);
    pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(18, 16, 18, 16),
                                  QPageLayout::Millimeter));
    pdf.setTitle(tr("Practice report: %1, %2")
                     .arg(QString::fromStdString(r.student), QString::fromStdString(r.lesson)));
    pdf.setCreator(QStringLiteral("RoundScope"));
    QPainter p(&pdf);
    if (!p.isActive()) throw ReportPdfError("the PDF writer could not start a page");
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    const double width = pdf.width(), height = pdf.height();

    // Header: who, what, when.
    double y = 0;
    const QFont small = font(9), title = font(20, true), lesson = font(13);
    p.setFont(small);
    p.setPen(kMuted);
    p.drawText(QRectF(0, y, width, QFontMetricsF(small).height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("RoundScope · Practice report"));
    y += QFontMetricsF(small).lineSpacing() * 1.6;
    p.setFont(title);
    p.setPen(kText);
    const QString student = QString::fromStdString(r.student);
    p.drawText(QRectF(0, y, width, QFontMetricsF(title).height()), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(title).elidedText(student, Qt::ElideRight, width));
    y += QFontMetricsF(title).lineSpacing() * 1.15;
    p.setFont(lesson);
    const QRectF lessonBox = p.boundingRect(QRectF(0, y, width, height), Qt::AlignLeft | Qt::TextWordWrap,
                                            QString::fromStdString(r.lesson));
    p.drawText(QRectF(0, y, width, lessonBox.height()), Qt::AlignLeft | Qt::TextWordWrap,
               QString::fromStdString(r.lesson));
    y += lessonBox.height() + 10 * kPt;

    const double labelW = 80 * kPt, half = width / 2;
    const int solved = r.solvedCount(), stops = int(r.stops.size());
    const double rowY = y;
    y += drawField(p, 0, y, labelW, half - 8 * kPt, tr("Algorithm"), QString::fromStdString(r.algorithm));
    y += drawField(p, 0, y, labelW, half - 8 * kPt, tr("Rounds"), roundsText(r.rounds));
    double y2 = rowY;
    y2 += drawField(p, half, y2, labelW, half, tr("Date"), dateText(r.started));
    y2 += drawField(p, half, y2, labelW, half, tr("Total time"), durationText(r.seconds));
    y = std::max(y, y2);
    y += drawField(p, 0, y, labelW, width, tr("Solved"),
                   tr("%1 of %2").arg(solved).arg(count(stops, "practice stop", "practice stops")));
    y += 6 * kPt;
    p.setPen(QPen(kRule, 0.75 * kPt));
    p.drawLine(QPointF(0, y), QPointF(width, y));
    y += 12 * kPt;

    // The footer first, so the table knows the room it has.
    const QFont footFont = font(8.5);
    p.setFont(footFont);
    const QString foot =
        tr("This page is a printout, not the proof: the JSON report (%1) carries the MAC that the instructor "
           "checks with the class key. Printed by RoundScope.")
            .arg(QLatin1String(kReportFormat));
    const QRectF footBox =
        p.boundingRect(QRectF(0, 0, width, height), Qt::AlignLeft | Qt::TextWordWrap, foot);
    const double footTop = height - footBox.height();
    p.setPen(QPen(kRule, 0.75 * kPt));
    p.drawLine(QPointF(0, footTop - 6 * kPt), QPointF(width, footTop - 6 * kPt));
    p.setPen(kMuted);
    p.drawText(QRectF(0, footTop, width, footBox.height()), Qt::AlignLeft | Qt::TextWordWrap, foot);

    // The stops' table: a font of 10 points, smaller (down to 6) when many stops must fit the page.
    const QFont heading = font(12, true);
    p.setFont(heading);
    p.setPen(kText);
    p.drawText(QRectF(0, y, width, QFontMetricsF(heading).height()), Qt::AlignLeft | Qt::AlignVCenter,
               tr("Practice stops"));
    y += QFontMetricsF(heading).lineSpacing() * 1.3;
    const double summaryH = QFontMetricsF(font(10)).lineSpacing() * 2;
    const double room = footTop - 14 * kPt - y - summaryH;
    const int rows = std::max(1, stops);
    double pt = 10;
    while (pt > 6 && QFontMetricsF(font(pt)).height() * 1.7 * (rows + 1) > room)
        pt -= 0.5;
    const QFont cell = font(pt), cellBold = font(pt, true);
    const double rowH = QFontMetricsF(cell).height() * 1.7;
    const int fit = std::max(1, int(room / rowH) - 1); // rows under the header row
    const bool cut = stops > fit;
    const int shown = cut ? fit - 1 : stops;

    const QList<Column> cols = {{tr("#"), 0.06, Qt::AlignRight},     {tr("Stop"), 0.42, Qt::AlignLeft},
                                {tr("Result"), 0.15, Qt::AlignLeft}, {tr("Attempts"), 0.13, Qt::AlignRight},
                                {tr("Hints"), 0.10, Qt::AlignRight}, {tr("Time"), 0.14, Qt::AlignRight}};
    const double pad = 5 * kPt;
    auto drawRow = [&](double top, const QStringList& cells, const QFont& f, const QColor& resultColor) {
        double x = 0;
        for (int c = 0; c < cols.size(); ++c) {
            const double w = cols[c].share * width;
            const QRectF box(x + pad, top, w - 2 * pad, rowH);
            p.setFont(c == 2 && resultColor.isValid() ? cellBold : f);
            p.setPen(c == 2 && resultColor.isValid() ? resultColor : kText);
            p.drawText(box, cols[c].align | Qt::AlignVCenter,
                       QFontMetricsF(p.font()).elidedText(cells.value(c), Qt::ElideRight, box.width()));
            x += w;
        }
    };
    p.fillRect(QRectF(0, y, width, rowH), kHeaderFill);
    QStringList head;
    for (const Column& c : cols)
        head << c.title;
    drawRow(y, head, cellBold, QColor());
    y += rowH;
    for (int i = 0; i < shown; ++i) {
        const StopResult& s = r.stops[std::size_t(i)];
        if (i % 2 == 1) p.fillRect(QRectF(0, y, width, rowH), kStripe);
        drawRow(y,
                {QString::number(s.stop + 1), QString::fromStdString(s.title), stopOutcome(s),
                 QString::number(s.attempts), QString::number(s.hintsUsed), durationText(s.seconds)},
                cell, outcomeColor(s));
        y += rowH;
    }
    if (cut) {
        p.setFont(cell);
        p.setPen(kMuted);
        p.drawText(QRectF(pad, y, width - 2 * pad, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("… and %1: see the JSON report").arg(count(stops - shown, "more stop", "more stops")));
        y += rowH;
    }
    if (stops == 0) {
        p.setFont(cell);
        p.setPen(kMuted);
        p.drawText(QRectF(pad, y, width - 2 * pad, rowH), Qt::AlignLeft | Qt::AlignVCenter,
                   tr("The student reached no practice stop."));
        y += rowH;
    }
    p.setPen(QPen(kRule, 0.75 * kPt));
    p.drawLine(QPointF(0, y), QPointF(width, y));
    y += 8 * kPt;
    p.setFont(font(10, true));
    p.setPen(kText);
    p.drawText(QRectF(0, y, width, summaryH), Qt::AlignLeft | Qt::AlignTop,
               tr("Solved: %1 of %2 (right without revealing the answer)")
                   .arg(solved)
                   .arg(count(stops, "stop", "stops")));
    p.end();
    return bytes;
}

void writePracticeReportPdf(const StudentReport& report, const QString& path) {
    const QByteArray bytes = practiceReportPdf(report);
    try {
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(),
                                std::string_view(bytes.constData(), std::size_t(bytes.size())));
    } catch (const fileio::FileError& e) {
        throw ReportPdfError("cannot write the practice report PDF " + path.toStdString() + ": " + e.what());
    }
}

} // namespace rs::teach
