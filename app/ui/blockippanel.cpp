#include "blockippanel.h"

#include "blockipsession.h"
#include "pagehelpers.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

#include "crypto/bytes.h"

namespace rs::gui {

BlockIpPanel::BlockIpPanel(hw::BlockIpSession* session, QWidget* parent)
    : QWidget(parent), m_session(session) {
    setObjectName(QStringLiteral("blockIpPanel"));
    m_alg = new QComboBox(this);
    m_alg->addItems(hw::BlockIpSession::algorithms());
    m_rpc = new QComboBox(this);
    m_mode = new QComboBox(this);
    m_mode->addItems({QStringLiteral("ecb"), QStringLiteral("ctr")});
    m_key = new QLineEdit(QStringLiteral("0f1e2d3c4b5a69788796a5b4c3d2e1f0"), this);
    m_msg = new QLineEdit(QStringLiteral("101112131415161718191a1b1c1d1e1f"), this);
    m_iv = new QLineEdit(QString(32, QLatin1Char('0')), this);
    for (QLineEdit* e : {m_key, m_msg, m_iv})
        e->setFont(QFont(QStringLiteral("monospace")));
    m_run = new QPushButton(tr("Run on the core"), this);
    m_out = new QLabel(this);
    m_out->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_out->setWordWrap(true);
    m_match = new QLabel(this);
    m_cycles = new QLabel(this);
    m_cycles->setWordWrap(true);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Core"), m_alg);
    form->addRow(tr("Rounds per clock"), m_rpc);
    form->addRow(tr("Mode"), m_mode);
    form->addRow(tr("Key (hex)"), m_key);
    form->addRow(tr("Message (hex)"), m_msg);
    form->addRow(tr("Counter block (CTR)"), m_iv);
    form->addRow(m_run);
    form->addRow(tr("Output"), m_out);
    form->addRow(tr("Model"), m_match);
    form->addRow(tr("Clocks"), m_cycles);

    connect(m_alg, &QComboBox::currentIndexChanged, this, &BlockIpPanel::fillRpc);
    connect(m_mode, &QComboBox::currentIndexChanged, this,
            [this] { m_iv->setEnabled(m_mode->currentText() == QStringLiteral("ctr")); });
    connect(m_run, &QPushButton::clicked, this, &BlockIpPanel::run);
    connect(m_session, &hw::BlockIpSession::runningChanged, this,
            [this](bool on) { m_run->setEnabled(!on); });
    connect(m_session, &hw::BlockIpSession::finished, this, [this](const hw::BlockIpSessionResult& r) {
        m_out->setText(QString::fromStdString(crypto::toHex(r.output)));
        m_match->setText(r.matchesModel ? tr("matches the C++ model") : tr("DIFFERS from the C++ model"));
        setErrorStyle(m_match, !r.matchesModel);
        m_cycles->setText(
            tr("%1 per block = 1 + ceil(rounds / %2), %3 blocks = %4 core clocks; %5 bus clocks in all")
                .arg(r.cyclesPerBlock)
                .arg(r.rpc)
                .arg(r.blocks)
                .arg(r.coreCycles)
                .arg(r.busClocks));
    });
    connect(m_session, &hw::BlockIpSession::failed, this, [this](const QString& why) {
        m_match->setText(why);
        setErrorStyle(m_match, true);
    });
    fillRpc();
    m_iv->setEnabled(false);
}

void BlockIpPanel::fillRpc() {
    m_rpc->clear();
    for (const int r : hw::BlockIpSession::supportedRpc(m_alg->currentText()))
        m_rpc->addItem(QString::number(r), r);
    const int kb = hw::BlockIpSession::keyBytes(m_alg->currentText());
    if (static_cast<int>(m_key->text().size()) != 2 * kb)
        m_key->setText(
            QStringLiteral("0f1e2d3c4b5a69788796a5b4c3d2e1f0f0e1d2c3b4a5968778695a4b3c2d1e0f").left(2 * kb));
}

void BlockIpPanel::setInputs(const QString& algorithm, const QString& keyHex, const QString& messageHex) {
    m_alg->setCurrentText(algorithm);
    m_mode->setCurrentText(QStringLiteral("ecb"));
    m_key->setText(keyHex);
    m_msg->setText(messageHex);
}

void BlockIpPanel::run() {
    crypto::Bytes key, msg, iv;
    try {
        key = crypto::fromHex(m_key->text().toStdString());
        msg = crypto::fromHex(m_msg->text().toStdString());
        iv = m_mode->currentText() == QStringLiteral("ctr") ? crypto::fromHex(m_iv->text().toStdString())
                                                            : crypto::Bytes{};
    } catch (const std::exception& e) {
        m_match->setText(tr("Not hex: %1").arg(QString::fromUtf8(e.what())));
        setErrorStyle(m_match, true);
        return;
    }
    QString error;
    if (!m_session->run(m_alg->currentText(), m_rpc->currentData().toInt(), key, msg, m_mode->currentText(),
                        iv, &error)) {
        m_match->setText(error);
        setErrorStyle(m_match, true);
    }
}

} // namespace rs::gui
