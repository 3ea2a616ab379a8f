// docs/ARCHITECTURE.md is held against the code, so the map cannot drift unnoticed:
// - every path it names in backticks exists (a file, a folder, or a .h/.cpp pair named without extension);
// - §1 names every library the CMake files under app/ core/ hw/ gpu/ riscv/ define, and every rs_* it names
//   is defined somewhere (tests/ included);
// - §2 names every registered campaign target (the back ends' declarations, the toy's too);
// - §4 names every facade (each *session.h under core/sessions and <backend>/session);
// - §5 names every page of the main window's page table (each `new XPage(`/`new XPanel(` in app/ui/window).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "app/backends/backends.h"
#include "core/campaign/targets.h"
#include "tests/toybackend/toyrunner.h"

namespace {

namespace fs = std::filesystem;

const fs::path kRoot{RS_SOURCE_DIR};

std::string readText(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

const std::string& architecture() {
    static const std::string text = readText(kRoot / "docs/ARCHITECTURE.md");
    return text;
}

/** The text of the section whose heading starts with "## N." (up to the next "## "). */
std::string section(int n) {
    const std::string& doc = architecture();
    const std::string head = "\n## " + std::to_string(n) + ".";
    const std::size_t at = doc.find(head);
    if (at == std::string::npos) return {};
    const std::size_t end = doc.find("\n## ", at + head.size());
    return doc.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

/** Files under the source folders whose name matches `name`. */
std::vector<fs::path> sourceFiles(const std::function<bool(const fs::path&)>& want) {
    std::vector<fs::path> out;
    for (const char* top : {"app", "core", "hw", "gpu", "riscv", "tests"})
        for (const auto& e : fs::recursive_directory_iterator(kRoot / top))
            if (e.is_regular_file() && want(e.path())) out.push_back(fs::relative(e.path(), kRoot));
    return out;
}

/** The rs_* libraries a CMake file defines (add_library / qt_add_library). */
std::set<std::string> librariesIn(const fs::path& file) {
    std::set<std::string> out;
    const std::string text = readText(kRoot / file);
    static const std::regex lib(R"((?:qt_)?add_library\(\s*(rs_[a-z0-9_]+))");
    for (std::sregex_iterator it(text.begin(), text.end(), lib), end; it != end; ++it)
        out.insert((*it)[1]);
    return out;
}

bool isCMake(const fs::path& p) {
    return p.filename() == "CMakeLists.txt" || p.extension() == ".cmake";
}

TEST(Architecture, EveryPathItNamesExists) {
    static const std::regex path(R"(^(app|core|hw|gpu|riscv|tests|resources|docs|\.ci)/[A-Za-z0-9_./-]*$)");
    std::vector<std::string> missing;
    int checked = 0;
    // A walk-through's files that do not exist yet are marked: `core/crypto/gift.h` (new).
    const std::string doc = architecture();
    static const std::regex spanNew("`([^`\n]+)`( \\(new\\))?");
    for (std::sregex_iterator it(doc.begin(), doc.end(), spanNew), end; it != end; ++it) {
        if ((*it)[2].matched) continue;
        // A span may hold several paths ("a.h/.cpp" pairs are written as one path without extension).
        std::string p = (*it)[1];
        if (!std::regex_match(p, path)) continue;
        while (!p.empty() && (p.back() == '.' || p.back() == ','))
            p.pop_back();
        ++checked;
        const fs::path full = kRoot / p;
        bool found = fs::exists(full);
        for (const char* ext : {".h", ".cpp", ".c", ".cu", ".sv", ".md", ".json"})
            found = found || fs::exists(full.string() + ext);
        if (!found) missing.push_back(p);
    }
    EXPECT_GT(checked, 50) << "the scan found too few paths: is the doc's format still `path`?";
    EXPECT_TRUE(missing.empty()) << "docs/ARCHITECTURE.md names paths that do not exist: " << [&] {
        std::string s;
        for (const auto& m : missing)
            s += "\n  " + m;
        return s;
    }();
}

TEST(Architecture, SectionOneNamesEveryLibraryAndOnlyRealOnes) {
    const std::string one = section(1);
    ASSERT_FALSE(one.empty()) << "no section 1 in docs/ARCHITECTURE.md";
    std::set<std::string> program, all;
    for (const fs::path& f : sourceFiles(isCMake)) {
        const std::set<std::string> libs = librariesIn(f);
        all.insert(libs.begin(), libs.end());
        if (f.begin()->string() != "tests") program.insert(libs.begin(), libs.end());
    }
    ASSERT_GT(program.size(), 20u);
    for (const std::string& lib : program)
        EXPECT_TRUE(std::regex_search(one, std::regex("\\b" + lib + "\\b")))
            << lib << " is a library of the program that section 1 does not name";
    static const std::regex named(R"(\brs_[a-z0-9_]+\b)");
    for (std::sregex_iterator it(one.begin(), one.end(), named), end; it != end; ++it)
        EXPECT_TRUE(all.count((*it)[0]) > 0)
            << (*it)[0] << " is named in section 1 but no CMake file defines it";
}

TEST(Architecture, SectionTwoNamesEveryRegisteredTarget) {
    rs::backends::registerAllRunners();
    rs::toy::registerToyRunner();
    const std::string two = section(2);
    ASSERT_FALSE(two.empty());
    const auto targets = rs::campaign::targetDeclarations();
    ASSERT_GE(targets.size(), 7u);
    for (const auto& t : targets)
        EXPECT_NE(two.find("`" + t.id + "`"), std::string::npos)
            << "target " << t.id << " is not in section 2";
}

TEST(Architecture, SectionFourNamesEveryFacade) {
    const std::string four = section(4);
    ASSERT_FALSE(four.empty());
    int facades = 0;
    for (const fs::path& f : sourceFiles([](const fs::path& p) {
             const std::string parent = p.parent_path().filename().string();
             return p.extension() == ".h" && p.stem().string().ends_with("session") &&
                    (parent == "session" || parent == "sessions");
         })) {
        if (f.begin()->string() == "tests") continue;
        ++facades;
        const std::string noExt = (f.parent_path() / f.stem()).generic_string();
        EXPECT_TRUE(four.find(f.generic_string()) != std::string::npos ||
                    four.find(noExt) != std::string::npos)
            << f.generic_string() << " (a facade) is not in section 4";
    }
    EXPECT_GE(facades, 6);
}

TEST(Architecture, SectionFiveNamesEveryPageOfTheWindow) {
    const std::string five = section(5);
    ASSERT_FALSE(five.empty());
    std::set<std::string> pages;
    static const std::regex page(R"(new\s+([A-Z][A-Za-z0-9]*(?:Page|Panel))\s*\()");
    for (const fs::path& f : sourceFiles([](const fs::path& p) {
             return p.parent_path().generic_string().ends_with("app/ui/window") && p.extension() == ".cpp";
         })) {
        const std::string text = readText(kRoot / f);
        for (std::sregex_iterator it(text.begin(), text.end(), page), end; it != end; ++it)
            pages.insert((*it)[1]);
    }
    ASSERT_GE(pages.size(), 8u) << "the page table of app/ui/window was not found";
    for (const std::string& p : pages)
        EXPECT_NE(five.find("`" + p + "`"), std::string::npos) << "page " << p << " is not in section 5";
}

} // namespace
