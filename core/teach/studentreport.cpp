#include "core/teach/studentreport.h"

#include <algorithm>
#include <cmath>
#include <set>

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageAuthenticationCode>

#include "core/fileio/safefile.h"

namespace rs::teach {

namespace {

constexpr std::uint64_t kReportReadLimit = std::uint64_t{1} << 20;

QString q(const std::string& s) {
    return QString::fromStdString(s);
}

QJsonObject stopJson(const StopResult& s) {
    QJsonArray wrong;
    for (int b : s.wrongBits)
        wrong.append(b);
    return {{QLatin1String("stop"), s.stop},       {QLatin1String("title"), q(s.title)},
            {QLatin1String("solved"), s.solved},   {QLatin1String("attempts"), s.attempts},
            {QLatin1String("hints"), s.hintsUsed}, {QLatin1String("revealed"), s.revealed},
            {QLatin1String("seconds"), s.seconds}, {QLatin1String("wrong_bits"), wrong}};
}

QJsonObject bodyJson(const StudentReport& r) {
    QJsonArray stops;
    for (const StopResult& s : r.stops)
        stops.append(stopJson(s));
    return {{QLatin1String("format"), QLatin1String(kReportFormat)},
            {QLatin1String("version"), kReportVersion},
            {QLatin1String("student"), q(r.student)},
            {QLatin1String("lesson"), q(r.lesson)},
            {QLatin1String("algorithm"), q(r.algorithm)},
            {QLatin1String("rounds"), r.rounds},
            {QLatin1String("started"), q(r.started)},
            {QLatin1String("seconds"), r.seconds},
            {QLatin1String("stops"), stops}};
}

QByteArray macOf(const QJsonObject& body, const std::string& key) {
    if (key.empty()) throw ReportError("no class key: the teacher sets one for the class");
    return QMessageAuthenticationCode::hash(QJsonDocument(body).toJson(QJsonDocument::Compact),
                                            QByteArray::fromStdString(key), QCryptographicHash::Sha256)
        .toHex();
}

[[noreturn]] void bad(const std::string& why) {
    throw ReportError("not a practice report: " + why);
}

const QJsonValue& field(const QJsonValue& v, const char* name) {
    if (v.isUndefined()) bad(std::string("'") + name + "' is missing");
    return v;
}

std::string text(const QJsonObject& o, const char* key) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!field(v, key).isString()) bad(std::string("'") + key + "' must be a string");
    return v.toString().toStdString();
}

double number(const QJsonObject& o, const char* key) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!field(v, key).isDouble() || !std::isfinite(v.toDouble()) || v.toDouble() < 0)
        bad(std::string("'") + key + "' must be a number ≥ 0");
    return v.toDouble();
}

int whole(const QJsonObject& o, const char* key) {
    const double d = number(o, key);
    if (d != std::floor(d) || d > 1e9) bad(std::string("'") + key + "' must be a whole number");
    return static_cast<int>(d);
}

bool flag(const QJsonObject& o, const char* key) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (!field(v, key).isBool()) bad(std::string("'") + key + "' must be true or false");
    return v.toBool();
}

StopResult parseStop(const QJsonValue& v) {
    if (!v.isObject()) bad("a stop must be an object");
    const QJsonObject o = v.toObject();
    StopResult s;
    s.stop = whole(o, "stop");
    s.title = text(o, "title");
    s.solved = flag(o, "solved");
    s.attempts = whole(o, "attempts");
    s.hintsUsed = whole(o, "hints");
    s.revealed = flag(o, "revealed");
    s.seconds = number(o, "seconds");
    const QJsonValue w = o.value(QLatin1String("wrong_bits"));
    if (!w.isArray()) bad("'wrong_bits' must be an array");
    for (const QJsonValue& b : w.toArray()) {
        if (!b.isDouble() || b.toDouble() < 0 || b.toDouble() != std::floor(b.toDouble()) ||
            b.toDouble() > 1e6)
            bad("'wrong_bits' must hold bit numbers");
        s.wrongBits.push_back(static_cast<int>(b.toDouble()));
    }
    return s;
}

