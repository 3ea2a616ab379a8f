#pragma once
// The campaign definition as a form: name, targets and algorithms as check lists, message and AD sizes
// as short lists ("0..128/8, 1K, 16..64M*2"), repeats, per-target options ("ip.unroll=2") and the order
// (run after run, or interleaved rounds drawn from a seed).
// The Campaigns page keeps it and the JSON text in step; the form never holds a definition the JSON
// parser would refuse without saying why.

#include <QWidget>

#include <optional>

#include "core/campaign/campaignspec.h"

class QCheckBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace rs::gui {

class CampaignForm : public QWidget {
    Q_OBJECT

  public:
    explicit CampaignForm(QWidget* parent = nullptr);

    /** @brief Shows a definition (does not emit edited()). */
    void setSpec(const campaign::CampaignSpec& spec);
    /** @brief The definition the form describes, validated as the JSON would be; nullopt with the
     *  reason in `error` (naming the field) when it is not valid. */
    std::optional<campaign::CampaignSpec> spec(QString* error = nullptr) const;

    QLineEdit* nameEdit() const { return m_name; }
    QListWidget* targetList() const { return m_targets; }
    QListWidget* algorithmList() const { return m_algorithms; }
    QLineEdit* messageSizesEdit() const { return m_messageSizes; }
    QLineEdit* adSizesEdit() const { return m_adSizes; }
    QSpinBox* repeatsBox() const { return m_repeats; }
    QLineEdit* optionsEdit() const { return m_options; }
    QCheckBox* interleaveBox() const { return m_interleave; }
    QLineEdit* seedEdit() const { return m_seed; }

  signals:
    /** @brief The user changed a field. */
    void edited();

  private:
    QLineEdit* m_name = nullptr;
    QListWidget* m_targets = nullptr;
    QListWidget* m_algorithms = nullptr;
    QLineEdit* m_messageSizes = nullptr;
    QLineEdit* m_adSizes = nullptr;
    QSpinBox* m_repeats = nullptr;
    QLineEdit* m_options = nullptr;
    QCheckBox* m_interleave = nullptr;
    QLineEdit* m_seed = nullptr; ///< the interleaving's seed (enabled while m_interleave is checked)
    bool m_setting = false;      ///< setSpec is filling the fields
};

} // namespace rs::gui
