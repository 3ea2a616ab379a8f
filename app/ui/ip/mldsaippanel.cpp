#include "app/ui/ip/mldsaippanel.h"

#include "app/ui/common/pagehelpers.h"
#include "app/ui/ip/mldsalaneview.h"
#include "app/ui/ip/resourcepanel.h"
#include "core/inputs/mldsapolyfile.h"
#include "core/oracle/operation.h"
#include "hw/ip/mldsa/mldsalanes.h"
#include "hw/ip/papers/paper001.h"
#include "hw/session/ipsession.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

#include <QFile>

#include <algorithm>
#include <random>

namespace rs::gui {

namespace {

/** The core this panel shows (its registry id). */
const QString kCore = QStringLiteral("mldsa");

std::optional<oracle::MlDsaKind> kindOf(const QString& id) {
    const auto* alg = oracle::findMlDsa(id.toStdString());
    return alg ? std::optional(alg->kind) : std::nullopt;
}

bool transform(const QString& id) {
    const auto kind = kindOf(id);
    return kind == oracle::MlDsaKind::Ntt || kind == oracle::MlDsaKind::InverseNtt;
}

QString operationName(const QString& id) {
    switch (kindOf(id).value_or(oracle::MlDsaKind::AddNtt)) {
    case oracle::MlDsaKind::Ntt:
        return QObject::tr("NTT");
    case oracle::MlDsaKind::InverseNtt:
        return QObject::tr("NTT⁻¹ (INTT)");
    case oracle::MlDsaKind::MultiplyNtt:
        return QObject::tr("pointwise multiplication (PWM)");
    case oracle::MlDsaKind::AddNtt:
        break;
    }
    return QObject::tr("pointwise addition (PWA)");
}

QString formulaText(const QString& op, int b) {
    return transform(op) ? QStringLiteral("1 + 8·128/%1 + 6").arg(b)
                         : QStringLiteral("1 + 128/%1 + 6").arg(b);
}

} // namespace

QString MlDsaIpPanel::paperCycles(const QString& operation) {
    const auto kind = kindOf(operation);
    if (!kind) return {};
    return QString::number(hw::paper001Clocks(*kind)); // hw/ip/papers/paper001.h
}

crypto::MlDsaPoly MlDsaIpPanel::randomPolynomial(std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::int32_t> d(0, crypto::kMlDsaQ - 1);
    crypto::MlDsaPoly p{};
    for (auto& c : p)
        c = d(rng);
    return p;
}

bool MlDsaIpPanel::readOperands(const QString& path, crypto::MlDsaPoly& a, crypto::MlDsaPoly& b, int& count,
                                QString* error) {
    // The CLI's parser (raw, hex or decimal), read bounded: a FIFO or device is refused, never waited on.
    try {
        const std::vector<crypto::MlDsaPoly> polys =
            inputs::readMlDsaPolyFile(QFile::encodeName(path).toStdString(), 0);
        a = polys.front();
        b = polys.back();
        count = static_cast<int>(polys.size());
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

MlDsaIpPanel::MlDsaIpPanel(hw::IpSession* session, QWidget* parent) : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("mldsaIpPanel"));
    m_op = new QComboBox(this);
    m_op->setObjectName(QStringLiteral("mldsaOperation"));
    for (const QString& id : hw::IpSession::operations(kCore))
        m_op->addItem(operationName(id), id);
    m_bf = new QComboBox(this);
    m_bf->setObjectName(QStringLiteral("mldsaButterflies"));
    const QString firstOp = m_op->itemData(0).toString();
    for (const hw::IpSetting& s : hw::IpSession::settingsOf(firstOp))
        if (s.name == "butterflies") {
            for (const int b : s.values)
                m_bf->addItem(QString::number(b), b);
            m_bf->setCurrentIndex(std::max(0, m_bf->findData(s.defaultValue)));
        }
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
    // The unit at the B chosen, synthesised off the GUI thread (cached per RTL hash), under the paper's
    // figures (it gives clocks, no resources).
    m_resources = new ResourcePanel(this);
    form->addRow(tr("Resources"), m_resources);
    form->addRow(tr("Model"), m_match);
    form->addRow(tr("Layers"), m_layers);
    form->addRow(m_lanes);

    connect(m_op, &QComboBox::currentIndexChanged, this,
            [this] { showPaper(m_op->currentData().toString()); });
    showPaper(m_op->currentData().toString());
    const auto showResources = [this] {
        hw::ResourceOptions o;
        o.core = 3; // the ML-DSA unit (mldsa_axi_top); its B is the unroll setting
        o.unroll = m_bf->currentData().toInt();
        m_resources->setConfiguration(o, tr("unit, butterflies per clock B = %1").arg(o.unroll));
    };
    connect(m_bf, &QComboBox::currentIndexChanged, this, showResources);
    showResources();
    connect(m_source, &QComboBox::currentIndexChanged, this, &MlDsaIpPanel::updateSource);
    connect(m_browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Operands of the ML-DSA unit"));
        if (!path.isEmpty()) m_file->setText(path);
    });
    connect(m_run, &QPushButton::clicked, this, &MlDsaIpPanel::run);
    m_run->setToolTip(tr("Run the operation on the Verilated unit (Ctrl+Return)"));
    addRunShortcut(this, m_run);
    connect(m_cancel, &QPushButton::clicked, m_session, &hw::IpSession::cancel);
    connect(m_openWaves, &QPushButton::clicked, this, &MlDsaIpPanel::openWaveformsRequested);
    connect(m_session, &hw::IpSession::runningChanged, this, [this](bool on) {
        m_run->setEnabled(!on);
        m_cancel->setEnabled(on && m_session->runningCore() == kCore);
    });
    connect(m_session, &hw::IpSession::finished, this, [this](const hw::IpSessionResult& r) {
        if (r.core == kCore) showResult(r);
    });
    connect(m_session, &hw::IpSession::failed, this, [this](const QString& core, const QString& message) {
        if (core == kCore) showError(message);
    });
    connect(m_session, &hw::IpSession::cancelled, this, [this](const QString& core) {
        if (core == kCore) showError(tr("cancelled"));
    });
    updateSource();
}

