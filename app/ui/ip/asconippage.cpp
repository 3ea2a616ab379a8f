#include "app/ui/ip/asconippage.h"

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/common/hexfieldform.h"
#include "app/ui/common/pagehelpers.h"
#include "app/ui/ip/resourcepanel.h"
#include "core/oracle/algorithms.h"
#include "core/sessions/explorermodel.h"
#include "hw/session/ipsession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rs::gui {

using hw::IpSession;
using hw::IpSessionResult;

namespace {

/** The core this page shows (its registry id). */
const QString kCore = QStringLiteral("ascon");

QString hex(const crypto::Bytes& b) {
    return QString::fromStdString(crypto::toHex(b));
}

/** The fields of an AEAD operation as the Round Explorer takes them (the same spec examples and rules). */
std::vector<inputs::HexField> fieldsOf(const QString& operation) {
    const auto* alg = sessions::findExplorerAlgorithm(operation.toStdString());
    return alg ? alg->hexFields() : std::vector<inputs::HexField>{};
}

/** Decrypt mode's fields: the AEAD's without the plaintext, then the ciphertext and the tag. */
std::vector<inputs::HexField> decryptFieldsOf(const QString& operation) {
    std::vector<inputs::HexField> out;
    for (inputs::HexField& f : fieldsOf(operation))
        if (f.name != "pt") out.push_back(std::move(f));
    const auto* aead = oracle::findAead(operation.toStdString());
    out.push_back({"ct", "Ciphertext", -1, ""});
    out.push_back({"tag", "Tag", aead ? static_cast<int>(aead->tagBytes) : 16, ""});
    return out;
}

QTableWidgetItem* cell(const QString& text) {
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

QTableWidget* makeTable(int rows, const QStringList& rowNames, const QStringList& columns, QWidget* parent) {
    auto* t = new QTableWidget(rows, static_cast<int>(columns.size()), parent);
    t->setHorizontalHeaderLabels(columns);
    t->setVerticalHeaderLabels(rowNames);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    return t;
}

} // namespace

AsconIpPage::AsconIpPage(IpSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("ipPage"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    // --- operation --------------------------------------------------------------------------------
    auto* opBox = new QGroupBox(tr("Operation (through the Verilated IP, AXI4-Lite)"), this);
    auto* form = new QFormLayout;
    m_variant = new QComboBox(opBox);
    m_variant->setObjectName(QStringLiteral("ipVariant"));
    for (const QString& op : IpSession::operations(kCore)) {
        const auto* alg = sessions::findExplorerAlgorithm(op.toStdString());
        m_variant->addItem(alg ? QString::fromStdString(alg->displayName) : op, op);
    }
    const QString first = m_variant->itemData(0).toString();
    m_unroll = new QComboBox(opBox);
    m_unroll->setObjectName(QStringLiteral("ipUnroll"));
    for (int u : IpSession::settingValues(first, QStringLiteral("unroll")))
        m_unroll->addItem(QString::number(u), u);
    m_precomputed = new QCheckBox(tr("Initialisation precomputed on the host (state injected)"), opBox);
    m_precomputed->setObjectName(QStringLiteral("ipPrecomputed"));
    m_mode = new QComboBox(opBox);
    m_mode->setObjectName(QStringLiteral("ipMode"));
    m_mode->addItem(tr("Encrypt (plaintext in)"));
    m_mode->addItem(tr("Decrypt (ciphertext and tag in; plaintext held until the tag verifies)"));
    m_tamper = new QCheckBox(tr("Tamper the tag (flip bit 0 of its last byte before the run)"), opBox);
    m_tamper->setObjectName(QStringLiteral("ipTamper"));
    m_tamper->setVisible(false);
    form->addRow(tr("Variant"), m_variant);
    form->addRow(tr("Direction"), m_mode);
    form->addRow(tr("Rounds per clock"), m_unroll);
    form->addRow(QString(), m_precomputed);
    form->addRow(QString(), m_tamper);
    auto* opLayout = new QVBoxLayout(opBox);
    opLayout->addLayout(form);
    m_form = new HexFieldForm(opBox);
    m_inputs = inputs::HexInputs(fieldsOf(first));
    m_form->setFields(m_inputs.fields());
    opLayout->addWidget(m_form);
    connect(m_form, &HexFieldForm::edited, this, [this](const QString& name, const QString& text) {
        m_inputs.setText(name.toStdString(), text.toStdString());
        syncInputs();
    });
    connect(m_form, &HexFieldForm::randomRequested, this, [this](const QString& name) {
        m_inputs.randomize(name.toStdString());
        syncInputs();
    });
    m_run = new QPushButton(tr("Run on the IP"), opBox);
    m_run->setObjectName(QStringLiteral("ipRun"));
    m_run->setToolTip(tr("Encrypt or decrypt through the Verilated IP core (Ctrl+Return)"));
    m_state = new QLabel(opBox);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(m_run);
    runRow->addWidget(m_state, 1);
    opLayout->addLayout(runRow);
    opLayout->addStretch(1);

    // Ctrl+Return, scoped to this page, as every page's run (Ctrl+R is the explorer's random inputs).
    m_runAction = addRunShortcut(this, tr("Run on the IP"));

    // --- result -------------------------------------------------------------------------------------
    auto* resBox = new QGroupBox(tr("Result"), this);
    auto* resForm = new QFormLayout;
    const auto monoLabel = [&](const QString& objectName) {
        auto* l = new QLabel(QStringLiteral("—"), resBox);
        l->setObjectName(objectName);
        l->setFont(mono);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
        return l;
    };
    m_ct = monoLabel(QStringLiteral("ipCt"));
    m_tag = monoLabel(QStringLiteral("ipTag"));
    m_pt = monoLabel(QStringLiteral("ipPt"));
    m_match = new QLabel(QStringLiteral("—"), resBox);
    m_match->setObjectName(QStringLiteral("ipMatches"));
    m_axi = new QLabel(QStringLiteral("—"), resBox);
    m_axi->setObjectName(QStringLiteral("ipAxi"));
    resForm->addRow(tr("Ciphertext"), m_ct);
    resForm->addRow(tr("Tag"), m_tag);
    resForm->addRow(tr("Plaintext (decryption)"), m_pt);
    resForm->addRow(tr("Matches the C++ model"), m_match);
    resForm->addRow(tr("AXI transactions"), m_axi);
    m_cycles = makeTable(6,
                         {tr("Initialisation"), tr("Associated data"), tr("Data"), tr("Finalisation"),
                          tr("AXI overhead"), tr("Total")},
                         {tr("Measured (clocks)"), tr("Formula (hw/CYCLES.md)")}, resBox);
    m_cycles->setObjectName(QStringLiteral("ipCycles"));
    auto* resLayout = new QVBoxLayout(resBox);
    resLayout->addLayout(resForm);
    resLayout->addWidget(new QLabel(tr("Clocks per phase"), resBox));
    resLayout->addWidget(m_cycles);
    resLayout->addStretch(1);

    auto* top = new QHBoxLayout;
    top->addWidget(opBox, 1);
    top->addWidget(resBox, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top, 1);
    layout->addWidget(buildResources());

    // Rounds per clock and precomputation are the core's current settings (the explorer's capture uses them).
    connect(m_unroll, &QComboBox::currentIndexChanged, this, [this] {
        m_session->setSettings(kCore, {{"unroll", m_unroll->currentData().toInt()}});
    });
    connect(m_precomputed, &QCheckBox::toggled, this, [this](bool on) {
        m_session->setSettings(kCore, {{"precomputed", on ? 1 : 0}});
    });
    connect(m_session, &IpSession::settingsChanged, this, [this](const QString& core) {
        if (core == kCore) syncOptions();
    });
    connect(m_mode, &QComboBox::currentIndexChanged, this, [this](int index) { setDecryptMode(index == 1); });
    connect(m_run, &QPushButton::clicked, this, &AsconIpPage::run);
    connect(m_runAction, &QAction::triggered, this, &AsconIpPage::run);
    connect(m_session, &IpSession::runningChanged, this, [this](bool running) {
        const bool ours = running && m_session->runningCore() == kCore;
        m_state->setText(ours ? tr("running on the IP…") : QString());
        setErrorStyle(m_state, false);
        updateRunEnabled();
    });
    connect(m_session, &IpSession::finished, this, [this](const IpSessionResult& r) {
        if (r.core == kCore) showResult(r);
    });
    connect(m_session, &IpSession::failed, this, [this](const QString& core, const QString& message) {
        if (core != kCore) return;
        m_state->setText(tr("failed: %1").arg(message));
        setErrorStyle(m_state, true);
    });
    syncOptions();
    syncInputs();
}

HexFieldEdit* AsconIpPage::field(const QString& name) const {
    return m_form->field(name);
}

bool AsconIpPage::decryptMode() const {
    return m_mode->currentIndex() == 1;
}

bool AsconIpPage::run() {
    const auto values = m_inputs.values();
    if (!values || m_session->isRunning()) return false;
    hw::IpRequest request{
        m_variant->currentData().toString(),
        IpSession::inputsFromFields(*values),
        {{"unroll", m_unroll->currentData().toInt()}, {"precomputed", m_precomputed->isChecked() ? 1 : 0}},
        std::nullopt};
    if (decryptMode()) {
        request.inputs.message = values->at("ct");
        crypto::Bytes tag = values->at("tag");
        if (m_tamper->isChecked() && !tag.empty()) tag.back() ^= 0x01; // one bit: the IP must refuse it
        request.tag = std::move(tag);
    }
    return m_session->run(request);
}

void AsconIpPage::setDecryptMode(bool on) {
    m_tamper->setVisible(on);
    if (on == (m_inputs.field("ct") != nullptr)) return;
    const QString op = m_variant->currentData().toString();
    if (on) {
        // The ciphertext and tag start as the C++ model's encryption of the inputs as typed, so the first
        // decryption verifies and the tamper switch shows the difference one bit makes.
        std::optional<crypto::Bytes> sealed;
        if (const auto v = m_inputs.values())
            sealed =
                oracle::referenceOutput(oracle::operation(op.toStdString()), IpSession::inputsFromFields(*v));
        m_ptText = m_inputs.text("pt");
        m_inputs.setFields(decryptFieldsOf(op));
        const inputs::HexField* tag = m_inputs.field("tag");
        if (sealed && tag && sealed->size() >= static_cast<std::size_t>(tag->bytes)) {
            const auto split = sealed->end() - tag->bytes;
            m_inputs.setBytes("ct", crypto::Bytes(sealed->begin(), split));
            m_inputs.setBytes("tag", crypto::Bytes(split, sealed->end()));
        }
    } else {
        m_inputs.setFields(fieldsOf(op));
        m_inputs.setText("pt", m_ptText);
    }
    m_form->setFields(m_inputs.fields());
    syncInputs();
}

QWidget* AsconIpPage::buildResources() {
    auto* box = new QGroupBox(tr("Resources: this core beside the paper's Table 2 / Table 3"), this);
    // Ours: hw/README.md (`roundscope-cli ip resources --detail`: yosys synth_xilinx for the paper's
    // Zynq-7020 family with both mappers, and a generic LUT6 mapping's depth); the paper's figures are
    // its Vivado utilisation for the ASCON-128 (Table 2) and ASCON-128a (Table 3) cores. A tool's
    // figures are compared only with the same tool's.
    const QStringList columns = {tr("Ours: IP\nunroll 1"), tr("Ours: core alone\nunroll 1"),
                                 tr("Ours: lean core\nAEAD128 only"), tr("Paper Table 2\nASCON-128"),
                                 tr("Paper Table 3\nASCON-128a")};
    const QStringList rows = {tr("LUTs, yosys abc"), tr("LUTs, yosys -abc9"),
                              tr("LUTs, Vivado"),    tr("Registers"),
                              tr("CARRY4"),          tr("LUT depth")};
    const QString none = QStringLiteral("—");
    const QList<QStringList> values = {
        {tr("6 124 + 30 RAM32M"), tr("2 995"), tr("2 217"), none, none},
        {tr("4 555 + 30 RAM32M"), tr("2 830"), tr("2 047"), none, none},
        {none, none, none, tr("39 224"), tr("29 471")},
        {tr("1 745"), tr("897"), tr("664"), tr("7 446"), tr("6 555")},
        {tr("117"), tr("73"), tr("11"), none, none},
        {tr("11"), tr("10"), tr("9"), none, none},
    };
    m_resources = makeTable(static_cast<int>(rows.size()), rows, columns, box);
    m_resources->setObjectName(QStringLiteral("ipResources"));
    for (int r = 0; r < values.size(); ++r)
        for (int c = 0; c < values[r].size(); ++c)
            m_resources->setItem(r, c, cell(values[r][c]));
    auto* source = new QLabel(tr("Ours: yosys 0.23 synth_xilinx -family xc7 over hw/rtl, default mapper and "
                                 "-abc9; LUT depth from a generic LUT6 mapping (ltp), a timing proxy "
                                 "(hw/README.md; roundscope-cli ip resources --detail). The open "
                                 "rprimas/ascon-verilog core, with hashing: 2 444 LUTs with -abc9. "
                                 "Paper: its Table 2 (ASCON-128) and Table 3 (ASCON-128a), Vivado."),
                              box);
    source->setObjectName(QStringLiteral("ipResourceSource"));
    source->setWordWrap(true);
    // The rounds per clock chosen, synthesised off the GUI thread (cached per RTL hash), beside the paper's
    // Vivado figures of its cores.
    m_resourcePanel = new ResourcePanel(box);
    m_resourcePanel->setPaperColumns(
        {{tr("Paper Table 2\nASCON-128"), {tr("39 224"), none, tr("7 446"), none, none}},
         {tr("Paper Table 3\nASCON-128a"), {tr("29 471"), none, tr("6 555"), none, none}}});
    auto* l = new QVBoxLayout(box);
    l->addWidget(m_resources);
    l->addWidget(source);
    l->addWidget(m_resourcePanel);
    return box;
}

void AsconIpPage::syncInputs() {
    m_form->showInputs(m_inputs);
    updateRunEnabled();
}

void AsconIpPage::syncOptions() {
    const QSignalBlocker unroll(m_unroll), precomputed(m_precomputed);
    const hw::IpSettings s = m_session->settings(kCore);
    if (const auto u = s.find("unroll"); u != s.end())
        m_unroll->setCurrentIndex(std::max(0, m_unroll->findData(u->second)));
    if (const auto p = s.find("precomputed"); p != s.end()) m_precomputed->setChecked(p->second != 0);
    hw::ResourceOptions resources; // core 0: the Ascon IP (ascon_axi_top)
    resources.unroll = m_unroll->currentData().toInt();
    m_resourcePanel->setConfiguration(resources, tr("IP, rounds per clock %1").arg(resources.unroll));
}

void AsconIpPage::updateRunEnabled() {
    const bool can = m_inputs.valid() && !m_session->isRunning();
    m_run->setEnabled(can);
    m_runAction->setEnabled(can);
}

void AsconIpPage::showResult(const IpSessionResult& r) {
    // A run started elsewhere (the explorer's capture) shows what it ran; the page's own runs are its inputs
    // and options already, kept as typed.
    {
        const QSignalBlocker variant(m_variant), unroll(m_unroll), precomputed(m_precomputed), mode(m_mode);
        m_variant->setCurrentIndex(std::max(0, m_variant->findData(r.operation)));
        m_unroll->setCurrentIndex(std::max(0, m_unroll->findData(r.settings.at("unroll"))));
        m_precomputed->setChecked(r.settings.at("precomputed") != 0);
        m_mode->setCurrentIndex(r.tag ? 1 : 0);
    }
    setDecryptMode(r.tag.has_value());
    for (const inputs::HexField& f : m_inputs.fields()) {
        if (f.name == "tag") continue; // as typed: the run's may be the tampered one (shown as the result)
        const crypto::Bytes ran = f.name == "ct" ? r.inputs.message : IpSession::fieldOf(r.inputs, f.name);
        if (m_inputs.bytes(f.name) != ran) m_inputs.setBytes(f.name, ran);
    }
    syncInputs();
    showFigures(r);
    if (r.tag) {
        showDecryptResult(r);
        return;
    }
    m_pt->setText(QStringLiteral("—"));
    setErrorStyle(m_pt, false);
    const crypto::Bytes& out = r.run.output;
    const std::size_t ctBytes = r.inputs.message.size();
    const crypto::Bytes ct(out.begin(),
                           out.begin() + static_cast<std::ptrdiff_t>(std::min(ctBytes, out.size())));
    const crypto::Bytes tag(out.begin() + static_cast<std::ptrdiff_t>(ct.size()), out.end());
    m_ct->setText(ct.empty() ? tr("(empty)") : hex(ct));
    m_tag->setText(hex(tag));
    m_state->setText(r.run.formulaExact ? tr("done")
                                        : tr("done (the input streamed through the FIFOs; the formula "
                                             "assumes it fits them)"));
}

void AsconIpPage::showDecryptResult(const IpSessionResult& r) {
    m_ct->setText(r.inputs.message.empty() ? tr("(empty)") : hex(r.inputs.message));
    m_tag->setText(hex(*r.tag));
    if (r.authenticated) {
        m_pt->setText(r.run.output.empty() ? tr("(empty)") : hex(r.run.output));
        m_state->setText(tr("done: the tag verified (STATUS.AUTH_OK); the plaintext was held in the output "
                            "FIFO (STATUS.HELD) until then"));
    } else {
        m_pt->setText(tr("authentication failed — no plaintext released"));
        m_state->setText(tr("done: the tag did not verify (STATUS.AUTH_FAIL); the held output FIFO was "
                            "cleared, nothing was read"));
    }
    setErrorStyle(m_pt, !r.authenticated);
}

void AsconIpPage::showFigures(const IpSessionResult& r) {
    m_match->setText(r.matchesModel ? tr("yes") : tr("no"));
    setErrorStyle(m_match, !r.matchesModel);
    m_axi->setText(
        tr("%1 (formula %2)").arg(r.run.busTransactions).arg(r.run.formulaBusTransactions.value_or(0)));
    // Rows: initialisation, AD, data, finalisation, AXI overhead (the core's phases), then the total.
    int row = 0;
    for (const char* name : {"init", "ad", "data", "final", "axi"}) {
        const auto c = std::find_if(r.run.phases.begin(), r.run.phases.end(),
                                    [name](const hw::IpCount& p) { return p.name == name; });
        const bool known = c != r.run.phases.end();
        m_cycles->setItem(row, 0, cell(known ? QString::number(c->measured) : QStringLiteral("—")));
        m_cycles->setItem(row, 1,
                          cell(known && c->formula ? QString::number(*c->formula) : QStringLiteral("—")));
        ++row;
    }
    m_cycles->setItem(5, 0, cell(QString::number(r.run.busClocks)));
    m_cycles->setItem(5, 1, cell(QString::number(r.run.formulaBusClocks.value_or(0))));
}

} // namespace rs::gui
