#include "app/cli/cliinput.h"

#include "core/fileio/safefile.h"

#include <cctype>

namespace rs::cli {

namespace {

bool isFile(const std::string& text) {
    return !text.empty() && text.front() == '@';
}

/** The @FILE's bytes, bounded; UsageError "--name: <why>" (the file error names the file). */
std::string readInputFile(const std::string& name, const std::string& text) {
    const std::string path = text.substr(1);
    if (path.empty()) throw UsageError("--" + name + ": '@' names no file (write @FILE)");
    try {
        return fileio::readFileBounded(path, kMaxInputFileBytes, "--" + name + " file");
    } catch (const fileio::FileError& e) {
        throw UsageError("--" + name + ": " + e.what());
    }
}

/** Hex text with its whitespace (spaces, tabs, line breaks) removed. */
std::string withoutSpaces(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) out += c;
    return out;
}

/** Why a file's text is not hex (empty when it is): the first byte that is neither a hex digit nor
 *  whitespace, by its value and offset (a binary file's byte printed as it is could break the one-line
 *  error), or an odd number of digits. */
std::string notHexText(const std::string& raw, const std::string& hex) {
    static constexpr char digits[] = "0123456789ABCDEF";
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const auto c = static_cast<unsigned char>(raw[i]);
        if (std::isxdigit(c) || std::isspace(c)) continue;
        return std::string("byte 0x") + digits[c >> 4] + digits[c & 0xF] + " at offset " + std::to_string(i) +
               " is no hex digit";
    }
    if (hex.size() % 2 != 0) return "an odd number of hex digits, " + std::to_string(hex.size());
    return {};
}

crypto::Bytes decodeHex(const std::string& name, const std::string& hex) {
    try {
        return crypto::fromHex(hex);
    } catch (const crypto::InvalidArgument& e) {
        throw UsageError("--" + name + ": " + e.what());
    }
}

std::string sizeError(const std::string& name, std::size_t size, const std::string& forWhat,
                      std::size_t got) {
    return "--" + name + ": expected " + std::to_string(size) + " bytes" + forWhat + ", got " +
           std::to_string(got);
}

} // namespace

crypto::Bytes inputBytes(const CliArgs& args, const std::string& name) {
    const std::string text = args.require(name);
    if (!isFile(text)) return decodeHex(name, text);
    const std::string raw = readInputFile(name, text);
    return crypto::Bytes(raw.begin(), raw.end());
}

crypto::Bytes inputBytesOr(const CliArgs& args, const std::string& name, const crypto::Bytes& fallback) {
    return args.has(name) ? inputBytes(args, name) : fallback;
}

crypto::Bytes sizedInputBytes(const CliArgs& args, const std::string& name, std::size_t size,
                              const std::string& forWhat) {
    const std::string text = args.require(name);
    crypto::Bytes bytes;
    if (!isFile(text)) {
        bytes = decodeHex(name, text);
    } else {
        const std::string raw = readInputFile(name, text);
        if (raw.size() == size) return crypto::Bytes(raw.begin(), raw.end());
        const std::string hex = withoutSpaces(raw);
        const std::string why = notHexText(raw, hex);
        if (!why.empty())
            throw UsageError("--" + name + ": '" + text.substr(1) + "' is neither " + std::to_string(size) +
                             " raw bytes" + forWhat + " (it has " + std::to_string(raw.size()) +
                             ") nor hex text (" + why + ")");
        bytes = crypto::fromHex(hex);
    }
    if (bytes.size() != size) throw UsageError(sizeError(name, size, forWhat, bytes.size()));
    return bytes;
}

} // namespace rs::cli
