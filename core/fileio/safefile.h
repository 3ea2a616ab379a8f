#pragma once
// Files from the outside world, read and written so that a bad one gives a clear error and never a
// crash, a hang or a silently wrong file. Plain C++ over POSIX; every layer may use it.
//
// Reading: a path must name a regular file (a device such as /dev/zero, a FIFO or a directory is
// refused before a byte is read: opening is non-blocking, then fstat decides), and whole-file reads
// are capped, so a 2 GB file or an endless stream is an error naming the file and the limit.
//
// Writing: AtomicFile writes a temporary file in the target's folder, checks every write, flushes it
// to disk and renames it over the target at commit(); until then the target is untouched, and a
// failed or abandoned write leaves nothing behind. A target that exists and is not a regular file
// (/dev/full, a FIFO) is refused. File-size limits (SIGXFSZ) are turned into errors by
// ignoreFileSizeSignal(), which front ends call at start-up.

#include <cstddef>
#include <cstdint>
#include <istream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>

#include <sys/types.h>

namespace rs::fileio {

/** @brief A file that cannot be read or written as asked; the message names the file and says why. */
class FileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief Default cap for whole-file reads of definitions and vector files (256 MiB). */
inline constexpr std::uint64_t kDefaultReadLimit = std::uint64_t{256} << 20;

/** @brief What a file of this st_mode is, for messages: "a directory", "a character device", "a FIFO", ... */
std::string fileKindText(mode_t mode);

/** @brief Throws FileError unless path names an existing regular file (symbolic links are followed).
 *  `what` names the file's role in the message ("KAT file", "campaign definition"). Never blocks. */
void requireRegularFile(const std::string& path, std::string_view what);

/** @brief The size in bytes of a regular file (after requireRegularFile's checks). */
std::uint64_t regularFileSize(const std::string& path, std::string_view what);

/** @brief Reads a whole regular file of at most maxBytes; FileError naming the file, its size and the
 *  limit otherwise (also when the file grows past the limit while it is read). */
std::string readFileBounded(const std::string& path, std::uint64_t maxBytes, std::string_view what);

/** @brief Throws FileError unless path may be written as an output file: it does not exist, or it is a
 *  regular file (a device such as /dev/full, a FIFO or a directory is refused). Never blocks. */
void requireOutputTarget(const std::string& path);

/** @brief An unnamed temporary file in the folder of path, for scratch data that must never outlive the
 *  process (O_TMPFILE; where the file system lacks it, a name unlinked at once): read-write, close-on-exec,
 *  the caller closes it. FileError naming path when the folder cannot hold a file. */
int openScratchFile(const std::string& path);

/** @brief Opens a regular file for reading as readFileBounded does (never blocks; a device, FIFO or directory
 *  is refused, FileError naming it) and returns the descriptor, for a reader that streams more than it should
 *  hold whole (VCD: it caps what it keeps itself); size is set to the file's size. The caller closes it. */
int openRegularFile(const std::string& path, std::string_view what, std::uint64_t& size);

/** @brief A std::istream over a file descriptor (borrowed, not closed), read from where it stands. */
class DescriptorStream : public std::istream {
  public:
    explicit DescriptorStream(int fd);

  private:
    class Buffer : public std::streambuf {
      public:
        explicit Buffer(int fd) : m_fd(fd) {}

      protected:
        int_type underflow() override;

      private:
        int m_fd;
        char m_data[1 << 16];
    };
    Buffer m_buffer;
};

/** @brief Makes writes past a file-size limit (ulimit -f) fail with EFBIG instead of killing the
 *  process with SIGXFSZ. Idempotent. */
void ignoreFileSizeSignal();

/** @brief A file written in full or not at all. Not copyable; the destructor removes an uncommitted
 *  temporary file. */
class AtomicFile {
  public:
    /** @brief Creates the temporary file beside target; FileError when target exists and is not a
     *  regular file, or the folder is not writable. */
    explicit AtomicFile(std::string target);
    ~AtomicFile();
    AtomicFile(const AtomicFile&) = delete;
    AtomicFile& operator=(const AtomicFile&) = delete;

    /** @brief Appends bytes; FileError on any failed or short write (disk full, size limit). */
    void write(std::string_view bytes);
    /** @brief The temporary file's path, for a library that writes by path (then commit()). */
    const std::string& tempPath() const { return m_temp; }
    /** @brief Closes our descriptor so a library may write tempPath() itself. */
    void releaseDescriptor();
    /** @brief Flushes to disk, closes (checked), gives the file the usual permissions and renames it over
     *  the target; FileError when any step fails (the target is then unchanged). */
    void commit();
    /** @brief The target path. */
    const std::string& target() const { return m_target; }

  private:
    [[noreturn]] void fail(const std::string& why);
    std::string m_target;
    std::string m_temp;
    int m_fd = -1;
    bool m_committed = false;
};

/** @brief Writes bytes to path through an AtomicFile (all or nothing). */
void writeFileAtomic(const std::string& path, std::string_view bytes);

} // namespace rs::fileio
