#include "core/teach/lesson.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include "core/fileio/safefile.h"

namespace rs::teach {

namespace {

constexpr std::uint64_t kLessonReadLimit = std::uint64_t{1} << 20;

[[noreturn]] void fail(const std::string& where, const std::string& why) {
    throw LessonError(where + ": " + why);
}

std::string str(const QString& s) {
    return s.toStdString();
}

// Refuses keys outside `allowed`, so a misspelt optional key is an error and not silently dropped.
void checkKeys(const QJsonObject& o, const std::string& where, const std::set<QString>& allowed) {
    for (auto it = o.begin(); it != o.end(); ++it)
        if (!allowed.count(it.key()))
            fail(where.empty() ? str(it.key()) : where + "." + str(it.key()), "unknown key");
}

std::string requireString(const QJsonObject& o, const char* key, const std::string& where) {
    const QJsonValue v = o.value(QLatin1String(key));
    const std::string path = where.empty() ? key : where + "." + key;
    if (v.isUndefined()) fail(path, "missing");
    if (!v.isString()) fail(path, "must be a string");
    return str(v.toString());
}

std::optional<std::string> optionalString(const QJsonObject& o, const char* key, const std::string& where) {
    if (!o.contains(QLatin1String(key))) return std::nullopt;
    return requireString(o, key, where);
}

int requireInt(const QJsonObject& o, const char* key, const std::string& where) {
    const QJsonValue v = o.value(QLatin1String(key));
    const std::string path = where.empty() ? key : where + "." + key;
    if (v.isUndefined()) fail(path, "missing");
    const double d = v.toDouble(std::nan(""));
    if (!v.isDouble() || d != std::floor(d) || d < 0 || d > 1e9) fail(path, "must be a whole number ≥ 0");
    return static_cast<int>(d);
}

LessonView parseView(const std::string& s, const std::string& where) {
    if (s == "value") return LessonView::Value;
    if (s == "changed") return LessonView::Changed;
    if (s == "twin") return LessonView::Twin;
    fail(where, "'" + s + "' is not a view (value, changed, twin)");
}

const LessonAlgorithm& findAlgorithm(const LessonCatalog& catalog, const std::string& id) {
    for (const LessonAlgorithm& a : catalog)
        if (a.id == id) return a;
    std::string ids;
    for (const LessonAlgorithm& a : catalog)
        ids += (ids.empty() ? "" : ", ") + a.id;
    fail("algorithm", "unknown algorithm '" + id + "' (known: " + ids + ")");
}

std::map<std::string, crypto::Bytes> parseInputs(const QJsonValue& v, const LessonAlgorithm& alg) {
    if (v.isUndefined()) fail("inputs", "missing");
    if (!v.isObject()) fail("inputs", "must be an object of field name → hex");
    const QJsonObject o = v.toObject();
    std::map<std::string, crypto::Bytes> inputs;
    for (auto it = o.begin(); it != o.end(); ++it) {
        const std::string name = str(it.key()), where = "inputs." + name;
        const auto f = std::find_if(alg.fields.begin(), alg.fields.end(),
                                    [&](const auto& p) { return p.first == name; });
        if (f == alg.fields.end()) fail(where, "'" + alg.id + "' has no field '" + name + "'");
        if (!it.value().isString()) fail(where, "must be a hex string");
        crypto::Bytes bytes;
        try {
            bytes = crypto::fromHex(str(it.value().toString()));
        } catch (const crypto::InvalidArgument& e) {
            fail(where, std::string("bad hex: ") + e.what());
        }
        if (f->second >= 0 && bytes.size() != static_cast<std::size_t>(f->second))
            fail(where,
                 "must be " + std::to_string(f->second) + " bytes, got " + std::to_string(bytes.size()));
        inputs[name] = std::move(bytes);
    }
    for (const auto& [name, len] : alg.fields)
        if (!inputs.count(name))
            fail("inputs." + name, "missing (every field of '" + alg.id + "' is needed)");
    return inputs;
}

bool requireBool(const QJsonObject& o, const char* key, const std::string& where) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!v.isBool()) fail(where + "." + key, "must be true or false");
    return v.toBool();
}

