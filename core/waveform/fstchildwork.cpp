#include "core/waveform/fstchildwork.h"

#include "core/waveform/bitstring.h"
#include "core/waveform/fstio.h"
#include "core/waveform/fstwire.h"

#include <fstapi.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <optional>

#include <sys/stat.h>
#include <unistd.h>

namespace rs::waveform::detail {

namespace {

struct ReaderClose {
    void operator()(void* ctx) const { fstReaderClose(ctx); }
};
using Reader = std::unique_ptr<void, ReaderClose>;

int refuse(WireOut& w, const std::string& why) {
    w.tag('X');
    w.str(why);
    w.flush();
    return kChildRefused;
}

VarKind kindOf(unsigned char typ) {
    switch (typ) {
    case FST_VT_VCD_REAL:
    case FST_VT_VCD_REAL_PARAMETER:
    case FST_VT_VCD_REALTIME:
    case FST_VT_SV_SHORTREAL:
        return VarKind::Real;
    case FST_VT_GEN_STRING:
        return VarKind::String;
    default:
        return VarKind::Bits;
    }
}

/** Enum tables: a definition names values; a reference (no name) applies to the next variable. */
void sendAttribute(WireOut& w, const decltype(fstHier::u.attr)& attr) {
    if (attr.typ != FST_AT_MISC || attr.subtype != FST_MT_ENUMTABLE) return;
    if (!attr.name || attr.name_length == 0) {
        w.tag('R');
        w.u64(attr.arg);
        return;
    }
    std::unique_ptr<fstETab, void (*)(fstETab*)> table(fstUtilityExtractEnumTableFromString(attr.name),
                                                       fstUtilityFreeEnumTable);
    if (!table) return;
    w.tag('E');
    w.u64(attr.arg);
    w.u32(table->elem_count);
    for (std::uint32_t i = 0; i < table->elem_count; ++i) {
        w.str(table->val_arr[i] ? table->val_arr[i] : "");
        w.str(table->literal_arr[i] ? table->literal_arr[i] : "");
    }
}

/** What the value callback works on: which handles, and the record stream. */
struct ValueState {
    const FstValueRequest* request = nullptr;
    WireOut* out = nullptr;
    std::uint64_t time = 0, changes = 0;
    bool anyTime = false;
    std::vector<unsigned char> bytes;
};

/** A value's digits (most significant first, '0' '1' 'x' 'z' 'h' ...) as bytes, least significant
 *  first; known unless every digit is x or z. */
void pack(const unsigned char* digits, std::uint32_t bits, std::vector<unsigned char>& bytes, bool& known) {
    bytes.assign((bits + 7) / 8, 0);
    known = true;
    for (std::uint32_t end = bits, k = 0; end > 0; ++k) {
        const std::uint32_t begin = end > 64 ? end - 64 : 0;
        std::uint64_t v = 0;
        if (!parseBinary(reinterpret_cast<const char*>(digits) + begin, end - begin, v)) {
            v = 0;
            known = false; // decided over all digits below
            for (std::uint32_t i = begin; i < end; ++i)
                v = (v << 1) | (digits[i] == '1' || digits[i] == 'h' || digits[i] == 'H');
        }
        for (std::uint32_t b = 0; b < 8 && 8 * k + b < bytes.size(); ++b)
            bytes[8 * k + b] = static_cast<unsigned char>(v >> (8 * b));
        end = begin;
    }
    if (!known)
        for (std::uint32_t i = 0; i < bits && !known; ++i)
            known = digits[i] != 'x' && digits[i] != 'X' && digits[i] != 'z' && digits[i] != 'Z';
}

void onValue(void* user, std::uint64_t time, fstHandle handle, const unsigned char* value) {
    auto& s = *static_cast<ValueState*>(user);
    if (!value || handle >= s.request->bits.size()) return;
    const std::uint32_t bits = s.request->bits[handle];
    if (bits == 0) return;
    if (!s.anyTime || time != s.time) {
        s.out->tag('T');
        s.out->u64(time);
        s.time = time;
        s.anyTime = true;
    }
    bool known = true;
    pack(value, bits, s.bytes, known);
    s.out->tag('C');
    s.out->u32(handle);
    s.out->u8(known ? 1 : 0);
    s.out->bytes(s.bytes.data(), s.bytes.size());
    ++s.changes;
}

void onVarLength(void* user, std::uint64_t time, fstHandle handle, const unsigned char* value,
                 std::uint32_t) {
    onValue(user, time, handle, value); // strings are refused by the parent before any value is asked for
}

} // namespace

int sendFstHierarchy(const std::string& path, int fd) {
    PipeOut pipe(fd);
    WireOut w(pipe);
    Reader ctx(fstReaderOpen(path.c_str()));
    if (!ctx)
        return refuse(w, "the FST library cannot read it (damaged, or without signals or value changes)");
    w.tag('F');
    w.u8(static_cast<std::uint8_t>(static_cast<std::int8_t>(fstReaderGetTimescale(ctx.get()))));
    w.u64(fstReaderGetStartTime(ctx.get()));
    w.u64(fstReaderGetEndTime(ctx.get()));
    w.u32(fstReaderGetMaxHandle(ctx.get()));
    rs_fst_io_reset();
    while (const fstHier* h = fstReaderIterateHier(ctx.get())) {
        switch (h->htyp) {
        case FST_HT_SCOPE:
            w.tag('S');
            w.str(std::string_view(h->u.scope.name ? h->u.scope.name : "",
                                   h->u.scope.name ? h->u.scope.name_length : 0));
            break;
        case FST_HT_UPSCOPE:
            w.tag('U');
            break;
        case FST_HT_VAR:
            w.tag('V');
            w.u32(h->u.var.handle);
            w.u32(h->u.var.length);
            w.u8(static_cast<std::uint8_t>(kindOf(h->u.var.typ)));
            w.u8(h->u.var.is_alias ? 1 : 0);
            w.str(std::string_view(h->u.var.name ? h->u.var.name : "",
                                   h->u.var.name ? h->u.var.name_length : 0));
            break;
        case FST_HT_ATTRBEGIN:
            sendAttribute(w, h->u.attr);
            break;
        default:
            break;
        }
    }
    // The library unpacks the hierarchy into a temporary file first; one it could not write is cut short.
    if (rs_fst_io_error() != 0)
        return refuse(w, "the FST library could not unpack it into a temporary file (" +
                             std::string(std::strerror(rs_fst_io_error())) + ")");
    w.tag('Z');
    w.flush();
    return 0;
}

namespace {

/** Sends the changes of the requested handles from an open reader. */
int sendValues(void* ctx, const FstValueRequest& request, WireOut& w) {
    if (fstReaderGetMaxHandle(ctx) + 1 != request.bits.size() || fstReaderGetEndTime(ctx) != request.endTime)
        return refuse(w, "the file changed since it was opened");
    fstReaderClrFacProcessMaskAll(ctx);
    for (std::size_t h = 1; h < request.bits.size(); ++h)
        if (request.bits[h] != 0) fstReaderSetFacProcessMask(ctx, static_cast<fstHandle>(h));
    if (request.window)
        fstReaderSetLimitTimeRange(ctx, request.window->first, request.window->second);
    else
        fstReaderSetUnlimitedTimeRange(ctx);
    ValueState state;
    state.request = &request;
    state.out = &w;
    fstReaderIterBlocks2(ctx, onValue, onVarLength, &state, nullptr);
    w.tag('D');
    w.u64(state.changes);
    w.flush();
    return 0;
}

void putLe(std::string& out, std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i, v >>= 8)
        out.push_back(static_cast<char>(v & 0xff));
}

/** Reads exactly n bytes; false at the end of the stream or on an error. */
bool readExactly(int fd, char* p, std::size_t n) {
    while (n > 0) {
        const ssize_t r = ::read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return false;
        p += r;
        n -= static_cast<std::size_t>(r);
    }
    return true;
}

/** What identifies the file the server opened; another file under the path differs in one of them. */
struct FileId {
    dev_t dev = 0;
    ino_t ino = 0;
    off_t size = 0;
    timespec mtime{};
    bool operator==(const FileId& o) const {
        return dev == o.dev && ino == o.ino && size == o.size && mtime.tv_sec == o.mtime.tv_sec &&
               mtime.tv_nsec == o.mtime.tv_nsec;
    }
};

std::optional<FileId> fileId(const std::string& path) {
    struct stat st {};
    if (::stat(path.c_str(), &st) != 0) return std::nullopt;
    return FileId{st.st_dev, st.st_ino, st.st_size, st.st_mtim};
}

constexpr std::uint32_t kMaxRequestBytes = 64u << 20;

} // namespace

