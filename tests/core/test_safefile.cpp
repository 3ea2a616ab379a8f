// rs_fileio: devices, FIFOs and folders are refused before a byte is read; whole-file reads are capped;
// AtomicFile leaves the target untouched until commit and nothing behind when a write fails.
#include <gtest/gtest.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/fileio/safefile.h"

using namespace rs::fileio;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() {
        std::string tmpl = (fs::temp_directory_path() / "rs_safefile_XXXXXX").string();
        path = ::mkdtemp(tmpl.data());
    }
    ~TempDir() { fs::remove_all(path); }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

std::string read(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const FileError& e) {
        return e.what();
    }
    return "(no error)";
}

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

} // namespace

TEST(SafeFile, RefusesDevicesFifosAndFolders) {
    TempDir dir;
    EXPECT_NE(errorOf([] { readFileBounded("/dev/zero", 1024, "KAT file"); }).find("character device"),
              std::string::npos);
    fs::create_symlink("/dev/zero", dir.path / "zero.vcd");
    EXPECT_NE(
        errorOf([&] { requireRegularFile(dir.file("zero.vcd"), "waveform"); }).find("not a regular file"),
        std::string::npos);
    const std::string fifo = dir.file("fifo");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    // A FIFO without a writer would block a plain open forever.
    EXPECT_NE(errorOf([&] { readFileBounded(fifo, 1024, "campaign definition"); }).find("a FIFO"),
              std::string::npos);
    EXPECT_NE(errorOf([&] { requireRegularFile(dir.path.string(), "KAT file"); }).find("a directory"),
              std::string::npos);
    const std::string missing = errorOf([&] { readFileBounded(dir.file("nope"), 10, "KAT file"); });
    EXPECT_NE(missing.find("KAT file '" + dir.file("nope") + "': cannot open"), std::string::npos) << missing;
}

TEST(SafeFile, CapsWholeFileReads) {
    TempDir dir;
    const std::string f = dir.file("data");
    write(f, std::string(1024, 'x'));
    EXPECT_EQ(readFileBounded(f, 1024, "KAT file").size(), 1024u);
    const std::string err = errorOf([&] { readFileBounded(f, 1023, "KAT file"); });
    EXPECT_NE(err.find("the limit is 1023 bytes"), std::string::npos) << err;
    write(f, "");
    EXPECT_EQ(readFileBounded(f, 0, "KAT file"), "");
    EXPECT_EQ(regularFileSize(f, "KAT file"), 0u);
}

TEST(SafeFile, AtomicFileReplacesOnlyAtCommit) {
    TempDir dir;
    const std::string target = dir.file("out.csv");
    write(target, "old");
    {
        AtomicFile f(target);
        f.write("new contents");
        EXPECT_EQ(read(target), "old"); // untouched until commit
        f.commit();
    }
    EXPECT_EQ(read(target), "new contents");
    EXPECT_EQ(entries(dir.path), 1u); // no temporary file left
    {
        AtomicFile abandoned(target);
        abandoned.write("half");
    } // destroyed without commit
    EXPECT_EQ(read(target), "new contents");
    EXPECT_EQ(entries(dir.path), 1u);
    struct stat st {};
    ASSERT_EQ(::stat(target.c_str(), &st), 0);
    const mode_t mask = ::umask(0);
    ::umask(mask);
    EXPECT_EQ(st.st_mode & 0777, 0666 & ~mask); // the usual permissions, not mkstemp's 0600
}

TEST(SafeFile, RefusesNonRegularTargets) {
    EXPECT_NE(errorOf([] { writeFileAtomic("/dev/full", "x"); }).find("character device"), std::string::npos);
    struct stat st {};
    ASSERT_EQ(::stat("/dev/full", &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)); // still the device, never replaced
    TempDir dir;
    EXPECT_NE(errorOf([&] { writeFileAtomic(dir.path.string(), "x"); }).find("a directory"),
              std::string::npos);
    EXPECT_NE(errorOf([&] { writeFileAtomic(dir.file("no/such/folder/f"), "x"); }).find("cannot create"),
              std::string::npos);
}

TEST(SafeFile, AFullDiskIsAnErrorAndLeavesTheTargetUnchanged) {
    // A file-size limit stands in for a full disk: without ignoreFileSizeSignal() the write would kill the
    // process with SIGXFSZ; with it, the write fails with EFBIG and AtomicFile reports it.
    TempDir dir;
    const std::string target = dir.file("export.csv");
    write(target, "previous");
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        ignoreFileSizeSignal();
        const rlimit lim{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &lim);
        try {
            writeFileAtomic(target, std::string(100000, 'y'));
        } catch (const FileError& e) {
            _exit(std::string(e.what()).find("nothing was written") != std::string::npos ? 42 : 43);
        }
        _exit(44);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
    EXPECT_EQ(WEXITSTATUS(status), 42);
    EXPECT_EQ(read(target), "previous");
    EXPECT_EQ(entries(dir.path), 1u);
}
