#include "app/ui/waveform/viewstateedit.h"

#include "app/ui/waveform/waveformpage.h"
#include "app/ui/waveform/waveformview.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>

#include <algorithm>

namespace rs::gui {

void syncPageBoxes(WaveformPage& page) {
    const auto& state = page.view()->state();
    QComboBox* clock = page.clockBox();
    const QSignalBlocker blockClock(clock);
    const int i =
        state.clockSignal() ? clock->findData(QVariant::fromValue<qulonglong>(*state.clockSignal())) : 0;
    clock->setCurrentIndex(std::max(0, i));
    QComboBox* unit = page.unitBox();
    const QSignalBlocker blockUnit(unit);
    unit->setCurrentIndex(std::max(0, unit->findData(static_cast<int>(state.timeUnit()))));
    const QSignalBlocker blockMhz(page.mhzBox());
    page.mhzBox()->setValue(state.clockMHz());
}

} // namespace rs::gui
