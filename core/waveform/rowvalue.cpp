#include "core/waveform/rowvalue.h"

#include "core/fileio/safefile.h"
#include "core/waveform/bitvalue.h"

#include <algorithm>
#include <cmath>

namespace rs::waveform {

namespace {

bool bitOf(Words v, int b) {
    const auto w = static_cast<std::size_t>(b / 64);
    return w < v.size() && ((v[w] >> (b % 64)) & 1) != 0;
}

std::string upper(std::string s) {
    for (char& c : s)
        if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 'a' + 'A');
    return s;
}

/** Two's complement over width: "-" and the magnitude when the sign bit is set. */
std::string signedDigits(Words value, int width) {
    if (width < 1 || !bitOf(value, width - 1)) return decimalDigits(value);
    std::vector<std::uint64_t> v(WaveformStore::wordCount(width), 0);
    for (std::size_t i = 0; i < v.size() && i < value.size(); ++i)
        v[i] = ~value[i];
    if (width % 64) v.back() &= (std::uint64_t{1} << (width % 64)) - 1; // ~value over width bits
    for (std::uint64_t& w : v)                                          // + 1
        if (++w != 0) break;
    return "-" + decimalDigits(v);
}

std::string asciiText(Words value, int width) {
    const int bytes = (width + 7) / 8;
    std::string s;
    for (int k = bytes - 1; k >= 0; --k) {
        unsigned c = 0;
        for (int b = 7; b >= 0; --b)
            c = (c << 1) | (8 * k + b < width && bitOf(value, 8 * k + b) ? 1u : 0u);
        s += c >= 0x20 && c < 0x7F ? static_cast<char>(c) : '.';
    }
    return s;
}

std::string trim(std::string_view s) {
    const auto first = s.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(" \t\r");
    return std::string(s.substr(first, last - first + 1));
}

} // namespace

std::string formatValue(Words value, int width, Radix radix,
                        const std::map<std::uint64_t, std::string>* names) {
    switch (radix) {
    case Radix::Named:
    case Radix::Enum:
        if (names && width <= 64) {
            const std::uint64_t v = value.empty() ? 0 : value[0];
            if (const auto it = names->find(v); it != names->end()) return it->second;
            std::string hex = upper(hexDigits(value, width)); // a value without a name: hex, no leading zeros
            return hex.erase(0, std::min(hex.find_first_not_of('0'), hex.size() - 1));
        }
        break;
    case Radix::Dec:
        return decimalDigits(value);
    case Radix::Signed:
        return signedDigits(value, width);
    case Radix::Bin:
        return binaryDigits(value, width);
    case Radix::Ascii:
        return asciiText(value, width);
    case Radix::Hex:
        break;
    }
    // Uppercase hex, as the rest of the app writes it (the state views, the IP panels).
    return upper(hexDigits(value, width));
}

const std::map<std::uint64_t, std::string>* rowNames(const WaveformStore& store, const WaveRow& row) {
    if (row.radix == Radix::Enum) return &row.enumNames;
    if (row.radix == Radix::Named && row.isSignal() && row.bits.empty()) {
        const auto& names = store.signal(row.id).valueNames;
        return names.empty() ? nullptr : &names;
    }
    return nullptr;
}

int rowWidth(const WaveformStore& store, const WaveRow& row) {
    if (!row.isSignal()) return 0;
    if (!row.bits.empty()) return static_cast<int>(row.bits.size());
    return store.signal(row.id).width;
}

std::vector<std::uint64_t> rowWordsAt(const WaveformStore& store, const WaveRow& row, Tick tick) {
    if (!row.isSignal()) return {};
    if (row.bits.empty()) return store.wordsForView(row.id, tick);
    const int width = static_cast<int>(row.bits.size());
    std::vector<std::uint64_t> v(WaveformStore::wordCount(width), 0);
    for (int i = 0; i < width; ++i) {
        const BitRef& b = row.bits[static_cast<std::size_t>(i)];
        if (bitOf(store.wordsAt(b.id, tick), b.bit)) {
            const int at = width - 1 - i; // the first part is the most significant bit
            v[static_cast<std::size_t>(at / 64)] |= std::uint64_t{1} << (at % 64);
        }
    }
    return v;
}

std::string rowValueText(const WaveformStore& store, const WaveRow& row, Tick tick) {
    if (!row.isSignal()) return {};
    return formatValue(rowWordsAt(store, row, tick), rowWidth(store, row), row.radix, rowNames(store, row));
}

std::string rowTitle(const WaveformStore& store, const WaveRow& row) {
    if (!row.label.empty() || !row.isSignal()) return row.label;
    if (row.bits.empty()) {
        const SignalInfo& info = store.signal(row.id);
        return info.width > 1 ? info.name + "[" + std::to_string(info.width - 1) + ":0]" : info.name;
    }
    const auto part = [&](const BitRef& b) {
        return store.signal(b.id).width > 1 ? b.name + "[" + std::to_string(b.bit) + "]" : b.name;
    };
    if (row.bits.size() == 1) return part(row.bits[0]);
    std::string s = "{";
    for (std::size_t i = 0; i < row.bits.size(); ++i)
        s += (i ? ", " : "") + part(row.bits[i]);
    return s + "}";
}

