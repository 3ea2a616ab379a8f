#include "hw/session/asconipsession.h"

#include <exception>

#include "core/oracle/oracle.h"
#include "core/sessions/explorermodel.h"
#include "hw/ip/asconipdevice.h"

namespace rs::hw {

namespace {

// The IP runs the same operation as the explorer's AEAD modes, so it takes the same fields, spec
// examples and validation messages.
const sessions::ExplorerAlgorithm& aeadFields() {
    static const sessions::ExplorerAlgorithm* alg = sessions::findExplorerAlgorithm("ascon-128");
    return *alg;
}

const sessions::ExplorerField* findField(const QString& name) {
    return aeadFields().field(name.toStdString());
}

} // namespace

AsconIpSession::AsconIpSession(QObject* parent) : QObject(parent), m_inputs(aeadFields().hexFields()) {
    qRegisterMetaType<AsconIpSessionResult>();
}

AsconIpSession::~AsconIpSession() {
    // Waits for a running operation, then frees the IP on the thread that built it.
    m_worker.shutdown([this] { m_ip.reset(); });
}

QStringList AsconIpSession::fieldNames() {
    QStringList names;
    for (const auto& f : aeadFields().fields)
        names << QString::fromStdString(f.name);
    return names;
}

QString AsconIpSession::fieldLabel(const QString& field) {
    const auto* f = findField(field);
    return f ? QString::fromStdString(f->label) : QString();
}

int AsconIpSession::fieldBytes(const QString& field) {
    const auto* f = findField(field);
    return f ? f->bytes : -1;
}

QList<int> AsconIpSession::supportedUnrolls() {
    QList<int> out;
    for (int u : AsconIpDevice::supportedUnrolls())
        out << u;
    return out;
}

void AsconIpSession::setInput(const QString& field, const QString& text) {
    if (m_inputs.setText(field.toStdString(), text.toStdString())) emit inputsChanged();
}

void AsconIpSession::setInputBytes(const QString& field, const crypto::Bytes& bytes) {
    if (m_inputs.setBytes(field.toStdString(), bytes)) emit inputsChanged();
}

QString AsconIpSession::inputText(const QString& field) const {
    return QString::fromStdString(m_inputs.text(field.toStdString()));
}

QString AsconIpSession::inputError(const QString& field) const {
    return QString::fromStdString(m_inputs.error(field.toStdString()));
}

bool AsconIpSession::inputsValid() const {
    return m_inputs.valid();
}

void AsconIpSession::resetInputs() {
    m_inputs.reset();
    emit inputsChanged();
}

void AsconIpSession::randomizeInput(const QString& field) {
    if (m_inputs.field(field.toStdString()) == nullptr) return;
    m_inputs.randomize(field.toStdString());
    emit inputsChanged();
}

bool AsconIpSession::run() {
    auto values = m_inputs.values();
    if (m_running || !values) return false;
    std::map<std::string, crypto::Bytes> in = std::move(*values);
    const crypto::AsconAeadVariant variant = m_variant;
    const int unroll = m_unroll;
    const bool precomputed = m_precomputed;
    m_running = true;
    ++m_runsStarted;
    emit runningChanged(true);
    m_worker.submit(
        [this, in = std::move(in), variant, unroll, precomputed](sessions::JobContext<>&) {
            if (!m_ip) m_ip = std::make_unique<AsconIp>();
            const auto &key = in.at("key"), &nonce = in.at("nonce"), &ad = in.at("ad"), &pt = in.at("pt");
            auto capture = std::make_shared<waveform::WaveformStore>();
            capture->setTickSeconds(10e-9);
            AsconIpOptions opt;
            opt.unroll = unroll;
            opt.precomputed = precomputed;
            opt.capture = capture.get();
            const AsconIpEncryptResult r = m_ip->encrypt(variant, key, nonce, ad, pt, opt);
            AsconIpSessionResult s;
            s.variant = variant;
            s.unroll = unroll;
            s.precomputed = precomputed;
            s.ct = r.ct;
            s.tag = r.tag;
            s.cycles = r.run.cycles;
            s.axiTransactions = r.run.axiTransactions;
            AsconIpCycleQuery q;
            q.variant = variant;
            q.unroll = unroll;
            q.precomputed = precomputed;
            q.adBytes = ad.size();
            q.msgBytes = pt.size();
            s.expected = expectedCycles(q);
            s.formulaExact = fitsFifos(q);
            // Judged by the one oracle: ct‖tag against the C++ model's.
            const crypto::AeadResult ref = crypto::asconEncryptModel(variant, key, nonce, ad, pt);
            crypto::Bytes got = r.ct, want = ref.ct;
            got.insert(got.end(), r.tag.begin(), r.tag.end());
            want.insert(want.end(), ref.tag.begin(), ref.tag.end());
            s.matchesModel = oracle::verify(got, want).ok;
            s.capture = std::move(capture);
            return s;
        },
        [this](const sessions::JobResult<AsconIpSessionResult>& r) { onJobFinished(r); });
    return true;
}

void AsconIpSession::onJobFinished(const sessions::JobResult<AsconIpSessionResult>& r) {
    m_running = false;
    emit runningChanged(false);
    if (!r.value) {
        emit failed(r.error);
        return;
    }
    m_last = *r.value;
    emit finished(m_last);
}

} // namespace rs::hw
