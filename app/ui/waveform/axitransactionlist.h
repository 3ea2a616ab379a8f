#pragma once
// The Waveforms page's AXI4-Lite transaction list: every read and write on the trace's bus pins
// (core/waveform/axitransactions.h), its register named from the core's map (hw/ip/axiregistermaps.h), data,
// response and clocks. Clicking one puts cursor A at its address handshake and cursor B at the end of its
// response, so the status line's Δ is its latency. Hidden when the trace has no AXI4-Lite bus.

#include <QWidget>

#include <memory>

#include "core/waveform/axitransactions.h"
#include "core/waveform/waveformstore.h"

class QLabel;
class QTreeWidget;

namespace rs::gui {

class WaveformView;

class AxiTransactionList : public QWidget {
    Q_OBJECT

  public:
    /** @brief A list whose clicks move view's cursors. */
    explicit AxiTransactionList(WaveformView* view, QWidget* parent = nullptr);

    /** @brief Decodes the trace's transactions (none, and hidden, when it has no bus). */
    void setStore(const std::shared_ptr<const waveform::WaveformStore>& store);
    /** @brief What the last setStore found. */
    const waveform::AxiDecode& decode() const { return m_decode; }
    /** @brief The register map used ("ascon", "block", "mldsa"); empty when the core is not recognised. */
    const std::string& core() const { return m_core; }
    QTreeWidget* tree() const { return m_tree; }
    /** @brief Puts cursors A and B around transaction index (as a click on its row). */
    void select(int index);

  private:
    WaveformView* m_view;
    QLabel* m_title = nullptr;
    QTreeWidget* m_tree = nullptr;
    waveform::AxiDecode m_decode;
    std::string m_core;
};

} // namespace rs::gui
