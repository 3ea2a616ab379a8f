#include "app/teach/stepexport.h"

#include "core/teach/explain.h"

#include "app/teach/gifencoder.h"
#include "app/teach/stephandout.h"
#include "core/fileio/safefile.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontDatabase>
#include <QPainter>
#include <QRegularExpression>

#include <algorithm>

namespace rs::teach {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("rs::teach::StepExport", text);
}

const crypto::TraceStep& stepAt(const crypto::Trace& t, std::size_t i) {
    return t.steps.at(i);
}

QFont exportFont(double scale) {
    QFont f = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    f.setPixelSize(std::max(6, qRound(13 * scale)));
    return f;
}

QByteArray pngBytes(const QImage& img) {
    QByteArray bytes;
    QBuffer buf(&bytes);
    buf.open(QIODevice::WriteOnly);
    img.save(&buf, "PNG");
    return bytes;
}

void writeBytes(const QString& path, const QByteArray& bytes) {
    fileio::writeFileAtomic(QFile::encodeName(path).toStdString(),
                            std::string_view(bytes.constData(), bytes.size()));
}

} // namespace

QString stepTitle(const crypto::Trace& trace, std::size_t i) {
    const crypto::TraceStep& s = stepAt(trace, i);
    QStringList parts{QString::fromStdString(s.phase)};
    if (s.block >= 0) parts << tr("block %1").arg(s.block);
    if (s.round > 0) parts << tr("round %1").arg(s.round);
    parts << QString::fromStdString(s.step);
    return parts.join(QStringLiteral(" · "));
}

QString stepCaption(const crypto::Trace& trace, std::size_t i) {
    return QString::fromStdString(explainStep(trace, i)); // the spec's formula with this run's values
}

std::optional<ExportKind> exportKindFor(const QString& target, bool allowSingle) {
    const QFileInfo info(target);
    if (info.isDir() || target.endsWith(QLatin1Char('/'))) return ExportKind::PngSequence;
    const QString ext = info.suffix().toLower();
    if (ext.isEmpty()) return ExportKind::PngSequence;
    if (ext == QLatin1String("pdf")) return ExportKind::Pdf;
    if (ext == QLatin1String("gif")) return ExportKind::Gif;
    if (allowSingle && ext == QLatin1String("png")) return ExportKind::Png;
    if (allowSingle && ext == QLatin1String("svg")) return ExportKind::Svg;
    return std::nullopt;
}

int exportMovesBit(const BitMoves& moves, int selectedBit) {
    if (selectedBit >= 0) return selectedBit;
    if (moves.empty() || !moves.cells.empty() || moves.moves.empty()) return -1;
    // A bit in the middle of the first run of bits whose sources all lie in their own word without
    // wrapping: plain arrows, none crossing the grid's edge (Ascon: x0 bit 18 ← bits 18, 37, 46).
    const auto inRange = [&moves](int bit) { return bit >= 0 && bit < moves.stateBits; };
    std::vector<bool> wraps(static_cast<std::size_t>(std::max(0, moves.stateBits)), false);
    std::vector<bool> dest(wraps.size(), false);
    for (const BitMove& m : moves.moves)
        if (inRange(m.to)) {
            dest[std::size_t(m.to)] = true;
            if (m.wrapped) wraps[std::size_t(m.to)] = true;
        }
    int first = 0;
    while (first < moves.stateBits && (!dest[std::size_t(first)] || wraps[std::size_t(first)]))
        ++first;
    int end = first;
    while (end < moves.stateBits && dest[std::size_t(end)] && !wraps[std::size_t(end)])
        ++end;
    if (end > first) return first + (end - first) / 2;
    return moves.moves.front().to;
}

bool drawsWideCells(const crypto::StateLayout& layout) {
    return layout.cols * layout.cellBits > 128 && layout.cellBits > 4 && layout.cellBits % 4 == 0;
}

GridContent stepContent(const StepExportJob& job, std::size_t i) {
    const crypto::Trace& t = *job.trace;
    GridContent c;
    c.geometry = StateGeometry::fromLayout(t.layout);
    c.state = stepAt(t, i).state;
    c.mode = job.mode;
    c.format = job.format;
    if (drawsWideCells(t.layout)) {
        // 512 bits a row would be 11 000 pixels wide: hex cells, one a coefficient, 16 a row, as the
        // explorer draws the polynomial (its geometry says so; another layout this wide gets the same).
        c.format = GridFormat::Hex;
        if (c.geometry.kind == StateGeometry::Kind::Generic) {
            c.geometry.cellBits = t.layout.cellBits;
            c.geometry.byteGroup = t.layout.cellBits;
        }
    }
    if (job.mode == GridMode::Changed && i > 0) c.reference = stepAt(t, i - 1).state;
    if (job.mode == GridMode::Twin && job.twin != nullptr && i < job.twin->steps.size())
        c.reference = job.twin->steps[i].state;
    c.title = tr("Step %1 of %2 · %3").arg(i + 1).arg(t.steps.size()).arg(c.geometry.title);
    if (job.caption) c.caption = job.caption(t, i);
    c.overlay.show = job.showMoves;
    if (job.showMoves) c.overlay.moves = bitMovesFor(t, i);
    c.overlay.selectedBit =
        job.showMoves ? exportMovesBit(c.overlay.moves, job.selectedBit) : job.selectedBit;
    return c;
}

