#include "app/charts/theme.h"

#include <QApplication>
#include <QStyle>
#include <QStyleFactory>

#include <memory>

namespace rs::charts {

QPalette themePalette(Theme theme) {
    if (theme == Theme::Light) {
        const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
        QPalette p = fusion->standardPalette();
        p.setColor(QPalette::Window, QColor(0xf3, 0xf4, 0xf6));
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xe9, 0xec, 0xf1));
        p.setColor(QPalette::Highlight, QColor(0x1f, 0x5f, 0xbf));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::ToolTipBase, QColor(0xff, 0xfb, 0xe6));
        p.setColor(QPalette::ToolTipText, Qt::black);
        p.setColor(QPalette::Link, QColor(0x1f, 0x5f, 0xbf));
        return p;
    }
    QPalette p;
    const QColor window(0x26, 0x29, 0x2e), base(0x1b, 0x1d, 0x21), text(0xe6, 0xe8, 0xeb);
    const QColor disabled(0x80, 0x85, 0x8c);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x2e, 0x32, 0x38));
    p.setColor(QPalette::ToolTipBase, QColor(0x33, 0x37, 0x3e));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x33, 0x37, 0x3d));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Light, QColor(0x4a, 0x4f, 0x57));
    p.setColor(QPalette::Midlight, QColor(0x3d, 0x42, 0x49));
    p.setColor(QPalette::Mid, QColor(0x30, 0x34, 0x3a));
    p.setColor(QPalette::Dark, QColor(0x16, 0x18, 0x1b));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8b, 0xe0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Button, window);
    return p;
}

void applyTheme(Theme theme) {
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(themePalette(theme));
}

bool isDarkPalette(const QPalette& palette) {
    return palette.color(QPalette::Window).lightness() < 128;
}

StateColors stateColors(const QPalette& palette) {
    // zero, one, dimZero, dimOne, changed, differs, selection: readable on the theme's base colour.
    static constexpr QRgb kLight[] = {0xe4e8ee, 0x1f4e9a, 0xeef0f3, 0xb4bcc8, 0xe67e00, 0xd32f2f, 0xf9a825};
    // Dark: a 0 and a 1 bit at a contrast ratio of at least 3:1, dimmed or not (two close greys read as one).
    static constexpr QRgb kDark[] = {0x3a3f47, 0x7fb8ff, 0x30343b, 0x8a929e, 0xffb347, 0xff5c5c, 0xffe066};
    const bool dark = isDarkPalette(palette);
    const QRgb* k = dark ? kDark : kLight;
    StateColors c;
    c.background = palette.color(QPalette::Base);
    c.zero = QColor(k[0]);
    c.one = QColor(k[1]);
    c.dimZero = QColor(k[2]);
    c.dimOne = QColor(k[3]);
    c.changed = QColor(k[4]);
    c.differs = QColor(k[5]);
    c.selection = QColor(k[6]);
    c.text = palette.color(QPalette::Text);
    c.mutedText = dark ? palette.color(QPalette::Disabled, QPalette::Text) : QColor(0x6b, 0x72, 0x80);
    return c;
}

QColor seriesColor(const QPalette& palette, int index) {
    static const QColor light[] = {QColor(0x15, 0x65, 0xc0), QColor(0xe6, 0x6a, 0x00),
                                   QColor(0x2e, 0x7d, 0x32), QColor(0x8e, 0x24, 0xaa)};
    static const QColor dark[] = {QColor(0x64, 0xb5, 0xf6), QColor(0xff, 0xb7, 0x4d),
                                  QColor(0x81, 0xc7, 0x84), QColor(0xce, 0x93, 0xd8)};
    const int i = ((index % 4) + 4) % 4;
    return isDarkPalette(palette) ? dark[i] : light[i];
}

QColor errorColor(const QPalette& palette) {
    return isDarkPalette(palette) ? QColor(0xff, 0x6b, 0x6b) : QColor(0xc6, 0x28, 0x28);
}

} // namespace rs::charts
