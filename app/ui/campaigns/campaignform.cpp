#include "app/ui/campaigns/campaignform.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QRandomGenerator>
#include <QRegularExpressionValidator>
#include <QSpinBox>

#include <algorithm>
#include <charconv>

#include "core/campaign/runner.h"

namespace rs::gui {

namespace {

QListWidget* checkList(const std::vector<std::string>& ids, QWidget* parent) {
    auto* list = new QListWidget(parent);
    for (const auto& id : ids) {
        auto* it = new QListWidgetItem(QString::fromStdString(id), list);
        it->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        it->setCheckState(Qt::Unchecked);
    }
    return list;
}

void setChecked(QListWidget* list, const std::vector<std::string>& ids) {
    for (int i = 0; i < list->count(); ++i) {
        QListWidgetItem* it = list->item(i);
        const bool on = std::find(ids.begin(), ids.end(), it->text().toStdString()) != ids.end();
        it->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
}

std::vector<std::string> checked(const QListWidget* list) {
    std::vector<std::string> out;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked) out.push_back(list->item(i)->text().toStdString());
    return out;
}

QString optionsText(const std::map<std::string, std::string>& options) {
    QStringList parts;
    for (const auto& [k, v] : options)
        parts << QString::fromStdString(k + "=" + v);
    return parts.join(QStringLiteral(", "));
}

/** "ip.unroll=2, ip.clock_mhz=100" -> map; SpecError for an item without '='. */
std::map<std::string, std::string> parseOptions(const QString& text) {
    std::map<std::string, std::string> out;
    for (const QString& part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString item = part.trimmed();
        if (item.isEmpty()) continue;
        const auto eq = item.indexOf(QLatin1Char('='));
        if (eq <= 0) throw campaign::SpecError("'" + item.toStdString() + "': expected target.setting=value");
        out[item.left(eq).trimmed().toStdString()] = item.mid(eq + 1).trimmed().toStdString();
    }
    return out;
}

} // namespace

CampaignForm::CampaignForm(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("campaignForm"));
    m_name = new QLineEdit(this);
    m_targets = checkList(campaign::specTargets(), this);
    m_targets->setToolTip(tr("Targets not built into this program are listed too: a definition may name "
                             "them, the run refuses them"));
    m_algorithms = checkList(campaign::specAlgorithms(), this);
    m_messageSizes = new QLineEdit(this);
    m_adSizes = new QLineEdit(this);
    const QString sizeHelp = tr("Sizes in bytes, comma-separated: 64, 1K, 64M; ranges 0..128/8 (step 8) "
                                "or 16..64M*2 (doubling)");
    m_messageSizes->setToolTip(sizeHelp);
    m_adSizes->setToolTip(sizeHelp + tr(" — AEAD only"));
    m_messageSizes->setPlaceholderText(QStringLiteral("16..1K*2"));
    m_adSizes->setPlaceholderText(QStringLiteral("0"));
    m_repeats = new QSpinBox(this);
    m_repeats->setRange(1, 1000);
    m_repeats->setToolTip(tr("Timed repetitions per run (min / median / max)"));
    m_options = new QLineEdit(this);
    m_options->setPlaceholderText(QStringLiteral("ip.unroll=1, ip.clock_mhz=100, cpu-mt.threads=0"));
    m_options->setToolTip(tr("Per-target settings as target.setting=value, comma-separated"));
    m_interleave = new QCheckBox(tr("&Interleave, seed"), this);
    m_interleave->setToolTip(tr("Time every run once per round, Repeats rounds, each in a random order drawn "
                                "from the seed, so a drift of the machine spreads over every point instead "
                                "of falling on the runs that happened to run late. Off: each run's repeats "
                                "are timed together, run after run"));
    m_seed = new QLineEdit(this);
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{0,16}")), m_seed));
    m_seed->setPlaceholderText(tr("drawn when checked"));
    m_seed->setToolTip(tr("The same seed draws the same order (kept in the definition)"));
    m_seed->setEnabled(false);
    for (QListWidget* l : {m_targets, m_algorithms})
        l->setMaximumHeight(l->sizeHintForRow(0) * std::min(l->count(), 7) + 2 * l->frameWidth() + 4);

