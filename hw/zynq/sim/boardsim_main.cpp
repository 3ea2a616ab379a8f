// roundscope-board-sim: a virtual Zynq board. Opens a pseudo-terminal, prints its path on the first line
// of stdout ("roundscope-board-sim: /dev/pts/N"), and serves the board protocol with the firmware built for
// the host over the Verilated Ascon IP, with modelled timing (hw/zynq/sim/halhost.h). Options inject faults
// for the client's tests. Stops on SIGTERM/SIGINT, or after a --disconnect-after fault.
#include <fcntl.h>
#include <termios.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>

#include "hw/zynq/sim/halhost.h"

extern "C" {
#include "hw/zynq/firmware/firmware.h"
#include "hw/zynq/firmware/hal.h"
}

namespace {

volatile std::sig_atomic_t g_stop = 0;

void onSignal(int) {
    g_stop = 1;
}

int usage(const char* why) {
    std::fprintf(
        stderr,
        "roundscope-board-sim: %s\nusage: roundscope-board-sim [--unroll N] [--no-ip] [--corrupt-every N] "
        "[--drop-every N] [--disconnect-after N] [--reset-after N] [--garbage-before N] [--merge-at N] "
        "[--bad-length N] [--extra-byte N] [--lie-after N] [--lie-decrypt-after N] [--cpi X] [--gp-read-ns "
        "X] [--gp-write-ns X] "
        "[--driver-insns X]\n",
        why);
    return 2;
}

} // namespace

int main(int argc, char** argv) {
    rs::hw::board::HostBoardOptions o;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--no-ip") {
            o.ipPresent = false;
            continue;
        }
        static const std::map<std::string, int rs::hw::board::HostBoardOptions::*> counts = {
            {"--unroll", &rs::hw::board::HostBoardOptions::unroll},
            {"--corrupt-every", &rs::hw::board::HostBoardOptions::corruptEvery},
            {"--drop-every", &rs::hw::board::HostBoardOptions::dropEvery},
            {"--disconnect-after", &rs::hw::board::HostBoardOptions::disconnectAfter},
            {"--reset-after", &rs::hw::board::HostBoardOptions::resetAfter},
            {"--garbage-before", &rs::hw::board::HostBoardOptions::garbageBefore},
            {"--merge-at", &rs::hw::board::HostBoardOptions::mergeAt},
            {"--bad-length", &rs::hw::board::HostBoardOptions::badLength},
            {"--extra-byte", &rs::hw::board::HostBoardOptions::extraByte},
            {"--lie-after", &rs::hw::board::HostBoardOptions::lieAfter},
            {"--lie-decrypt-after", &rs::hw::board::HostBoardOptions::lieDecryptAfter}};
        static const std::map<std::string, double rs::hw::board::HostBoardOptions::*> model = {
            {"--cpi", &rs::hw::board::HostBoardOptions::cpi},
            {"--gp-read-ns", &rs::hw::board::HostBoardOptions::gpReadNs},
            {"--gp-write-ns", &rs::hw::board::HostBoardOptions::gpWriteNs},
            {"--driver-insns", &rs::hw::board::HostBoardOptions::driverInsns}};
        if (const auto m = model.find(a); m != model.end()) {
            if (i + 1 >= argc) return usage(("missing value after " + a).c_str());
            char* end = nullptr;
            const double v = std::strtod(argv[++i], &end);
            if (!end || *end || !(v > 0) || v > 1e6) return usage(("bad value for " + a).c_str());
            o.*(m->second) = v;
            continue;
        }
        const auto option = counts.find(a);
        if (option == counts.end()) return usage(("unknown option " + a).c_str());
        if (i + 1 >= argc) return usage(("missing value after " + a).c_str());
        char* end = nullptr;
        const long v = std::strtol(argv[++i], &end, 10);
        if (!end || *end || v < 0 || v > 1000000) return usage(("bad value for " + a).c_str());
        o.*(option->second) = static_cast<int>(v);
    }
    const int master = posix_openpt(O_RDWR | O_NOCTTY);
    if (master < 0 || grantpt(master) != 0 || unlockpt(master) != 0) {
        std::perror("roundscope-board-sim: pseudo-terminal");
        return 1;
    }
    const char* path = ptsname(master);
    // Raw mode on the line, and one slave descriptor kept open so a client closing and reopening the port
    // (a reconnect) does not hang up the master.
    const int slave = open(path, O_RDWR | O_NOCTTY);
    termios t{};
    if (slave < 0 || tcgetattr(slave, &t) != 0) {
        std::perror("roundscope-board-sim: pseudo-terminal");
        return 1;
    }
    cfmakeraw(&t);
    tcsetattr(slave, TCSANOW, &t);
    try {
        rs::hw::board::hostBoardInit(master, o);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "roundscope-board-sim: %s\n", e.what());
        return 1;
    }
    std::signal(SIGTERM, onSignal);
    std::signal(SIGINT, onSignal);
    std::printf("roundscope-board-sim: %s\n", path);
    std::fflush(stdout);
    fw_init();
    while (!g_stop && !rs::hw::board::hostBoardDisconnected()) {
        const int c = hal_uart_getc(100);
        if (c >= 0) fw_feed(static_cast<uint8_t>(c));
    }
    close(slave);
    close(master);
    return 0;
}