std::string csvField(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s)
        out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string seconds(double s) {
    return std::to_string(static_cast<long long>(std::llround(s)));
}

} // namespace

int StudentReport::solvedCount() const {
    return static_cast<int>(
        std::count_if(stops.begin(), stops.end(), [](const StopResult& s) { return s.solved; }));
}

QByteArray writeReport(const StudentReport& report, const std::string& classKey) {
    QJsonObject o = bodyJson(report);
    o.insert(QLatin1String("mac"), QString::fromLatin1(macOf(o, classKey)));
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

StudentReport readReport(const QByteArray& json, const std::string& classKey) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError) bad("not JSON (" + err.errorString().toStdString() + ")");
    if (!doc.isObject()) bad("the JSON must be an object");
    QJsonObject o = doc.object();
    if (text(o, "format") != kReportFormat) bad("'format' is not " + std::string(kReportFormat));
    if (whole(o, "version") != kReportVersion)
        bad("only version " + std::to_string(kReportVersion) + " is known");
    const std::string mac = text(o, "mac");
    o.remove(QLatin1String("mac"));
    const QByteArray want = macOf(o, classKey);
    // Constant-time comparison of the two hex MACs.
    unsigned diff = mac.size() == static_cast<std::size_t>(want.size()) ? 0U : 1U;
    for (std::size_t i = 0; i < mac.size() && i < static_cast<std::size_t>(want.size()); ++i)
        diff |= static_cast<unsigned>(static_cast<unsigned char>(mac[i]) ^
                                      static_cast<unsigned char>(want[static_cast<qsizetype>(i)]));
    if (diff != 0)
        throw ReportError("the report's MAC does not match: it was edited after it was written, or written "
                          "with another class key");
    StudentReport r;
    r.student = text(o, "student");
    r.lesson = text(o, "lesson");
    r.algorithm = text(o, "algorithm");
    r.rounds = whole(o, "rounds");
    r.started = text(o, "started");
    r.seconds = number(o, "seconds");
    const QJsonValue stops = o.value(QLatin1String("stops"));
    if (!stops.isArray()) bad("'stops' must be an array");
    for (const QJsonValue& s : stops.toArray())
        r.stops.push_back(parseStop(s));
    return r;
}

StudentReport loadReport(const std::string& path, const std::string& classKey) {
    std::string bytes;
    try {
        bytes = fileio::readFileBounded(path, kReportReadLimit, "practice report");
    } catch (const fileio::FileError& e) {
        throw ReportError(e.what());
    }
    try {
        return readReport(QByteArray::fromStdString(bytes), classKey);
    } catch (const ReportError& e) {
        throw ReportError(path + ": " + e.what());
    }
}

PracticeRecorder::PracticeRecorder(StudentReport header, Clock clock)
    : m_report(std::move(header)), m_clock(std::move(clock)) {
    m_report.stops.clear();
    m_start = m_since = m_clock();
}

void PracticeRecorder::pause() {
    const auto now = m_clock();
    if (StopResult* s = current()) s->seconds += std::chrono::duration<double>(now - m_since).count();
    m_since = now;
}

StopResult* PracticeRecorder::current() {
    return m_current >= 0 ? &m_report.stops[static_cast<std::size_t>(m_current)] : nullptr;
}

void PracticeRecorder::enter(int stop, const std::string& title) {
    pause();
    for (std::size_t i = 0; i < m_report.stops.size(); ++i)
        if (m_report.stops[i].stop == stop) {
            m_current = static_cast<int>(i);
            return;
        }
    StopResult s;
    s.stop = stop;
    s.title = title;
    m_report.stops.push_back(s);
    m_current = static_cast<int>(m_report.stops.size()) - 1;
}

void PracticeRecorder::attempt(const std::vector<int>& wrongBits) {
    StopResult* s = current();
    if (!s || s->solved) return;
    ++s->attempts;
    s->wrongBits.insert(s->wrongBits.end(), wrongBits.begin(), wrongBits.end());
    if (wrongBits.empty() && !s->revealed) s->solved = true;
}

