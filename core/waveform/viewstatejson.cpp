// WaveViewState as JSON: the saved-view file. The JSON is read by a strict reader of its own
// (viewstatejsonreader.h) into a small tree, then a schema walk names the key at fault in every error. The
// writer puts one row or marker per line, so saved views diff well.
#include "core/waveform/expression.h"
#include "core/waveform/viewstate.h"
#include "core/waveform/viewstatejsonreader.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

namespace rs::waveform {

namespace {

constexpr std::string_view kFormat = "roundscope-wave-view";
constexpr int kVersion = 2; // 2: row kinds, labels, bit slices, signed/ascii/enum radixes; 1 is read too

using detail::Json;
using detail::Reader;

// --- the schema ---------------------------------------------------------------------------------------

[[noreturn]] void bad(const std::string& path, const std::string& what) {
    throw ViewStateError("wave view: " + path + ": " + what);
}

const char* typeName(Json::Type t) {
    switch (t) {
    case Json::Type::Null:
        return "null";
    case Json::Type::Bool:
        return "true/false";
    case Json::Type::Number:
        return "a number";
    case Json::Type::String:
        return "a string";
    case Json::Type::Array:
        return "an array";
    case Json::Type::Object:
        return "an object";
    }
    return "?";
}

void need(const Json& v, Json::Type t, const std::string& path) {
    if (v.type != t) bad(path, std::string("expected ") + typeName(t) + ", found " + typeName(v.type));
}

/** The keys of one object: each read once; keys left unread are unknown and refused. */
class Fields {
  public:
    Fields(const Json& v, std::string path) : m_v(v), m_path(std::move(path)) {
        need(v, Json::Type::Object, m_path.empty() ? "the file" : m_path);
    }
    const Json* optional(const std::string& key) {
        m_known.insert(key);
        for (std::size_t i = 0; i < m_v.keys.size(); ++i)
            if (m_v.keys[i] == key) return &m_v.items[i];
        return nullptr;
    }
    const Json& required(const std::string& key) {
        const Json* v = optional(key);
        if (!v) bad(path(key), "missing");
        return *v;
    }
    std::string path(const std::string& key) const { return m_path.empty() ? key : m_path + "." + key; }
    /** Call after reading: an unknown key (a typo, or a newer file's) is an error. */
    void noOthers() const {
        for (const std::string& k : m_v.keys)
            if (!m_known.count(k)) bad(path(k), "unknown key");
    }

  private:
    const Json& m_v;
    std::string m_path;
    std::set<std::string> m_known;
};

std::string text(const Json& v, const std::string& path) {
    need(v, Json::Type::String, path);
    return v.text;
}

bool boolean(const Json& v, const std::string& path) {
    need(v, Json::Type::Bool, path);
    return v.boolean;
}

/** A finite number >= 0. */
double amount(const Json& v, const std::string& path) {
    need(v, Json::Type::Number, path);
    double d = 0;
    const auto [end, ec] = std::from_chars(v.text.data(), v.text.data() + v.text.size(), d);
    if (ec != std::errc() || end != v.text.data() + v.text.size() || !std::isfinite(d))
        bad(path, v.text + " is out of range");
    if (d < 0) bad(path, v.text + " is negative");
    return d;
}

/** A whole number of ticks: digits only, fits 64 bits. */
Tick tick(const Json& v, const std::string& path) {
    need(v, Json::Type::Number, path);
    Tick t = 0;
    const auto [end, ec] = std::from_chars(v.text.data(), v.text.data() + v.text.size(), t);
    if (ec != std::errc() || end != v.text.data() + v.text.size())
        bad(path, v.text + " is not a tick (a whole number from 0 to 2^64 - 1)");
    return t;
}

constexpr std::pair<Radix, std::string_view> kRadixNames[] = {
    {Radix::Hex, "hex"},       {Radix::Dec, "dec"},     {Radix::Bin, "bin"},  {Radix::Named, "named"},
    {Radix::Signed, "signed"}, {Radix::Ascii, "ascii"}, {Radix::Enum, "enum"}};
constexpr std::pair<RowKind, std::string_view> kKindNames[] = {{RowKind::Signal, "signal"},
                                                               {RowKind::Separator, "separator"},
                                                               {RowKind::Comment, "comment"},
                                                               {RowKind::Group, "group"}};
constexpr std::pair<Analog, std::string_view> kAnalogNames[] = {
    {Analog::Off, "off"}, {Analog::Step, "step"}, {Analog::Linear, "linear"}};
constexpr std::pair<AnalogScale, std::string_view> kScaleNames[] = {{AnalogScale::Trace, "trace"},
                                                                    {AnalogScale::Visible, "visible"}};
constexpr std::pair<TimeUnit, std::string_view> kUnitNames[] = {{TimeUnit::Cycles, "cycles"},
                                                                {TimeUnit::Nanoseconds, "ns"}};

template <class E, std::size_t N>
E oneOf(const Json& v, const std::string& path, const std::pair<E, std::string_view> (&names)[N]) {
    const std::string s = text(v, path);
    std::string list;
    for (const auto& [e, name] : names) {
        if (s == name) return e;
        list += (list.empty() ? "" : ", ") + std::string(name);
    }
    bad(path, "'" + s + "' is not one of " + list);
}

template <class E, std::size_t N>
std::string_view nameOf(E e, const std::pair<E, std::string_view> (&names)[N]) {
    for (const auto& [x, name] : names)
        if (x == e) return name;
    return names[0].second;
}

// --- writing JSON -------------------------------------------------------------------------------------

std::string quoted(std::string_view s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (static_cast<unsigned char>(c) < 0x20) {
            static const char* const kHex = "0123456789abcdef";
            out += "\\u00";
            out += kHex[(c >> 4) & 0xF];
            out += kHex[c & 0xF];
        } else {
            out += c;
        }
    }
    return out + "\"";
}

std::string number(double d) {
    char buf[64];
    const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d); // shortest text that reads back as d
    return ec == std::errc() ? std::string(buf, end) : std::string("0");
}

