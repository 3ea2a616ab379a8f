#pragma once
// Lessons: a guided walk through one explorer trace, read from JSON (resources/lessons/README.md):
//   {"format": "roundscope-lesson", "version": 1, "title": "...", "algorithm": "<explorer id>",
//    "inputs": {"<explorer field>": "<hex>", ...},
//    "rounds": <n>,
//    "stops": [{"step": <0-based trace step>, "title": "...", "view": "value" | "changed" | "twin",
//               "flip": {"field": "<name>", "bit": <n>}, "note": "...", "question": "...", "answer": "...",
//               "practice": {"part": "state" | "sbox-column" | "row" | "column" | "word" | "pair",
//                            "index": <n>, "hints": <0..3>, "reveal": true | false}}]}
// "rounds" (a reduced cipher for class: 1..the algorithm's maximum; absent = the standard rounds), a stop's
// "title", "flip", "question", "answer" and "practice" are optional; a "twin" stop needs a flip. A practice
// stop asks the student for the state after its step (or one part of it: core/teach/practice.h says which
// parts fit which cipher). Bits are numbered as the explorer flips them (MSB of byte 0 first). Unknown keys
// are errors, so a misspelt key is not lost.
//
// rs_teach does not link the explorer (rs_sessions), so the caller passes what the explorer offers as a
// LessonCatalog (from sessions::explorerAlgorithms(): id, field names and byte lengths).

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <QByteArray>

#include "core/crypto/bytes.h"

namespace rs::teach {

/** @brief A bad lesson; the message names the stop index and the field ("stops[2].view: ..."). */
class LessonError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/** @brief What the explorer shows at a stop. */
enum class LessonView { Value, Changed, Twin };

/** @brief The twin run's flipped input bit. */
struct LessonFlip {
    std::string field;
    int bit = 0;
    bool operator==(const LessonFlip&) const = default;
};

/** @brief Which part of the state a practice stop asks for (core/teach/practice.h maps it onto state bits).
 */
enum class PracticePart {
    State,      ///< the whole state after the step
    SboxColumn, ///< Ascon: one 5-bit column (index 0..63, column 0 = bit 63 of every word)
    Row,        ///< Ascon: word x<index>; SKINNY: row <index> of cells; ML-DSA: row of 16 coefficients
    Column,     ///< SKINNY: column <index> of cells
    Word,       ///< LEA: word X[<index>]
    Pair        ///< ML-DSA: the butterfly pair of coefficient <index> in the step's layer
};

/** @brief A practice stop's settings: what the student enters, how many hints, whether the answer can be
 * shown. */
struct LessonPractice {
    PracticePart part = PracticePart::State;
    int index = 0;
    int hints = 3;      ///< hints the student may take (0..3)
    bool reveal = true; ///< the student may reveal the answer (the stop then counts as not solved)
    bool operator==(const LessonPractice&) const = default;
};

/** @brief One stop of the walk. */
struct LessonStop {
    int step = 0; ///< 0-based index into the trace of the lesson's inputs
    LessonView view = LessonView::Value;
    std::optional<LessonFlip> flip;
    std::string note;
    std::optional<std::string> question, answer;
    std::optional<LessonPractice> practice;
    std::string title; ///< the stop's title in the lesson panel and reports; empty = from the step
    bool operator==(const LessonStop&) const = default;
};

/** @brief A whole lesson. */
struct Lesson {
    std::string title;
    std::string algorithm;                       ///< explorer id ("ascon-p", "lea-128", ...)
    std::map<std::string, crypto::Bytes> inputs; ///< every field of the algorithm, as runExplorer takes them
    int rounds = 0;                              ///< 0 = the standard rounds; else a reduced cipher
    std::vector<LessonStop> stops;
    bool operator==(const Lesson&) const = default;
};

/** @brief One algorithm the explorer offers: its id and its fields (byte length, -1 = any length). */
struct LessonAlgorithm {
    std::string id;
    std::vector<std::pair<std::string, int>> fields;
    int maxRounds = 0; ///< most rounds a lesson may set; 0 = the rounds are fixed (no "rounds" allowed)
};
using LessonCatalog = std::vector<LessonAlgorithm>;

/** @brief The format tag and version this code reads and writes. */
inline constexpr const char* kLessonFormat = "roundscope-lesson";
inline constexpr int kLessonVersion = 1;

/** @brief "value", "changed", "twin". */
std::string lessonViewName(LessonView v);

/** @brief "state", "sbox-column", "row", "column", "word", "pair". */
std::string practicePartName(PracticePart p);
/** @brief The part named by practicePartName; nullopt for any other text. */
std::optional<PracticePart> practicePartFromName(std::string_view name);

/**
 * @brief Parses and checks a lesson against the catalog: the format tag and version, a known
 * algorithm, every field given once as hex of the field's length, flips naming an input and a bit
 * inside it, a view of the three. LessonError names the offending stop and field.
 */
Lesson parseLesson(const QByteArray& json, const LessonCatalog& catalog);

/** @brief Reads a file through fileio's capped reader (1 MiB), then parseLesson; LessonError names the file.
 */
Lesson loadLesson(const std::string& path, const LessonCatalog& catalog);

/** @brief LessonError naming the first stop whose step is not in 0..stepCount−1. */
void validateLesson(const Lesson& lesson, std::size_t stepCount);

/** @brief The lesson as indented JSON; parseLesson(saveLesson(l)) == l and saving again gives the same bytes.
 */
QByteArray saveLesson(const Lesson& lesson);

} // namespace rs::teach