void MlDsaIpPanel::showPaper(const QString& op) {
    QString text = tr("the paper's figures, not measured here: %1 clocks for %2 in its design")
                       .arg(paperCycles(op), operationName(op));
    // The other designs the paper cites are NTTs: beside another operation they would read as its figures.
    if (kindOf(op) == oracle::MlDsaKind::Ntt)
        text += tr("; the designs it compares with: 1 170 (one butterfly, Zynq) and 264 (radix-4)");
    m_paper->setText(text);
}

void MlDsaIpPanel::updateSource() {
    const bool file = m_source->currentIndex() == 1;
    m_seed->setEnabled(!file);
    m_file->setEnabled(file);
    m_browse->setEnabled(file);
}

void MlDsaIpPanel::run() {
    const QString op = m_op->currentData().toString();
    const bool twoOperands = !transform(op);
    crypto::MlDsaPoly a{}, b{};
    if (m_source->currentIndex() == 1) {
        int count = 0;
        QString error;
        if (m_file->text().trimmed().isEmpty()) return showError(tr("choose a file of operands first"));
        if (!readOperands(m_file->text().trimmed(), a, b, count, &error)) return showError(error);
        if (twoOperands && count < 2)
            return showError(
                tr("%1 takes two operands: the file holds one polynomial").arg(operationName(op)));
    } else {
        const auto seed = static_cast<std::uint64_t>(m_seed->value());
        a = randomPolynomial(2 * seed);
        b = randomPolynomial(2 * seed + 1);
    }
    // The oracle's layout of one polynomial: message = a, key = b (PWM, PWA).
    std::map<std::string, crypto::Bytes> fields = {{"poly", crypto::mldsaPolyToBytes(a)}};
    if (twoOperands) fields["key"] = crypto::mldsaPolyToBytes(b);
    QString error;
    if (!m_session->run(
            {op, hw::IpSession::inputsFromFields(fields), {{"butterflies", m_bf->currentData().toInt()}}},
            &error))
        showError(error);
}

void MlDsaIpPanel::showResult(const hw::IpSessionResult& r) {
    const int butterflies = r.settings.at("butterflies");
    m_op->setCurrentIndex(std::max(0, m_op->findData(r.operation)));
    m_bf->setCurrentIndex(std::max(0, m_bf->findData(butterflies)));
    showPaper(r.operation); // the figures of the operation that ran
    m_shownCycles = r.run.coreClocks;
    const std::uint64_t formula = r.run.formulaCoreClocks.value_or(0);
    m_cycles->setText(tr("%1 core clocks (the CYCLES register); the formula %2 = %3%4; %5 bus clocks in all "
                         "(loads, start, polls, unload)")
                          .arg(r.run.coreClocks)
                          .arg(formulaText(r.operation, butterflies))
                          .arg(formula)
                          .arg(r.run.coreClocks == formula ? QString() : tr(" — DIFFERS"))
                          .arg(r.run.busClocks));
    setErrorStyle(m_cycles, r.run.coreClocks != formula);
    m_match->setText(r.matchesModel ? tr("matches the C++ model") : tr("DIFFERS from the C++ model"));
    setErrorStyle(m_match, !r.matchesModel);
    // The lanes of the capture (a run of one polynomial: a few thousand clocks).
    std::optional<hw::MlDsaLanes> lanes;
    QString lanesError;
    try {
        if (r.capture) lanes = hw::extractMlDsaLanes(*r.capture);
    } catch (const std::exception& e) {
        lanesError = QString::fromUtf8(e.what());
    }
    if (lanes) {
        QStringList spans;
        for (const hw::MlDsaLayerSpan& s : lanes->layers)
            spans << tr("%1: %2–%3")
                         .arg(s.layer + 1)
                         .arg(s.issue.begin - lanes->start)
                         .arg(s.lastWrite - lanes->start);
        QString text =
            tr("clocks after START, first issue – last write: %1").arg(spans.join(QStringLiteral("; ")));
        if (kindOf(r.operation) == oracle::MlDsaKind::InverseNtt)
            text +=
                tr(". The unit halves both outputs of every Gentleman–Sande butterfly (256⁻¹ = 2⁻⁸ folded "
                   "into the layers): after layer k it holds the model's layer k times 2⁻ᵏ mod q, so only "
                   "its output equals the model's (after × 256⁻¹)");
        m_layers->setText(text);
        m_lanes->setLanes(*lanes);
    } else {
        m_layers->setText(lanesError);
        m_lanes->setLanes(std::nullopt, lanesError);
    }
    m_openWaves->setEnabled(r.capture != nullptr);
}

void MlDsaIpPanel::showError(const QString& message) {
    // Nothing of an earlier run stays beside the error: its lanes and capture would read as this run's.
    m_cycles->clear();
    m_layers->clear();
    m_lanes->setLanes(std::nullopt);
    m_openWaves->setEnabled(false);
    m_shownCycles = 0;
    m_match->setText(message);
    setErrorStyle(m_match, true);
}

} // namespace rs::gui
