#pragma once
// The program's sources line by line, for the tests that hold a rule over the whole tree (test_source_reads:
// every file read goes through the bounded reader; test_judging: no output judged outside core/oracle;
// test_id_tables: no algorithm id outside the registry). Scans app/ core/ hw/ gpu/ riscv/ (not tests/), with
// what lies inside /* ... */ removed.

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/fileio/safefile.h"

namespace rs::test {

/** @brief One line of a source file. */
struct SourceLine {
    std::string file; ///< relative to the source root, '/' separated: "core/oracle/algorithms.cpp"
    int number = 0;   ///< 1-based line number
    std::string text; ///< the line without what lies inside /* ... */ (its // comment kept)
};

/** @brief The line without its // comment (a "//" inside a string literal is rare enough here). */
inline std::string withoutLineComment(const std::string& line) {
    const std::size_t slash = line.find("//");
    return slash == std::string::npos ? line : line.substr(0, slash);
}

/** @brief Calls `f` on each string literal's contents ("..." with its escapes kept as written) and blanks
 *  char literals, so a quote inside '"' starts no string. */
inline void forEachStringLiteral(const std::string& code, const std::function<void(const std::string&)>& f) {
    for (std::size_t i = 0; i < code.size(); ++i) {
        if (code[i] == '\'') { // a char literal: skip it whole
            std::size_t j = i + 1;
            while (j < code.size() && code[j] != '\'')
                j += code[j] == '\\' ? 2 : 1;
            i = j;
            continue;
        }
        if (code[i] != '"') continue;
        std::size_t j = i + 1;
        while (j < code.size() && code[j] != '"')
            j += code[j] == '\\' ? 2 : 1;
        f(code.substr(i + 1, std::min(j, code.size()) - i - 1));
        i = j;
    }
}

/** @brief The code with every string literal emptied ("...") -> "") and every char literal blanked ('x' ->
 *  ' '), so nothing inside a literal reads as code. */
inline std::string withoutStrings(const std::string& code) {
    std::string out;
    out.reserve(code.size());
    for (std::size_t i = 0; i < code.size(); ++i) {
        const char q = code[i];
        if (q != '"' && q != '\'') {
            out += q;
            continue;
        }
        std::size_t j = i + 1;
        while (j < code.size() && code[j] != q)
            j += code[j] == '\\' ? 2 : 1;
        out += q == '"' ? std::string("\"\"") : std::string("' '");
        i = j;
    }
    return out;
}

/** @brief Calls `f` on every line of the C, C++ and CUDA sources of the program's folders under `root`, in
 *  path order. */
inline void forEachSourceLine(const std::string& root, const std::function<void(const SourceLine&)>& f) {
    namespace fs = std::filesystem;
    const fs::path base(root);
    for (const char* top : {"app", "core", "hw", "gpu", "riscv"}) {
        std::vector<fs::path> files;
        for (const auto& e : fs::recursive_directory_iterator(base / top)) {
            const std::string ext = e.path().extension().string();
            if (e.is_regular_file() && (ext == ".cpp" || ext == ".h" || ext == ".c" || ext == ".cc" ||
                                        ext == ".cu" || ext == ".hpp" || ext == ".cxx"))
                files.push_back(e.path());
        }
        std::sort(files.begin(), files.end());
        for (const fs::path& path : files) {
            const std::string text = rs::fileio::readFileBounded(path.string(), 8u << 20, "source file");
            const std::string rel = fs::relative(path, base).generic_string();
            std::size_t start = 0;
            bool inBlockComment = false;
            for (int n = 1; start <= text.size(); ++n) {
                std::size_t end = text.find('\n', start);
                if (end == std::string::npos) end = text.size();
                std::string line = text.substr(start, end - start);
                start = end + 1;
                // Block comments: skip what lies inside /* ... */ (the file headers of C sources).
                if (inBlockComment) {
                    const std::size_t close = line.find("*/");
                    if (close == std::string::npos) continue;
                    line = line.substr(close + 2);
                    inBlockComment = false;
                }
                if (const std::size_t open = line.find("/*"); open != std::string::npos) {
                    const std::size_t close = line.find("*/", open + 2);
                    if (close == std::string::npos) {
                        inBlockComment = true;
                        line = line.substr(0, open);
                    } else {
                        line = line.substr(0, open) + line.substr(close + 2);
                    }
                }
                f({rel, n, line});
            }
        }
    }
}

/** @brief A line a scan may find, and why it is allowed there: the file and a piece of the line. */
struct Allowed {
    const char* file;
    const char* line;
    const char* why;
};

/** @brief What a scan found against its allow-list: the hits no entry names (one "\n  ..." line each, as
 *  `describe` writes them) and the entries that name no hit any more (stale: the code they excused is gone).
 */
struct AllowListOutcome {
    std::string unlisted;
    std::string stale;
};

/** @brief Matches each hit (a struct with `file` and `text`) with the entries of `allowed` naming its file
 *  and a piece of its line. */
template <class Hit>
AllowListOutcome matchAllowList(const std::vector<Hit>& hits, const std::vector<Allowed>& allowed,
                                const std::function<std::string(const Hit&)>& describe) {
    std::vector<bool> used(allowed.size(), false);
    AllowListOutcome out;
    for (const Hit& h : hits) {
        bool ok = false;
        for (std::size_t i = 0; i < allowed.size(); ++i)
            if (h.file == allowed[i].file && h.text.find(allowed[i].line) != std::string::npos) {
                used[i] = true;
                ok = true;
            }
        if (!ok) out.unlisted += "\n  " + describe(h);
    }
    for (std::size_t i = 0; i < allowed.size(); ++i)
        if (!used[i]) out.stale += "\n  " + std::string(allowed[i].file) + ": " + allowed[i].line;
    return out;
}

} // namespace rs::test
