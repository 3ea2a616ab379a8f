#include "app/ui/ip/mldsaippanel.h"

#include "app/ui/common/pagehelpers.h"
#include "app/ui/ip/mldsalaneview.h"
#include "hw/session/mldsaipsession.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <algorithm>

namespace rs::gui {

namespace {

QString operationName(const QString& id) {
    if (id == QStringLiteral("mldsa-ntt")) return QObject::tr("NTT");
    if (id == QStringLiteral("mldsa-intt")) return QObject::tr("NTT⁻¹ (INTT)");
    if (id == QStringLiteral("mldsa-pwm")) return QObject::tr("pointwise multiplication (PWM)");
    return QObject::tr("pointwise addition (PWA)");
}

QString formulaText(const QString& op, int b) {
    const bool transform = op == QStringLiteral("mldsa-ntt") || op == QStringLiteral("mldsa-intt");
    return transform ? QStringLiteral("1 + 8·128/%1 + 6").arg(b) : QStringLiteral("1 + 128/%1 + 6").arg(b);
}

} // namespace

QString MlDsaIpPanel::paperCycles(const QString& operation) {
    if (operation == QStringLiteral("mldsa-ntt")) return QStringLiteral("533");
    if (operation == QStringLiteral("mldsa-intt")) return QStringLiteral("536");
    if (operation == QStringLiteral("mldsa-pwm")) return QStringLiteral("85");
    if (operation == QStringLiteral("mldsa-pwa")) return QStringLiteral("75");
    return {};
}

MlDsaIpPanel::MlDsaIpPanel(hw::MlDsaIpSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("mldsaIpPanel"));
    m_op = new QComboBox(this);
    m_op->setObjectName(QStringLiteral("mldsaOperation"));
    for (const QString& id : hw::MlDsaIpSession::operations())
        m_op->addItem(operationName(id), id);
    m_bf = new QComboBox(this);
    m_bf->setObjectName(QStringLiteral("mldsaButterflies"));
    for (const int b : hw::MlDsaIpSession::supportedButterflies())
        m_bf->addItem(QString::number(b), b);
    m_bf->setCurrentIndex(std::max(0, m_bf->findData(2)));
    m_source = new QComboBox(this);
    m_source->addItems({tr("Random (seed)"), tr("From a file")});
    m_seed = new QSpinBox(this);
    m_seed->setRange(0, 2147483647);
    m_seed->setValue(1);
    m_seed->setToolTip(tr("The operands are uniform coefficients in [0, q) drawn from this seed"));
    m_file = new QLineEdit(this);
    m_file->setPlaceholderText(tr("1024/2048 bytes big-endian, or 256/512 decimal coefficients"));
    m_browse = new QPushButton(tr("Browse…"), this);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(m_browse);
    m_run = new QPushButton(tr("Run on the unit"), this);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setEnabled(false);
    m_openWaves = new QPushButton(tr("Open in Waveforms"), this);
    m_openWaves->setEnabled(false);
    m_openWaves->setToolTip(tr("Show this run's capture in the waveform viewer"));
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_openWaves);
    buttons->addStretch(1);
    const auto wrapped = [this] {
        auto* l = new QLabel(this);
        l->setWordWrap(true);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return l;
    };
    m_cycles = wrapped();
    m_paper = wrapped();
    m_match = wrapped();
    m_layers = wrapped();
    m_lanes = new MlDsaLaneView(this);

    auto* form = new QFormLayout(this);
    form->addRow(tr("Operation"), m_op);
    form->addRow(tr("Butterflies per clock"), m_bf);
    form->addRow(tr("Operands"), m_source);
    form->addRow(tr("Seed"), m_seed);
    form->addRow(tr("File"), fileRow);
    form->addRow(buttons);
    form->addRow(tr("Clocks"), m_cycles);
    form->addRow(tr("Paper 001"), m_paper);
    form->addRow(tr("Model"), m_match);
    form->addRow(tr("Layers"), m_layers);
    form->addRow(m_lanes);

    const auto showPaper = [this] {
        const QString op = m_op->currentData().toString();
        m_paper->setText(tr("the paper's figures, not measured here: %1 clocks for %2 in its design; the "
                            "designs it compares with: 1 170 (one butterfly, Zynq) and 264 (radix-4)")
                             .arg(paperCycles(op), operationName(op)));
    };
    connect(m_op, &QComboBox::currentIndexChanged, this, showPaper);
    showPaper();
    connect(m_source, &QComboBox::currentIndexChanged, this, &MlDsaIpPanel::updateSource);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Operands of the ML-DSA unit"));
        if (!path.isEmpty()) m_file->setText(path);
    });
    connect(m_run, &QPushButton::clicked, this, &MlDsaIpPanel::run);
    m_run->setToolTip(tr("Run the operation on the Verilated unit (Ctrl+Return)"));
    addRunShortcut(this, m_run);
    connect(m_cancel, &QPushButton::clicked, m_session, &hw::MlDsaIpSession::cancel);
    connect(m_openWaves, &QPushButton::clicked, this, &MlDsaIpPanel::openWaveformsRequested);
    connect(m_session, &hw::MlDsaIpSession::runningChanged, this, [this](bool on) {
        m_run->setEnabled(!on);
        m_cancel->setEnabled(on);
    });
    connect(m_session, &hw::MlDsaIpSession::finished, this, &MlDsaIpPanel::showResult);
    connect(m_session, &hw::MlDsaIpSession::failed, this, &MlDsaIpPanel::showError);
    connect(m_session, &hw::MlDsaIpSession::cancelled, this, [this] { showError(tr("cancelled")); });
    updateSource();
}

