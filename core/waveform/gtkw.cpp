#include "core/waveform/gtkw.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>

#include <unistd.h>

#include "core/fileio/safefile.h"

namespace rs::waveform {

namespace {

constexpr int kNamedMarkers = 26; // A..Z

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
        s.remove_suffix(1);
    return s;
}

std::optional<std::int64_t> parseInt(std::string_view s) {
    s = trim(s);
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<double> parseDouble(std::string_view s) {
    s = trim(s);
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

/** A quoted value ("path") without its quotes; a bare one as it is. */
std::string unquote(std::string_view s) {
    s = trim(s);
    if (s.size() >= 2 && s.front() == '"' && s.back() == '"') s = s.substr(1, s.size() - 2);
    return std::string(s);
}

/** The name without a trailing "[msb:lsb]" or "[bit]" range. */
std::string_view withoutRange(std::string_view name) {
    if (!name.empty() && name.back() == ']')
        if (const auto open = name.rfind('['); open != std::string_view::npos && open > 0)
            return name.substr(0, open);
    return name;
}

std::string traceKey(std::string_view fullName) {
    const std::string_view name = withoutRange(fullName);
    const auto dot = name.find('.');
    return std::string(dot == std::string_view::npos ? name : name.substr(dot + 1));
}

std::string hexFlags(std::uint64_t flags) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%llx", static_cast<unsigned long long>(flags));
    return buf;
}

} // namespace

// --- radix <-> flags: the one mapping ---------------------------------------------------------------

std::uint64_t gtkwFlagsOf(Radix radix) {
    using namespace gtkwflag;
    switch (radix) {
    case Radix::Hex:
        return kHex | kRjustify;
    case Radix::Dec:
        return kDec | kRjustify;
    case Radix::Bin:
        return kBin | kRjustify;
    case Radix::Named: // GTKWave names values only through a translate filter file: hex there
    case Radix::Enum:
        return kHex | kRjustify;
    case Radix::Signed: // as GTKWave writes signed decimal: @420
        return kSigned | kRjustify;
    case Radix::Ascii:
        return kAscii | kRjustify;
    }
    return kHex | kRjustify;
}

Radix radixOfGtkwFlags(std::uint64_t flags, bool* approximated) {
    using namespace gtkwflag;
    bool approx = false;
    Radix radix = Radix::Hex;
    if (flags & kSigned)
        radix = Radix::Signed;
    else if (flags & kAscii)
        radix = Radix::Ascii;
    else if (flags & kDec)
        radix = Radix::Dec;
    else if (flags & kBin)
        radix = Radix::Bin;
    else if (flags & kOct)
        approx = true;
    if (approximated) *approximated = approx;
    return radix;
}

// --- names ----------------------------------------------------------------------------------------------

std::string gtkwaveName(const SignalInfo& info, std::string_view topScope) {
    std::string name(topScope);
    if (!info.group.empty()) name += (name.empty() ? "" : ".") + info.group;
    name += (name.empty() ? "" : ".") + std::string(nameInGroup(info));
    if (info.width > 1) name += "[" + std::to_string(info.width - 1) + ":0]";
    return name;
}

std::string vcdTopScope(std::string_view head) {
    const auto at = head.find("$scope");
    if (at == std::string_view::npos) return {};
    std::string_view rest = head.substr(at + 6);
    // $scope <type> <name> $end
    std::vector<std::string_view> words;
    while (words.size() < 2) {
        while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.front())))
            rest.remove_prefix(1);
        std::size_t n = 0;
        while (n < rest.size() && !std::isspace(static_cast<unsigned char>(rest[n])))
            ++n;
        if (n == 0) return {};
        words.push_back(rest.substr(0, n));
        rest.remove_prefix(n);
    }
    return words[1] == "$end" ? std::string() : std::string(words[1]);
}

std::string dumpTopScope(const std::string& path) {
    const std::string fallback = "TOP";
    if (path.size() >= 4) {
        std::string ext = path.substr(path.size() - 4);
        for (char& c : ext)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (ext == ".fst") return fallback;
    }
    std::string head(std::size_t{1} << 16, '\0');
    try {
        std::uint64_t size = 0;
        const int fd = fileio::openRegularFile(path, "waveform file", size);
        fileio::DescriptorStream in(fd);
        in.read(head.data(), static_cast<std::streamsize>(head.size()));
        head.resize(static_cast<std::size_t>(in.gcount()));
        ::close(fd);
    } catch (const std::exception&) {
        return fallback;
    }
    const std::string top = vcdTopScope(head);
    return top.empty() ? fallback : top;
}

// --- writing ----------------------------------------------------------------------------------------------

