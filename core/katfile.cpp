#include "core/katfile.h"

#include "core/fileio/safefile.h"

namespace rs::core {

namespace {
std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}
} // namespace

bool KatRecord::has(std::string_view name) const noexcept {
    for (const auto& [k, v] : fields)
        if (k == name) return true;
    return false;
}

const std::string& KatRecord::text(std::string_view name) const {
    for (const auto& [k, v] : fields)
        if (k == name) return v;
    throw KatError("KAT record at line " + std::to_string(line) + " has no field '" + std::string(name) +
                   "'");
}

crypto::Bytes KatRecord::hex(std::string_view name) const {
    try {
        return crypto::fromHex(text(name));
    } catch (const crypto::InvalidArgument& e) {
        throw KatError("KAT record at line " + std::to_string(line) + ", field '" + std::string(name) +
                       "': " + e.what());
    }
}

std::vector<KatRecord> parseKat(std::string_view text, std::string_view sourceName) {
    std::vector<KatRecord> out;
    std::map<std::string, std::string> section;
    KatRecord current;
    bool open = false;
    int lineNo = 0;
    auto flush = [&] {
        if (open) out.push_back(std::move(current));
        current = KatRecord{};
        open = false;
    };
    std::size_t pos = 0;
    while (pos <= text.size()) {
        const std::size_t nl = text.find('\n', pos);
        const std::string_view raw = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
        pos = nl == std::string_view::npos ? text.size() + 1 : nl + 1;
        ++lineNo;
        const std::string_view line = trim(raw);
        if (line.empty()) {
            flush();
            continue;
        }
        if (line.front() == '#') continue;
        if (line.front() == '[') {
            flush();
            if (line.back() != ']')
                throw KatError(std::string(sourceName) + ":" + std::to_string(lineNo) + ": unterminated '['");
            const std::string_view inner = line.substr(1, line.size() - 2);
            const std::size_t eq = inner.find('=');
            if (eq == std::string_view::npos)
                section[std::string(trim(inner))] = "";
            else
                section[std::string(trim(inner.substr(0, eq)))] = std::string(trim(inner.substr(eq + 1)));
            continue;
        }
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            throw KatError(std::string(sourceName) + ":" + std::to_string(lineNo) +
                           ": expected 'Name = value'");
        if (!open) {
            current.line = lineNo;
            current.section = section;
            open = true;
        }
        current.fields.emplace_back(std::string(trim(line.substr(0, eq))),
                                    std::string(trim(line.substr(eq + 1))));
    }
    flush();
    return out;
}

std::vector<KatRecord> readKatFile(const std::string& path) {
    try {
        return parseKat(fileio::readFileBounded(path, kMaxVectorFileBytes, "KAT file"), path);
    } catch (const fileio::FileError& e) {
        throw KatError(e.what());
    }
}

} // namespace rs::core
