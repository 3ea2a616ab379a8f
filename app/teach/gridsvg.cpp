// stateGridSvg: a GridScene written as SVG by hand (Qt Svg is not a dependency of RoundScope). Boxes
// become <rect>, text runs <text> anchored as their Qt alignment says, so the SVG shows exactly the
// cells and labels QPainter draws from the same scene.
#include "app/teach/stategrid.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace rs::teach {

namespace {

QString num(double v) {
    return QString::number(v, 'f', 2);
}

QString colourAttrs(const char* name, const QColor& c) {
    QString s = QStringLiteral(" %1=\"%2\"").arg(QLatin1String(name), c.name(QColor::HexRgb));
    if (c.alpha() < 255) s += QStringLiteral(" %1-opacity=\"%2\"").arg(QLatin1String(name), num(c.alphaF()));
    return s;
}

double fontPx(const QFont& f) {
    return f.pixelSize() > 0 ? f.pixelSize() : f.pointSizeF() * 96.0 / 72.0;
}

QString fontAttrs(const QFont& f, bool mono) {
    const QString family =
        f.family().toHtmlEscaped() + (mono ? QStringLiteral(", monospace") : QStringLiteral(", sans-serif"));
    return QStringLiteral(" font-family=\"%1\" font-size=\"%2\"%3")
        .arg(family, num(fontPx(f)), f.bold() ? QStringLiteral(" font-weight=\"bold\"") : QString());
}

// The overlay's frames and arrows: stroked, never filled, except the arrow head.
QString overlaySvg(const GridItem& it) {
    const QString stroke =
        colourAttrs("stroke", it.color) +
        QStringLiteral(" stroke-width=\"%1\"%2")
            .arg(num(it.penWidth),
                 it.dashed ? QStringLiteral(" stroke-dasharray=\"%1 %1\"").arg(num(it.penWidth * 2))
                           : QString());
    if (it.kind == GridItem::Kind::Frame)
        return QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" fill=\"none\"%5/>\n")
            .arg(num(it.rect.x()), num(it.rect.y()), num(it.rect.width()), num(it.rect.height()), stroke);
    const auto points = [](const std::vector<QPointF>& ps) {
        QStringList xs;
        for (const QPointF& pt : ps)
            xs << num(pt.x()) + QLatin1Char(',') + num(pt.y());
        return xs.join(QLatin1Char(' '));
    };
    QString out =
        QStringLiteral("<polyline points=\"%1\" fill=\"none\"%2/>\n").arg(points(it.points), stroke);
    const std::vector<QPointF> head = arrowHeadOf(it);
    if (!head.empty())
        out +=
            QStringLiteral("<polygon points=\"%1\"%2/>\n").arg(points(head), colourAttrs("fill", it.color));
    return out;
}

} // namespace

QByteArray stateGridSvg(const GridScene& sc) {
    QString out;
    const QString w = num(sc.size.width()), h = num(sc.size.height());
    out += QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out +=
        QStringLiteral(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 %2\">\n")
            .arg(w, h);
    out += QStringLiteral("<rect x=\"0\" y=\"0\" width=\"%1\" height=\"%2\"%3/>\n")
               .arg(w, h, colourAttrs("fill", sc.background));
    for (const GridItem& it : sc.items) {
        const QRectF& r = it.rect;
        switch (it.kind) {
        case GridItem::Kind::Box:
        case GridItem::Kind::RoundedBox: {
            QString rounded;
            if (it.kind == GridItem::Kind::RoundedBox)
                rounded = QStringLiteral(" rx=\"%1\" ry=\"%1\"").arg(num(it.radius));
            out += QStringLiteral("<rect x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\"%5%6/>\n")
                       .arg(num(r.x()), num(r.y()), num(r.width()), num(r.height()), rounded,
                            colourAttrs("fill", it.color));
            break;
        }
        case GridItem::Kind::Text: {
            const QFont& f = it.font == GridItem::Font::Title     ? sc.title
                             : it.font == GridItem::Font::Caption ? sc.caption
                                                                  : sc.mono;
            double x = r.left();
            QString anchor = QStringLiteral("start");
            if (it.align & Qt::AlignRight) {
                x = r.right();
                anchor = QStringLiteral("end");
            } else if (it.align & Qt::AlignHCenter) {
                x = r.center().x();
                anchor = QStringLiteral("middle");
            }
            out +=
                QStringLiteral("<text x=\"%1\" y=\"%2\" text-anchor=\"%3\" "
                               "dominant-baseline=\"central\"%4%5>%6</text>\n")
                    .arg(num(x), num(r.center().y()), anchor, fontAttrs(f, it.font == GridItem::Font::Mono),
                         colourAttrs("fill", it.color), it.text.toHtmlEscaped());
            break;
        }
        case GridItem::Kind::Frame:
        case GridItem::Kind::Path:
            out += overlaySvg(it);
            break;
        }
    }
    out += QStringLiteral("</svg>\n");
    return out.toUtf8();
}

} // namespace rs::teach
