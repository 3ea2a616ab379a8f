#include "hw/session/ipsession.h"

#include <exception>

#include "core/oracle/algorithms.h"
#include "hw/ip/bus/axilite.h"
#include "hw/ip/ipcores.h"

namespace rs::hw {

namespace {

std::string text(const QString& s) {
    return s.toStdString();
}

QString qtext(const std::string& s) {
    return QString::fromStdString(s);
}

/** The operation's name for people: the registry's name, with the mode of a block cipher. */
QString operationName(const QString& id) {
    const auto op = oracle::findOperation(text(id));
    if (!op) return id;
    if (op->aead) return qtext(op->aead->displayName);
    if (op->block)
        return qtext(op->block->displayName) + (op->ctr ? QStringLiteral(" CTR") : QStringLiteral(" ECB"));
    if (op->mldsa) return qtext(op->mldsa->displayName);
    return id;
}

} // namespace

IpSession::IpSession(QObject* parent) : QObject(parent), m_cores(std::make_unique<IpCoreSet>()) {
    qRegisterMetaType<IpSessionResult>();
}

IpSession::~IpSession() {
    // Cancels and waits for a running operation, then frees the models on the thread that built them.
    m_worker.shutdown([this] { m_cores.reset(); });
}

QStringList IpSession::cores() {
    QStringList out;
    for (const std::string& id : ipCoreIds())
        out << qtext(id);
    return out;
}

QString IpSession::coreName(const QString& core) {
    const auto c = ipCoreInfo(text(core));
    return c ? qtext(c->displayName()) : QString();
}

QStringList IpSession::operations(const QString& core) {
    QStringList out;
    if (const auto c = ipCoreInfo(text(core)))
        for (const std::string& op : c->operations())
            out << qtext(op);
    return out;
}

QString IpSession::coreOf(const QString& operation) {
    const auto c = ipCoreFor(text(operation));
    return c ? qtext(c->id()) : QString();
}

std::vector<IpSetting> IpSession::settingsOf(const QString& operation) {
    const auto c = ipCoreFor(text(operation));
    return c ? c->settings(text(operation)) : std::vector<IpSetting>{};
}

QList<int> IpSession::settingValues(const QString& operation, const QString& setting) {
    QList<int> out;
    for (const IpSetting& s : settingsOf(operation))
        if (qtext(s.name) == setting)
            for (const int v : s.values)
                out << v;
    return out;
}

QString IpSession::captureOperation(const QString& algorithm) {
    // The oracle's operation of the algorithm itself (an AEAD, an ML-DSA transform), else its ECB mode.
    for (const QString& op : {algorithm, algorithm + QStringLiteral("-ecb")})
        if (oracle::findOperation(text(op)) && ipCoreFor(text(op))) return op;
    return {};
}

oracle::Inputs IpSession::inputsFromFields(const std::map<std::string, crypto::Bytes>& fields) {
    oracle::Inputs in;
    for (const auto& [name, bytes] : fields) {
        if (name == "key")
            in.key = bytes;
        else if (name == "nonce" || name == "iv")
            in.nonce = bytes;
        else if (name == "ad")
            in.ad = bytes;
        else if (name == "pt" || name == "poly")
            in.message = bytes;
    }
    return in;
}

crypto::Bytes IpSession::fieldOf(const oracle::Inputs& inputs, const std::string& field) {
    if (field == "key") return inputs.key;
    if (field == "nonce" || field == "iv") return inputs.nonce;
    if (field == "ad") return inputs.ad;
    if (field == "pt" || field == "poly") return inputs.message;
    return {};
}

QString IpSession::describe(const IpSessionResult& r) {
    QStringList parts{tr("IP run"), operationName(r.operation)};
    if (r.tag) parts << (r.authenticated ? tr("decryption") : tr("decryption, authentication failed"));
    for (const IpSetting& s : settingsOf(r.operation)) {
        const auto it = r.settings.find(s.name);
        if (it == r.settings.end()) continue;
        if (s.flag) {
            if (it->second != 0) parts << qtext(s.label);
        } else {
            parts << QStringLiteral("%1 %2").arg(it->second).arg(qtext(s.label));
        }
    }
    parts << tr("%1 B").arg(r.inputs.message.size());
    return parts.join(QStringLiteral(" · "));
}

IpSettings IpSession::settings(const QString& core) const {
    const auto it = m_settings.find(core);
    return it == m_settings.end() ? IpSettings{} : it->second;
}

bool IpSession::setSettings(const QString& core, const IpSettings& settings, QString* error) {
    const auto c = ipCoreInfo(text(core));
    if (!c) {
        if (error) *error = tr("no IP core '%1'").arg(core);
        return false;
    }
    IpSettings merged = this->settings(core);
    for (const auto& [name, value] : settings)
        merged[name] = value;
    // Checked against the core's first operation (its operations share their settings' names).
    const std::vector<std::string> ops = c->operations();
    try {
        if (!ops.empty()) resolveSettings(*c, ops.front(), merged);
    } catch (const IpSettingError& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    m_settings[core] = std::move(merged);
    emit settingsChanged(core);
    return true;
}

bool IpSession::run(const IpRequest& request, QString* error) {
    const auto fail = [error](const QString& why) {
        if (error) *error = why;
        return false;
    };
    if (m_running) return fail(tr("a run is in progress"));
    const std::string opId = text(request.operation);
    const auto info = ipCoreFor(opId);
    if (!info) return fail(tr("no IP core runs '%1'").arg(request.operation));
    const QString core = qtext(info->id());
    IpSettings settings = this->settings(core);
    for (const auto& [name, value] : request.settings)
        settings[name] = value;
    IpSessionResult result;
    try {
        result.settings = resolveSettings(*info, opId, settings);
        // The oracle's answer, before anything runs: inputs the operation cannot take are refused here.
        if (!request.tag) {
            result.model = oracle::referenceOutput(oracle::operation(opId), request.inputs);
        } else {
            // A decryption: the C++ model's plaintext, or nothing when the tag does not verify.
            const oracle::AeadAlgorithm* aead = oracle::operation(opId).aead;
            if (!aead || !info->decrypts(opId))
                return fail(tr("the %1 core does not decrypt '%2'")
                                .arg(qtext(info->displayName()), request.operation));
            const oracle::Inputs& in = request.inputs;
            aead->checkSizes(in.key, in.nonce, *request.tag);
            if (auto pt = aead->decrypt(in.key, in.nonce, in.ad, in.message, *request.tag))
                result.model = std::move(*pt);
        }
    } catch (const std::exception& e) {
        return fail(QString::fromUtf8(e.what()));
    }
    result.core = core;
    result.operation = request.operation;
    result.inputs = request.inputs;
    result.tag = request.tag;
    m_running = true;
    m_runningCore = core;
    ++m_runsStarted;
    emit runningChanged(true);
    m_worker.submit(
        [this, result = std::move(result)](sessions::JobContext<>& job) mutable {
            IpCore* core = m_cores->core(text(result.core));
            auto capture = std::make_shared<waveform::WaveformStore>();
            capture->setTickSeconds(10e-9);
            IpCapture into;
            into.store = capture.get();
            try {
                const oracle::Operation op = oracle::operation(text(result.operation));
                result.run = result.tag
                                 ? core->decrypt(op, result.inputs, *result.tag, result.settings, &into,
                                                 &job.cancelFlag())
                                 : core->run(op, result.inputs, result.settings, &into, &job.cancelFlag());
            } catch (const IpCancelled&) {
                // The abandoned operation may still be in the core: the next run starts on new models.
                m_cores->drop(text(result.core));
                throw sessions::JobCancelled();
            } catch (...) {
                m_cores->drop(text(result.core));
                throw;
            }
            // Judged by the one oracle: the core's output against the C++ model's.
            const oracle::Verdict verdict = oracle::verify(result.run.output, result.model);
            result.matchesModel = verdict.ok;
            result.verdict = qtext(verdict.message);
            // A decryption: its output is the plaintext released, empty when the tag did not verify.
            if (result.tag) result.authenticated = result.run.facts["authenticated"] == "1";
            result.capture = std::move(capture);
            return result;
        },
        [this, core](const sessions::JobResult<IpSessionResult>& r) {
            m_running = false;
            emit runningChanged(false);
            if (r.ok()) {
                m_last = *r.value;
                emit finished(m_last);
            } else if (r.cancelled) {
                emit cancelled(core);
            } else {
                emit failed(core, r.error);
            }
        });
    return true;
}

void IpSession::cancel() {
    if (m_running) m_worker.cancelAll();
}

} // namespace rs::hw
