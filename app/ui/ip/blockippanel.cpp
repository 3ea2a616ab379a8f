#include "app/ui/ip/blockippanel.h"

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/common/hexfieldform.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/ip/resourcepanel.h"
#include "core/oracle/algorithms.h"
#include "core/oracle/operation.h"
#include "hw/session/ipsession.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace rs::gui {

namespace {

/** The core this panel shows (its registry id). */
const QString kCore = QStringLiteral("block");

// The LEA spec example key (KS X 3246), cut to the core's key length; SKINNY-128-384's 48-byte tweakey
// repeats its first 16 bytes as TK3.
constexpr const char* kExampleKey = "0F1E2D3C4B5A69788796A5B4C3D2E1F0F0E1D2C3B4A5968778695A4B3C2D1E0F";

// Every length the fields show and check is the algorithm's registry row's (key, block).
std::vector<inputs::HexField> fieldsFor(const QString& algorithm) {
    const auto* row = oracle::findBlock(algorithm.toStdString());
    const int kb = row ? static_cast<int>(row->keyBytes) : 0;
    const std::size_t block = row ? row->blockBytes : 16;
    const std::string example = std::string(kExampleKey) + std::string(kExampleKey).substr(0, 32);
    const std::string examplePt = "101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F";
    return {{"key", "Key", kb, example.substr(0, 2 * static_cast<std::size_t>(kb))},
            {"pt", "Message (whole " + std::to_string(block) + "-byte blocks in ECB)", -1,
             examplePt.substr(0, 2 * block)},
            {"iv", "Counter block (CTR)", static_cast<int>(block), std::string(2 * block, '0')}};
}

} // namespace

QStringList BlockIpPanel::algorithms() {
    QStringList out;
    for (const QString& op : hw::IpSession::operations(kCore))
        if (const auto o = oracle::findOperation(op.toStdString()); o && o->block)
            if (const QString id = QString::fromStdString(o->block->id); !out.contains(id)) out << id;
    return out;
}

int BlockIpPanel::keyBytes(const QString& algorithm) {
    const auto* b = oracle::findBlock(algorithm.toStdString());
    return b ? static_cast<int>(b->keyBytes) : 0;
}

BlockIpPanel::BlockIpPanel(hw::IpSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("blockIpPanel"));
    m_alg = new QComboBox(this);
    m_alg->addItems(algorithms());
    m_rpc = new QComboBox(this);
    m_mode = new QComboBox(this);
    m_mode->addItems({QStringLiteral("ecb"), QStringLiteral("ctr")});
    m_inputs = inputs::HexInputs(fieldsFor(m_alg->currentText()));
    m_form = new HexFieldForm(this); // its editors: fillRpc's
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
    // The core and rounds per clock chosen, synthesised off the GUI thread (cached per RTL hash); the papers
    // give no figures for these cores.
    m_resources = new ResourcePanel(this);
    form->addRow(tr("Resources"), m_resources);
    connect(m_rpc, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index < 0) return; // fillRpc clears the box before it fills it
        const QString alg = m_alg->currentText();
        hw::ResourceOptions o;
        o.core = hw::blockResourceCore(alg.toStdString()); // the box lists the block core's ciphers only
        o.unroll = m_rpc->currentData().toInt();
        m_resources->setConfiguration(o, tr("%1 IP, rounds per clock %2").arg(alg).arg(o.unroll));
    });

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
    connect(m_session, &hw::IpSession::runningChanged, this, [this](bool on) { m_run->setEnabled(!on); });
    connect(m_session, &hw::IpSession::finished, this, [this](const hw::IpSessionResult& r) {
        if (r.core == kCore) showResult(r);
    });
    connect(m_session, &hw::IpSession::failed, this, [this](const QString& core, const QString& message) {
        if (core == kCore) showError(message);
    });
    fillRpc();
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
    for (const int r : hw::IpSession::settingValues(m_alg->currentText() + QStringLiteral("-ecb"),
                                                    QStringLiteral("unroll")))
        m_rpc->addItem(QString::number(r), r);
    // Another key length: the same text stays if it fits, else the example key of that length.
    auto fields = fieldsFor(m_alg->currentText());
    const std::string example = fields.front().defaultHex;
    m_inputs.setFields(std::move(fields));
    if (!m_inputs.error("key").empty()) m_inputs.setText("key", example);
    // New editors: their labels say this algorithm's lengths, not those of the one the panel opened with.
    m_form->setFields(m_inputs.fields());
    m_form->showInputs(m_inputs);
    ivEdit()->setEnabled(m_mode->currentText() == QStringLiteral("ctr"));
}