LessonPractice parsePractice(const QJsonValue& v, const std::string& where) {
    if (!v.isObject()) fail(where, "must be an object {part, index, hints, reveal}");
    const QJsonObject o = v.toObject();
    checkKeys(o, where, {"part", "index", "hints", "reveal"});
    LessonPractice p;
    const std::string part = requireString(o, "part", where);
    const auto known = practicePartFromName(part);
    if (!known)
        fail(where + ".part", "'" + part + "' is not a part (state, sbox-column, row, column, word, pair)");
    p.part = *known;
    if (o.contains(QLatin1String("index"))) p.index = requireInt(o, "index", where);
    if (o.contains(QLatin1String("hints"))) {
        p.hints = requireInt(o, "hints", where);
        if (p.hints > 3) fail(where + ".hints", "at most 3 hints exist");
    }
    if (o.contains(QLatin1String("reveal"))) p.reveal = requireBool(o, "reveal", where);
    return p;
}

LessonStop parseStop(const QJsonValue& v, std::size_t i, const std::map<std::string, crypto::Bytes>& inputs) {
    const std::string where = "stops[" + std::to_string(i) + "]";
    if (!v.isObject()) fail(where, "must be an object");
    const QJsonObject o = v.toObject();
    checkKeys(o, where, {"step", "title", "view", "flip", "note", "question", "answer", "practice"});
    LessonStop s;
    s.step = requireInt(o, "step", where);
    s.title = optionalString(o, "title", where).value_or("");
    s.view = parseView(requireString(o, "view", where), where + ".view");
    s.note = requireString(o, "note", where);
    s.question = optionalString(o, "question", where);
    s.answer = optionalString(o, "answer", where);
    if (s.answer && !s.question) fail(where + ".answer", "an answer needs a question");
    if (o.contains(QLatin1String("flip"))) {
        const std::string fw = where + ".flip";
        if (!o.value(QLatin1String("flip")).isObject()) fail(fw, "must be an object {field, bit}");
        const QJsonObject f = o.value(QLatin1String("flip")).toObject();
        checkKeys(f, fw, {"field", "bit"});
        LessonFlip flip{requireString(f, "field", fw), requireInt(f, "bit", fw)};
        const auto in = inputs.find(flip.field);
        if (in == inputs.end()) fail(fw + ".field", "'" + flip.field + "' is not an input of the lesson");
        const int bits = static_cast<int>(in->second.size()) * 8;
        if (flip.bit >= bits)
            fail(fw + ".bit", std::to_string(flip.bit) + " is outside " + flip.field + " (bits 0.." +
                                  std::to_string(bits - 1) + ")");
        s.flip = flip;
    }
    if (s.view == LessonView::Twin && !s.flip) fail(where + ".flip", "a 'twin' stop needs a flip");
    if (o.contains(QLatin1String("practice")))
        s.practice = parsePractice(o.value(QLatin1String("practice")), where + ".practice");
    return s;
}

} // namespace

std::string lessonViewName(LessonView v) {
    switch (v) {
    case LessonView::Value:
        return "value";
    case LessonView::Changed:
        return "changed";
    case LessonView::Twin:
        return "twin";
    }
    return "value";
}

namespace {
constexpr std::pair<PracticePart, std::string_view> kPartNames[] = {
    {PracticePart::State, "state"}, {PracticePart::SboxColumn, "sbox-column"},
    {PracticePart::Row, "row"},     {PracticePart::Column, "column"},
    {PracticePart::Word, "word"},   {PracticePart::Pair, "pair"}};
} // namespace

std::string practicePartName(PracticePart p) {
    for (const auto& [part, name] : kPartNames)
        if (part == p) return std::string(name);
    return "state";
}

std::optional<PracticePart> practicePartFromName(std::string_view name) {
    for (const auto& [part, n] : kPartNames)
        if (n == name) return part;
    return std::nullopt;
}