std::string writeGtkw(const GtkwFile& file) {
    std::string out = "[*]\n[*] RoundScope GTKWave save file\n[*]\n";
    if (!file.dumpFile.empty()) out += "[dumpfile] \"" + file.dumpFile + "\"\n";
    if (file.timeStart) out += "[timestart] " + std::to_string(*file.timeStart) + "\n";
    char zoom[48];
    std::snprintf(zoom, sizeof zoom, "*%.6f ", file.zoom.value_or(0.0));
    out += zoom;
    out += file.cursor ? std::to_string(*file.cursor) : "-1";
    std::vector<std::optional<Tick>> slots(kNamedMarkers);
    for (const GtkwMarker& m : file.markers)
        if (m.index >= 0 && m.index < kNamedMarkers) slots[static_cast<std::size_t>(m.index)] = m.tick;
    for (const auto& slot : slots)
        out += " " + (slot ? std::to_string(*slot) : std::string("-1"));
    out += "\n";
    for (const GtkwMarker& m : file.markers)
        if (!m.name.empty() && m.index >= 0 && m.index < kNamedMarkers)
            out += "[markername] " + std::string(1, static_cast<char>('A' + m.index)) + m.name + "\n";
    std::optional<std::uint64_t> flags;
    for (const GtkwTrace& t : file.traces) {
        using namespace gtkwflag;
        using K = GtkwTrace::Kind;
        std::uint64_t f = t.flags;
        if (t.kind == K::GroupBegin) f = kBlank | kGroupBegin | (t.closed ? kClosed : 0);
        if (t.kind == K::GroupEnd) f = kBlank | kGroupEnd | (t.closed ? kClosed | kCollapsed : 0);
        if (t.kind == K::Comment || t.kind == K::Blank) f = kBlank;
        if (f != flags) out += "@" + hexFlags(f) + "\n";
        flags = f;
        if (t.kind == K::Signal && !t.alias.empty()) out += "+{" + t.alias + "} ";
        out += (t.kind == K::Signal ? "" : "-") + (t.kind == K::Blank ? std::string() : t.name) + "\n";
    }
    return out;
}

// --- reading ----------------------------------------------------------------------------------------------