StateGrid stepGrid(const StepExportJob& job, std::size_t i) {
    GridStyle style;
    style.colors = job.colors;
    style.scale = job.scale;
    style.mono = exportFont(job.scale);
    return StateGrid(stepContent(job, i), style);
}

QSize exportSize(const StepExportJob& job) {
    QSize size;
    for (std::size_t i = job.from; i <= job.to && i < job.trace->steps.size(); ++i)
        size = size.expandedTo(stepGrid(job, i).preferredSize());
    return size;
}

QImage renderStep(const StepExportJob& job, std::size_t i, QSize size) {
    if (size.isEmpty()) size = exportSize(job);
    QImage img(size, QImage::Format_RGB32);
    img.fill(job.colors.background);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing, true);
    stepGrid(job, i).paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
    return img;
}

QString sequenceFolderProblem(const QString& folder) {
    const QFileInfo info(folder);
    if (!info.exists()) return {};
    if (!info.isDir()) return tr("'%1' is a file, not a folder for PNG files").arg(folder);
    static const QRegularExpression stepFile(QStringLiteral("^step-[0-9]+\\.png$"));
    QStringList others;
    const QFileInfoList entries = QDir(folder).entryInfoList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QFileInfo& e : entries)
        if (!e.isFile() || e.isSymLink() || !stepFile.match(e.fileName()).hasMatch()) others << e.fileName();
    if (others.isEmpty()) return {};
    const QString shown = others.size() > 3 ? QStringList(others.mid(0, 3)).join(QStringLiteral(", ")) +
                                                  tr(" and %1 more").arg(others.size() - 3)
                                            : others.join(QStringLiteral(", "));
    return tr("the folder '%1' is not empty and not a step export (it holds %2): PNG steps go into a new or "
              "empty folder, or one holding only the step-NNN.png files of an earlier export")
        .arg(folder, shown);
}

ExportResult exportSteps(const StepExportJob& job, const QString& target, ExportKind kind,
                         const ExportProgress& progress) {
    ExportResult r;
    if (job.trace == nullptr || job.trace->steps.empty()) {
        r.error = tr("there is no trace to export");
        return r;
    }
    if (job.from > job.to || job.to >= job.trace->steps.size()) {
        r.error = tr("steps %1 to %2 are not in the trace (steps 1 to %3)")
                      .arg(job.from + 1)
                      .arg(job.to + 1)
                      .arg(job.trace->steps.size());
        return r;
    }
    if (kind == ExportKind::PngSequence) {
        r.error = sequenceFolderProblem(target);
        if (!r.error.isEmpty()) return r;
    }
    const int total = int(job.to - job.from + 1);
    try {
        // Once: it builds the grid of every step of the range (the handout lays its pages out itself).
        const QSize size = kind == ExportKind::Pdf ? QSize() : exportSize(job);
        switch (kind) {
        case ExportKind::Png:
            writeBytes(target, pngBytes(renderStep(job, job.from, size)));
            r.files << target;
            r.steps = 1;
            break;
        case ExportKind::Svg: {
            const StateGrid grid = stepGrid(job, job.from);
            writeBytes(target, stateGridSvg(grid.scene(QSizeF(size))));
            r.files << target;
            r.steps = 1;
            break;
        }
        case ExportKind::PngSequence: {
            if (!QDir().mkpath(target)) {
                r.error = tr("cannot create the folder '%1'").arg(target);
                return r;
            }
            const int digits = std::max(3, int(QString::number(job.trace->steps.size()).size()));
            for (std::size_t i = job.from; i <= job.to; ++i) {
                const QString file = QDir(target).filePath(
                    QStringLiteral("step-%1.png").arg(int(i + 1), digits, 10, QLatin1Char('0')));
                writeBytes(file, pngBytes(renderStep(job, i, size)));
                r.files << file;
                ++r.steps;
                if (progress && !progress(r.steps, total)) {
                    r.cancelled = true;
                    return r;
                }
            }
            break;
        }
        case ExportKind::Pdf: {
            const QByteArray bytes = handoutPdf(job, progress, &r.cancelled, &r.pages);
            if (r.cancelled) return r;
            writeBytes(target, bytes);
            r.files << target;
            r.steps = total;
            break;
        }
        case ExportKind::Gif: {
            // One pass, each step drawn once; a frame is what changed since the last one, on its own
            // colour table (none kept in memory).
            GifWriter gif(size);
            for (std::size_t i = job.from; i <= job.to; ++i) {
                gif.addFrame(renderStep(job, i, size), job.frameDelayCs);
                if (progress && !progress(gif.frameCount(), total)) {
                    r.cancelled = true;
                    return r;
                }
            }
            writeBytes(target, gif.finish());
            r.files << target;
            r.steps = total;
            break;
        }
        }
    } catch (const fileio::FileError& e) {
        r.error = QString::fromStdString(e.what());
        return r;
    }
    r.ok = true;
    return r;
}

} // namespace rs::teach
