#include "app/ui/explorer/diffusionpage.h"

#include "app/charts/chartview.h"
#include "app/charts/diffusionchart.h"
#include "app/charts/sacheatmap.h"
#include "app/charts/twinflipchart.h"
#include "app/ui/explorer/counterdiffusionview.h"
#include "core/sessions/ciphersession.h"
#include "core/sessions/diffusionsession.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

namespace rs::gui {

using sessions::CipherSession;
using sessions::DiffusionSession;

namespace {

// The Vary entry of one analysis field: the explorer's own label when it has that input, and for
// the Ascon ids the state words the field is loaded into.
QString fieldLabel(const sessions::ExplorerAlgorithm& alg, analysis::Field f) {
    const bool ascon = alg.diffusionAlg.rfind("ascon", 0) == 0;
    QString label;
    for (const auto& ef : alg.fields)
        if (ef.analysisField == f) label = QString::fromStdString(ef.label);
    if (ascon && f == analysis::Field::Key)
        return label.isEmpty() ? QObject::tr("key words x1‖x2") : QObject::tr("%1 → x1‖x2").arg(label);
    if (ascon && f == analysis::Field::Nonce)
        return label.isEmpty() ? QObject::tr("nonce words x3‖x4") : QObject::tr("%1 → x3‖x4").arg(label);
    if (!label.isEmpty()) return label;
    return f == analysis::Field::State ? QObject::tr("whole state x0‖…‖x4")
                                       : QString::fromStdString(analysis::fieldName(f));
}

QString describe(const analysis::DiffusionRequest& r) {
    const QString field =
        r.field ? QString::fromStdString(analysis::fieldName(*r.field)) : QObject::tr("default field");
    return QObject::tr("%1, %2 bits %3–%4")
        .arg(QString::fromStdString(r.alg), field)
        .arg(r.firstBit)
        .arg(r.lastBit);
}

} // namespace

DiffusionPage::DiffusionPage(CipherSession* session, DiffusionSession* diffusion, QWidget* parent)
    : QWidget(parent), m_session(session), m_diffusion(diffusion) {
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(6, 6, 6, 6);

    auto* controls = new QWidget(this);
    controls->setMaximumWidth(330);
    auto* cl = new QVBoxLayout(controls);
    cl->setContentsMargins(0, 0, 0, 0);
    auto* form = new QFormLayout;
    m_field = new QComboBox(controls);
    m_field->setObjectName(QStringLiteral("diffusionField"));
    form->addRow(tr("Vary"), m_field);
    auto* range = new QHBoxLayout;
    m_first = new QSpinBox(controls);
    m_last = new QSpinBox(controls);
    range->addWidget(m_first);
    range->addWidget(new QLabel(tr("to"), controls));
    range->addWidget(m_last);
    form->addRow(tr("Bits"), range);
    m_samples = new QSpinBox(controls);
    m_samples->setObjectName(QStringLiteral("samples"));
    m_samples->setRange(0, analysis::kMaxDiffusionSamples);
    m_samples->setSingleStep(1000);
    m_samples->setValue(2000);
    m_samples->setSpecialValueText(tr("0 (structural only)"));
    m_samples->setToolTip(
        tr("Random inputs for the avalanche and SAC figures; 0 = structural dependency only"));
    form->addRow(tr("Samples"), m_samples);
    m_keepSac = new QCheckBox(tr("Keep SAC matrices (heatmap)"), controls);
    m_keepSac->setChecked(true);
    form->addRow(QString(), m_keepSac);
    cl->addLayout(form);
    auto* buttons = new QHBoxLayout;
    m_run = addButton(buttons, tr("Analyze (F5)"), tr("Analyse the diffusion of the varied bits"), controls);
    m_run->setObjectName(QStringLiteral("analyze"));
    m_cancel = addButton(buttons, tr("Cancel (Esc)"), tr("Stop the running analysis"), controls);
    m_cancel->setObjectName(QStringLiteral("cancelAnalysis"));
    m_cancel->setEnabled(false);
    cl->addLayout(buttons);
    m_progress = new QProgressBar(controls);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("idle"));
    cl->addWidget(m_progress);
    m_summary = new QLabel(controls);
    m_summary->setObjectName(QStringLiteral("diffusionSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    cl->addWidget(m_summary);
    cl->addStretch();
    auto* exports = new QHBoxLayout;
    auto* png = addButton(exports, tr("Export PNG…"), tr("Export the chart of the current tab"), controls);
    auto* pdf = addButton(exports, tr("Export PDF…"), tr("Export the chart of the current tab"), controls);
    png->setObjectName(QStringLiteral("diffusionExportPng"));
    pdf->setObjectName(QStringLiteral("diffusionExportPdf"));
    m_exportButtons = {png, pdf};
    cl->addLayout(exports);
    outer->addWidget(controls);

    m_tabs = new QTabWidget(this);
    m_twinChart = new charts::TwinFlipChart(m_tabs);
    m_depChart = new charts::DiffusionChart(m_tabs);
    auto* sacPage = new QWidget(m_tabs);
    auto* sl = new QVBoxLayout(sacPage);
    sl->setContentsMargins(0, 4, 0, 0);
    auto* sacRow = new QHBoxLayout;
    sacRow->addWidget(new QLabel(tr("Round"), sacPage));
    m_sacRound = new QSpinBox(sacPage);
    m_sacRound->setRange(1, 1);
    sacRow->addWidget(m_sacRound);
    sacRow->addStretch();
    sl->addLayout(sacRow);
    m_sac = new charts::SacHeatmap(sacPage);
    sl->addWidget(m_sac, 1);
    // Instead of the heatmap, for a transform with no SAC (refreshFields): why, not a request for samples.
    m_sacNote = new QLabel(sacPage);
    m_sacNote->setObjectName(QStringLiteral("sacNote"));
    m_sacNote->setWordWrap(true);
    m_sacNote->setAlignment(Qt::AlignCenter);
    m_sacNote->setMargin(24);
    m_sacNote->hide();
    sl->addWidget(m_sacNote, 1);
    m_sacRoundRow = sacRow;
    m_counter = new CounterDiffusionView(m_tabs);
    m_tabs->addTab(m_twinChart, tr("Twin flips"));
    m_tabs->addTab(m_depChart, tr("Dependency"));
    m_tabs->addTab(sacPage, tr("SAC heatmap"));
    m_tabs->addTab(m_counter, tr("Counter diffusion (LEA)"));
    outer->addWidget(m_tabs, 1);

    m_stepSoon = coalescingTimer(this, 40, [this] { m_twinChart->setCurrentStep(m_session->currentStep()); });
    m_twinSoon = coalescingTimer(this, 0, [this] { refreshTwin(); });
    connect(m_field, &QComboBox::currentIndexChanged, this, &DiffusionPage::refreshRange);
    connect(m_run, &QPushButton::clicked, this, &DiffusionPage::runAnalysis);
    connect(m_cancel, &QPushButton::clicked, this, &DiffusionPage::cancelAnalysis);
    connect(png, &QPushButton::clicked, this, [this] {
        if (charts::ChartView* c = currentChart()) c->exportWithDialog(QStringLiteral("png"));
    });
    connect(pdf, &QPushButton::clicked, this, [this] {
        if (charts::ChartView* c = currentChart()) c->exportWithDialog(QStringLiteral("pdf"));
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, &DiffusionPage::updateExports);
    connect(m_sacRound, &QSpinBox::valueChanged, m_sac, &charts::SacHeatmap::setRound);
    connect(m_counter, &CounterDiffusionView::analyzeRequested, this, &DiffusionPage::runCounterAnalysis);

    connect(session, &CipherSession::algorithmChanged, this, [this] {
        refreshFields();
        setSummary(m_resultText);
    });
    connect(session, &CipherSession::roundsChanged, this, [this] { setSummary(m_resultText); });
    // A recomputation emits traceChanged and twinChanged: one chart rebuild for both.
    connect(session, &CipherSession::traceChanged, m_twinSoon, qOverload<>(&QTimer::start));
    connect(session, &CipherSession::twinChanged, m_twinSoon, qOverload<>(&QTimer::start));
    connect(session, &CipherSession::currentStepChanged, m_stepSoon, qOverload<>(&QTimer::start));
    connect(diffusion, &DiffusionSession::started, this, [this] {
        setRunning(true);
        m_summary->setText(tr("Analysing %1 over random inputs (seed %2; not the explorer's inputs)…")
                               .arg(describe(m_diffusion->request()).toHtmlEscaped())
                               .arg(m_diffusion->request().seed));
    });
    connect(diffusion, &DiffusionSession::progress, this, [this](double f) {
        m_progress->setValue(static_cast<int>(f * 1000));
        m_progress->setFormat(tr("%p%"));
    });
    connect(diffusion, &DiffusionSession::finished, this, [this] {
        setRunning(false);
        m_progress->setFormat(tr("done"));
        showResult();
    });
    connect(diffusion, &DiffusionSession::cancelled, this, [this] {
        setRunning(false);
        m_progress->setFormat(tr("cancelled"));
        const QString last = m_resultText;
        setSummary(last.isEmpty()
                       ? tr("Analysis cancelled.")
                       : tr("Analysis cancelled; the charts keep the last result:<br>%1").arg(last));
    });
    connect(diffusion, &DiffusionSession::failed, this, [this](const QString& message) {
        setRunning(false);
        m_progress->setFormat(tr("failed"));
        m_summary->setText(tr("Analysis failed: %1").arg(message.toHtmlEscaped()));
    });
    createMenuActions();
    refreshFields();
    refreshTwin();
}

void DiffusionPage::createMenuActions() {
    QList<QAction*> exports;
    for (const auto& entry :
         {std::pair{QStringLiteral("png"), QKeySequence(Qt::CTRL | Qt::Key_E)},
          std::pair{QStringLiteral("pdf"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E)}}) {
        const QString format = entry.first; // a copy the lambda captures (clang: no captured bindings)
        exports << new QAction(tr("Export chart as %1…").arg(format.toUpper()), this);
        exports.back()->setShortcut(entry.second);
        connect(exports.back(), &QAction::triggered, this, [this, format] {
            if (charts::ChartView* c = currentChart()) c->exportWithDialog(format);
        });
    }
    m_exportActions = exports;
    updateExports();
    auto* analyze = new QAction(tr("&Analyze diffusion"), this);
    analyze->setShortcut(QKeySequence(Qt::Key_F5));
    connect(analyze, &QAction::triggered, this, &DiffusionPage::runAnalysis);
    auto* cancel = new QAction(tr("&Cancel analysis"), this);
    cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    connect(cancel, &QAction::triggered, this, &DiffusionPage::cancelAnalysis);
    m_menus = {{MenuSection::FileExport, exports}, {MenuSection::RunAnalysis, {analyze, cancel}}};
}

QList<ShortcutRow> DiffusionPage::shortcutRows() const {
    return {{tr("F5 / Esc"), tr("analyse diffusion / cancel")},
            {tr("Ctrl+E"), tr("export the current chart (Ctrl+Shift+E: PDF)")}};
}

void DiffusionPage::updateExports() {
    // The counter-diffusion tab is a table: exporting it as a chart image would do nothing, so say so.
    const bool chart = currentChart() != nullptr;
    const QString why = chart ? tr("Export the chart of the current tab")
                              : tr("The %1 tab is a table, not a chart: there is no chart image to export")
                                    .arg(m_tabs->tabText(m_tabs->currentIndex()));
    for (QPushButton* b : m_exportButtons) {
        b->setEnabled(chart);
        b->setToolTip(why);
    }
    for (QAction* a : m_exportActions) {
        a->setEnabled(chart);
        a->setToolTip(why);
    }
}

charts::ChartView* DiffusionPage::currentChart() const {
    switch (m_tabs->currentIndex()) {
    case 0:
        return m_twinChart;
    case 1:
        return m_depChart;
    case 2:
        return m_sac;
    default:
        return nullptr;
    }
}

void DiffusionPage::refreshFields() {
    const auto& alg = m_session->algorithm();
    const QSignalBlocker block(m_field);
    const QString previous = m_field->currentData().toString();
    m_field->clear();
    // Exactly the fields and sizes the analysis accepts for this algorithm's analysis id.
    // A process stepped through (ML-DSA signing) has no analysis id: no fields, nothing to vary.
    if (!alg.diffusionAlg.empty())
        for (const analysis::Field f : analysis::fieldsFor(alg.diffusionAlg))
            m_field->addItem(
                tr("%1 (%2 bits)").arg(fieldLabel(alg, f)).arg(analysis::fieldBits(alg.diffusionAlg, f)),
                QString::fromStdString(analysis::fieldName(f)));
    // Start on the field the twin run flips, so the charts and the state view vary the same input.
    int keep = m_field->findData(previous);
    if (const auto* f = alg.field(m_session->flipField().toStdString()); f && f->analysisField)
        keep = m_field->findData(QString::fromStdString(analysis::fieldName(*f->analysisField)));
    m_field->setCurrentIndex(keep >= 0 ? keep : 0);
    m_counter->setLeaSelected(QString::fromStdString(alg.id).startsWith(QLatin1String("lea")));
    // The ring transforms get the structural chart only: core/analysis refuses samples for them (a
    // transform linear over Z_q; its bit-flip statistics would not measure it). Say so on the controls.
    const bool ring = alg.kind == sessions::ExplorerKind::Transform;
    const bool none = alg.diffusionAlg.empty();
    m_samples->setEnabled(!ring && !none);
    m_keepSac->setEnabled(!ring && !none);
    m_samples->setToolTip(
        ring ? tr("No avalanche or SAC for %1: the transform is linear over Z_q, so a changed coefficient "
                  "reaches exactly the coefficients of the dependency chart (2^k after layer k); bit-flip "
                  "statistics of mod-q residues would not measure it. The analysis runs with 0 samples.")
                   .arg(QString::fromStdString(alg.displayName))
             : tr("Random inputs for the avalanche and SAC figures; 0 = structural dependency only"));
    m_sacNote->setText(
        ring ? tr("No SAC heatmap for %1: the transform is linear over Z_q, so whether an output bit flips "
                  "is not a coin toss to measure over samples. A changed coefficient reaches exactly the "
                  "coefficients of the Dependency tab (2^k after layer k); the Twin flips tab shows it for "
                  "the explorer's input.")
                   .arg(QString::fromStdString(alg.displayName))
        : none ? tr("No diffusion analysis for %1: signing is a process, not a permutation of a fixed state, "
                    "so there are no input bits to flip through rounds. Its Round Explorer steps show "
                    "every attempt and why it was rejected.")
                     .arg(QString::fromStdString(alg.displayName))
               : QString());
    m_sacNote->setVisible(ring || none);
    m_sac->setVisible(!ring && !none);
    for (int i = 0; i < m_sacRoundRow->count(); ++i)
        if (QWidget* w = m_sacRoundRow->itemAt(i)->widget()) w->setVisible(!ring);
    m_twinChart->setLinearTransform(ring);
    refreshRange();
}

void DiffusionPage::refreshRange() {
    const auto field = analysis::fieldFromName(m_field->currentData().toString().toStdString());
    const int bits =
        std::max(1, field ? analysis::fieldBits(m_session->algorithm().diffusionAlg, *field) : 0);
    m_first->setRange(0, bits - 1);
    m_last->setRange(0, bits - 1);
    m_first->setValue(0);
    // Keccak-f[1600]'s 1600 bits over 24 rounds would need too many SAC counters: its first 436 by default.
    const std::string& alg = m_session->algorithm().diffusionAlg;
    m_last->setValue(std::min(bits, alg.empty() ? bits : analysis::maxAvalancheBits(alg)) - 1);
}

void DiffusionPage::refreshTwin() {
    m_twinSoon->stop();
    m_twinChart->setTraces(
        m_session->trace(), m_session->hasTwin() ? m_session->twinTrace() : crypto::Trace{},
        m_session->currentStep(), m_session->algorithm().kind == sessions::ExplorerKind::Aead);
}

bool DiffusionPage::start(const analysis::DiffusionRequest& r) {
    if (m_diffusion->running() && !m_diffusion->cancelling()) {
        const QString note = tr("An analysis is already running: wait for it, or cancel it (Esc) and "
                                "press F5 again.");
        m_summary->setText(
            tr("Analysing %1…<br><i>%2</i>").arg(describe(m_diffusion->request()).toHtmlEscaped(), note));
        emit notice(note);
        return false;
    }
    // An invalid explorer input: refuse and name the field, never analyse silently on other inputs.
    if (!m_session->inputsValid()) {
        QString field;
        for (const auto& f : m_session->algorithm().fields)
            if (field.isEmpty() && !m_session->inputError(QString::fromStdString(f.name)).isEmpty())
                field = QString::fromStdString(f.label);
        const QString note = tr("Not analysed: the explorer's %1 input is invalid (%2). Correct it (or press "
                                "Ctrl+Shift+R for the spec example) and press F5 again.")
                                 .arg(field, m_session->firstInputError());
        m_summary->setText(QStringLiteral("<b>%1</b>").arg(note.toHtmlEscaped()));
        emit notice(note);
        return false;
    }
    const bool queued = m_diffusion->running();
    if (!m_diffusion->start(r)) return false;
    if (queued) {
        m_summary->setText(tr("Queued: %1 starts once the cancelled analysis has stopped.")
                               .arg(describe(r).toHtmlEscaped()));
        emit notice(tr("Analysis queued: it starts once the cancelled one has stopped"));
    }
    return true;
}

void DiffusionPage::runAnalysis() {
    if (m_session->algorithm().diffusionAlg.empty()) return; // a process (ML-DSA signing): the note says why
    analysis::DiffusionRequest r = m_session->defaultDiffusionRequest();
    r.field = analysis::fieldFromName(m_field->currentData().toString().toStdString());
    r.firstBit = std::min(m_first->value(), m_last->value());
    r.lastBit = std::max(m_first->value(), m_last->value());
    r.samples = m_samples->isEnabled() ? m_samples->value() : 0; // disabled: the ring transforms
    r.keepSac = m_keepSac->isChecked() && r.samples > 0;
    start(r);
}

void DiffusionPage::runCounterAnalysis(int firstBit, int lastBit) {
    analysis::DiffusionRequest r = m_session->defaultDiffusionRequest();
    r.field = analysis::Field::Plaintext;
    r.firstBit = firstBit;
    r.lastBit = lastBit;
    r.samples = 0;
    if (!start(r)) return;
    // Show the preset in the controls, so a later Analyze repeats it; only now that it runs.
    const int pt = m_field->findData(QStringLiteral("pt"));
    if (pt >= 0) m_field->setCurrentIndex(pt);
    m_first->setValue(firstBit);
    m_last->setValue(lastBit);
}

void DiffusionPage::cancelAnalysis() {
    m_diffusion->cancel();
}

void DiffusionPage::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    if (running) {
        m_progress->setValue(0);
        m_progress->setFormat(tr("%p%"));
    }
}

void DiffusionPage::setSummary(const QString& text) {
    QString shown = text;
    const auto r = m_diffusion->result();
    if (r && !m_diffusion->running() && !m_diffusion->resultMatches(m_session->defaultDiffusionRequest()))
        shown += tr("<br><i>The charts show %1; the explorer now shows %2. Press F5 to analyse it.</i>")
                     .arg(QString::fromStdString(r->algorithm).toHtmlEscaped(),
                          QString::fromStdString(m_session->algorithm().displayName).toHtmlEscaped());
    m_summary->setText(shown);
}

void DiffusionPage::showResult() {
    const std::shared_ptr<const analysis::DiffusionResult> r = m_diffusion->result();
    if (!r) return;
    m_depChart->setResult(r);
    {
        const QSignalBlocker block(m_sacRound);
        m_sacRound->setRange(1, std::max(1, r->rounds));
        m_sacRound->setValue(r->fullDiffusionRound > 0 ? r->fullDiffusionRound : std::max(1, r->rounds));
    }
    m_sac->setRound(m_sacRound->value());
    m_sac->setResult(r);
    m_counter->setResult(r);
    const QString name = QString::fromStdString(r->algorithm).toHtmlEscaped();
    QString text = r->fullDiffusionRound > 0
                       ? tr("%1: <b>full diffusion after round %2</b> of %3.")
                             .arg(name)
                             .arg(r->fullDiffusionRound)
                             .arg(r->rounds)
                       : tr("%1: <b>no full diffusion</b> within %2 rounds.").arg(name).arg(r->rounds);
    if (!r->perRound.empty() && r->samples > 0) {
        const auto& lastRound = r->perRound.back();
        text += tr("<br>Round %1: avalanche mean %2 of %3 bits, worst SAC deviation %4.")
                    .arg(lastRound.round)
                    .arg(lastRound.avalancheMean, 0, 'f', 1)
                    .arg(r->stateBits)
                    .arg(lastRound.sacMaxDeviation, 0, 'f', 3);
    }
    if (r->precomputable)
        text += tr("<br>Precomputable per nonce: %1 XOR, %2 add, %3 rot.")
                    .arg(r->precomputable->xors)
                    .arg(r->precomputable->adds)
                    .arg(r->precomputable->rots);
    m_resultText = text;
    setSummary(text);
    // The counter view only when the result is LEA's and the explorer still shows that LEA.
    const bool leaNow =
        QString::fromStdString(m_session->algorithm().diffusionAlg).startsWith(QLatin1String("lea"));
    if (r->precomputable && r->samples == 0 && leaNow &&
        m_diffusion->resultMatches(m_session->defaultDiffusionRequest()) &&
        m_tabs->currentWidget() != m_counter)
        m_tabs->setCurrentWidget(m_counter);
}

void DiffusionPage::saveSettings(QSettings& settings) const {
    settings.beginGroup(QStringLiteral("diffusion"));
    settings.setValue(QStringLiteral("samples"), m_samples->value());
    settings.setValue(QStringLiteral("keepSac"), m_keepSac->isChecked());
    settings.setValue(QStringLiteral("tab"), m_tabs->currentIndex());
    settings.endGroup();
}

void DiffusionPage::restoreSettings(QSettings& settings) {
    settings.beginGroup(QStringLiteral("diffusion"));
    m_samples->setValue(settings.value(QStringLiteral("samples"), 2000).toInt());
    m_keepSac->setChecked(settings.value(QStringLiteral("keepSac"), true).toBool());
    m_tabs->setCurrentIndex(settings.value(QStringLiteral("tab"), 0).toInt());
    settings.endGroup();
}

} // namespace rs::gui
