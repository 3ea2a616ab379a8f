#include "hw/board/boardrunner.h"

#include <algorithm>
#include <optional>

#include "core/fileio/safefile.h"
#include "hw/board/boardclient.h"

#include <QCryptographicHash>

namespace rs::hw::board {

namespace {

using campaign::RunnerError;

/** One untimed ENCRYPT before the timed ones (the board's caches, its timer's first read), judged like
 *  every other answer, as the CPU runner's warm-up. */
constexpr int kBoardWarmups = 1;

/** SHA-256 of a firmware image (hex), so a run names the exact build it timed; the reason when unreadable. */
std::string imageSha256(const std::string& path) {
    try {
        const std::string bytes = fileio::readFileBounded(path, std::uint64_t(256) << 20, "firmware image");
        return QCryptographicHash::hash(QByteArray::fromStdString(bytes), QCryptographicHash::Sha256)
            .toHex()
            .toStdString();
    } catch (const fileio::FileError& e) {
        return std::string("unreadable: ") + e.what();
    }
}

class BoardRunner final : public campaign::Runner {
  public:
    std::string target() const override { return "board"; }
    bool supports(std::string_view algorithm) const override { return boardVariant(algorithm) >= 0; }

    campaign::RunOutput run(const campaign::RunKey& key, const campaign::RunInputs& in, int repeats,
                            const std::map<std::string, std::string>& options,
                            const std::atomic<bool>& cancel, oracle::OutputJudge& judge) override {
        const std::string pathText = campaign::optionOr(options, "board.path", "hw");
        if (pathText != "hw" && pathText != "sw")
            throw RunnerError("board.path: expected hw or sw, got '" + pathText + "'");
        const BoardPath path = pathText == "hw" ? BoardPath::Hardware : BoardPath::Software;
        try {
            connect(options);
            m_client.loadKey(boardVariant(key.algorithm), in.key);
            m_client.loadNonce(in.nonce);
            campaign::RunOutput out;
            std::vector<double> ns;
            std::uint32_t cycles = 0;
            for (int r = -kBoardWarmups; r < std::max(1, repeats); ++r) {
                if (cancel.load()) throw campaign::Cancelled();
                const CryptResult c = m_client.encrypt(path, in.ad, in.message);
                judge.check(c.output); // every answer of the board, not only the first (the warm-up's too)
                if (r < 0) continue;   // untimed
                if (r == 0) cycles = c.ipCycles;
                ns.push_back(static_cast<double>(c.ticks) * 1e9 / m_info.timerHz);
            }
            campaign::setTimings(out, std::move(ns), key.messageBytes); // every repeat's board-timer time
            if (path == BoardPath::Hardware)
                out.measurements.push_back({"cycles", static_cast<double>(cycles), "cycles"});
            out.parameters = {{"board.path", pathText},
                              {"firmware", m_info.firmware},
                              {"port", m_client.portName().toStdString()},
                              {"unroll", std::to_string(m_info.unroll)},
                              {"warmups", std::to_string(kBoardWarmups)}};
            // The image flashed on a real board, when the definition names it ("board.elf"): its hash
            // says which build ran (the board itself reports only its firmware's name).
            if (const auto elf = options.find("board.elf"); elf != options.end())
                out.parameters["firmware_elf_sha256"] = imageSha256(elf->second);
            return out;
        } catch (const BoardError& e) {
            throw RunnerError(std::string("board: ") + e.what());
        }
    }

    std::map<std::string, std::string> provenance() const override {
        // The virtual board is the firmware built for the host: its executable's hash names that build.
        const std::string sim = VirtualBoard::executable().toStdString();
        return {{"board.sim", sim}, {"board.sim_sha256", imageSha256(sim)}};
    }

  private:
    void connect(const std::map<std::string, std::string>& options) {
        if (m_client.isOpen()) return;
        QString port = QString::fromStdString(campaign::optionOr(options, "board.port", "virtual"));
        const int baud = std::stoi(campaign::optionOr(options, "board.baud", "115200"));
        if (port == QStringLiteral("virtual")) port = m_virtual.start();
        m_client.open(port, baud);
        m_info = m_client.info();
    }

    BoardClient m_client;
    VirtualBoard m_virtual;
    BoardInfo m_info;
};

} // namespace

std::unique_ptr<campaign::Runner> makeBoardRunner() {
    return std::make_unique<BoardRunner>();
}

campaign::TargetDeclaration boardDeclaration() {
    campaign::TargetDeclaration d;
    d.id = "board";
    d.name = "Zynq board (or the virtual board)";
    d.claims = [](std::string_view algorithm) { return boardVariant(algorithm) >= 0; };
    d.toolAbsent = []() -> std::optional<std::string> {
        if (VirtualBoard::executable().isEmpty())
            return "roundscope-board-sim not found (the virtual board, board.port's default)";
        return std::nullopt;
    };
    d.figures = campaign::Figures::Measured; // the board's own timer
    d.slurm.nodelistRequired = "the board target runs on the node the board is attached to";
    return d;
}

void registerBoardRunner() {
    campaign::registerTarget(boardDeclaration(), [] { return makeBoardRunner(); });
}

} // namespace rs::hw::board
