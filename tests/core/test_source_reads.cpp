// Every read of a user's file goes through the bounded reader (core/fileio/safefile.h: readFileBounded,
// openRegularFile), which refuses a device, FIFO or folder before a byte is read and caps the
// size: `ip run --alg mldsa-* --in` read /dev/zero until it held 3.8 GB, blocked forever on a FIFO and read
// a 2 GB file whole before refusing it, all through a bare std::ifstream. This test scans the program's
// sources (app/ core/ hw/ gpu/ riscv/, not tests/) for the other ways to read a file and fails on each one
// that the allow-list below does not name, with the reason that makes it no user's file; an entry that no
// longer matches anything fails too, so the list stays true.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "tests/core/sourcescan.h"

namespace {

using rs::test::Allowed;
using rs::test::AllowListOutcome;
using rs::test::matchAllowList;

/// The ways to read a file other than the bounded reader: C++ and C streams, Qt files, descriptors, mappings,
/// and the FST library's own reader. (#include lines are not reads; comments are stripped first.)
const std::vector<std::pair<std::regex, const char*>>& patterns() {
    static const std::vector<std::pair<std::regex, const char*>> p{
        {std::regex(R"(\b(std::)?i?fstream\b)"), "std::ifstream/fstream"},
        {std::regex(R"(\bf(re)?open\s*\()"), "fopen"},
        {std::regex(R"(\bfread\s*\()"), "fread"},
        {std::regex(R"(\breadAll\s*\()"), "QIODevice::readAll"},
        {std::regex(R"(QIODevice::Read(Only|Write))"), "QIODevice opened for reading"},
        {std::regex(R"(\bmmap\s*\()"), "mmap"},
        {std::regex(R"((^|[^\w])::p?read\s*\(|\bp?read\s*\([^,;]*\bfd\b)"), "read(2) on a descriptor"},
        {std::regex(R"(\bfstReaderOpen\b)"), "the FST library's reader"},
    };
    return p;
}

// clang-format off
const std::vector<Allowed> kAllowed{
    // The bounded reader itself.
    {"core/fileio/safefile.cpp", "::read(", "the bounded reader: readFileBounded, DescriptorStream"},
    // The parent's walk of an FST file's block headers (33 bytes each), on a descriptor from openRegularFile.
    {"core/waveform/fstheader.cpp", "::pread(fd", "block headers of an FST file opened by fileio::openRegularFile"},
    // Kernel files of this process or machine, never a path from a user.
    {"core/waveform/guardedchild.cpp", "std::ifstream statm(\"/proc/self/statm\")", "this process's own memory size"},
    {"core/campaign/campaignengine.cpp", "std::ifstream cpu(\"/proc/cpuinfo\")", "the CPU's model name for a run's record"},
    {"core/campaign/hostconditions.cpp", "std::ifstream in(path)", "firstLine(): /proc and /sys files of this machine (a lease's process, the kernel, the CPU's governor and turbo); never a user's path"},
    // Pipes and devices the program itself opened.
    {"core/waveform/guardedchild.cpp", "::read(in.get()", "the pipe from a guarded child (records checked one by one)"},
    {"core/waveform/fstchildwork.cpp", "::read(fd, p, n)", "in the guarded reading process: the requests its parent sends on their socket"},
    {"riscv/runner/riscvprogram.cpp", "p.readAll()", "a QProcess's output (the simulator the runner started)"},
    {"hw/zynq/sim/halhost.cpp", "read(b.fd", "the virtual board's pseudo-terminal: the serial line it serves"},
    {"hw/board/boardclient.cpp", "m_serial->open(QIODevice::ReadWrite)", "the board's serial port: a device by design, read asynchronously with time-outs"},
    // The FST library runs only in a guarded child (time, memory and file-size limits; the parent has checked
    // the path is a regular FST file and read its header itself).
    {"core/waveform/fstchildwork.cpp", "fstReaderOpen(path.c_str())", "the FST library in the guarded child"},
    // Files inside the program or written by it.
    {"app/ui/explorer/lessonpanel.cpp", "f.open(QIODevice::ReadOnly)", "a shipped lesson inside the executable (':/lessons', Qt resources); a user's lesson goes through readFileBounded"},
    {"app/ui/explorer/lessonpanel.cpp", "f.readAll()", "the same shipped lesson"},
    {"gpu/runner/gpurunner.cpp", "f.open(QIODevice::ReadOnly)", "the output roundscope-gpu wrote into the runner's own temporary folder"},
    {"gpu/runner/gpurunner.cpp", "f.readAll()", "the same output file"},
};
// clang-format on

/** The line without its // comment. */
std::string code(const std::string& line) {
    return rs::test::withoutLineComment(line);
}

struct Hit {
    std::string file;
    int line = 0;
    std::string text;
    const char* kind = "";
};

std::vector<Hit> scan() {
    std::vector<Hit> hits;
    rs::test::forEachSourceLine(RS_SOURCE_DIR, [&hits](const rs::test::SourceLine& l) {
        const std::string c = code(l.text);
        if (c.find("#include") != std::string::npos) return;
        for (const auto& [re, kind] : patterns())
            if (std::regex_search(c, re)) {
                hits.push_back({l.file, l.number, l.text, kind});
                break;
            }
    });
    return hits;
}

TEST(SourceReads, EveryFileReadGoesThroughTheBoundedReaderOrIsListedWithItsReason) {
    const std::vector<Hit> hits = scan();
    const AllowListOutcome found = matchAllowList<Hit>(hits, kAllowed, [](const Hit& h) {
        return h.file + ":" + std::to_string(h.line) + " (" + h.kind + "): " + h.text;
    });
    EXPECT_TRUE(found.unlisted.empty()) << "read a user's file through rs::fileio::readFileBounded (or "
                                           "openRegularFile and DescriptorStream), or add "
                                           "the read to kAllowed with the reason it is no user's file:"
                                        << found.unlisted;
    EXPECT_TRUE(found.stale.empty()) << "kAllowed names reads that are gone (drop the entries):"
                                     << found.stale;
}

TEST(SourceReads, TheScanFindsEachKindOfRead) {
    // The patterns themselves, so a typo cannot make the scan above pass by finding nothing.
    const std::vector<std::string> reads{"std::ifstream f(path);",
                                         "FILE* f = fopen(p, \"rb\");",
                                         "fread(buf, 1, n, f);",
                                         "const QByteArray b = file.readAll();",
                                         "if (!f.open(QIODevice::ReadOnly)) return;",
                                         "void* m = mmap(nullptr, n, PROT_READ, MAP_SHARED, fd, 0);",
                                         "const ssize_t n = ::read(fd, buf, sizeof buf);",
                                         "::pread(fd, b.data(), n, offset);",
                                         "ctx = fstReaderOpen(path.c_str());"};
    for (const std::string& r : reads) {
        bool found = false;
        for (const auto& [re, kind] : patterns())
            found = found || std::regex_search(code(r), re);
        EXPECT_TRUE(found) << r;
    }
    for (const char* fine : {"std::ofstream(dir / \"x.ys\") << script;", "p.readAllStandardOutput();",
                             "// std::ifstream in a comment", "bus.read(kStatus);",
                             "std::uint32_t AxiLiteMaster::read(std::uint8_t addr) {"})
        EXPECT_FALSE(std::any_of(patterns().begin(), patterns().end(), [&](const auto& p) {
            return std::regex_search(code(fine), p.first);
        })) << fine;
    EXPECT_GT(scan().size(), 5u) << "the scan read the sources";
}

} // namespace