GtkwFile parseGtkw(std::string_view text) {
    if (text.find('\0') != std::string_view::npos)
        throw GtkwError("not a GTKWave save file: it holds binary bytes (a NUL)");
    GtkwFile file;
    std::uint64_t flags = gtkwflag::kHex | gtkwflag::kRjustify;
    bool gtkwLike = false; // at least one line GTKWave writes
    std::vector<bool> groupClosed;
    std::size_t lineNo = 0;
    while (!text.empty()) {
        ++lineNo;
        const auto nl = text.find('\n');
        const std::string_view line = trim(text.substr(0, nl));
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        const auto skip = [&](const std::string& why) {
            file.skipped.push_back("line " + std::to_string(lineNo) + ": " + why);
        };
        if (line.empty() || line.starts_with("[*]")) continue;
        if (line.front() == '[') {
            const auto close = line.find(']');
            if (close == std::string_view::npos) {
                skip("a '[' without ']'");
                continue;
            }
            gtkwLike = true;
            const std::string_view key = line.substr(1, close - 1);
            const std::string_view value = trim(line.substr(close + 1));
            if (key == "dumpfile") {
                file.dumpFile = unquote(value);
            } else if (key == "timestart") {
                const auto t = parseInt(value);
                if (t && *t >= 0)
                    file.timeStart = static_cast<Tick>(*t);
                else
                    skip("[timestart] is not a time: '" + std::string(value) + "'");
            } else if (key == "markername") {
                if (value.empty() || value.front() < 'A' || value.front() > 'Z') {
                    skip("[markername] does not start with a marker letter A..Z");
                    continue;
                }
                const int index = value.front() - 'A';
                bool found = false;
                for (GtkwMarker& m : file.markers)
                    if (m.index == index) {
                        m.name = std::string(value.substr(1));
                        found = true;
                    }
                if (!found)
                    skip("[markername] names marker " + std::string(1, value.front()) + ", which is not set");
            }
            continue; // the window's size, pane widths, ...: not ours
        }
        if (line.front() == '*') {
            gtkwLike = true;
            std::vector<std::string_view> words;
            std::string_view rest = line.substr(1);
            while (!(rest = trim(rest)).empty()) {
                const auto sp = rest.find_first_of(" \t");
                words.push_back(rest.substr(0, sp));
                rest.remove_prefix(sp == std::string_view::npos ? rest.size() : sp);
            }
            const auto zoom = words.empty() ? std::nullopt : parseDouble(words[0]);
            if (!zoom || words.size() < 2) {
                skip("the marker line is not '*zoom cursor markers...'");
                continue;
            }
            file.zoom = *zoom;
            std::vector<std::int64_t> times;
            for (std::size_t i = 1; i < words.size(); ++i) {
                const auto t = parseInt(words[i]);
                if (!t) {
                    skip("the marker line's time '" + std::string(words[i]) + "' is not a number");
                    times.clear();
                    break;
                }
                times.push_back(*t);
            }
            if (times.empty()) continue;
            if (times[0] >= 0) file.cursor = static_cast<Tick>(times[0]);
            file.markers.clear();
            for (std::size_t i = 1; i < times.size() && i <= kNamedMarkers; ++i)
                if (times[i] >= 0)
                    file.markers.push_back({static_cast<int>(i - 1), static_cast<Tick>(times[i]), {}});
            continue;
        }
        if (line.front() == '@') {
            gtkwLike = true;
            const std::string_view hex = line.substr(1);
            std::uint64_t f = 0;
            const auto [end, ec] = std::from_chars(hex.data(), hex.data() + hex.size(), f, 16);
            if (hex.empty() || ec != std::errc{} || end != hex.data() + hex.size())
                skip("'" + std::string(line) + "' is not a flag line (@ and hex digits)");
            else
                flags = f;
            continue;
        }
        if (line.front() == '-') {
            using namespace gtkwflag;
            GtkwTrace t;
            t.flags = flags;
            t.name = std::string(line.substr(1));
            if (flags & kGroupBegin) {
                t.kind = GtkwTrace::Kind::GroupBegin;
                t.closed = (flags & kClosed) != 0;
                groupClosed.push_back(t.closed);
            } else if (flags & kGroupEnd) {
                t.kind = GtkwTrace::Kind::GroupEnd;
                t.closed = (flags & kClosed) != 0;
                if (!groupClosed.empty()) groupClosed.pop_back();
            } else {
                t.kind = t.name.empty() ? GtkwTrace::Kind::Blank : GtkwTrace::Kind::Comment;
            }
            file.traces.push_back(std::move(t));
            continue;
        }
        if (line.starts_with("+{")) {
            const auto close = line.find("} ");
            if (close == std::string_view::npos || trim(line.substr(close + 2)).empty()) {
                skip("an alias line is not '+{alias} name'");
                continue;
            }
            file.traces.push_back({GtkwTrace::Kind::Signal, std::string(trim(line.substr(close + 2))), flags,
                                   false, std::string(line.substr(2, close - 2))});
            continue;
        }
        if (line.front() == '#' || line.front() == '+' || line.front() == '!' || line.front() == '^' ||
            line.front() == '>') {
            // vectors built from bits (#{...}), filters: not read
            skip("GTKWave's '" + std::string(1, line.front()) +
                 "' line (a bit concatenation or a filter) is not read");
            continue;
        }
        file.traces.push_back({GtkwTrace::Kind::Signal, std::string(line), flags, false, {}});
    }
    if (!gtkwLike && file.traces.empty())
        throw GtkwError("not a GTKWave save file: no trace, marker or [key] line");
    return file;
}

// --- the view ----------------------------------------------------------------------------------------------

GtkwFile gtkwFromView(const WaveViewState& view, const WaveformStore& store, std::string_view dumpFile,
                      std::string_view topScope, std::vector<std::string>* notes) {
    GtkwFile file;
    file.dumpFile = std::string(dumpFile);
    file.timeStart = view.clampTick(view.beginTick());
    file.zoom = -std::log2(std::max(view.ticksPerPixel(), 1e-9));
    file.cursor = view.cursorA();
    const auto& markers = view.markers();
    for (std::size_t i = 0; i < markers.size() && i < kNamedMarkers; ++i)
        file.markers.push_back({static_cast<int>(i), markers[i].tick, markers[i].name});
    bool inGroup = false, groupClosed = false; // a group's rows end with GroupEnd (rows helper's edit)
    std::string groupName;
    const auto endGroup = [&] {
        if (inGroup)
            file.traces.push_back({GtkwTrace::Kind::GroupEnd, groupName, gtkwflag::kBlank, groupClosed, {}});
        inGroup = false;
    };
    for (const WaveRow& row : view.rows()) {
        if (!row.grouped) endGroup();
        switch (row.kind) {
        case RowKind::Group:
            endGroup();
            file.traces.push_back(
                {GtkwTrace::Kind::GroupBegin, row.label, gtkwflag::kBlank, row.collapsed, {}});
            inGroup = true;
            groupClosed = row.collapsed;
            groupName = row.label;
            continue;
        case RowKind::Separator:
            file.traces.push_back({GtkwTrace::Kind::Blank, {}, gtkwflag::kBlank, false, {}});
            continue;
        case RowKind::Comment:
            file.traces.push_back({GtkwTrace::Kind::Comment, row.label, gtkwflag::kBlank, false, {}});
            continue;
        case RowKind::Signal:
            break;
        }
        if (!row.bits.empty()) {
            if (notes)
                notes->push_back("the bit-slice row '" + (row.label.empty() ? row.name : row.label) +
                                 "' is not written (GTKWave's bit vectors are not supported)");
            continue;
        }
        file.traces.push_back({GtkwTrace::Kind::Signal, gtkwaveName(store.signal(row.id), topScope),
                               gtkwFlagsOf(row.radix), false, row.label});
    }
    endGroup();
    return file;
}

