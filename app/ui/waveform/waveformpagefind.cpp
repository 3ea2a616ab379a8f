// The Waveforms page's search (WaveformPage, split from waveformpage.cpp): the Find box (equal, not
// equal, masked pattern with x/z, on the selected rows), Go to a cycle or time, and their shortcuts.
#include "app/ui/waveform/waveformpage.h"

#include "app/ui/waveform/waveformview.h"
#include "hw/session/waveformsession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>

#include <algorithm>
#include <cmath>

#include "core/waveform/bitvalue.h"
#include "core/waveform/navigation.h"
#include "core/waveform/rowvalue.h"

namespace rs::gui {

void WaveformPage::showFindError(const QString& message) {
    showError(message);
    m_findError = true;
}

void WaveformPage::addSearchShortcuts() {
    const auto make = [this](const QString& text, const QKeySequence& key, auto slot) {
        auto* a = new QAction(text, this);
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(a, &QAction::triggered, this, slot);
        addAction(a);
    };
    const auto focus = [](QLineEdit* edit) {
        edit->setFocus(Qt::ShortcutFocusReason);
        edit->selectAll();
    };
    make(tr("Find a value"), QKeySequence(Qt::CTRL | Qt::Key_F), [this, focus] { focus(m_find); });
    make(tr("Find next"), QKeySequence(Qt::Key_F3), [this] { findValue(true); });
    make(tr("Find previous"), QKeySequence(Qt::SHIFT | Qt::Key_F3), [this] { findValue(false); });
    make(tr("Go to a cycle or time"), QKeySequence(Qt::CTRL | Qt::Key_G), [this, focus] { focus(m_goto); });
}

void WaveformPage::clearFindError() {
    if (!m_findError) return;
    m_findError = false;
    m_message->hide();
}

bool WaveformPage::findValue(bool forward) {
    const auto rows = m_view->state().searchRows();
    if (rows.empty()) {
        showFindError(tr("Select a signal row first (click its name)"));
        return false;
    }
    // The selected row: a whole signal (its value names count) or bit slices (a value of their width).
    const waveform::WaveRow& selected = rows.front();
    const int width = waveform::rowWidth(m_view->store(), selected);
    const QString title = QString::fromStdString(waveform::rowTitle(m_view->store(), selected));
    static const std::map<std::uint64_t, std::string> kNoNames;
    const auto& valueNames =
        selected.bits.empty() ? m_view->store().signal(selected.id).valueNames : kNoNames;
    const QString text = m_find->text().trimmed();
    const auto mode = static_cast<waveform::MatchMode>(m_findMode->currentData().toInt());
    std::optional<waveform::ValueCondition> condition;
    if (mode == waveform::MatchMode::Pattern) {
        try {
            condition = waveform::parsePattern(text.toStdString());
        } catch (const std::invalid_argument& e) {
            showFindError(tr("Find: %1").arg(QString::fromUtf8(e.what())));
            return false;
        }
    }
    std::optional<std::vector<std::uint64_t>> value;
    if (condition) value = std::vector<std::uint64_t>{}; // the pattern is the value
    for (const auto& [v, name] : valueNames)
        if (text.compare(QString::fromStdString(name), Qt::CaseInsensitive) == 0) value = std::vector{v};
    if (!value) {
        QString digits = text;
        int base = 16;
        const Radix radix = m_view->rows()[static_cast<std::size_t>(m_view->selectedRow())].radix;
        if (digits.startsWith(QLatin1String("0x"), Qt::CaseInsensitive))
            digits = digits.mid(2);
        else if (radix == Radix::Dec)
            base = 10;
        else if (radix == Radix::Bin)
            base = 2;
        // Any width: a 320-bit state is found by its 80 hex digits (or its decimal, or binary).
        value = waveform::parseDigits(digits.toStdString(), base, width);
        if (!value) {
            showFindError(tr("'%1' is not a value of %2 (base %3, at most %4 bits%5)")
                              .arg(text, title)
                              .arg(base)
                              .arg(width)
                              .arg(valueNames.empty() ? QString() : tr(", or a state name")));
            return false;
        }
    }
    if (!condition) condition = waveform::valueCondition(mode, std::move(*value));
    QStringList names;
    int widest = 0;
    for (const waveform::WaveRow& r : rows) {
        names << QString::fromStdString(waveform::rowTitle(m_view->store(), r));
        widest = std::max(widest, waveform::rowWidth(m_view->store(), r));
    }
    if (mode == waveform::MatchMode::Pattern && condition->bitsNeeded() > widest) {
        showFindError(tr("Find: pattern '%1' needs %2 bits; the rows searched (%3) have at most %4")
                          .arg(text)
                          .arg(condition->bitsNeeded())
                          .arg(names.join(QStringLiteral(", ")))
                          .arg(widest));
        return false;
    }
    const bool found = m_view->jumpToMatch(*condition, forward);
    clearFindError(); // an earlier Find's complaint is about a value no longer asked for
    if (!found)
        emit notice(tr("%1 does not take a matching value %2 cursor A")
                        .arg(names.join(QStringLiteral(", ")), forward ? tr("after") : tr("before")));
    else
        m_message->hide();
    return found;
}

bool WaveformPage::goTo() {
    const std::string text = m_goto->text().trimmed().toStdString();
    const auto& state = m_view->state();
    const bool cycle = m_gotoMode->currentIndex() == 0;
    try {
        if (m_view->store().signalCount() == 0)
            throw std::invalid_argument("no trace is loaded (capture the explorer's inputs or open a file)");
        waveform::Tick tick = 0;
        if (cycle) {
            const std::int64_t c = waveform::parseCycle(text);
            if (!state.countsCycles())
                throw std::invalid_argument("no clock numbers the cycles of this trace: choose one in Clock, "
                                            "or go to a time");
            tick = state.tickOfCycle(c);
        } else {
            const auto t = waveform::tickAtSeconds(waveform::parseTimeSeconds(text), state.clockAxis(),
                                                   state.clockMHz(), state.tickSeconds());
            if (!t)
                throw std::invalid_argument("this trace's time step is unknown: set the clock frequency "
                                            "(MHz), or go to a cycle");
            tick = *t;
        }
        if (tick >= state.traceEnd())
            throw std::invalid_argument(
                (cycle ? "cycle " : "time ") + text + " is past the end of the trace (" +
                m_view->formatTick(static_cast<double>(state.traceEnd())).toStdString() + ")");
        clearFindError();
        m_view->setCursor(tick);
        return true;
    } catch (const std::invalid_argument& e) {
        showFindError(tr("Go to: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
}

} // namespace rs::gui
