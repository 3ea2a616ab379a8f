#include "app/teach/stephandout.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFontDatabase>
#include <QFontMetricsF>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>

#include <algorithm>
#include <set>

namespace rs::teach {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("rs::teach::StepHandout", text);
}

// The writer's units: 96 a inch (as the PNG exports), so the grid's pixel fonts keep their proportions.
constexpr int kDpi = 96;
constexpr double kPt = kDpi / 72.0; // units per point

QString capitalized(QString s) {
    if (!s.isEmpty()) s[0] = s[0].toUpper();
    return s;
}

// The spec's name of a trace step: Ascon's three layers by their symbols (SP 800-232 §3: p_C, p_S, p_L),
// every other step by the trace's own name (SKINNY's SubCells ... and LEA's steps already are the spec's).
QString specStepName(const StateGeometry& g, const std::string& step) {
    if (g.kind == StateGeometry::Kind::Ascon) {
        if (step == "round constant") return tr("p_C constant addition");
        if (step == "substitution layer") return tr("p_S substitution layer");
        if (step == "linear diffusion") return tr("p_L linear layer");
    }
    if (step == "round") return tr("Round function"); // LEA: the whole round in one step
    return capitalized(QString::fromStdString(step));
}

QFont pointFont(QFont f, double pt, bool bold = false) {
    f.setPixelSize(std::max(1, qRound(pt * kPt)));
    f.setBold(bold);
    return f;
}

QFont textFont(double pt, bool bold = false) {
    return pointFont(QFont(), pt, bold);
}

QFont monoFont(double pt) {
    return pointFont(QFontDatabase::systemFont(QFontDatabase::FixedFont), pt);
}

QPageLayout pageLayout(QPageLayout::Orientation o) {
    return QPageLayout(QPageSize(QPageSize::A4), o, QMarginsF(12, 12, 12, 12), QPageLayout::Millimeter);
}

QSizeF contentSize(QPageLayout::Orientation o) {
    return pageLayout(o).paintRectPixels(kDpi).size().toSizeF();
}

// The grid without its own title and caption (the handout draws them in its own fonts).
GridContent handoutContent(const StepExportJob& job, std::size_t step) {
    StepExportJob bare = job;
    bare.caption = nullptr; // drawStep writes the explanation itself: compute it once a step
    GridContent c = stepContent(bare, step);
    c.title.clear();
    // A twin view without a twin run would print the app's "choose a bit of the input": the values.
    if (c.mode == GridMode::Twin && c.reference.empty()) c.mode = GridMode::Value;
    // On paper an overlay shows only where it has something to show.
    c.overlay.show = c.overlay.show && !c.overlay.moves.empty();
    return c;
}

QSize naturalSize(const GridContent& c, const GridColors& colors) {
    GridStyle natural;
    natural.colors = colors;
    natural.mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    natural.mono.setPixelSize(13);
    return StateGrid(c, natural).preferredSize();
}

// The grid's look on paper for a box of this size: the scale of its usual look that fits the box (0.7 to
// 2), a font of 7 to 9.5 points with it; the cells then fill the width (StateGrid lays them out to the box).
GridStyle handoutStyle(const GridContent& c, const GridColors& colors, QSizeF box) {
    const QSize natural = naturalSize(c, colors);
    const double fit =
        std::min(box.width() / std::max(1, natural.width()), box.height() / std::max(1, natural.height()));
    GridStyle s;
    s.colors = colors;
    s.scale = std::clamp(fit, 0.7, 2.0);
    s.mono = monoFont(std::clamp(9.75 * s.scale, 7.0, 9.5));
    return s;
}

struct Header {
    QString cipher;
    QStringList lines;
    double height = 0;
};

constexpr double kCipherPt = 15, kHeaderPt = 8.5, kTitlePt = 13, kCaptionPt = 9.5;

Header header(const StepExportJob& job) {
    Header h;
    h.cipher = job.cipher.isEmpty() ? StateGeometry::fromLayout(job.trace->layout).title : job.cipher;
    h.lines = handoutHeaderLines(job);
    h.height = QFontMetricsF(textFont(kCipherPt, true)).height() * 1.25 +
               QFontMetricsF(monoFont(kHeaderPt)).lineSpacing() * double(h.lines.size()) + 8 * kPt;
    return h;
}

