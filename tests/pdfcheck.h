#pragma once
// A PDF as its reader sees it: rendered by poppler's pdftoppm (installed by .ci/setup, poppler-utils) at
// the resolution of the PNG beside it, then compared with that PNG after both are scaled down to a
// coarse grid (fonts rasterise a little differently; a title 16 times too large or a missing legend
// does not survive the comparison). pdftotext says which words the page holds and how tall they are.

#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QTemporaryDir>

#include <cmath>
#include <cstdlib>

namespace rs::test {

/** @brief The PDF's first page rendered at dpi; a null image (and why, in error) when it cannot be. */
inline QImage renderPdf(const QString& pdf, int dpi, QString* error) {
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
    if (tool.isEmpty()) {
        *error = QStringLiteral("pdftoppm not found (poppler-utils; .ci/setup installs it)");
        return {};
    }
    QTemporaryDir dir;
    QProcess p;
    p.start(tool, {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"),
                   QStringLiteral("-singlefile"), pdf, dir.filePath(QStringLiteral("page"))});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        *error = QStringLiteral("pdftoppm failed: ") + QString::fromUtf8(p.readAllStandardError());
        return {};
    }
    return QImage(dir.filePath(QStringLiteral("page.png")));
}

/** @brief Mean absolute difference (0..255) of the two images' grey levels on a cols x rows grid. */
inline double coarseDifference(const QImage& a, const QImage& b, int cols = 64, int rows = 40) {
    const auto grid = [&](const QImage& img) {
        return img.convertToFormat(QImage::Format_Grayscale8)
            .scaled(cols, rows, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    };
    const QImage x = grid(a), y = grid(b);
    double sum = 0;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            sum += std::abs(int(qGray(x.pixel(c, r))) - int(qGray(y.pixel(c, r))));
    return sum / (cols * rows);
}

/** @brief The largest text size of the PDF in points: over its words (pdftotext -bbox), the larger of each
 *  word's box's smaller side (a rotated axis label is tall and narrow: its width is its size); the words go
 *  to text. -1 when pdftotext cannot read it. */
inline double tallestWord(const QString& pdf, QString* text) {
    const QString tool = QStandardPaths::findExecutable(QStringLiteral("pdftotext"));
    if (tool.isEmpty()) return -1;
    QProcess p;
    p.start(tool, {QStringLiteral("-bbox"), pdf, QStringLiteral("-")});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) return -1;
    const QString html = QString::fromUtf8(p.readAllStandardOutput());
    static const QRegularExpression word(QStringLiteral(
        R"re(<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>)re"));
    double tallest = 0;
    for (auto it = word.globalMatch(html); it.hasNext();) {
        const auto m = it.next();
        const double width = m.captured(3).toDouble() - m.captured(1).toDouble();
        const double height = m.captured(4).toDouble() - m.captured(2).toDouble();
        tallest = std::max(tallest, std::min(width, height));
        *text += m.captured(5) + QLatin1Char(' ');
    }
    return tallest;
}

/** @brief Empty when the PDF, rendered at dpi, is the PNG's size and looks like it (coarseDifference at
 *  most maxDifference), holds `word` among its text and no word taller than maxWordPt points; else what
 *  differs. */
inline QString pdfMatchesPng(const QString& pdf, const QImage& png, int dpi, const QString& word,
                             double maxDifference = 12, double maxWordPt = 24) {
    QString error;
    const QImage page = renderPdf(pdf, dpi, &error);
    if (page.isNull()) return error.isEmpty() ? QStringLiteral("pdftoppm wrote no image") : error;
    if (std::abs(page.width() - png.width()) > 1 || std::abs(page.height() - png.height()) > 1)
        return QStringLiteral("the PDF page renders %1x%2 at %3 dpi, the PNG is %4x%5")
            .arg(page.width())
            .arg(page.height())
            .arg(dpi)
            .arg(png.width())
            .arg(png.height());
    const double difference = coarseDifference(page, png);
    if (difference > maxDifference)
        return QStringLiteral("the PDF differs from the PNG by %1 grey levels on average (at most %2)")
            .arg(difference)
            .arg(maxDifference);
    QString text;
    const double tallest = tallestWord(pdf, &text);
    if (tallest < 0) return QStringLiteral("pdftotext could not read the PDF");
    if (tallest > maxWordPt)
        return QStringLiteral("a word of the PDF is %1 pt tall: %2").arg(tallest).arg(text);
    if (!text.contains(word)) return QStringLiteral("the PDF's text lacks '%1': %2").arg(word, text);
    return {};
}

} // namespace rs::test
