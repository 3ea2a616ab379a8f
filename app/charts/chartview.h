#pragma once
// Base of every chart: a QCustomPlot styled from the active palette (light or dark), a title, a
// centred message when there is nothing to draw, and PNG/PDF export (context menu or exportPng /
// exportPdf). Subclasses keep their data and redraw everything in rebuild(), which also runs when
// the palette changes.

#include <QString>
#include <QWidget>

#include <functional>

class QCustomPlot;
class QCPAxis;
class QCPTextElement;
class QCPItemText;

namespace rs::charts {

class ChartView : public QWidget {
    Q_OBJECT

  public:
    explicit ChartView(const QString& title, QWidget* parent = nullptr);

    QCustomPlot* plot() const { return m_plot; }
    /** @brief Title shown above the plot and used as the default export file name. */
    void setTitle(const QString& title);
    QString title() const { return m_title; }
    /** @brief Writes a PNG (width/height 0 = the widget's size, at least 800×480). */
    bool exportPng(const QString& path, int width = 0, int height = 0, QString* error = nullptr);
    /** @brief Writes a vector PDF. */
    bool exportPdf(const QString& path, QString* error = nullptr);
    /** @brief Renders the chart into an image of the given size (no window needed). */
    QImage renderImage(const QSize& size);
    /** @brief True when the chart has data (not only a message). */
    bool hasData() const { return m_hasData; }
    /** @brief A file name for the chart titled `title`: lower-case ASCII words joined by '-', symbols
     *  spelled out (x, u, xor, per), at most 80 characters, "chart" when nothing is left; then ".suffix". */
    static QString suggestedFileName(const QString& title, const QString& suffix);
    /** @brief The message an empty chart shows (empty while it shows data). */
    QString emptyMessage() const { return m_hasData ? QString() : m_emptyMessage; }
    /** @brief How many times the chart was rebuilt (tests check that updates are coalesced). */
    int rebuildCount() const { return m_rebuilds; }

  public slots:
    /** @brief Asks for a file name and exports PNG or PDF by its extension. */
    void exportWithDialog(const QString& suffix = QStringLiteral("png"));

  protected:
    /** @brief Clears the plot and draws the data again with the current palette. */
    virtual void rebuild() {}
    /** @brief Runs rebuild() and replots. */
    void redraw();
    /** @brief Clears every plottable, item and colour scale, keeping the title row. */
    void clearPlot();
    /** @brief Shows a centred message over an empty plot and styles it: the rebuild of a chart without
     *  data ends here. */
    void showEmpty(const QString& text);
    /** @brief Colours axes, grid, legend and title from the palette; call at the end of rebuild(). */
    void styleChart();
    /** @brief Styles one axis (also the axis of a colour scale). */
    void styleAxis(QCPAxis* axis) const;
    void setHasData(bool on) { m_hasData = on; }
    void changeEvent(QEvent* event) override;

  private:
    void showContextMenu(const QPoint& pos);

    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_titleElement = nullptr;
    QString m_title;
    bool m_hasData = false;
    QString m_emptyMessage;
    int m_rebuilds = 0;
};

/**
 * @brief Runs body (which draws charts without a window) inside a QApplication: the existing one,
 * else a temporary one on the "offscreen" platform. Fails (false, *error set) when a plain
 * QCoreApplication exists, since widgets need a QApplication (construct one in main() instead).
 */
bool withOffscreenApplication(const std::function<bool()>& body, QString* error);

} // namespace rs::charts
