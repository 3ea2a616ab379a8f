#include "app/charts/chartview.h"

#include "app/charts/theme.h"

#include "core/fileio/safefile.h"

#include <QApplication>
#include <QBuffer>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QMessageBox>
#include <QPageLayout>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <memory>

namespace rs::charts {

ChartView::ChartView(const QString& title, QWidget* parent) : QWidget(parent), m_title(title) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_plot = new QCustomPlot(this);
    m_plot->setMinimumSize(320, 200);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    m_plot->setToolTip(tr("Right-click to export PNG or PDF"));
    layout->addWidget(m_plot);
    m_plot->plotLayout()->insertRow(0);
    QFont tf = font();
    tf.setBold(true);
    tf.setPointSizeF(tf.pointSizeF() * 1.1);
    m_titleElement = new QCPTextElement(m_plot, title, tf);
    m_plot->plotLayout()->addElement(0, 0, m_titleElement);
    connect(m_plot, &QCustomPlot::customContextMenuRequested, this, &ChartView::showContextMenu);
}

void ChartView::setTitle(const QString& title) {
    m_title = title;
    m_titleElement->setText(title);
}

void ChartView::redraw() {
    ++m_rebuilds;
    rebuild();
    m_plot->replot();
}

void ChartView::clearPlot() {
    m_plot->clearPlottables();
    m_plot->clearItems();
    // Colour scales live in the layout beside the axis rect: remove all but the title row's element
    // and the main axis rect.
    QCPLayoutGrid* grid = m_plot->plotLayout();
    for (int i = grid->elementCount() - 1; i >= 0; --i) {
        QCPLayoutElement* e = grid->elementAt(i);
        if (qobject_cast<QCPColorScale*>(e) != nullptr) grid->remove(e);
    }
    grid->simplify();
    m_plot->legend->setVisible(false);
    m_hasData = false;
}

void ChartView::showEmpty(const QString& text) {
    m_emptyMessage = text;
    auto* item = new QCPItemText(m_plot);
    item->position->setType(QCPItemPosition::ptAxisRectRatio);
    item->position->setCoords(0.5, 0.5);
    item->setPositionAlignment(Qt::AlignCenter);
    item->setText(text);
    item->setColor(palette().color(QPalette::Text));
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 1.05);
    item->setFont(f);
    styleChart();
}

void ChartView::styleAxis(QCPAxis* axis) const {
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    QColor grid = text;
    grid.setAlphaF(isDarkPalette(pal) ? 0.18 : 0.14);
    axis->setBasePen(QPen(text, 1));
    axis->setTickPen(QPen(text, 1));
    axis->setSubTickPen(QPen(text, 1));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(grid, 1));
}

void ChartView::styleChart() {
    const QPalette pal = palette();
    m_plot->setBackground(pal.color(QPalette::Base));
    for (QCPAxisRect* r : m_plot->axisRects()) {
        r->setBackground(pal.color(QPalette::Base));
        for (QCPAxis* a : r->axes())
            styleAxis(a);
    }
    m_titleElement->setTextColor(pal.color(QPalette::Text));
    m_plot->legend->setBrush(pal.color(QPalette::Base));
    m_plot->legend->setBorderPen(QPen(pal.color(QPalette::Mid)));
    m_plot->legend->setTextColor(pal.color(QPalette::Text));
}