/** One row: {"signal"|"bits", "radix", "label"?, "enum"?} or {"kind": "separator"|"comment", "text"?}. */
std::string rowJson(const WaveRow& r) {
    const std::string grouped = r.grouped ? ", \"grouped\": true" : "";
    if (!r.isSignal()) {
        std::string j = "{\"kind\": " + quoted(nameOf(r.kind, kKindNames));
        if (r.kind == RowKind::Comment || r.kind == RowKind::Group) j += ", \"text\": " + quoted(r.label);
        if (r.kind == RowKind::Group)
            j += std::string(", \"collapsed\": ") + (r.collapsed ? "true" : "false");
        return j + grouped + "}";
    }
    std::string j = "{";
    if (r.bits.empty()) {
        j += "\"signal\": " + quoted(r.name);
        if (!r.expression.empty())
            j += ", \"expression\": " + quoted(r.expression) +
                 ", \"width\": " + std::to_string(r.expressionWidth);
    } else {
        j += "\"bits\": [";
        for (std::size_t i = 0; i < r.bits.size(); ++i)
            j += std::string(i ? ", " : "") + "{\"signal\": " + quoted(r.bits[i].name) +
                 ", \"bit\": " + std::to_string(r.bits[i].bit) + "}";
        j += "]";
    }
    j += ", \"radix\": " + quoted(nameOf(r.radix, kRadixNames));
    if (!r.label.empty()) j += ", \"label\": " + quoted(r.label);
    if (r.analog != Analog::Off)
        j += ", \"analog\": {\"mode\": " + quoted(nameOf(r.analog, kAnalogNames)) +
             ", \"scale\": " + quoted(nameOf(r.scale, kScaleNames)) + "}";
    if (r.radix == Radix::Enum) {
        j += ", \"enum\": {\"file\": " + quoted(r.enumFile) + ", \"values\": {";
        bool first = true;
        for (const auto& [v, name] : r.enumNames) {
            j += std::string(first ? "" : ", ") + quoted(std::to_string(v)) + ": " + quoted(name);
            first = false;
        }
        j += "}}";
    }
    return j + grouped + "}";
}

