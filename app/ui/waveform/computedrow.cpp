#include "app/ui/waveform/computedrow.h"

#include "app/ui/waveform/signaltree.h"
#include "app/ui/waveform/waveformview.h"
#include "core/waveform/expression.h"

#include <QInputDialog>

namespace rs::gui {

bool addComputedRow(WaveformView* view, SignalTree* tree, const QString& expression, QString* error) {
    try {
        if (view->store().signalCount() == 0)
            throw std::invalid_argument("no trace is loaded (capture the explorer's inputs or open a file)");
        const waveform::SignalId id = waveform::addComputedSignal(view->store(), expression.toStdString());
        if (tree) tree->rebuild();
        view->addSignal(id);
        view->setSelectedRow(static_cast<int>(view->rows().size()) - 1);
        return true;
    } catch (const std::invalid_argument& e) {
        if (error) *error = QObject::tr("Computed row: %1").arg(QString::fromUtf8(e.what()));
        return false;
    }
}

bool askComputedRow(QWidget* parent, WaveformView* view, SignalTree* tree, QString* error) {
    bool ok = false;
    const QString text = QInputDialog::getText(
        parent, QObject::tr("Add computed row"),
        QObject::tr("Expression over the signals (e.g. busy && !valid, awaddr == 0x80, (a ^ b) & 0xF):\n"
                    "operators ! ~ + - < > <= >= == != & ^ | && ||, parentheses, numbers 12, 0x1F, 0b101;\n"
                    "a name with spaces in \"quotes\""),
        QLineEdit::Normal, QString(), &ok);
    if (!ok || text.trimmed().isEmpty()) return false;
    return addComputedRow(view, tree, text, error);
}

} // namespace rs::gui
