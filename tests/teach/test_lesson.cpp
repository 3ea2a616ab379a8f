// Lesson files: parsing against the explorer's algorithms and fields, every error naming its stop and
// field, step checks against a trace, and the exact round trip.
#include <cstdio>
#include <fstream>
#include <functional>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/teach/teachtest.h"

namespace {

using namespace rs;
using teach::LessonError;

// A valid lesson for lea-128 with every optional member used once.
QJsonObject validJson() {
    QJsonObject o;
    o["format"] = "roundscope-lesson";
    o["version"] = 1;
    o["title"] = "LEA round 1";
    o["algorithm"] = "lea-128";
    o["inputs"] =
        QJsonObject{{"key", "0F1E2D3C4B5A69788796A5B4C3D2E1F0"}, {"pt", "101112131415161718191a1b1c1d1e1f"}};
    QJsonArray stops;
    stops.append(QJsonObject{{"step", 0}, {"view", "value"}, {"note", "The input."}});
    stops.append(QJsonObject{{"step", 1},
                             {"view", "twin"},
                             {"flip", QJsonObject{{"field", "pt"}, {"bit", 7}}},
                             {"note", "X[0] ⊕ RK0 …"},
                             {"question", "Which words differ?"},
                             {"answer", "X[0] and X[3]"}});
    stops.append(QJsonObject{{"step", 2}, {"view", "changed"}, {"note", "Round 2."}});
    o["stops"] = stops;
    return o;
}

teach::Lesson parse(const QJsonObject& o) {
    return teach::parseLesson(QJsonDocument(o).toJson(), test::explorerCatalog());
}

// Expects parse to throw a LessonError whose message contains `want`.
void expectError(const QJsonObject& o, const std::string& want) {
    try {
        parse(o);
        ADD_FAILURE() << "no error, expected: " << want;
    } catch (const LessonError& e) {
        EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what() << "\nexpected: " << want;
    }
}

QJsonObject withStop(int i, const std::function<void(QJsonObject&)>& change) {
    QJsonObject o = validJson();
    QJsonArray stops = o["stops"].toArray();
    QJsonObject s = stops[i].toObject();
    change(s);
    stops[i] = s;
    o["stops"] = stops;
    return o;
}

QJsonObject withInputs(const QJsonObject& inputs) {
    QJsonObject o = validJson();
    o["inputs"] = inputs;
    return o;
}

TEST(Lesson, ParsesAValidLesson) {
    const teach::Lesson l = parse(validJson());
    EXPECT_EQ(l.title, "LEA round 1");
    EXPECT_EQ(l.algorithm, "lea-128");
    EXPECT_EQ(l.inputs.at("pt"), crypto::fromHex("101112131415161718191A1B1C1D1E1F"));
    ASSERT_EQ(l.stops.size(), 3u);
    EXPECT_EQ(l.stops[1].view, teach::LessonView::Twin);
    ASSERT_TRUE(l.stops[1].flip);
    EXPECT_EQ(l.stops[1].flip->field, "pt");
    EXPECT_EQ(l.stops[1].flip->bit, 7);
    EXPECT_EQ(l.stops[1].note, "X[0] ⊕ RK0 …");
    EXPECT_EQ(l.stops[1].answer, "X[0] and X[3]");
    EXPECT_FALSE(l.stops[0].question);
    EXPECT_EQ(l.stops[2].view, teach::LessonView::Changed);
}

TEST(Lesson, RoundTripsExactly) {
    const teach::Lesson l = parse(validJson());
    const QByteArray saved = teach::saveLesson(l);
    const teach::Lesson again = teach::parseLesson(saved, test::explorerCatalog());
    EXPECT_EQ(again, l);
    EXPECT_EQ(teach::saveLesson(again), saved);
    // A variable-length field (AEAD associated data) may be empty, and survives the trip.
    teach::Lesson aead = l;
    aead.algorithm = "ascon-aead128";
    aead.inputs = {
        {"key", crypto::Bytes(16, 1)}, {"nonce", crypto::Bytes(16, 2)}, {"ad", {}}, {"pt", {0xAB}}};
    aead.stops = {{3, teach::LessonView::Twin, teach::LessonFlip{"nonce", 127}, "n", "q?", std::nullopt}};
    EXPECT_EQ(teach::parseLesson(teach::saveLesson(aead), test::explorerCatalog()), aead);
}

TEST(Lesson, DocumentErrors) {
    try {
        teach::parseLesson("{\"format\": ", test::explorerCatalog());
        ADD_FAILURE();
    } catch (const LessonError& e) {
        EXPECT_NE(std::string(e.what()).find("not JSON: "), std::string::npos) << e.what();
    }
    try {
        teach::parseLesson("[1, 2]", test::explorerCatalog());
        ADD_FAILURE();
    } catch (const LessonError& e) {
        EXPECT_NE(std::string(e.what()).find("not a lesson"), std::string::npos) << e.what();
    }
    QJsonObject o = validJson();
    o["format"] = "roundscope-campaign";
    expectError(o, "format: 'roundscope-campaign' is not 'roundscope-lesson'");
    o = validJson();
    o["version"] = 2;
    expectError(o, "version: only version 1");
    o = validJson();
    o.remove("title");
    expectError(o, "title: missing");
    o = validJson();
    o["algorithm"] = "lea-512";
    expectError(o, "algorithm: unknown algorithm 'lea-512' (known: ascon-p, ");
    o = validJson();
    o["extra"] = 1;
    expectError(o, "extra: unknown key");
    o = validJson();
    o["stops"] = QJsonArray{};
    expectError(o, "stops: a lesson needs at least one stop");
    o.remove("stops");
    expectError(o, "stops: missing");
}

TEST(Lesson, InputErrorsNameTheField) {
    expectError(withInputs({{"key", "0F1E2D3C4B5A69788796A5B4C3D2E1F0"}, {"pt", "10111213"}}),
                "inputs.pt: must be 16 bytes, got 4");
    expectError(
        withInputs({{"key", "0F1E2D3C4B5A69788796A5B4C3D2E1FZ"}, {"pt", "101112131415161718191a1b1c1d1e1f"}}),
        "inputs.key: bad hex");
    expectError(withInputs({{"key", "0F1E2D3C4B5A69788796A5B4C3D2E1F0"}}), "inputs.pt: missing");
    expectError(withInputs({{"key", "0F1E2D3C4B5A69788796A5B4C3D2E1F0"},
                            {"pt", "101112131415161718191a1b1c1d1e1f"},
                            {"nonce", "00"}}),
                "inputs.nonce: 'lea-128' has no field 'nonce'");
    expectError(withInputs({{"key", 5}, {"pt", "101112131415161718191a1b1c1d1e1f"}}),
                "inputs.key: must be a hex string");
}

TEST(Lesson, StopErrorsNameTheStopAndField) {
    expectError(withStop(2, [](QJsonObject& s) { s["step"] = -1; }), "stops[2].step: must be a whole number");
    expectError(withStop(2, [](QJsonObject& s) { s["step"] = 1.5; }),
                "stops[2].step: must be a whole number");
    expectError(withStop(0, [](QJsonObject& s) { s.remove("step"); }), "stops[0].step: missing");
    expectError(withStop(2, [](QJsonObject& s) { s["view"] = "diff"; }),
                "stops[2].view: 'diff' is not a view");
    expectError(withStop(0, [](QJsonObject& s) { s.remove("note"); }), "stops[0].note: missing");
    expectError(withStop(0, [](QJsonObject& s) { s["nots"] = "x"; }), "stops[0].nots: unknown key");
    expectError(withStop(0, [](QJsonObject& s) { s["view"] = "twin"; }),
                "stops[0].flip: a 'twin' stop needs a flip");
    expectError(withStop(1, [](QJsonObject& s) { s.remove("question"); }),
                "stops[1].answer: an answer needs a question");
    expectError(withStop(1,
                         [](QJsonObject& s) {
                             s["flip"] = QJsonObject{{"field", "iv"}, {"bit", 0}};
                         }),
                "stops[1].flip.field: 'iv' is not an input");
    expectError(withStop(1,
                         [](QJsonObject& s) {
                             s["flip"] = QJsonObject{{"field", "pt"}, {"bit", 128}};
                         }),
                "stops[1].flip.bit: 128 is outside pt (bits 0..127)");
    expectError(withStop(1,
                         [](QJsonObject& s) {
                             s["flip"] = QJsonObject{{"field", "pt"}};
                         }),
                "stops[1].flip.bit: missing");
    expectError(withStop(1, [](QJsonObject& s) { s["flip"] = "pt:7"; }), "stops[1].flip: must be an object");
}

TEST(Lesson, StepsAreCheckedAgainstTheTrace) {
    teach::Lesson l = parse(validJson());
    const auto run = test::runDefault("lea-128");
    EXPECT_NO_THROW(teach::validateLesson(l, run.trace.steps.size()));
    l.stops[1].step = static_cast<int>(run.trace.steps.size()); // one past the last step (24 rounds + input)
    try {
        teach::validateLesson(l, run.trace.steps.size());
        ADD_FAILURE();
    } catch (const LessonError& e) {
        EXPECT_NE(std::string(e.what()).find("stops[1].step: 25 is outside the trace's steps 0..25−1"),
                  std::string::npos)
            << e.what();
    }
}

TEST(Lesson, LoadReadsThroughTheCappedReaderAndNamesTheFile) {
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const std::string good = dir.filePath("good.json").toStdString();
    {
        std::ofstream f(good, std::ios::binary);
        const QByteArray json = QJsonDocument(validJson()).toJson();
        f.write(json.constData(), json.size());
    }
    EXPECT_EQ(teach::loadLesson(good, test::explorerCatalog()), parse(validJson()));
    const std::string bad = dir.filePath("bad.json").toStdString();
    {
        std::ofstream f(bad, std::ios::binary);
        const QByteArray json = QJsonDocument(withStop(2, [](QJsonObject& s) { s["view"] = "x"; })).toJson();
        f.write(json.constData(), json.size());
    }
    for (const auto& [path, want] : std::vector<std::pair<std::string, std::string>>{
             {bad, bad + ": stops[2].view"},
             {dir.filePath("none.json").toStdString(), "none.json"},
             {dir.path().toStdString(), "directory"}}) {
        try {
            teach::loadLesson(path, test::explorerCatalog());
            ADD_FAILURE() << path;
        } catch (const LessonError& e) {
            EXPECT_NE(std::string(e.what()).find(want), std::string::npos) << e.what();
        }
    }
}

} // namespace