/** Reads one row of a saved view; nullopt (with a note) for a signal the trace lacks. */
std::optional<WaveRow> readRow(const Json& v, const std::string& path, const WaveformStore& store,
                               int version, std::set<std::string>& names, std::vector<std::string>& notes) {
    Fields row(v, path);
    WaveRow r;
    if (version >= 2) {
        if (const Json* k = row.optional("kind")) r.kind = oneOf(*k, row.path("kind"), kKindNames);
        if (const Json* g = row.optional("grouped")) r.grouped = boolean(*g, row.path("grouped"));
        if (r.grouped && r.kind == RowKind::Group) bad(row.path("grouped"), "groups do not nest");
    }
    if (r.kind != RowKind::Signal) {
        if (r.kind == RowKind::Comment || r.kind == RowKind::Group)
            r.label = text(row.required("text"), row.path("text"));
        if (r.kind == RowKind::Group) r.collapsed = boolean(row.required("collapsed"), row.path("collapsed"));
        row.noOthers();
        return r;
    }
    const Json* bits = version >= 2 ? row.optional("bits") : nullptr;
    r.radix = oneOf(row.required("radix"), row.path("radix"), kRadixNames);
    if (version >= 2) {
        if (const Json* l = row.optional("label")) r.label = text(*l, row.path("label"));
        if (const Json* a = row.optional("analog")) {
            Fields an(*a, row.path("analog"));
            r.analog = oneOf(an.required("mode"), an.path("mode"), kAnalogNames);
            r.scale = oneOf(an.required("scale"), an.path("scale"), kScaleNames);
            an.noOthers();
        }
        if (const Json* e = row.optional("enum")) {
            Fields en(*e, row.path("enum"));
            r.enumFile = text(en.required("file"), en.path("file"));
            const Json& values = en.required("values");
            need(values, Json::Type::Object, en.path("values"));
            for (std::size_t i = 0; i < values.keys.size(); ++i) {
                const std::string& key = values.keys[i];
                const std::string at = en.path("values") + "." + key;
                std::uint64_t value = 0;
                const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), value);
                if (ec != std::errc() || end != key.data() + key.size())
                    bad(at, "'" + key + "' is not a value (a whole number from 0 to 2^64 - 1)");
                r.enumNames[value] = text(values.items[i], at);
            }
            en.noOthers();
        }
    }
    if (r.radix == Radix::Enum && r.enumNames.empty())
        bad(row.path("radix"), "enum without its \"enum\" values");
    if (bits) {
        if (row.optional("signal")) bad(row.path("signal"), "a row has either \"signal\" or \"bits\"");
        row.noOthers();
        need(*bits, Json::Type::Array, row.path("bits"));
        if (bits->items.empty() || bits->items.size() > 64) bad(row.path("bits"), "1 to 64 bits");
        for (std::size_t i = 0; i < bits->items.size(); ++i) {
            Fields b(bits->items[i], row.path("bits") + "[" + std::to_string(i) + "]");
            std::string name = text(b.required("signal"), b.path("signal"));
            const Tick bit = tick(b.required("bit"), b.path("bit"));
            b.noOthers();
            const auto id = store.find(name);
            if (!id) {
                notes.push_back("row '" + name + "[" + std::to_string(bit) +
                                "]': no such signal in the trace");
                return std::nullopt;
            }
            if (bit >= static_cast<Tick>(store.signal(*id).width)) {
                notes.push_back("row '" + name + "[" + std::to_string(bit) + "]': the signal has " +
                                std::to_string(store.signal(*id).width) + " bits");
                return std::nullopt;
            }
            r.bits.push_back(BitRef{*id, static_cast<int>(bit), std::move(name)});
        }
        r.id = r.bits[0].id;
        r.name = r.bits[0].name;
        return r;
    }
    const Json* expression = version >= 2 ? row.optional("expression") : nullptr;
    if (expression) {
        r.expression = text(*expression, row.path("expression"));
        const Tick width = tick(row.required("width"), row.path("width"));
        if (width < 1 || width > 64) bad(row.path("width"), "1 to 64 bits");
        r.expressionWidth = static_cast<int>(width);
    }
    r.name = text(row.required("signal"), row.path("signal"));
    row.noOthers();
    if (r.name.empty()) bad(row.path("signal"), "empty");
    if (!names.insert(r.name).second) bad(row.path("signal"), "'" + r.name + "' is shown twice");
    if (expression) { // recomputed over this trace (a reload's new file)
        try {
            r.id = addComputedSignal(store, r.expression);
        } catch (const ExpressionError& e) {
            notes.push_back("computed row '" + r.expression + "': " + e.what());
            return std::nullopt;
        }
        r.name = store.signal(r.id).name;
        if (store.signal(r.id).width != r.expressionWidth)
            notes.push_back("computed row '" + r.expression + "': now " +
                            std::to_string(store.signal(r.id).width) + " bits (saved with " +
                            std::to_string(r.expressionWidth) + ")");
        r.expressionWidth = store.signal(r.id).width;
        return r;
    }
    const auto id = store.find(r.name);
    if (!id) {
        notes.push_back("row '" + r.name + "': no such signal in the trace");
        return std::nullopt;
    }
    r.id = *id;
    return r;
}

} // namespace

