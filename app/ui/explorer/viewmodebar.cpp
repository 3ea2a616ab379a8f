#include "app/ui/explorer/viewmodebar.h"

#include "core/sessions/ciphersession.h"

#include <QAction>
#include <QActionGroup>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QToolButton>

#include <algorithm>
#include <iterator>

namespace rs::gui {

namespace {
// The modes in the action group's order, and their names in the settings.
constexpr StateView::Mode kModes[] = {StateView::Mode::Value, StateView::Mode::Changed,
                                      StateView::Mode::Twin};
const char* const kModeNames[] = {"value", "changed", "twin"};

qsizetype indexOf(StateView::Mode mode) {
    return std::find(std::begin(kModes), std::end(kModes), mode) - std::begin(kModes);
}
} // namespace

QString ViewModeBar::movesTip() {
    return tr("Overlay where this step moves bits: ShiftRows arrows; for Ascon p_L, LEA rotations and "
              "Keccak ρ and π click a bit to see its sources");
}

ViewModeBar::ViewModeBar(sessions::CipherSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    // View modes: a checkable action group, shared with the View menu; the group's order is kModes'.
    m_modes = new QActionGroup(this);
    const struct {
        QString text;
        int key;
        QString tip;
    } modes[] = {
        {tr("&Value"), Qt::Key_1, tr("Show the state's bits (Ctrl+1)")},
        {tr("&Changed"), Qt::Key_2, tr("Highlight the bits this step changed (Ctrl+2)")},
        {tr("&Twin difference"), Qt::Key_3, tr("Highlight the bits that differ from the twin run (Ctrl+3)")}};
    for (const auto& m : modes) {
        auto* a = new QAction(m.text, m_modes);
        a->setShortcut(QKeySequence(Qt::CTRL | m.key));
        a->setToolTip(m.tip);
        a->setCheckable(true);
    }
    modeAction(Mode::Value)->setChecked(true);
    m_hex = new QAction(tr("&Hex cells"), this);
    m_hex->setCheckable(true);
    m_hex->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_H));
    m_hex->setToolTip(tr("Hex cells instead of bits (Ctrl+H)"));
    m_showMoves = new QAction(tr("Show &where bits move"), this);
    m_showMoves->setObjectName(QStringLiteral("showMoves"));
    m_showMoves->setCheckable(true);
    m_showMoves->setToolTip(movesTip());
    m_substeps = new QAction(tr("&Sub-steps (LEA: ⊕ round key, ⊞, rotations; ML-DSA: every butterfly; "
                                "Keccak: θ a sheet, ρ and χ a plane at a time)"),
                             this);
    m_substeps->setObjectName(QStringLiteral("substeps"));
    m_substeps->setCheckable(true);

    auto* bar = new QHBoxLayout(this);
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(new QLabel(tr("Show:"), this));
    for (QAction* a : m_modes->actions() + QList<QAction*>{m_hex, m_showMoves}) {
        auto* b = new QToolButton(this);
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        bar->addWidget(b);
    }
    bar->addStretch();
    m_geometryTitle = new QLabel(this);
    bar->addWidget(m_geometryTitle);

    connect(m_modes, &QActionGroup::triggered, this,
            [this](QAction* a) { setMode(kModes[m_modes->actions().indexOf(a)]); });
    connect(m_hex, &QAction::toggled, this, [this] { emit cellFormatChanged(cellFormat()); });
    connect(m_showMoves, &QAction::toggled, this, &ViewModeBar::showMovesToggled);
    connect(m_substeps, &QAction::toggled, m_session, &sessions::CipherSession::setSubsteps);
}

QAction* ViewModeBar::modeAction(Mode mode) const {
    return m_modes->actions().at(indexOf(mode));
}

void ViewModeBar::setMode(Mode mode) {
    modeAction(mode)->setChecked(true);
    if (mode == m_mode) return;
    m_mode = mode;
    emit modeChanged(mode);
}

QList<QAction*> ViewModeBar::actions() const {
    return m_modes->actions() + QList<QAction*>{m_hex, m_showMoves, m_substeps};
}

StateView::CellFormat ViewModeBar::cellFormat() const {
    return m_hex->isChecked() ? StateView::CellFormat::Hex : StateView::CellFormat::Bits;
}

bool ViewModeBar::hexChoice() const {
    return m_hex->isEnabled() ? m_hex->isChecked() : m_hexBefore;
}

bool ViewModeBar::showsMoves() const {
    return m_showMoves->isChecked() && m_showMoves->isEnabled();
}

void ViewModeBar::setGeometryTitle(const QString& title) {
    m_geometryTitle->setText(title);
}

void ViewModeBar::saveSettings(QSettings& settings) const {
    settings.setValue(QStringLiteral("mode"), QLatin1String(kModeNames[indexOf(m_mode)]));
    settings.setValue(QStringLiteral("hex"), hexChoice());
}

void ViewModeBar::restoreSettings(QSettings& settings) {
    const QString mode = settings.value(QStringLiteral("mode"), QStringLiteral("value")).toString();
    const auto* name = std::find_if(std::begin(kModeNames), std::end(kModeNames),
                                    [&mode](const char* n) { return mode == QLatin1String(n); });
    setMode(name == std::end(kModeNames) ? Mode::Value : kModes[name - std::begin(kModeNames)]);
    m_hex->setChecked(settings.value(QStringLiteral("hex"), false).toBool());
}

void ViewModeBar::applyLayoutLimits(bool polynomial) {
    // Hex cells only for the polynomial (cellFormatChanged tells the view); the user's choice comes back with
    // the next cipher.
    if (polynomial) {
        if (m_hex->isEnabled()) m_hexBefore = m_hex->isChecked();
        m_hex->setChecked(true);
        m_hex->setEnabled(false);
        m_hex->setToolTip(tr("The ML-DSA polynomial is drawn as hex cells: one cell per 32-bit coefficient "
                             "(16 × 16); its 8192 bits would not fit a row"));
    } else if (!m_hex->isEnabled()) {
        m_hex->setEnabled(true);
        m_hex->setToolTip(tr("Hex cells instead of bits (Ctrl+H)"));
        m_hex->setChecked(m_hexBefore);
    }
    // No movement model for the ring transforms: a butterfly mixes two coefficients mod q, no bit moves.
    m_showMoves->setEnabled(!polynomial);
    m_showMoves->setToolTip(polynomial
                                ? tr("Not for the ML-DSA transforms: a butterfly adds and multiplies two "
                                     "coefficients mod q, so no bit moves to a place of its own; the "
                                     "twin difference shows which coefficients a change reaches")
                                : movesTip());
}

} // namespace rs::gui
