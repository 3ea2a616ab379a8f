#pragma once
// The ARM firmware (arm-none-eabi, Cortex-A9) booted in QEMU's xilinx-zynq-a9 machine, its UART1 on a
// pseudo-terminal: a board with no PL. With `icount`, QEMU runs one guest instruction per virtual
// nanosecond (-icount shift=0,sleep=off) and the A9 global timer ticks once per 10 virtual ns, so the
// firmware's timer ticks count its retired instructions (ticks × kQemuInstructionsPerTick).

#include <QString>
#include <QStringList>

#include <memory>

class QProcess;

namespace rs::hw::board {

/** @brief Instructions per global-timer tick under -icount shift=0 (QEMU's a9gtimer: one tick per
 *  (prescaler + 1) × 10 ns of virtual time; the firmware sets prescaler 0). */
inline constexpr int kQemuInstructionsPerTick = 10;

class QemuBoard {
  public:
    QemuBoard();
    ~QemuBoard();
    QemuBoard(const QemuBoard&) = delete;
    QemuBoard& operator=(const QemuBoard&) = delete;
    /** @brief Boots `elf`; returns the pseudo-terminal of the firmware's UART. BoardError when QEMU is
     *  missing, the image is missing, or no pseudo-terminal is announced. */
    QString start(const QString& elf, bool countInstructions = true);
    void stop();
    /** @brief qemu-system-arm on PATH ($ROUNDSCOPE_QEMU_ARM first); empty when there is none. */
    static QString executable();
    /** @brief The firmware build `variant` (full, sw, ip, none, ip-ram) in `dir`, or in the build tree. */
    static QString firmware(const QString& variant, const QString& dir = {});

  private:
    std::unique_ptr<QProcess> m_process;
};

} // namespace rs::hw::board