void MlDsaIpPanel::updateSource() {
    const bool file = m_source->currentIndex() == 1;
    m_seed->setEnabled(!file);
    m_file->setEnabled(file);
    m_browse->setEnabled(file);
}

void MlDsaIpPanel::run() {
    const QString op = m_op->currentData().toString();
    crypto::MlDsaPoly a{}, b{};
    if (m_source->currentIndex() == 1) {
        int count = 0;
        QString error;
        if (m_file->text().trimmed().isEmpty()) return showError(tr("choose a file of operands first"));
        if (!hw::MlDsaIpSession::readOperands(m_file->text().trimmed(), a, b, count, &error))
            return showError(error);
        if (hw::MlDsaIpSession::takesTwoOperands(op) && count < 2)
            return showError(
                tr("%1 takes two operands: the file holds one polynomial").arg(operationName(op)));
    } else {
        const auto seed = static_cast<std::uint64_t>(m_seed->value());
        a = hw::MlDsaIpSession::randomPolynomial(2 * seed);
        b = hw::MlDsaIpSession::randomPolynomial(2 * seed + 1);
    }
    QString error;
    if (!m_session->run(op, m_bf->currentData().toInt(), a, b, &error)) showError(error);
}

void MlDsaIpPanel::showResult(const hw::MlDsaIpSessionResult& r) {
    m_op->setCurrentIndex(std::max(0, m_op->findData(r.operation)));
    m_bf->setCurrentIndex(std::max(0, m_bf->findData(r.butterflies)));
    m_shownCycles = r.coreCycles;
    const QString paper = paperCycles(r.operation);
    m_cycles->setText(tr("%1 core clocks (the CYCLES register); the formula %2 = %3%4; %5 bus clocks in all "
                         "(loads, start, polls, unload)")
                          .arg(r.coreCycles)
                          .arg(formulaText(r.operation, r.butterflies))
                          .arg(r.formulaCycles)
                          .arg(r.coreCycles == r.formulaCycles ? QString() : tr(" — DIFFERS"))
                          .arg(r.busClocks));
    setErrorStyle(m_cycles, r.coreCycles != r.formulaCycles);
    m_match->setText(r.matchesModel ? tr("matches the C++ model") : tr("DIFFERS from the C++ model"));
    setErrorStyle(m_match, !r.matchesModel);
    if (r.lanes) {
        QStringList spans;
        for (const hw::MlDsaLayerSpan& s : r.lanes->layers)
            spans << tr("%1: %2–%3")
                         .arg(s.layer + 1)
                         .arg(s.issue.begin - r.lanes->start)
                         .arg(s.lastWrite - r.lanes->start);
        QString text =
            tr("clocks after START, first issue – last write: %1").arg(spans.join(QStringLiteral("; ")));
        if (r.operation == QStringLiteral("mldsa-intt"))
            text +=
                tr(". The unit halves both outputs of every Gentleman–Sande butterfly (256⁻¹ = 2⁻⁸ folded "
                   "into the layers): after layer k it holds the model's layer k times 2⁻ᵏ mod q, so only "
                   "its output equals the model's (after × 256⁻¹)");
        m_layers->setText(text);
        m_lanes->setLanes(*r.lanes);
    } else {
        m_layers->setText(r.lanesError);
        m_lanes->setLanes(std::nullopt, r.lanesError);
    }
    m_openWaves->setEnabled(r.capture != nullptr);
}

void MlDsaIpPanel::showError(const QString& message) {
    m_cycles->clear();
    m_layers->clear();
    m_shownCycles = 0;
    m_match->setText(message);
    setErrorStyle(m_match, true);
}

} // namespace rs::gui