int sendFstValues(const std::string& path, const FstValueRequest& request, int fd) {
    PipeOut pipe(fd);
    WireOut w(pipe);
    Reader ctx(fstReaderOpen(path.c_str()));
    if (!ctx)
        return refuse(w, "the FST library cannot read it any more (damaged, or changed since it was opened)");
    return sendValues(ctx.get(), request, w);
}

std::string encodeValueRequest(const FstValueRequest& request) {
    std::string body;
    putLe(body, request.endTime, 8);
    putLe(body, request.bits.size(), 4);
    putLe(body, request.window ? 1 : 0, 1);
    putLe(body, request.window ? request.window->first : 0, 8);
    putLe(body, request.window ? request.window->second : 0, 8);
    std::string handles;
    std::uint32_t count = 0;
    for (std::size_t h = 0; h < request.bits.size(); ++h)
        if (request.bits[h] != 0) {
            putLe(handles, h, 4);
            putLe(handles, request.bits[h], 4);
            ++count;
        }
    putLe(body, count, 4);
    body += handles;
    std::string out;
    putLe(out, body.size(), 4);
    return out + body;
}

int serveFstValues(const std::string& path, int fd) {
    const std::optional<FileId> opened = fileId(path);
    PipeOut pipe(fd);
    WireOut w(pipe);
    Reader ctx(fstReaderOpen(path.c_str()));
    if (!ctx || !opened)
        return refuse(w, "the FST library cannot read it any more (damaged, or changed since it was opened)");
    FstValueRequest request;
    std::string body;
    for (;;) {
        char size[4];
        if (!readExactly(fd, size, sizeof size)) return 0; // the parent closed the stream: done
        std::uint32_t n = 0;
        for (int i = 3; i >= 0; --i)
            n = (n << 8) | static_cast<unsigned char>(size[i]);
        if (n > kMaxRequestBytes) return refuse(w, "a request of " + std::to_string(n) + " bytes");
        body.resize(n);
        if (!readExactly(fd, body.data(), n)) return 0;
        if (fileId(path) != opened) return kServerStale;
        WireIn in(body);
        try {
            request.endTime = in.u64();
            const std::uint32_t slots = in.u32();
            const bool window = in.u8() != 0;
            const std::uint64_t first = in.u64(), last = in.u64();
            request.window.reset();
            if (window) request.window = std::make_pair(first, last);
            request.bits.assign(slots, 0);
            for (std::uint32_t k = in.u32(); k > 0; --k) {
                const std::uint32_t h = in.u32(), bits = in.u32();
                if (h >= slots) return refuse(w, "a request for handle " + std::to_string(h));
                request.bits[h] = bits;
            }
        } catch (const WireIn::Incomplete&) {
            return refuse(w, "a request cut short");
        }
        if (const int code = sendValues(ctx.get(), request, w); code != 0) return code;
    }
}

} // namespace rs::waveform::detail