void PracticeRecorder::hint() {
    if (StopResult* s = current(); s && !s->solved) ++s->hintsUsed;
}

void PracticeRecorder::reveal() {
    if (StopResult* s = current(); s && !s->solved) s->revealed = true;
}

bool PracticeRecorder::solved() const {
    return m_current >= 0 && m_report.stops[static_cast<std::size_t>(m_current)].solved;
}

StudentReport PracticeRecorder::report() const {
    StudentReport r = m_report;
    const auto now = m_clock();
    if (m_current >= 0)
        r.stops[static_cast<std::size_t>(m_current)].seconds +=
            std::chrono::duration<double>(now - m_since).count();
    r.seconds = std::chrono::duration<double>(now - m_start).count();
    std::sort(r.stops.begin(), r.stops.end(),
              [](const StopResult& a, const StopResult& b) { return a.stop < b.stop; });
    return r;
}

ClassTable classTable(const std::vector<StudentReport>& reports) {
    ClassTable t;
    if (reports.empty()) return t;
    t.lesson = reports.front().lesson;
    std::map<int, std::string> titles;
    std::map<int, std::map<int, int>> wrongCounts; // stop → bit → students
    for (const StudentReport& r : reports) {
        const StudentReport& first = reports.front();
        if (r.lesson != t.lesson)
            throw ReportError("the reports are of different lessons ('" + t.lesson + "' and '" + r.lesson +
                              "')");
        if (r.algorithm != first.algorithm || r.rounds != first.rounds)
            throw ReportError("the reports of '" + t.lesson + "' ran different ciphers (" + first.algorithm +
                              ", " + std::to_string(first.rounds) + " rounds and " + r.algorithm + ", " +
                              std::to_string(r.rounds) + " rounds)");
        ClassTable::Row row{r.student, {}, r.seconds};
        for (const StopResult& s : r.stops) {
            titles.emplace(s.stop, s.title);
            row.results[s.stop] = s;
            for (int b : std::set<int>(s.wrongBits.begin(), s.wrongBits.end()))
                ++wrongCounts[s.stop][b];
        }
        t.rows.push_back(std::move(row));
    }
    std::stable_sort(t.rows.begin(), t.rows.end(), [](const ClassTable::Row& a, const ClassTable::Row& b) {
        return a.student < b.student;
    });
    for (const auto& [stop, title] : titles)
        t.stops.emplace_back(stop, title);
    for (const auto& [stop, counts] : wrongCounts) {
        std::vector<std::pair<int, int>> v(counts.begin(), counts.end());
        std::stable_sort(v.begin(), v.end(),
                         [](const auto& a, const auto& b) { return a.second > b.second; });
        t.commonWrongBits[stop] = v;
    }
    return t;
}

std::string classTableCsv(const ClassTable& t) {
    std::string out = "student,seconds";
    for (const auto& [stop, title] : t.stops) {
        const std::string name = "stop " + std::to_string(stop + 1) + " " + title;
        out += "," + csvField(name + " solved") + "," + csvField(name + " attempts") + "," +
               csvField(name + " hints");
    }
    out += ",solved\r\n";
    for (const ClassTable::Row& row : t.rows) {
        out += csvField(row.student) + "," + seconds(row.seconds);
        int solved = 0;
        for (const auto& [stop, title] : t.stops) {
            const auto it = row.results.find(stop);
            if (it == row.results.end()) {
                out += ",not reached,,";
                continue;
            }
            const StopResult& s = it->second;
            solved += s.solved ? 1 : 0;
            out += std::string(",") +
                   (s.solved     ? "yes"
                    : s.revealed ? "revealed"
                                 : "no") +
                   "," + std::to_string(s.attempts) + "," + std::to_string(s.hintsUsed);
        }
        out += "," + std::to_string(solved) + "\r\n";
    }
    return out;
}

} // namespace rs::teach