    auto* lists = new QHBoxLayout;
    lists->addWidget(m_targets, 1);
    lists->addWidget(m_algorithms, 2);
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Name"), m_name);
    form->addRow(tr("Targets / algorithms"), lists);
    form->addRow(tr("&Message sizes"), m_messageSizes);
    form->addRow(tr("&AD sizes"), m_adSizes);
    form->addRow(tr("&Repeats"), m_repeats);
    form->addRow(tr("&Options"), m_options);
    auto* order = new QHBoxLayout;
    order->addWidget(m_interleave);
    order->addWidget(m_seed, 1);
    form->addRow(tr("Order"), order);

    const auto changed = [this] {
        if (!m_setting) emit edited();
    };
    for (QLineEdit* e : {m_name, m_messageSizes, m_adSizes, m_options})
        connect(e, &QLineEdit::textEdited, this, changed);
    connect(m_repeats, &QSpinBox::valueChanged, this, changed);
    connect(m_interleave, &QCheckBox::toggled, this, [this, changed](bool on) {
        m_seed->setEnabled(on);
        // A fresh seed when none is typed, shown so the order can be drawn again.
        if (on && !m_setting && m_seed->text().isEmpty())
            m_seed->setText(QString::number(QRandomGenerator::global()->bounded(quint32(1) << 31)));
        changed();
    });
    connect(m_seed, &QLineEdit::textEdited, this, changed);
    for (QListWidget* l : {m_targets, m_algorithms})
        connect(l, &QListWidget::itemChanged, this, changed);
}

void CampaignForm::setSpec(const campaign::CampaignSpec& spec) {
    m_setting = true;
    m_name->setText(QString::fromStdString(spec.name));
    setChecked(m_targets, spec.targets);
    setChecked(m_algorithms, spec.algorithms);
    m_messageSizes->setText(QString::fromStdString(campaign::formatSizeList(spec.messageBytes)));
    m_adSizes->setText(QString::fromStdString(campaign::formatSizeList(spec.adBytes)));
    m_repeats->setValue(spec.repeats);
    m_options->setText(optionsText(spec.options));
    m_interleave->setChecked(spec.interleaveSeed.has_value());
    m_seed->setText(spec.interleaveSeed ? QString::number(*spec.interleaveSeed) : QString());
    m_setting = false;
}

std::optional<campaign::CampaignSpec> CampaignForm::spec(QString* error) const {
    campaign::CampaignSpec s;
    const char* field = "name";
    try {
        s.name = m_name->text().toStdString();
        s.targets = checked(m_targets);
        s.algorithms = checked(m_algorithms);
        field = "message sizes";
        s.messageBytes = campaign::parseSizeList(m_messageSizes->text().toStdString());
        field = "AD sizes";
        s.adBytes = m_adSizes->text().trimmed().isEmpty()
                        ? std::vector<std::uint64_t>{0}
                        : campaign::parseSizeList(m_adSizes->text().toStdString());
        s.repeats = m_repeats->value();
        field = "options";
        s.options = parseOptions(m_options->text());
        if (m_interleave->isChecked()) {
            field = "seed";
            const std::string text = m_seed->text().toStdString();
            std::uint64_t seed = 0;
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
            if (text.empty() || ec != std::errc() || end != text.data() + text.size())
                throw campaign::SpecError("expected a whole number (the same seed draws the same order)");
            s.interleaveSeed = seed; // the JSON parser below checks its range
        }
        // The JSON parser's checks (empty lists, option prefixes, ...) with its wording, then the pairs: a
        // target checked with an algorithm its runner does not run is named here, never run as a failure.
        field = "definition";
        campaign::CampaignSpec parsed = campaign::parseSpec(campaign::specJson(s));
        campaign::checkSupported(parsed);
        return parsed;
    } catch (const std::exception& e) {
        if (error) *error = tr("%1: %2").arg(tr(field), QString::fromUtf8(e.what()));
        return std::nullopt;
    }
}

} // namespace rs::gui
