#include "app/ui/common/hexfieldedit.h"

#include "app/charts/theme.h"

#include <QEvent>
#include <QFontDatabase>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

#include <limits>

namespace rs::gui {

HexFieldEdit::HexFieldEdit(const QString& name, const QString& label, int bytes, QWidget* parent)
    : QWidget(parent), m_name(name) {
    auto* grid = new QGridLayout(this);
    grid->setContentsMargins(0, 2, 0, 2);
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(2);
    const QString size = bytes >= 0 ? tr("%1 bytes").arg(bytes) : tr("any length");
    m_label = new QLabel(QStringLiteral("<b>%1</b> <span style='font-weight:normal'>(%2)</span>")
                             .arg(label.toHtmlEscaped(), size),
                         this);
    m_edit = new QLineEdit(this);
    m_edit->setObjectName(QStringLiteral("hex_") + name);
    m_edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_edit->setPlaceholderText(bytes == 0 || bytes < 0 ? tr("empty, or hex bytes") : tr("hex bytes"));
    m_edit->setClearButtonEnabled(false);
    // No silent cut at QLineEdit's default 32 767 characters: the model sees the whole text and says plainly
    // when a limit applies ("... is limited to 1024 bytes here, got 20000").
    m_edit->setMaxLength(std::numeric_limits<int>::max());
    m_label->setBuddy(m_edit);
    m_random = new QToolButton(this);
    m_random->setText(tr("Random"));
    m_random->setToolTip(tr("Fill %1 with random bytes").arg(label));
    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setVisible(false);
    m_error->setObjectName(QStringLiteral("error_") + name);
    grid->addWidget(m_label, 0, 0, 1, 2);
    grid->addWidget(m_edit, 1, 0);
    grid->addWidget(m_random, 1, 1);
    grid->addWidget(m_error, 2, 0, 1, 2);
    grid->setColumnStretch(0, 1);

    connect(m_edit, &QLineEdit::textEdited, this, [this](const QString& t) { emit edited(m_name, t); });
    connect(m_random, &QToolButton::clicked, this, [this] { emit randomRequested(m_name); });
}

void HexFieldEdit::setText(const QString& text) {
    if (m_edit->text() == text) return;
    const int pos = m_edit->cursorPosition();
    m_edit->setText(text);
    m_edit->setCursorPosition(std::min(pos, static_cast<int>(text.size())));
}

QString HexFieldEdit::text() const {
    return m_edit->text();
}

void HexFieldEdit::setError(const QString& message) {
    m_errorText = message;
    m_error->setText(message);
    m_error->setVisible(!message.isEmpty());
    m_edit->setToolTip(message);
    m_edit->setProperty("invalid", !message.isEmpty());
    applyStyle();
}

void HexFieldEdit::applyStyle() {
    if (m_errorText.isEmpty()) {
        m_edit->setStyleSheet(QString());
        m_error->setStyleSheet(QString());
        return;
    }
    const QString red = charts::errorColor(palette()).name();
    m_edit->setStyleSheet(
        QStringLiteral("QLineEdit { border: 2px solid %1; border-radius: 3px; padding: 1px 3px; }").arg(red));
    m_error->setStyleSheet(QStringLiteral("QLabel { color: %1; }").arg(red));
}

void HexFieldEdit::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) applyStyle();
    QWidget::changeEvent(event);
}

} // namespace rs::gui
