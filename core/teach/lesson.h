#pragma once
// Lessons: a guided walk through one explorer trace, read from JSON (resources/lessons/README.md):
//   {"format": "roundscope-lesson", "version": 1, "title": "...", "algorithm": "<explorer id>",
//    "inputs": {"<explorer field>": "<hex>", ...},
//    "stops": [{"step": <0-based trace step>, "view": "value" | "changed" | "twin",
//               "flip": {"field": "<name>", "bit": <n>}, "note": "...", "question": "...", "answer": "..."}]}
// "flip", "question" and "answer" are optional; a "twin" stop needs a flip. Bits are numbered as the
// explorer flips them (MSB of byte 0 first). Unknown keys are errors, so a misspelt key is not lost.
//
// rs_teach does not link the explorer (rs_sessions), so the caller passes what the explorer offers as a
// LessonCatalog (from sessions::explorerAlgorithms(): id, field names and byte lengths).

#include <map>
#include <optional>
#include <stdexcept>
#include <string>
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

/** @brief One stop of the walk. */
struct LessonStop {
    int step = 0; ///< 0-based index into the trace of the lesson's inputs
    LessonView view = LessonView::Value;
    std::optional<LessonFlip> flip;
    std::string note;
    std::optional<std::string> question, answer;
    bool operator==(const LessonStop&) const = default;
};

/** @brief A whole lesson. */
struct Lesson {
    std::string title;
    std::string algorithm;                       ///< explorer id ("ascon-p", "lea-128", ...)
    std::map<std::string, crypto::Bytes> inputs; ///< every field of the algorithm, as runExplorer takes them
    std::vector<LessonStop> stops;
    bool operator==(const Lesson&) const = default;
};

/** @brief One algorithm the explorer offers: its id and its fields (byte length, -1 = any length). */
struct LessonAlgorithm {
    std::string id;
    std::vector<std::pair<std::string, int>> fields;
};
using LessonCatalog = std::vector<LessonAlgorithm>;

/** @brief The format tag and version this code reads and writes. */
inline constexpr const char* kLessonFormat = "roundscope-lesson";
inline constexpr int kLessonVersion = 1;

/** @brief "value", "changed", "twin". */
std::string lessonViewName(LessonView v);

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
