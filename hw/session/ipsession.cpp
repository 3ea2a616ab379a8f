#include "ipsession.h"

#include <QRandomGenerator>

#include <exception>

#include "explorermodel.h"
#include "hw/ipdevice.h"
#include "oracle/oracle.h"

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

IpSession::IpSession(QObject* parent) : QObject(parent) {
    qRegisterMetaType<IpSessionResult>();
    resetInputs();
}

IpSession::~IpSession() {
    // Waits for a running operation, then frees the IP on the thread that built it.
    m_worker.shutdown([this] { m_ip.reset(); });
}

QStringList IpSession::fieldNames() {
    QStringList names;
    for (const auto& f : aeadFields().fields)
        names << QString::fromStdString(f.name);
    return names;
}

QString IpSession::fieldLabel(const QString& field) {
    const auto* f = findField(field);
    return f ? QString::fromStdString(f->label) : QString();
}

int IpSession::fieldBytes(const QString& field) {
    const auto* f = findField(field);
    return f ? f->bytes : -1;
}

QList<int> IpSession::supportedUnrolls() {
    QList<int> out;
    for (int u : IpDevice::supportedUnrolls())
        out << u;
    return out;
}

void IpSession::setInput(const QString& field, const QString& text) {
    const auto* f = findField(field);
    if (f == nullptr) return;
    m_texts[field] = text;
    m_errors[field] = QString::fromStdString(sessions::validateFieldHex(*f, text.toStdString(), nullptr));
    emit inputsChanged();
}

QString IpSession::inputText(const QString& field) const {
    return m_texts.value(field);
}

QString IpSession::inputError(const QString& field) const {
    return m_errors.value(field);
}

bool IpSession::inputsValid() const {
    for (const QString& e : m_errors)
        if (!e.isEmpty()) return false;
    return true;
}

void IpSession::resetInputs() {
    for (const auto& f : aeadFields().fields) {
        m_texts[QString::fromStdString(f.name)] = QString::fromStdString(f.defaultHex);
        m_errors[QString::fromStdString(f.name)] = QString();
    }
    emit inputsChanged();
}

void IpSession::randomizeInput(const QString& field) {
    const auto* f = findField(field);
    if (f == nullptr) return;
    int n = f->bytes;
    if (n < 0) {
        crypto::Bytes current;
        n = sessions::validateFieldHex(*f, inputText(field).toStdString(), &current).empty()
                ? static_cast<int>(current.size())
                : 16;
    }
    crypto::Bytes bytes(static_cast<std::size_t>(n));
    for (auto& b : bytes)
        b = static_cast<std::uint8_t>(QRandomGenerator::global()->bounded(256));
    setInput(field, QString::fromStdString(crypto::toHex(bytes)));
}

bool IpSession::run() {
    if (m_running || !inputsValid()) return false;
    std::map<std::string, crypto::Bytes> in;
    for (const auto& f : aeadFields().fields)
        if (!sessions::validateFieldHex(f, inputText(QString::fromStdString(f.name)).toStdString(),
                                        &in[f.name])
                 .empty())
            return false;
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
            IpOptions opt;
            opt.unroll = unroll;
            opt.precomputed = precomputed;
            opt.capture = capture.get();
            const IpEncryptResult r = m_ip->encrypt(variant, key, nonce, ad, pt, opt);
            IpSessionResult s;
            s.variant = variant;
            s.unroll = unroll;
            s.precomputed = precomputed;
            s.ct = r.ct;
            s.tag = r.tag;
            s.cycles = r.run.cycles;
            s.axiTransactions = r.run.axiTransactions;
            IpCycleQuery q;
            q.variant = variant;
            q.unroll = unroll;
            q.precomputed = precomputed;
            q.adBytes = ad.size();
            q.msgBytes = pt.size();
            s.expected = expectedCycles(q);
            s.formulaExact = fitsFifos(q);
            // Judged by the one oracle: ct‖tag against the C++ model's.
            const crypto::AeadResult ref = crypto::asconEncrypt(variant, key, nonce, ad, pt);
            crypto::Bytes got = r.ct, want = ref.ct;
            got.insert(got.end(), r.tag.begin(), r.tag.end());
            want.insert(want.end(), ref.tag.begin(), ref.tag.end());
            s.matchesModel = oracle::verify(got, want).ok;
            s.capture = std::move(capture);
            return s;
        },
        [this](const sessions::JobResult<IpSessionResult>& r) { onJobFinished(r); });
    return true;
}

void IpSession::onJobFinished(const sessions::JobResult<IpSessionResult>& r) {
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