void drawHeader(QPainter& p, const Header& h, const StepExportJob& job, double width, int page, int pages) {
    const QColor text = job.colors.text, muted = job.colors.mutedText;
    const QFont cipher = textFont(kCipherPt, true), small = textFont(kHeaderPt), mono = monoFont(kHeaderPt);
    const double cipherH = QFontMetricsF(cipher).height() * 1.25;
    p.setPen(muted);
    p.setFont(small);
    const QString pageText = tr("RoundScope · page %1 of %2").arg(page).arg(pages);
    const double pageW = QFontMetricsF(small).horizontalAdvance(pageText) + 4;
    p.drawText(QRectF(width - pageW, 0, pageW, cipherH), Qt::AlignRight | Qt::AlignVCenter, pageText);
    p.setPen(text);
    p.setFont(cipher);
    p.drawText(QRectF(0, 0, width - pageW - 8, cipherH), Qt::AlignLeft | Qt::AlignVCenter,
               QFontMetricsF(cipher).elidedText(h.cipher, Qt::ElideRight, width - pageW - 8));
    p.setFont(mono);
    const QFontMetricsF fm(mono);
    double y = cipherH;
    for (const QString& line : h.lines) {
        p.drawText(QRectF(0, y, width, fm.lineSpacing()), Qt::AlignLeft | Qt::AlignVCenter,
                   fm.elidedText(line, Qt::ElideRight, width));
        y += fm.lineSpacing();
    }
    p.setPen(QPen(muted, 0.75 * kPt));
    p.drawLine(QPointF(0, h.height - 3 * kPt), QPointF(width, h.height - 3 * kPt));
}

double titleHeight() {
    return QFontMetricsF(textFont(kTitlePt, true)).height() * 1.4;
}

constexpr double kGap = 10 * kPt; // between the steps of a page

// Draws step i in the slot: its title, its grid (no title, no caption of its own) and its explanation.
void drawStep(QPainter& p, const StepExportJob& job, std::size_t i, const QRectF& slot) {
    const QFont title = textFont(kTitlePt, true), caption = textFont(kCaptionPt);
    const double titleH = titleHeight();
    p.setPen(job.colors.text);
    p.setFont(title);
    p.drawText(QRectF(slot.left(), slot.top(), slot.width(), titleH), Qt::AlignLeft | Qt::AlignVCenter,
               handoutStepTitle(*job.trace, i));
    const QString explanation = job.caption ? job.caption(*job.trace, i) : QString();
    QRectF captionBox;
    if (!explanation.isEmpty()) {
        p.setFont(caption);
        captionBox = p.boundingRect(QRectF(slot.left(), 0, slot.width(), slot.height()),
                                    Qt::AlignLeft | Qt::TextWordWrap, explanation);
        captionBox.moveBottom(slot.bottom());
        captionBox.setWidth(slot.width());
        p.drawText(captionBox, Qt::AlignLeft | Qt::TextWordWrap, explanation);
    }
    const GridContent c = handoutContent(job, i);
    const double gridBottom = captionBox.isNull() ? slot.bottom() : captionBox.top() - 2 * kPt;
    const QRectF box(slot.left(), slot.top() + titleH, slot.width(), gridBottom - slot.top() - titleH);
    StateGrid(c, handoutStyle(c, job.colors, box.size())).paint(p, box);
}

} // namespace

QString handoutStepTitle(const crypto::Trace& trace, std::size_t i) {
    const crypto::TraceStep& s = trace.steps.at(i);
    std::set<std::string> phases;
    for (const crypto::TraceStep& t : trace.steps)
        phases.insert(t.phase);
    QStringList parts;
    if (phases.size() > 1) parts << capitalized(QString::fromStdString(s.phase));
    if (s.block >= 0) parts << tr("Block %1").arg(s.block);
    if (s.round > 0) parts << tr("Round %1").arg(s.round);
    parts << specStepName(StateGeometry::fromLayout(trace.layout), s.step);
    return parts.join(QStringLiteral(" · "));
}