void BlockIpPanel::run() {
    const bool ctr = m_mode->currentText() == QStringLiteral("ctr");
    for (const char* name : {"key", "pt", "iv"}) {
        if (!ctr && std::string(name) == "iv") continue; // ECB takes no counter block
        if (!m_inputs.error(name).empty()) return showError(QString::fromStdString(m_inputs.error(name)));
    }
    const crypto::Bytes pt = *m_inputs.bytes("pt");
    if (!ctr && (pt.empty() || pt.size() % 16))
        return showError(tr("plaintext: ECB needs whole 16-byte blocks (got %1 bytes)").arg(pt.size()));
    std::map<std::string, crypto::Bytes> fields = {{"key", *m_inputs.bytes("key")}, {"pt", pt}};
    if (ctr) fields["iv"] = *m_inputs.bytes("iv");
    QString error;
    if (!m_session->run({m_alg->currentText() + QLatin1Char('-') + m_mode->currentText(),
                         hw::IpSession::inputsFromFields(fields),
                         {{"unroll", m_rpc->currentData().toInt()}}},
                        &error))
        showError(error);
}

void BlockIpPanel::showResult(const hw::IpSessionResult& r) {
    // A run started elsewhere (the explorer's capture) shows what it ran; the panel's own runs are its
    // inputs already, kept as typed.
    const auto op = oracle::findOperation(r.operation.toStdString());
    const QString algorithm = QString::fromStdString(op->block->id);
    const QString mode = op->ctr ? QStringLiteral("ctr") : QStringLiteral("ecb");
    const int rpc = r.settings.at("unroll");
    if (m_alg->currentText() != algorithm) m_alg->setCurrentText(algorithm);
    m_mode->setCurrentText(mode);
    m_rpc->setCurrentIndex(m_rpc->findData(rpc));
    const std::pair<const char*, const crypto::Bytes*> ran[] = {{"key", &r.inputs.key},
                                                                {"pt", &r.inputs.message}};
    for (const auto& [name, bytes] : ran)
        if (m_inputs.bytes(name) != *bytes) m_inputs.setBytes(name, *bytes);
    if (op->ctr && m_inputs.bytes("iv") != r.inputs.nonce) m_inputs.setBytes("iv", r.inputs.nonce);
    m_form->showInputs(m_inputs);
    m_out->setText(QString::fromStdString(crypto::toHex(r.run.output)));
    m_match->setText(r.matchesModel ? tr("matches the C++ model") : tr("DIFFERS from the C++ model"));
    setErrorStyle(m_match, !r.matchesModel);
    const std::uint64_t blocks = r.run.units;
    const std::uint64_t perBlock = blocks > 0 ? r.run.formulaCoreClocks.value_or(0) / blocks : 0;
    m_cycles->setText(
        tr("%1 per block = 1 + ceil(rounds / %2), %3 blocks = %4 core clocks; %5 bus clocks in all")
            .arg(perBlock)
            .arg(rpc)
            .arg(blocks)
            .arg(r.run.coreClocks)
            .arg(r.run.busClocks));
}

void BlockIpPanel::showError(const QString& message) {
    // Nothing of an earlier run stays beside the error: it would read as this run's output.
    m_out->clear();
    m_cycles->clear();
    m_match->setText(message);
    setErrorStyle(m_match, true);
}

} // namespace rs::gui
