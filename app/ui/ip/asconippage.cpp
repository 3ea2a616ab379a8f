#include "app/ui/ip/asconippage.h"

#include "app/ui/common/hexfieldedit.h"
#include "app/ui/common/hexfieldform.h"
#include "app/ui/common/pagehelpers.h"
#include "hw/session/asconipsession.h"

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

namespace rs::gui {

using crypto::AsconAeadVariant;
using hw::AsconIpSession;
using hw::AsconIpSessionResult;

namespace {

QString hex(const crypto::Bytes& b) {
    return QString::fromStdString(crypto::toHex(b));
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

AsconIpPage::AsconIpPage(AsconIpSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("ipPage"));
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);

    // --- operation --------------------------------------------------------------------------------
    auto* opBox = new QGroupBox(tr("Operation (encryption through the Verilated IP, AXI4-Lite)"), this);
    auto* form = new QFormLayout;
    m_variant = new QComboBox(opBox);
    m_variant->setObjectName(QStringLiteral("ipVariant"));
    for (AsconAeadVariant v :
         {AsconAeadVariant::Ascon128v12, AsconAeadVariant::Ascon128av12, AsconAeadVariant::AsconAead128})
        m_variant->addItem(QString::fromUtf8(crypto::asconAeadName(v).data(),
                                             static_cast<qsizetype>(crypto::asconAeadName(v).size())),
                           static_cast<int>(v));
    m_unroll = new QComboBox(opBox);
    m_unroll->setObjectName(QStringLiteral("ipUnroll"));
    for (int u : AsconIpSession::supportedUnrolls())
        m_unroll->addItem(QString::number(u), u);
    m_unroll->setCurrentIndex(std::max(0, m_unroll->findData(session->unroll())));
    m_precomputed = new QCheckBox(tr("Initialisation precomputed on the host (state injected)"), opBox);
    m_precomputed->setObjectName(QStringLiteral("ipPrecomputed"));
    form->addRow(tr("Variant"), m_variant);
    form->addRow(tr("Rounds per clock"), m_unroll);
    form->addRow(QString(), m_precomputed);
    auto* opLayout = new QVBoxLayout(opBox);
    opLayout->addLayout(form);
    m_form = new HexFieldForm(opBox);
    std::vector<inputs::HexField> fields;
    for (const QString& name : AsconIpSession::fieldNames())
        fields.push_back({name.toStdString(),
                          AsconIpSession::fieldLabel(name).toStdString(),
                          AsconIpSession::fieldBytes(name),
                          {}});
    m_form->setFields(fields);
    opLayout->addWidget(m_form);
    connect(m_form, &HexFieldForm::edited, m_session, &AsconIpSession::setInput);
    connect(m_form, &HexFieldForm::randomRequested, m_session, &AsconIpSession::randomizeInput);
    m_run = new QPushButton(tr("Run on the IP"), opBox);
    m_run->setObjectName(QStringLiteral("ipRun"));
    m_run->setToolTip(tr("Encrypt through the Verilated IP core (Ctrl+Return)"));
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
    m_match = new QLabel(QStringLiteral("—"), resBox);
    m_match->setObjectName(QStringLiteral("ipMatches"));
    m_axi = new QLabel(QStringLiteral("—"), resBox);
    m_axi->setObjectName(QStringLiteral("ipAxi"));
    resForm->addRow(tr("Ciphertext"), m_ct);
    resForm->addRow(tr("Tag"), m_tag);
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

    connect(m_variant, &QComboBox::currentIndexChanged, this, [this] {
        m_session->setVariant(static_cast<AsconAeadVariant>(m_variant->currentData().toInt()));
    });
    connect(m_unroll, &QComboBox::currentIndexChanged, this,
            [this] { m_session->setUnroll(m_unroll->currentData().toInt()); });
    connect(m_precomputed, &QCheckBox::toggled, m_session, &AsconIpSession::setPrecomputed);
    connect(m_run, &QPushButton::clicked, m_session, &AsconIpSession::run);
    connect(m_runAction, &QAction::triggered, m_session, &AsconIpSession::run);
    connect(m_session, &AsconIpSession::inputsChanged, this, &AsconIpPage::syncInputs);
    connect(m_session, &AsconIpSession::runningChanged, this, [this](bool running) {
        if (running) syncOptions();
        m_state->setText(running ? tr("running on the IP…") : QString());
        setErrorStyle(m_state, false);
        updateRunEnabled();
    });
    connect(m_session, &AsconIpSession::finished, this, &AsconIpPage::showResult);
    connect(m_session, &AsconIpSession::failed, this, [this](const QString& message) {
        m_state->setText(tr("failed: %1").arg(message));
        setErrorStyle(m_state, true);
    });
    syncInputs();
}

HexFieldEdit* AsconIpPage::field(const QString& name) const {
    return m_form->field(name);
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
    auto* l = new QVBoxLayout(box);
    l->addWidget(m_resources);
    l->addWidget(source);
    return box;
}

void AsconIpPage::syncInputs() {
    for (const QString& name : AsconIpSession::fieldNames())
        m_form->showField(name, m_session->inputText(name), m_session->inputError(name));
    updateRunEnabled();
}

void AsconIpPage::syncOptions() {
    const QSignalBlocker variant(m_variant), unroll(m_unroll), precomputed(m_precomputed);
    m_variant->setCurrentIndex(m_variant->findData(static_cast<int>(m_session->variant())));
    m_unroll->setCurrentIndex(m_unroll->findData(m_session->unroll()));
    m_precomputed->setChecked(m_session->precomputed());
}

void AsconIpPage::updateRunEnabled() {
    const bool can = m_session->inputsValid() && !m_session->isRunning();
    m_run->setEnabled(can);
    m_runAction->setEnabled(can);
}

void AsconIpPage::showResult(const AsconIpSessionResult& r) {
    m_ct->setText(r.ct.empty() ? tr("(empty)") : hex(r.ct));
    m_tag->setText(hex(r.tag));
    m_match->setText(r.matchesModel ? tr("yes") : tr("no"));
    setErrorStyle(m_match, !r.matchesModel);
    m_axi->setText(tr("%1 (formula %2)").arg(r.axiTransactions).arg(r.expected.axiTransactions));
    const auto& e = r.expected;
    const std::uint64_t expectedAxi = e.totalCycles - e.core.total();
    const std::uint64_t measured[] = {r.cycles.init,  r.cycles.ad,  r.cycles.data,
                                      r.cycles.final, r.cycles.axi, r.cycles.total};
    const std::uint64_t expected[] = {e.core.init,  e.core.ad,   e.core.data,
                                      e.core.final, expectedAxi, e.totalCycles};
    for (int row = 0; row < 6; ++row) {
        m_cycles->setItem(row, 0, cell(QString::number(measured[row])));
        m_cycles->setItem(row, 1, cell(QString::number(expected[row])));
    }
    m_state->setText(r.formulaExact ? tr("done")
                                    : tr("done (the input streamed through the FIFOs; the formula "
                                         "assumes it fits them)"));
}

} // namespace rs::gui
