#include "core/fileio/safefile.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rs::fileio {

namespace {

std::string quoted(const std::string& path) {
    return "'" + path + "'";
}

std::string errnoText(int e) {
    return std::strerror(e);
}

/** Opens path for reading without blocking (a FIFO with no writer would block a plain open) and checks
 *  that it is a regular file; returns the descriptor (blocking mode restored) and its stat. */
int openRegular(const std::string& path, std::string_view what, struct stat& st) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0) {
        const int e = errno;
        throw FileError(std::string(what) + " " + quoted(path) + ": cannot open: " + errnoText(e));
    }
    if (::fstat(fd, &st) != 0) {
        const int e = errno;
        ::close(fd);
        throw FileError(std::string(what) + " " + quoted(path) + ": cannot stat: " + errnoText(e));
    }
    if (!S_ISREG(st.st_mode)) {
        ::close(fd);
        throw FileError(std::string(what) + " " + quoted(path) + " is " + fileKindText(st.st_mode) +
                        ", not a regular file");
    }
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    return fd;
}

std::string sizeText(std::uint64_t bytes) {
    if (bytes >= (std::uint64_t{1} << 30) && bytes % (std::uint64_t{1} << 30) == 0)
        return std::to_string(bytes >> 30) + " GiB";
    if (bytes >= (std::uint64_t{1} << 20) && bytes % (std::uint64_t{1} << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= 1024 && bytes % 1024 == 0) return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

std::string folderOf(const std::string& path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return path.substr(0, slash);
}

std::string baseName(const std::string& path) {
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

} // namespace

std::string fileKindText(mode_t mode) {
    if (S_ISDIR(mode)) return "a directory";
    if (S_ISCHR(mode)) return "a character device";
    if (S_ISBLK(mode)) return "a block device";
    if (S_ISFIFO(mode)) return "a FIFO";
    if (S_ISSOCK(mode)) return "a socket";
    return "not a regular file";
}

void requireRegularFile(const std::string& path, std::string_view what) {
    struct stat st {};
    ::close(openRegular(path, what, st));
}

std::uint64_t regularFileSize(const std::string& path, std::string_view what) {
    struct stat st {};
    ::close(openRegular(path, what, st));
    return static_cast<std::uint64_t>(st.st_size);
}

std::string readFileBounded(const std::string& path, std::uint64_t maxBytes, std::string_view what) {
    struct stat st {};
    const int fd = openRegular(path, what, st);
    const auto tooBig = [&](std::uint64_t size) {
        ::close(fd);
        return FileError(std::string(what) + " " + quoted(path) + " is " + (size > maxBytes ? "over " : "") +
                         sizeText(size) + "; the limit is " + sizeText(maxBytes));
    };
    if (static_cast<std::uint64_t>(st.st_size) > maxBytes)
        throw tooBig(static_cast<std::uint64_t>(st.st_size));
    std::string data;
    data.resize(static_cast<std::size_t>(st.st_size));
    std::size_t have = 0;
    for (;;) {
        if (have == data.size()) {
            // The file may have grown since fstat: read on, within the limit plus one byte.
            if (have > maxBytes) throw tooBig(have);
            data.resize(have + std::min<std::uint64_t>(65536, maxBytes + 1 - have));
        }
        const ssize_t n = ::read(fd, data.data() + have, data.size() - have);
        if (n < 0) {
            if (errno == EINTR) continue;
            const int e = errno;
            ::close(fd);
            throw FileError(std::string(what) + " " + quoted(path) + ": read failed: " + errnoText(e));
        }
        if (n == 0) break;
        have += static_cast<std::size_t>(n);
        if (have > maxBytes) throw tooBig(have);
    }
    ::close(fd);
    data.resize(have);
    return data;
}

int openRegularFile(const std::string& path, std::string_view what, std::uint64_t& size) {
    struct stat st {};
    const int fd = openRegular(path, what, st);
    size = static_cast<std::uint64_t>(st.st_size);
    return fd;
}

DescriptorStream::DescriptorStream(int fd) : std::istream(nullptr), m_buffer(fd) {
    rdbuf(&m_buffer);
}

DescriptorStream::Buffer::int_type DescriptorStream::Buffer::underflow() {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    for (;;) {
        const ssize_t n = ::read(m_fd, m_data, sizeof m_data);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return traits_type::eof(); // a failed read ends the stream; the reader sees it cut off
        setg(m_data, m_data, m_data + n);
        return traits_type::to_int_type(*gptr());
    }
}

void requireOutputTarget(const std::string& path) {
    if (path.empty()) throw FileError("output file: empty path");
    struct stat st {};
    if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        throw FileError("output file " + quoted(path) + " is " + fileKindText(st.st_mode) +
                        "; only a regular file can be written");
}

int openScratchFile(const std::string& path) {
    const std::string folder = folderOf(path);
#ifdef O_TMPFILE
    const int fd = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
    if (fd >= 0) return fd;
    if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL) {
        const int e = errno;
        throw FileError("output file " + quoted(path) + ": cannot create a file in '" + folder +
                        "': " + errnoText(e));
    }
#endif
    std::string pattern = folder + "/." + baseName(path) + ".scratch-XXXXXX";
    const int named = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (named < 0) {
        const int e = errno;
        throw FileError("output file " + quoted(path) + ": cannot create a file in '" + folder +
                        "': " + errnoText(e));
    }
    ::unlink(pattern.c_str());
    return named;
}

void ignoreFileSizeSignal() {
    std::signal(SIGXFSZ, SIG_IGN);
}

AtomicFile::AtomicFile(std::string target) : m_target(std::move(target)) {
    requireOutputTarget(m_target);
    std::string pattern = folderOf(m_target) + "/." + baseName(m_target) + ".tmp-XXXXXX";
    m_fd = ::mkostemp(pattern.data(), O_CLOEXEC);
    if (m_fd < 0) {
        const int e = errno;
        throw FileError("output file " + quoted(m_target) + ": cannot create a file in '" +
                        folderOf(m_target) + "': " + errnoText(e));
    }
    m_temp = pattern;
}

AtomicFile::~AtomicFile() {
    if (m_fd >= 0) ::close(m_fd);
    if (!m_committed && !m_temp.empty()) ::unlink(m_temp.c_str());
}

void AtomicFile::fail(const std::string& why) {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
    ::unlink(m_temp.c_str());
    m_temp.clear();
    throw FileError("output file " + quoted(m_target) + ": " + why + " (nothing was written)");
}

void AtomicFile::write(std::string_view bytes) {
    if (m_fd < 0) throw FileError("output file " + quoted(m_target) + ": already closed");
    while (!bytes.empty()) {
        const ssize_t n = ::write(m_fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("write failed: " + errnoText(errno));
        }
        if (n == 0) fail("write made no progress");
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
}

void AtomicFile::releaseDescriptor() {
    if (m_fd >= 0 && ::close(m_fd) != 0) {
        m_fd = -1;
        fail("close failed: " + errnoText(errno));
    }
    m_fd = -1;
}

void AtomicFile::commit() {
    if (m_committed) return;
    if (m_temp.empty()) throw FileError("output file " + quoted(m_target) + ": nothing to commit");
    int fd = m_fd;
    if (fd < 0) {
        // A library wrote the temporary file by path: reopen it to flush it to disk.
        fd = ::open(m_temp.c_str(), O_RDWR | O_CLOEXEC);
        if (fd < 0) fail("cannot reopen the written file: " + errnoText(errno));
        m_fd = fd;
    }
    if (::fsync(fd) != 0) fail("flush to disk failed: " + errnoText(errno));
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::fchmod(fd, 0666 & ~mask);
    m_fd = -1;
    if (::close(fd) != 0) {
        const int e = errno;
        ::unlink(m_temp.c_str());
        m_temp.clear();
        throw FileError("output file " + quoted(m_target) + ": close failed: " + errnoText(e) +
                        " (nothing was written)");
    }
    // The target may have been replaced by something else since the constructor looked.
    struct stat st {};
    if (::stat(m_target.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
        fail("is now " + fileKindText(st.st_mode) + "; only a regular file can be written");
    if (::rename(m_temp.c_str(), m_target.c_str()) != 0)
        fail("cannot rename into place: " + errnoText(errno));
    m_committed = true;
    // Make the rename itself durable.
    const int dir = ::open(folderOf(m_target).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
        ::fsync(dir);
        ::close(dir);
    }
}

void writeFileAtomic(const std::string& path, std::string_view bytes) {
    AtomicFile f(path);
    f.write(bytes);
    f.commit();
}

} // namespace rs::fileio
