// roundscope-cli: everything the GUI does, scriptable; with --json each command prints exactly one
// JSON object on stdout. Errors: one line on stderr naming the argument, exit status 2. The commands
// are a table (clitable.cpp); this file turns their exceptions into that one line.
#include "app/backends/backends.h"
#include "app/cli/clicommands.h"

#include "core/fileio/safefile.h"
#include "core/katfile.h"

#include <QApplication>
#include <QCoreApplication>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace {

// Qt's own warnings (e.g. the offscreen platform's XDG_RUNTIME_DIR note) would break the CLI's
// contract of one error line on stderr; they are shown only when ROUNDSCOPE_QT_MESSAGES is set.
void quietQtMessages(QtMsgType type, const QMessageLogContext&, const QString& msg) {
    static const bool verbose = !qEnvironmentVariableIsEmpty("ROUNDSCOPE_QT_MESSAGES");
    if (verbose || type == QtCriticalMsg || type == QtFatalMsg) std::cerr << msg.toStdString() << std::endl;
}

} // namespace

int main(int argc, char** argv) {
    qInstallMessageHandler(quietQtMessages);
    rs::fileio::ignoreFileSizeSignal(); // a file-size limit is a write error with a message, not SIGXFSZ
    rs::backends::registerAllRunners(); // every command (and the help) knows every campaign target
    const std::vector<std::string> args(argv, argv + argc);
    // Charts (chart, diffusion --png) need a GUI application; everything else runs without a display.
    const bool gui = rs::cli::needsGui(args);
    if (gui && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    std::unique_ptr<QCoreApplication> app =
        gui ? std::make_unique<QApplication>(argc, argv) : std::make_unique<QCoreApplication>(argc, argv);
    try {
        return rs::cli::dispatch(args);
    } catch (const rs::cli::UsageError& e) {
        std::cerr << "roundscope-cli: " << e.what() << std::endl;
    } catch (const rs::crypto::InvalidArgument& e) {
        // Model messages start with the argument's name ("key must be 16 bytes, got 3").
        const std::string what = e.what();
        const bool named =
            what.rfind("key ", 0) == 0 || what.rfind("nonce ", 0) == 0 || what.rfind("tag ", 0) == 0;
        std::cerr << "roundscope-cli: " << (named ? "--" : "") << what << std::endl;
    } catch (const rs::core::KatError& e) {
        std::cerr << "roundscope-cli: " << e.what() << std::endl;
    } catch (const std::bad_alloc&) {
        // Inputs are bounded where they are read; say which command ran out rather than "std::bad_alloc".
        std::string command;
        for (std::size_t i = 1; i < args.size() && i < 3 && args[i].rfind("--", 0) != 0; ++i)
            command += (command.empty() ? "" : " ") + args[i];
        std::cerr << "roundscope-cli: " << command
                  << ": out of memory (an input or a size given is too large)" << std::endl;
    } catch (const std::exception& e) {
        std::cerr << "roundscope-cli: error: " << e.what() << std::endl;
    }
    return rs::cli::kExitUsage;
}
