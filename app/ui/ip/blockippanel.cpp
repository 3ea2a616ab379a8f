#include "app/ui/ip/blockippanel.h"

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/common/hexfieldform.h"
#include "app/ui/common/pagehelpers.h"
#include "hw/session/blockipsession.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace rs::gui {

namespace {

// The LEA spec example key (KS X 3246), cut to the core's key length; SKINNY-128-384's 48-byte tweakey
// repeats its first 16 bytes as TK3.
constexpr const char* kExampleKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A5968778695A4B3C2D1E0F";

std::vector<inputs::HexField> fieldsFor(const QString& algorithm) {
    const int kb = hw::BlockIpSession::keyBytes(algorithm);
    const std::string example = std::string(kExampleKey) + std::string(kExampleKey).substr(0, 32);
    return {{"key", "Key", kb, example.substr(0, 2 * static_cast<std::size_t>(kb))},
            {"pt", "Message (whole 16-byte blocks in ECB)", -1, "101112131415161718191A1B1C1D1E1F"},
            {"iv", "Counter block (CTR)", 16, std::string(32, '0')}};
}

} // namespace

BlockIpPanel::BlockIpPanel(hw::BlockIpSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("blockIpPanel"));
    m_alg = new QComboBox(this);
    m_alg->addItems(hw::BlockIpSession::algorithms());
    m_rpc = new QComboBox(this);
    m_mode = new QComboBox(this);
    m_mode->addItems({QStringLiteral("ecb"), QStringLiteral("ctr")});
    m_inputs = inputs::HexInputs(fieldsFor(m_alg->currentText()));
    m_form = new HexFieldForm(this);
    m_form->setFields(m_inputs.fields());
    m_run = new QPushButton(tr("Run on the core"), this);
    m_out = new QLabel(this);
    m_out->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_out->setWordWrap(true);
    m_match = new QLabel(this);
    m_match->setWordWrap(true);
    m_cycles = new QLabel(this);
    m_cycles->setWordWrap(true);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Core"), m_alg);
    form->addRow(tr("Rounds per clock"), m_rpc);
    form->addRow(tr("Mode"), m_mode);
    form->addRow(m_form);
    form->addRow(m_run);
    form->addRow(tr("Output"), m_out);
    form->addRow(tr("Model"), m_match);
    form->addRow(tr("Clocks"), m_cycles);

    connect(m_alg, &QComboBox::currentIndexChanged, this, &BlockIpPanel::fillRpc);
    connect(m_mode, &QComboBox::currentIndexChanged, this,
            [this] { ivEdit()->setEnabled(m_mode->currentText() == QStringLiteral("ctr")); });
    connect(m_form, &HexFieldForm::edited, this, [this](const QString& name, const QString& text) {
        m_inputs.setText(name.toStdString(), text.toStdString());
        m_form->showInputs(m_inputs);
    });
    connect(m_form, &HexFieldForm::randomRequested, this, [this](const QString& name) {
        m_inputs.randomize(name.toStdString());
        m_form->showInputs(m_inputs);
    });
    connect(m_run, &QPushButton::clicked, this, &BlockIpPanel::run);
    m_run->setToolTip(tr("Encrypt through the Verilated core (Ctrl+Return)"));
    addRunShortcut(this, m_run);
    connect(m_session, &hw::BlockIpSession::runningChanged, this,
            [this](bool on) { m_run->setEnabled(!on); });
    connect(m_session, &hw::BlockIpSession::finished, this, &BlockIpPanel::showResult);
    connect(m_session, &hw::BlockIpSession::failed, this, &BlockIpPanel::showError);
    fillRpc();
    ivEdit()->setEnabled(false);
}

QLineEdit* BlockIpPanel::keyEdit() const {
    return m_form->field(QStringLiteral("key"))->lineEdit();
}

QLineEdit* BlockIpPanel::messageEdit() const {
    return m_form->field(QStringLiteral("pt"))->lineEdit();
}

QLineEdit* BlockIpPanel::ivEdit() const {
    return m_form->field(QStringLiteral("iv"))->lineEdit();
}

void BlockIpPanel::fillRpc() {
    m_rpc->clear();
    for (const int r : hw::BlockIpSession::supportedRpc(m_alg->currentText()))
        m_rpc->addItem(QString::number(r), r);
    // Another key length: the same text stays if it fits, else the example key of that length.
    auto fields = fieldsFor(m_alg->currentText());
    const std::string example = fields.front().defaultHex;
    m_inputs.setFields(std::move(fields));
    if (!m_inputs.error("key").empty()) m_inputs.setText("key", example);
    m_form->showInputs(m_inputs);
}

void BlockIpPanel::run() {
    const bool ctr = m_mode->currentText() == QStringLiteral("ctr");
    for (const char* name : {"key", "pt", "iv"}) {
        if (!ctr && std::string(name) == "iv") continue; // ECB takes no counter block
        if (!m_inputs.error(name).empty()) return showError(QString::fromStdString(m_inputs.error(name)));
    }
    QString error;
    if (!m_session->run(m_alg->currentText(), m_rpc->currentData().toInt(), *m_inputs.bytes("key"),
                        *m_inputs.bytes("pt"), m_mode->currentText(),
                        ctr ? *m_inputs.bytes("iv") : crypto::Bytes{}, &error))
        showError(error);
}

void BlockIpPanel::showResult(const hw::BlockIpSessionResult& r) {
    // A run started elsewhere (the explorer's capture) shows what it ran; the panel's own runs are its
    // inputs already, kept as typed.
    if (m_alg->currentText() != r.algorithm) m_alg->setCurrentText(r.algorithm);
    m_mode->setCurrentText(r.mode);
    m_rpc->setCurrentIndex(m_rpc->findData(r.rpc));
    const std::pair<const char*, const crypto::Bytes*> ran[] = {{"key", &r.key}, {"pt", &r.input}};
    for (const auto& [name, bytes] : ran)
        if (m_inputs.bytes(name) != *bytes) m_inputs.setBytes(name, *bytes);
    if (r.mode == QStringLiteral("ctr") && m_inputs.bytes("iv") != r.iv) m_inputs.setBytes("iv", r.iv);
    m_form->showInputs(m_inputs);
    m_out->setText(QString::fromStdString(crypto::toHex(r.output)));
    m_match->setText(r.matchesModel ? tr("matches the C++ model") : tr("DIFFERS from the C++ model"));
    setErrorStyle(m_match, !r.matchesModel);
    m_cycles->setText(
        tr("%1 per block = 1 + ceil(rounds / %2), %3 blocks = %4 core clocks; %5 bus clocks in all")
            .arg(r.cyclesPerBlock)
            .arg(r.rpc)
            .arg(r.blocks)
            .arg(r.coreCycles)
            .arg(r.busClocks));
}

void BlockIpPanel::showError(const QString& message) {
    // Nothing of an earlier run stays beside the error: it would read as this run's output.
    m_out->clear();
    m_cycles->clear();
    m_match->setText(message);
    setErrorStyle(m_match, true);
}

} // namespace rs::gui
