#include "core/sessions/ciphersession.h"

#include "core/teach/substeps.h"

#include <algorithm>

namespace rs::sessions {

namespace {

constexpr int kCoalesceMs = 40; // 25 Hz, docs/CONVENTIONS.md rule 11

QString defaultFlipField(const ExplorerAlgorithm& a) {
    // (The ML-DSA transforms have one field, the polynomial.)
    // The field whose one-bit change tells the most: the whole state, the nonce, or the plaintext.
    for (const char* name : {"state", "nonce", "pt"})
        if (a.field(name) != nullptr) return QString::fromLatin1(name);
    return QString::fromStdString(a.fields.front().name);
}

} // namespace

CipherSession::CipherSession(QObject* parent) : QObject(parent) {
    for (const ExplorerAlgorithm& a : explorerAlgorithms()) {
        m_fields.emplace(a.id, inputs::HexInputs(a.hexFields()));
        m_rounds.insert(QString::fromStdString(a.id), a.maxRounds);
    }
    m_recomputeTimer.setSingleShot(true);
    m_recomputeTimer.setInterval(kCoalesceMs);
    connect(&m_recomputeTimer, &QTimer::timeout, this, &CipherSession::recomputeNow);

    m_alg = &explorerAlgorithms().front(); // the registry's first row the explorer traces
    m_flipField = defaultFlipField(*m_alg);
    m_flipBit = defaultFlipBit(*m_alg, m_flipField.toStdString());
    revalidate();
    recomputeNow();
}

CipherSession::~CipherSession() = default;

bool CipherSession::setAlgorithm(const QString& id) {
    const ExplorerAlgorithm* a = findExplorerAlgorithm(id.toStdString());
    if (a == nullptr) return false;
    if (a == m_alg) return true;
    // A result of a running analysis would belong to the old algorithm.
    emit analysisSettingsChanging();
    const ExplorerAlgorithm* old = m_alg;
    m_alg = a;
    if (a->field(m_flipField.toStdString()) == nullptr) {
        m_flipField = defaultFlipField(*a);
        m_flipBit = defaultFlipBit(*a, m_flipField.toStdString());
    } else if (a->kind == ExplorerKind::Transform || old->kind == ExplorerKind::Transform) {
        m_flipBit = defaultFlipBit(*a, m_flipField.toStdString()); // bit numbering means another thing there
    }
    // The same field name may have another size here (LEA-256's key bit 200 in LEA-128).
    m_flipBit = clampFlipBit(m_flipField, m_flipBit);
    // The old trace has another layout: drop it rather than show it under the new name.
    m_run = {};
    m_twin = {};
    m_twinFlips.clear();
    m_twinCells.clear();
    m_twinError.clear();
    m_inputs.clear();
    m_runError.clear();
    m_step = 0;
    revalidate();
    emit algorithmChanged();
    emit roundsChanged(rounds());
    recomputeNow();
    if (!hasTrace()) {
        emit traceChanged();
        emit twinChanged();
        emit currentStepChanged(m_step);
    }
    return true;
}

void CipherSession::setInput(const QString& field, const QString& text) {
    const QString before = inputError(field);
    const QString old = inputText(field);
    if (!fields().setText(field.toStdString(), text.toStdString())) return;
    if (inputText(field) != old) emit inputTextChanged(field, inputText(field)); // every view of it follows
    const QString error = inputError(field);
    if (error != before) emit inputValidityChanged(field, error);
    if (inputsValid())
        scheduleRecompute();
    else
        m_recomputeTimer.stop(); // nothing runs while any field is invalid
}

inputs::HexInputs& CipherSession::fields() {
    return m_fields.at(m_alg->id);
}

const inputs::HexInputs& CipherSession::fields() const {
    return m_fields.at(m_alg->id);
}

QString CipherSession::inputText(const QString& field) const {
    return QString::fromStdString(fields().text(field.toStdString()));
}

QString CipherSession::inputError(const QString& field) const {
    return QString::fromStdString(fields().error(field.toStdString()));
}

bool CipherSession::inputsValid() const {
    return fields().valid();
}

QString CipherSession::firstInputError() const {
    return QString::fromStdString(fields().firstError());
}

void CipherSession::randomizeInput(const QString& field) {
    const ExplorerField* f = m_alg->field(field.toStdString());
    if (f == nullptr) return;
    const QString text =
        QString::fromStdString(crypto::toHex(inputs::randomBytes(*f, inputText(field).toStdString())));
    setInput(field, text);
}

void CipherSession::resetInputs() {
    for (const ExplorerField& f : m_alg->fields) {
        const QString name = QString::fromStdString(f.name), text = QString::fromStdString(f.defaultHex);
        setInput(name, text);
    }
}

QHash<QString, CipherSession::InputTexts> CipherSession::allInputs() const {
    QHash<QString, InputTexts> out;
    for (const auto& [id, in] : m_fields)
        for (const inputs::HexField& f : in.fields())
            out[QString::fromStdString(id)].insert(QString::fromStdString(f.name),
                                                   QString::fromStdString(in.text(f.name)));
    return out;
}

void CipherSession::setAllInputs(const QHash<QString, InputTexts>& texts) {
    for (auto it = texts.begin(); it != texts.end(); ++it) {
        const auto in = m_fields.find(it.key().toStdString());
        if (in == m_fields.end()) continue;
        for (auto ft = it.value().begin(); ft != it.value().end(); ++ft)
            in->second.setText(ft.key().toStdString(), ft.value().toStdString()); // unknown fields: ignored
    }
    revalidate();
    for (const ExplorerField& f : m_alg->fields) {
        const QString name = QString::fromStdString(f.name);
        emit inputTextChanged(name, inputText(name));
    }
    scheduleRecompute();
}

int CipherSession::rounds() const {
    return m_alg->maxRounds == 0 ? 0 : m_rounds.value(QString::fromStdString(m_alg->id), m_alg->maxRounds);
}

void CipherSession::setRounds(int rounds) {
    if (m_alg->maxRounds == 0) return;
    rounds = std::clamp(rounds, 1, m_alg->maxRounds);
    if (rounds == this->rounds()) return;
    emit analysisSettingsChanging(); // an analysis's result would be for the old round count
    m_rounds.insert(QString::fromStdString(m_alg->id), rounds);
    emit roundsChanged(rounds);
    scheduleRecompute();
}

void CipherSession::revalidate() {
    for (const ExplorerField& f : m_alg->fields) {
        const QString name = QString::fromStdString(f.name);
        emit inputValidityChanged(name, inputError(name));
    }
}

void CipherSession::scheduleRecompute() {
    if (inputsValid()) m_recomputeTimer.start();
}

void CipherSession::recomputeNow() {
    m_recomputeTimer.stop();
    auto values = fields().values();
    if (!values) return;
    std::map<std::string, Bytes> inputs = std::move(*values);
    try {
        ExplorerRun run = runExplorer(*m_alg, inputs, rounds(), detail());
        if (m_substeps) run.trace = teach::expandSubsteps(run.trace);
        ++m_traceRuns;
        m_run = std::move(run);
        m_inputs = std::move(inputs);
        m_runError.clear();
    } catch (const std::exception& e) {
        m_runError = QString::fromUtf8(e.what());
        return;
    }
    // Keep the position, so editing an input shows the same step of the new run.
    m_step = std::clamp(m_step, 0, std::max(0, stepCount() - 1));
    computeTwin();
    emit traceChanged();
    emit twinChanged();
    emit currentStepChanged(m_step);
}

void CipherSession::setSubsteps(bool on) {
    if (on == m_substeps) return;
    // Keep the round on view: the same round's last step in the other granularity.
    const crypto::TraceStep* now = step(m_step);
    const int round = now != nullptr ? now->round : 0;
    const std::string phase = now != nullptr ? now->phase : std::string();
    m_substeps = on;
    recomputeNow();
    for (int i = stepCount() - 1; i >= 0 && now != nullptr; --i)
        if (step(i)->round == round && step(i)->phase == phase) {
            setCurrentStep(i);
            break;
        }
}

void CipherSession::computeTwin() {
    m_twin = {};
    m_twinFlips.clear();
    m_twinCells.clear();
    m_twinError.clear();
    const ExplorerField* f = m_alg->field(m_flipField.toStdString());
    const auto it = m_inputs.find(m_flipField.toStdString());
    if (f == nullptr || it == m_inputs.end()) return; // no valid run yet: nothing to compare
    const QString label = QString::fromStdString(f->label);
    const int bits = static_cast<int>(it->second.size()) * 8;
    if (bits == 0) {
        m_twinError = tr("%1 is empty: there is no bit to flip").arg(label);
        return;
    }
    if (m_flipBit < 0 || m_flipBit >= bits) {
        m_twinError = tr("bit %1 is outside %2 (bits 0–%3)").arg(m_flipBit).arg(label).arg(bits - 1);
        return;
    }
    // A flip the algorithm would reject (an ML-DSA coefficient pushed to q or above) is said as such.
    if (const std::string why = flipInputError(*m_alg, it->first, it->second, m_flipBit); !why.empty()) {
        m_twinError = QString::fromStdString(why);
        return;
    }
    std::map<std::string, Bytes> inputs = m_inputs;
    flipInputBit(inputs[it->first], m_flipBit);
    try {
        m_twin = runExplorer(*m_alg, inputs, rounds(), detail());
        if (m_substeps) m_twin.trace = teach::expandSubsteps(m_twin.trace);
    } catch (const std::exception& e) {
        m_twin = {};
        m_twinError = tr("the twin run failed: %1").arg(QString::fromUtf8(e.what()));
        return;
    }
    m_twinFlips = twinFlipsPerStep(m_run.trace, m_twin.trace);
    m_twinCells = twinCellsPerStep(m_run.trace, m_twin.trace);
}

int CipherSession::clampFlipBit(const QString& field, int bit) const {
    bit = std::max(0, bit);
    const ExplorerField* f = m_alg->field(field.toStdString());
    if (f == nullptr) return bit;
    int bits = f->bytes * 8;
    if (f->bytes < 0) {
        const auto current = fields().bytes(f->name);
        if (!current) return bit;
        bits = static_cast<int>(current->size()) * 8;
    }
    return bits > 0 ? std::min(bit, bits - 1) : 0;
}

QString CipherSession::outputHex() const {
    return QString::fromStdString(crypto::toHex(m_run.output));
}

QString CipherSession::tagHex() const {
    return QString::fromStdString(crypto::toHex(m_run.tag));
}

const crypto::TraceStep* CipherSession::step(int i) const {
    if (i < 0 || i >= stepCount()) return nullptr;
    return &m_run.trace.steps[static_cast<std::size_t>(i)];
}

void CipherSession::setCurrentStep(int i) {
    i = std::clamp(i, 0, std::max(0, stepCount() - 1));
    if (i == m_step) return;
    m_step = i;
    emit currentStepChanged(m_step);
}

void CipherSession::setFlip(const QString& field, int bit) {
    if (m_alg->field(field.toStdString()) == nullptr) return;
    bit = clampFlipBit(field, bit);
    if (field == m_flipField && bit == m_flipBit) return;
    m_flipField = field;
    m_flipBit = bit;
    computeTwin();
    emit twinChanged();
}

bool CipherSession::hasTwin() const {
    return hasTrace() && m_twin.trace.steps.size() == m_run.trace.steps.size();
}

Bytes CipherSession::inputBytes(const QString& field) const {
    const auto it = m_inputs.find(field.toStdString());
    return it == m_inputs.end() ? Bytes{} : it->second;
}

analysis::DiffusionRequest CipherSession::defaultDiffusionRequest() const {
    analysis::DiffusionRequest r;
    r.alg = m_alg->diffusionAlg;
    r.rounds = m_alg->kind == ExplorerKind::Aead ? m_alg->diffusionRounds : rounds();
    if (const ExplorerField* f = m_alg->field(m_flipField.toStdString())) r.field = f->analysisField;
    return r;
}

} // namespace rs::sessions