std::vector<ViewItem> rowViewItems(const WaveformStore& store, const WaveRow& row, Tick begin, Tick end,
                                   std::size_t pixels) {
    if (!row.isSignal()) return {};
    if (row.bits.empty()) return store.viewItems(row.id, begin, end, pixels);
    std::vector<SignalId> ids;
    for (const BitRef& b : row.bits)
        if (std::find(ids.begin(), ids.end(), b.id) == ids.end()) ids.push_back(b.id);
    std::vector<ViewItem> all;
    for (const SignalId id : ids) {
        const auto items = store.viewItems(id, begin, end, pixels);
        all.insert(all.end(), items.begin(), items.end());
    }
    std::stable_sort(all.begin(), all.end(),
                     [](const ViewItem& a, const ViewItem& b) { return a.first < b.first; });
    std::vector<ViewItem> out;
    std::uint64_t value = rowWordsAt(store, row, begin).front(); // the painter starts from it
    for (const ViewItem& it : all) {
        const std::uint64_t v = rowWordsAt(store, row, it.last).front();
        const bool dense = it.changes > 1;
        if (!out.empty() && it.first <= out.back().last) { // overlaps the previous item: one dense run
            out.back().last = std::max(out.back().last, it.last);
            out.back().changes += it.changes;
            out.back().value = v;
        } else if (dense || v != value) {
            out.push_back(ViewItem{it.first, it.last, v, it.changes, 0});
        }
        value = v;
    }
    return out;
}

DrawWindow rowDrawWindow(const WaveformStore& store, const WaveRow& row, Tick begin, Tick end,
                         std::size_t pixels) {
    if (row.isSignal() && row.bits.empty()) return store.drawWindow(row.id, begin, end, pixels);
    DrawWindow w;
    w.items = rowViewItems(store, row, begin, end, pixels);
    for (std::size_t k = 0; k < w.items.size(); ++k)
        w.items[k].index = k;
    w.start = row.isSignal() ? rowWordsAt(store, row, begin) : std::vector<std::uint64_t>{0};
    return w;
}

double rowNumber(Words value, int width, Radix radix) {
    double n = 0;
    for (std::size_t i = value.size(); i-- > 0;)
        n = n * 18446744073709551616.0 + static_cast<double>(value[i]);
    if (radix == Radix::Signed && width > 0 && bitOf(value, width - 1)) n -= std::ldexp(1.0, width);
    return n;
}

std::pair<double, double> rowNumberRange(const WaveformStore& store, const WaveRow& row, Tick begin,
                                         Tick end) {
    if (!row.isSignal()) return {0, 0};
    const int width = rowWidth(store, row);
    const auto first = rowWordsAt(store, row, begin);
    double lo = rowNumber(first, width, row.radix), hi = lo;
    const auto take = [&](Words v) {
        const double n = rowNumber(v, width, row.radix);
        lo = std::min(lo, n);
        hi = std::max(hi, n);
    };
    if (row.bits.empty()) {
        for (std::size_t i = store.lowerBound(row.id, begin), e = store.lowerBound(row.id, end); i < e; ++i)
            take(store.changeWords(row.id, i));
    } else {
        for (const ViewItem& it : rowViewItems(store, row, begin, end, 4096))
            take(Words(&it.value, 1));
    }
    return {lo, hi};
}

std::map<std::uint64_t, std::string> parseEnumMap(std::string_view text, const std::string& what) {
    std::map<std::uint64_t, std::string> names;
    std::size_t lineNo = 0;
    while (!text.empty()) {
        ++lineNo;
        const auto nl = text.find('\n');
        const std::string line = trim(text.substr(0, nl));
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        if (line.empty() || line[0] == '#') continue;
        const auto where = [&] { return what + ", line " + std::to_string(lineNo) + ": "; };
        const auto space = line.find_first_of(" \t");
        if (space == std::string::npos)
            throw EnumFileError(where() + "'" + line + "' has no name after its value");
        const std::string digits = line.substr(0, space);
        int base = 10;
        std::string_view d = digits;
        if (d.size() > 2 && d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
            base = 16, d.remove_prefix(2);
        else if (d.size() > 2 && d[0] == '0' && (d[1] == 'b' || d[1] == 'B'))
            base = 2, d.remove_prefix(2);
        const auto value = parseDigits(d, base, 64);
        if (!value)
            throw EnumFileError(where() + "'" + digits +
                                "' is not a value (decimal, 0x hex or 0b binary, at most 64 bits)");
        const std::uint64_t v = value->empty() ? 0 : value->front();
        if (!names.emplace(v, trim(line.substr(space))).second)
            throw EnumFileError(where() + "the value " + digits + " is given a name twice");
    }
    if (names.empty()) throw EnumFileError(what + ": no mapping (lines of `VALUE NAME`, e.g. `0x3 FINAL`)");
    return names;
}

std::map<std::uint64_t, std::string> loadEnumFile(const std::string& path) {
    std::string text;
    try {
        text = fileio::readFileBounded(path, 1u << 20, "enum mapping file");
    } catch (const std::exception& e) {
        throw EnumFileError(e.what());
    }
    return parseEnumMap(text, "enum mapping file " + path);
}

} // namespace rs::waveform