std::string WaveViewState::toJson() const {
    std::string j = "{\n  \"format\": " + quoted(kFormat) + ",\n  \"version\": " + std::to_string(kVersion) +
                    ",\n  \"rows\": [";
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        j += std::string(i ? "," : "") + "\n    " + rowJson(m_rows[i]);
    j += std::string(m_rows.empty() ? "" : "\n  ") + "],\n";
    j += "  \"range\": {\"begin\": " + number(m_begin) + ", \"end\": " + number(endTick()) +
         ", \"fitted\": " + (m_fitted ? "true" : "false") + "},\n";
    j += "  \"cursors\": {";
    if (m_cursorA) j += "\"a\": " + std::to_string(*m_cursorA);
    if (m_cursorB) j += std::string(m_cursorA ? ", " : "") + "\"b\": " + std::to_string(*m_cursorB);
    j += "},\n  \"markers\": [";
    for (std::size_t i = 0; i < m_markers.size(); ++i) {
        j += std::string(i ? "," : "") + "\n    {\"tick\": " + std::to_string(m_markers[i].tick);
        if (!m_markers[i].name.empty()) j += ", \"name\": " + quoted(m_markers[i].name);
        j += "}";
    }
    j += std::string(m_markers.empty() ? "" : "\n  ") + "],\n  \"clock\": {";
    if (m_clock) j += "\"signal\": " + quoted(m_clockName) + ", ";
    j += "\"mhz\": " + number(m_mhz) + ", \"ticks_are_cycles\": " + (m_ticksAreCycles ? "true" : "false") +
         "},\n";
    j += "  \"unit\": " + quoted(nameOf(m_unit, kUnitNames)) + "\n}\n";
    return j;
}

WaveViewState WaveViewState::fromJson(std::string_view json, const WaveformStore& store,
                                      std::vector<std::string>* dropped) {
    const Json doc = Reader(json).document();
    Fields top(doc, "");
    if (const std::string f = text(top.required("format"), "format"); f != kFormat)
        bad("format", "'" + f + "' is not a RoundScope wave view (" + std::string(kFormat) + ")");
    const Json& version = top.required("version");
    need(version, Json::Type::Number, "version");
    if (version.text != "1" && version.text != std::to_string(kVersion))
        bad("version", version.text + "; this RoundScope reads versions 1 to " + std::to_string(kVersion));
    const int fileVersion = version.text == "1" ? 1 : kVersion;

    WaveViewState s;
    s.m_traceEnd = store.endTick();
    s.m_tickSeconds = store.tickSeconds();
    std::vector<std::string> notes;

    const Json& rows = top.required("rows");
    need(rows, Json::Type::Array, "rows");
    std::set<std::string> names;
    for (std::size_t i = 0; i < rows.items.size(); ++i)
        if (auto row =
                readRow(rows.items[i], "rows[" + std::to_string(i) + "]", store, fileVersion, names, notes))
            s.m_rows.push_back(std::move(*row));

    Fields range(top.required("range"), "range");
    const double begin = amount(range.required("begin"), range.path("begin"));
    const double end = amount(range.required("end"), range.path("end"));
    const bool fitted = boolean(range.required("fitted"), range.path("fitted"));
    range.noOthers();
    if (!(end > begin)) bad(range.path("end"), "not after begin");

    Fields cursors(top.required("cursors"), "cursors");
    if (const Json* a = cursors.optional("a")) s.setCursor(Cursor::A, tick(*a, cursors.path("a")));
    if (const Json* b = cursors.optional("b")) s.setCursor(Cursor::B, tick(*b, cursors.path("b")));
    cursors.noOthers();

    const Json& markers = top.required("markers");
    need(markers, Json::Type::Array, "markers");
    std::set<Tick> ticks;
    for (std::size_t i = 0; i < markers.items.size(); ++i) {
        Fields m(markers.items[i], "markers[" + std::to_string(i) + "]");
        const Tick t = tick(m.required("tick"), m.path("tick"));
        std::string name;
        if (const Json* n = m.optional("name")) name = text(*n, m.path("name"));
        m.noOthers();
        if (!ticks.insert(t).second) bad(m.path("tick"), "a second marker at tick " + std::to_string(t));
        s.addMarker(t, std::move(name));
    }

    Fields clock(top.required("clock"), "clock");
    std::optional<std::string> clockName;
    if (const Json* c = clock.optional("signal")) clockName = text(*c, clock.path("signal"));
    s.setClockMHz(amount(clock.required("mhz"), clock.path("mhz")));
    s.m_ticksAreCycles = boolean(clock.required("ticks_are_cycles"), clock.path("ticks_are_cycles"));
    clock.noOthers();
    s.m_unit = oneOf(top.required("unit"), "unit", kUnitNames);
    top.noOthers();

    if (clockName) {
        if (const auto id = store.find(*clockName)) {
            try {
                s.setClock(store, *id);
            } catch (const std::invalid_argument& e) {
                notes.push_back("clock '" + *clockName + "': " + e.what());
            }
        } else {
            notes.push_back("clock '" + *clockName + "': no such signal in the trace");
        }
    }
    if (fitted)
        s.fit();
    else
        s.setVisibleRange(begin, end);
    if (dropped) *dropped = std::move(notes);
    return s;
}

} // namespace rs::waveform