namespace {

// The image is made in memory and written all or nothing (rs_fileio): a full disk or a file-size limit
// is an error and leaves the previous file as it was, never an empty or cut-off file.
bool writeAtomically(const QString& path, const QByteArray& bytes, QString* error) {
    try {
        fileio::writeFileAtomic(QFile::encodeName(path).toStdString(),
                                std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        return true;
    } catch (const fileio::FileError& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

} // namespace

bool ChartView::exportPng(const QString& path, int width, int height, QString* error) {
    const int w = width > 0 ? width : std::max(800, m_plot->width());
    const int h = height > 0 ? height : std::max(480, m_plot->height());
    QImage image = m_plot->toPixmap(w, h).toImage();
    image.setDotsPerMeterX(3780); // 96 dpi, as QCustomPlot::savePng writes
    image.setDotsPerMeterY(3780);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    if (!buffer.open(QIODevice::WriteOnly) || !image.save(&buffer, "PNG")) {
        if (error) *error = tr("could not render %1").arg(path);
        return false;
    }
    return writeAtomically(path, bytes, error);
}

bool ChartView::exportPdf(const QString& path, QString* error) {
    const int w = std::max(800, m_plot->width()), h = std::max(480, m_plot->height());
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    {
        // Vector output into memory, laid out as the PNG export is: the writer's resolution is the plot's
        // own (a 9 pt label is as many pixels as on screen, so text, legend and plot keep the PNG's
        // proportions) and the page is w x h of those pixels. At QPdfWriter's default 1200 dpi a font's
        // points became 1200/72 times too many units under the window's scale: text 16x too large.
        const int dpi = std::max(1, m_plot->logicalDpiX());
        QPdfWriter pdf(&buffer);
        pdf.setCreator(QStringLiteral("RoundScope"));
        pdf.setTitle(m_title);
        pdf.setResolution(dpi);
        QPageLayout layout;
        layout.setMode(QPageLayout::FullPageMode);
        layout.setOrientation(QPageLayout::Portrait);
        layout.setMargins(QMarginsF(0, 0, 0, 0));
        layout.setPageSize(QPageSize(QSizeF(w * 72.0 / dpi, h * 72.0 / dpi), QPageSize::Point, QString(),
                                     QPageSize::ExactMatch));
        pdf.setPageLayout(layout);
        QCPPainter painter;
        if (!painter.begin(&pdf)) {
            if (error) *error = tr("could not render %1").arg(path);
            return false;
        }
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        painter.setWindow(QRect(0, 0, w, h));
        painter.setPen(Qt::NoPen);
        m_plot->toPainter(&painter, w, h);
        if (!painter.end() || bytes.isEmpty()) {
            if (error) *error = tr("could not render %1").arg(path);
            return false;
        }
    }
    return writeAtomically(path, bytes, error);
}

QImage ChartView::renderImage(const QSize& size) {
    return m_plot->toPixmap(size.width(), size.height()).toImage();
}

QString ChartView::suggestedFileName(const QString& title, const QString& suffix) {
    // Symbols a chart title uses, spelled out; any other run of non-alphanumerics is one '-'.
    static const std::pair<const char16_t*, const char*> words[] = {
        {u"\u00d7", "x"},  {u"\u00b5", "u"},  {u"\u03bc", "u"},  {u"\u2295", "xor"}, {u"\u229e", "plus"},
        {u"\u2264", "le"}, {u"\u2265", "ge"}, {u"\u2192", "to"}, {u"%", "pct"},      {u"+", "plus"},
        {u"\u2011", "-"},  {u"\u2013", "-"},  {u"\u2014", "-"},  {u"/", "-per-"}};
    QString text = title.normalized(QString::NormalizationForm_KD);
    for (const auto& [from, to] : words)
        text.replace(QString::fromUtf16(from), QString::fromLatin1(to));
    QString base;
    for (const QChar c : text) {
        if (c.unicode() < 0x80 && c.isLetterOrNumber())
            base += c.toLower();
        else if (!c.isMark() && !base.endsWith(QLatin1Char('-')))
            base += QLatin1Char('-'); // accents fall away (NFKD), everything else separates words
    }
    base.replace(QRegularExpression(QStringLiteral("-+")), QStringLiteral("-"));
    while (base.startsWith(QLatin1Char('-')))
        base.remove(0, 1);
    if (base.size() > 80) base.truncate(80);
    while (base.endsWith(QLatin1Char('-')))
        base.chop(1);
    if (base.isEmpty()) base = QStringLiteral("chart");
    return base + QLatin1Char('.') + suffix;
}

void ChartView::exportWithDialog(const QString& suffix) {
    const QString filter = suffix == QLatin1String("pdf") ? tr("PDF (*.pdf)") : tr("PNG image (*.png)");
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Export chart"), suggestedFileName(m_title, suffix), filter);
    if (path.isEmpty()) return;
    QString error;
    const bool ok = path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive) ? exportPdf(path, &error)
                                                                              : exportPng(path, 0, 0, &error);
    if (!ok) QMessageBox::warning(this, tr("Export chart"), error);
}

void ChartView::showContextMenu(const QPoint& pos) {
    QMenu menu(this);
    menu.addAction(tr("Export PNG…"), this, [this] { exportWithDialog(QStringLiteral("png")); });
    menu.addAction(tr("Export PDF…"), this, [this] { exportWithDialog(QStringLiteral("pdf")); });
    menu.exec(m_plot->mapToGlobal(pos));
}

void ChartView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) redraw();
    QWidget::changeEvent(event);
}

bool withOffscreenApplication(const std::function<bool()>& body, QString* error) {
    std::unique_ptr<QApplication> ownApp;
    static int argc = 3;
    static char arg0[] = "roundscope", arg1[] = "-platform", arg2[] = "offscreen";
    static char* argv[] = {arg0, arg1, arg2, nullptr};
    if (QCoreApplication::instance() == nullptr) {
        ownApp = std::make_unique<QApplication>(argc, argv);
    } else if (qobject_cast<QApplication*>(QCoreApplication::instance()) == nullptr) {
        if (error) *error = QStringLiteral("charts need a QApplication, not a QCoreApplication");
        return false;
    }
    return body();
}

} // namespace rs::charts