QStringList handoutHeaderLines(const StepExportJob& job) {
    QStringList lines = job.inputs;
    if (job.mode == GridMode::Twin && job.twin != nullptr && !job.flipped.isEmpty())
        lines << tr("Twin run: the same inputs with %1 flipped; marked cells differ from the twin")
                     .arg(job.flipped);
    return lines;
}

HandoutLayout handoutLayout(const StepExportJob& job) {
    // The first of these that fits the grid's height in its slot and fills 85 % of the page's width with
    // it: three or two steps a page, landscape first (Ascon's 64 bits a row get wider cells), then portrait
    // (a narrow grid such as SKINNY-64's 16 bits a row fills a portrait page's width); else the best filled
    // of those that fit; one a page where none fits (the polynomial's 16 rows).
    const GridContent c = handoutContent(job, job.from);
    const double headerH = header(job).height;
    const double captionH = QFontMetricsF(textFont(kCaptionPt)).lineSpacing() * 2 + 2 * kPt;
    const std::pair<QPageLayout::Orientation, int> tries[] = {
        {QPageLayout::Landscape, 3}, {QPageLayout::Landscape, 2}, {QPageLayout::Portrait, 3},
        {QPageLayout::Portrait, 2},  {QPageLayout::Landscape, 1}, {QPageLayout::Portrait, 1}};
    HandoutLayout best{QPageLayout::Landscape, 1};
    double bestFill = -1;
    for (const auto& [orientation, per] : tries) {
        const QSizeF page = contentSize(orientation);
        const double slot = (page.height() - headerH - kGap * (per - 1)) / per;
        const QSizeF box(page.width(), slot - titleHeight() - captionH);
        const StateGrid grid(c, handoutStyle(c, job.colors, box));
        if (grid.preferredSize().height() > box.height()) continue;
        const StateGrid::Metrics m = grid.metrics(box);
        const double fill =
            (grid.unitRect(m, 0, std::max(0, grid.unitsPerRow() - 1)).right() + m.rightW) / box.width();
        if (fill >= 0.85) return {orientation, per};
        if (fill > bestFill + 0.02) {
            best = {orientation, per};
            bestFill = fill;
        }
    }
    return best;
}

QByteArray handoutPdf(const StepExportJob& job, const ExportProgress& progress, bool* cancelled, int* pages) {
    const HandoutLayout layout = handoutLayout(job);
    const Header head = header(job);
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    QPdfWriter pdf(&buf);
    pdf.setResolution(kDpi);
    pdf.setPageLayout(pageLayout(layout.orientation));
    pdf.setTitle(tr("%1: steps %2 to %3").arg(head.cipher).arg(job.from + 1).arg(job.to + 1));
    pdf.setCreator(QStringLiteral("RoundScope"));
    QPainter p(&pdf);
    p.setRenderHint(QPainter::Antialiasing, true);
    const double width = pdf.width(), height = pdf.height();
    const int total = int(job.to - job.from + 1);
    const int per = layout.stepsPerPage;
    const int pageCount = (total + per - 1) / per;
    const double gap = kGap;
    const double slotH = (height - head.height - gap * (per - 1)) / per;
    for (int page = 0; page < pageCount; ++page) {
        if (page > 0) pdf.newPage();
        p.fillRect(QRectF(0, 0, width, height), job.colors.background);
        drawHeader(p, head, job, width, page + 1, pageCount);
        for (int k = 0; k < per; ++k) {
            const int done = page * per + k;
            if (done >= total) break;
            const QRectF slot(0, head.height + k * (slotH + gap), width, slotH);
            drawStep(p, job, job.from + std::size_t(done), slot);
            if (progress && !progress(done + 1, total)) {
                *cancelled = true;
                p.end();
                return bytes;
            }
        }
    }
    p.end();
    if (pages != nullptr) *pages = pageCount;
    return bytes;
}

} // namespace rs::teach