void scaleGtkwTimes(GtkwFile& file, Tick factor) {
    if (factor <= 1) return;
    if (file.cursor) *file.cursor *= factor;
    if (file.timeStart) *file.timeStart *= factor;
    for (GtkwMarker& m : file.markers)
        m.tick *= factor;
    if (file.zoom) *file.zoom -= std::log2(static_cast<double>(factor));
}

void applyGtkw(const GtkwFile& file, const WaveformStore& store, WaveViewState& view,
               std::vector<std::string>* notes) {
    const auto note = [&](std::string n) {
        if (notes) notes->push_back(std::move(n));
    };
    std::map<std::string, SignalId> byKey;
    for (SignalId id = 0; id < store.signalCount(); ++id)
        byKey.emplace(qualifiedName(store.signal(id)), id);
    while (!view.rows().empty())
        view.removeRow(0);
    std::vector<int> groupFirst; // the first row of each open group
    for (const GtkwTrace& t : file.traces) {
        const int end = static_cast<int>(view.rows().size());
        if (t.kind == GtkwTrace::Kind::GroupBegin) groupFirst.push_back(end);
        if (t.kind == GtkwTrace::Kind::GroupEnd) {
            if (groupFirst.empty()) {
                note("the end of group '" + t.name + "' without its start: ignored");
                continue;
            }
            const int first = groupFirst.back();
            groupFirst.pop_back();
            // One level of groups: an inner group's rows join the outer one.
            if (!groupFirst.empty()) continue;
            const int header = first < end ? view.groupRows(first, end - 1, t.name) : -1;
            if (header < 0)
                note("group '" + t.name + "' shown as its rows only (empty, or it cannot be a group here)");
            else if (t.closed)
                view.setCollapsed(header, true);
        }
        if (t.kind == GtkwTrace::Kind::Comment) view.insertComment(end, t.name);
        if (t.kind == GtkwTrace::Kind::Blank) view.insertSeparator(end);
        if (t.kind != GtkwTrace::Kind::Signal) continue;
        auto it = byKey.find(traceKey(t.name));
        if (it == byKey.end()) it = byKey.find(std::string(withoutRange(t.name))); // no top scope
        if (it == byKey.end()) {
            note("'" + t.name + "': no such signal in this dump");
            continue;
        }
        if (!view.addSignal(store, it->second)) {
            note("'" + t.name + "': shown twice in the file, once here");
            continue;
        }
        bool approximated = false;
        const Radix radix = radixOfGtkwFlags(t.flags, &approximated);
        const bool named = !store.signal(it->second).valueNames.empty();
        if (!named || (t.flags & (gtkwflag::kDec | gtkwflag::kBin | gtkwflag::kSigned | gtkwflag::kAscii)))
            view.setRadix(static_cast<int>(view.rows().size()) - 1, radix);
        if (!t.alias.empty()) view.renameRow(static_cast<int>(view.rows().size()) - 1, t.alias);
        if (approximated)
            note("'" + t.name + "': GTKWave's format @" + hexFlags(t.flags) + " shown as the nearest radix");
    }
    if (!groupFirst.empty()) note("a group without its end: its rows are shown ungrouped");
    view.clearCursors();
    if (file.cursor) view.setCursor(Cursor::A, *file.cursor);
    view.clearMarkers();
    for (const GtkwMarker& m : file.markers)
        view.addMarker(m.tick, m.name);
    if (file.zoom || file.timeStart) {
        const double perPixel = file.zoom ? std::pow(2.0, -*file.zoom) : view.ticksPerPixel();
        const double begin = file.timeStart ? static_cast<double>(*file.timeStart) : view.beginTick();
        view.setVisibleRange(begin, begin + perPixel * view.waveWidth());
    }
    for (const std::string& s : file.skipped)
        note(s);
}

} // namespace rs::waveform