Lesson parseLesson(const QByteArray& json, const LessonCatalog& catalog) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError)
        throw LessonError("not JSON: " + str(err.errorString()) + " at byte " + std::to_string(err.offset));
    if (!doc.isObject()) throw LessonError("not a lesson: the JSON must be an object");
    const QJsonObject o = doc.object();
    checkKeys(o, "", {"format", "version", "title", "algorithm", "inputs", "rounds", "stops"});
    const std::string format = requireString(o, "format", "");
    if (format != kLessonFormat) fail("format", "'" + format + "' is not '" + kLessonFormat + "'");
    if (requireInt(o, "version", "") != kLessonVersion)
        fail("version", "only version " + std::to_string(kLessonVersion) + " is known");
    Lesson l;
    l.title = requireString(o, "title", "");
    l.algorithm = requireString(o, "algorithm", "");
    const LessonAlgorithm& alg = findAlgorithm(catalog, l.algorithm);
    l.inputs = parseInputs(o.value(QLatin1String("inputs")), alg);
    if (o.contains(QLatin1String("rounds"))) {
        l.rounds = requireInt(o, "rounds", "");
        if (alg.maxRounds == 0) fail("rounds", "'" + alg.id + "' has fixed rounds; a lesson cannot set them");
        if (l.rounds < 1 || l.rounds > alg.maxRounds)
            fail("rounds", std::to_string(l.rounds) + " is outside 1.." + std::to_string(alg.maxRounds));
    }
    const QJsonValue stops = o.value(QLatin1String("stops"));
    if (!stops.isArray()) fail("stops", stops.isUndefined() ? "missing" : "must be an array");
    const QJsonArray a = stops.toArray();
    if (a.isEmpty()) fail("stops", "a lesson needs at least one stop");
    for (qsizetype i = 0; i < a.size(); ++i)
        l.stops.push_back(parseStop(a.at(i), static_cast<std::size_t>(i), l.inputs));
    return l;
}

Lesson loadLesson(const std::string& path, const LessonCatalog& catalog) {
    std::string text;
    try {
        text = fileio::readFileBounded(path, kLessonReadLimit, "lesson");
    } catch (const fileio::FileError& e) {
        throw LessonError(e.what());
    }
    try {
        return parseLesson(QByteArray::fromStdString(text), catalog);
    } catch (const LessonError& e) {
        throw LessonError(path + ": " + e.what());
    }
}

void validateLesson(const Lesson& lesson, std::size_t stepCount) {
    for (std::size_t i = 0; i < lesson.stops.size(); ++i) {
        const int step = lesson.stops[i].step;
        if (step < 0 || static_cast<std::size_t>(step) >= stepCount)
            fail("stops[" + std::to_string(i) + "].step", std::to_string(step) +
                                                              " is outside the trace's steps 0.." +
                                                              std::to_string(stepCount) + "−1");
    }
}

QByteArray saveLesson(const Lesson& lesson) {
    QJsonObject o;
    o.insert(QLatin1String("format"), QLatin1String(kLessonFormat));
    o.insert(QLatin1String("version"), kLessonVersion);
    o.insert(QLatin1String("title"), QString::fromStdString(lesson.title));
    o.insert(QLatin1String("algorithm"), QString::fromStdString(lesson.algorithm));
    QJsonObject inputs;
    for (const auto& [name, bytes] : lesson.inputs)
        inputs.insert(QString::fromStdString(name), QString::fromStdString(crypto::toHex(bytes)));
    o.insert(QLatin1String("inputs"), inputs);
    if (lesson.rounds > 0) o.insert(QLatin1String("rounds"), lesson.rounds);
    QJsonArray stops;
    for (const LessonStop& s : lesson.stops) {
        QJsonObject j;
        j.insert(QLatin1String("step"), s.step);
        if (!s.title.empty()) j.insert(QLatin1String("title"), QString::fromStdString(s.title));
        j.insert(QLatin1String("view"), QString::fromStdString(lessonViewName(s.view)));
        if (s.flip)
            j.insert(QLatin1String("flip"),
                     QJsonObject{{QLatin1String("field"), QString::fromStdString(s.flip->field)},
                                 {QLatin1String("bit"), s.flip->bit}});
        j.insert(QLatin1String("note"), QString::fromStdString(s.note));
        if (s.question) j.insert(QLatin1String("question"), QString::fromStdString(*s.question));
        if (s.answer) j.insert(QLatin1String("answer"), QString::fromStdString(*s.answer));
        if (s.practice)
            j.insert(QLatin1String("practice"),
                     QJsonObject{
                         {QLatin1String("part"), QString::fromStdString(practicePartName(s.practice->part))},
                         {QLatin1String("index"), s.practice->index},
                         {QLatin1String("hints"), s.practice->hints},
                         {QLatin1String("reveal"), s.practice->reveal}});
        stops.append(j);
    }
    o.insert(QLatin1String("stops"), stops);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

} // namespace rs::teach
