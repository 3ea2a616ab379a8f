// The editor's size lists: "0..128/8, 1K, 16..64M*2" <-> [0, 8, ..., 128, 1024, 16, 32, ...].
#include <algorithm>
#include <cctype>
#include <charconv>
#include <set>

#include "core/campaign/campaignspec.h"

namespace rs::campaign {

namespace {

constexpr std::uint64_t kMaxBytes = std::uint64_t(1) << 30; // as in the JSON definition
constexpr std::size_t kMaxSizes = 10000;

[[noreturn]] void bad(std::string_view item, const std::string& why) {
    throw SpecError("'" + std::string(item) + "': " + why);
}

/** "64", "1K", "64M", "1G" (binary multiples); the whole item must be read. */
std::uint64_t size(std::string_view text, std::string_view item) {
    if (text.empty()) bad(item, "a size is missing");
    std::uint64_t n = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc::result_out_of_range) bad(item, "too large (at most 1 GiB)");
    if (ec != std::errc() || end == text.data()) bad(item, "expected a size such as 64, 1K or 64M");
    std::string_view rest(end, static_cast<std::size_t>(text.data() + text.size() - end));
    int shift = 0;
    if (!rest.empty()) {
        const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(rest.front())));
        shift = u == 'K' ? 10 : u == 'M' ? 20 : u == 'G' ? 30 : -1;
        rest.remove_prefix(1);
        if (!rest.empty() && (rest == "iB" || rest == "ib" || rest == "B" || rest == "b")) rest = {};
        if (shift < 0 || !rest.empty()) bad(item, "unknown unit (use K, M or G)");
    }
    if (n > (kMaxBytes >> shift)) bad(item, "over 1 GiB");
    return n << shift;
}

std::string sizeText(std::uint64_t n) {
    for (const auto& [shift, unit] : {std::pair{30, "G"}, {20, "M"}, {10, "K"}})
        if (n >= (std::uint64_t(1) << shift) && n % (std::uint64_t(1) << shift) == 0)
            return std::to_string(n >> shift) + unit;
    return std::to_string(n);
}

} // namespace

std::vector<std::uint64_t> parseSizeList(std::string_view text) {
    std::vector<std::uint64_t> out;
    std::set<std::uint64_t> seen;
    const auto add = [&](std::uint64_t n, std::string_view item) {
        if (!seen.insert(n).second) bad(item, "repeats the size " + std::to_string(n));
        if (out.size() == kMaxSizes) bad(item, "more than 10000 sizes");
        out.push_back(n);
    };
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ',' || std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < text.size() && text[j] != ',' && !std::isspace(static_cast<unsigned char>(text[j])))
            ++j;
        const std::string_view item = text.substr(i, j - i);
        i = j;
        const auto dots = item.find("..");
        if (dots == std::string_view::npos) {
            add(size(item, item), item);
            continue;
        }
        const std::string_view tail = item.substr(dots + 2);
        const auto op = tail.find_first_of("/*");
        if (op == std::string_view::npos) bad(item, "a range needs a step (0..128/8) or a factor (16..1M*2)");
        const std::uint64_t from = size(item.substr(0, dots), item);
        const std::uint64_t to = size(tail.substr(0, op), item);
        if (to < from) bad(item, "the range ends before it starts");
        const std::string_view byText = tail.substr(op + 1);
        std::uint64_t by = 0;
        const auto [end, ec] = std::from_chars(byText.data(), byText.data() + byText.size(), by);
        if (ec != std::errc() || end != byText.data() + byText.size())
            bad(item, "expected a whole number after '" + std::string(1, tail[op]) + "'");
        if (tail[op] == '/') {
            if (by == 0) bad(item, "the step must be at least 1");
            if ((to - from) / by >= kMaxSizes) bad(item, "more than 10000 sizes");
            // Stop before n + by could pass `to` (or wrap around 2^64 for a huge step).
            for (std::uint64_t n = from;; n += by) {
                add(n, item);
                if (to - n < by) break;
            }
        } else {
            if (by < 2 || by > 16) bad(item, "the factor must be 2..16");
            if (from == 0) bad(item, "a multiplying range cannot start at 0");
            for (std::uint64_t n = from;; n *= by) {
                add(n, item);
                if (n > to / by) break;
            }
        }
    }
    if (out.empty()) throw SpecError("no sizes (e.g. 16, 64, 0..128/8, 16..64M*2)");
    return out;
}

std::string formatSizeList(const std::vector<std::uint64_t>& sizes) {
    std::string out;
    const auto append = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
    std::size_t i = 0;
    while (i < sizes.size()) {
        // The longest arithmetic (step > 0) or geometric (factor 2..16) run starting here.
        std::size_t arith = i + 1, geo = i + 1;
        if (i + 1 < sizes.size() && sizes[i + 1] > sizes[i]) {
            const std::uint64_t step = sizes[i + 1] - sizes[i];
            while (arith < sizes.size() && sizes[arith] > sizes[arith - 1] &&
                   sizes[arith] - sizes[arith - 1] == step)
                ++arith;
            const std::uint64_t f = sizes[i] ? sizes[i + 1] / sizes[i] : 0;
            if (f >= 2 && f <= 16)
                while (geo < sizes.size() && sizes[geo] == sizes[geo - 1] * f)
                    ++geo;
        }
        const std::size_t end = std::max(arith, geo);
        if (end - i >= 3) {
            const bool isGeo = geo >= arith;
            const std::uint64_t by = isGeo ? sizes[i + 1] / sizes[i] : sizes[i + 1] - sizes[i];
            append(sizeText(sizes[i]) + ".." + sizeText(sizes[end - 1]) + (isGeo ? "*" : "/") +
                   std::to_string(by));
            i = end;
        } else {
            append(sizeText(sizes[i]));
            ++i;
        }
    }
    return out;
}

} // namespace rs::campaign
