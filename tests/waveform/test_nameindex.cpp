// The readers' name lookups (core/waveform/nameindex.h, signalnames.h): the flat index and set that
// replaced node-based hash tables for files of 10^5 signals, the namer that follows the scopes, and the
// case-blind matching of names without lowered copies (foldedmatch.h).
#include "core/waveform/foldedmatch.h"
#include "core/waveform/nameindex.h"
#include "core/waveform/signalnames.h"
#include "core/waveform/waveformstore.h"

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

namespace {

using rs::waveform::WaveformStore;
using rs::waveform::detail::NameIndex;
using rs::waveform::detail::NameSet;
using rs::waveform::detail::SignalNamer;

TEST(NameIndex, FindsEveryNameAfterGrowingAndRefusesASecondInsert) {
    std::vector<std::string> names;
    NameIndex index;
    const auto nameOf = [&](std::uint32_t id) -> std::string_view { return names.at(id); };
    EXPECT_FALSE(index.find("a", nameOf));
    for (std::uint32_t i = 0; i < 5000; ++i) { // grows from 64 slots many times
        names.push_back("g[" + std::to_string(i) + "].u.sig");
        ASSERT_TRUE(index.insert(names.back(), i, nameOf));
    }
    EXPECT_EQ(index.size(), 5000u);
    for (std::uint32_t i = 0; i < 5000; ++i)
        ASSERT_EQ(index.find(names[i], nameOf), i) << names[i];
    EXPECT_FALSE(index.insert("g[17].u.sig", 9999, nameOf));
    EXPECT_EQ(index.find("g[17].u.sig", nameOf), 17u);
    EXPECT_FALSE(index.find("g[5000].u.sig", nameOf));
    EXPECT_FALSE(index.find("", nameOf));
    EXPECT_GE(index.heapBytes(), 2 * 5000 * sizeof(std::uint64_t)); // at most half the slots used
    index.clear();
    EXPECT_EQ(index.size(), 0u);
    EXPECT_FALSE(index.find("g[17].u.sig", nameOf));
}

TEST(NameSet, KeepsNamesThatDifferOnlyAfterANulOrByPrefix) {
    NameSet set;
    const std::string withNul("t\0q", 3);
    EXPECT_TRUE(set.insert(withNul));
    EXPECT_TRUE(set.insert("t"));
    EXPECT_TRUE(set.insert("t.q"));
    EXPECT_TRUE(set.insert(""));
    EXPECT_FALSE(set.insert(std::string("t\0q", 3)));
    EXPECT_FALSE(set.insert("t"));
    EXPECT_FALSE(set.insert(""));
    EXPECT_TRUE(set.contains("t.q"));
    EXPECT_FALSE(set.contains("t.q2"));
    EXPECT_FALSE(set.contains(std::string("t\0", 2)));
    for (int i = 0; i < 1000; ++i) // a refused insert leaves nothing behind that a later one could see
        EXPECT_FALSE(set.insert("t"));
    EXPECT_TRUE(set.insert("tt"));
    EXPECT_TRUE(set.contains("tt"));
}

TEST(SignalNamer, NamesBareThenGroupThenPathAndFollowsScopes) {
    SignalNamer namer;
    EXPECT_FALSE(namer.leave()); // no scope open
    namer.enter("top");
    EXPECT_EQ(namer.group(), "");
    EXPECT_EQ(namer.name("clk"), "clk");
    namer.enter("u_sub");
    EXPECT_EQ(namer.group(), "u_sub");
    EXPECT_EQ(namer.name("clk"), "u_sub.clk");  // the bare name is taken
    EXPECT_EQ(namer.name("q"), "q");            // a free bare name
    EXPECT_EQ(namer.name("clk"), std::nullopt); // the same full path twice
    namer.enter("inner");
    EXPECT_EQ(namer.group(), "u_sub.inner");
    EXPECT_EQ(namer.name("clk"), "u_sub.inner.clk");
    EXPECT_TRUE(namer.leave());
    EXPECT_TRUE(namer.leave());
    EXPECT_EQ(namer.group(), "");
    // A signal named "u_sub.clk" in the top scope: group + name is taken (the top has no group), so its
    // full path; and then the same name in scope u_sub again is a duplicate.
    EXPECT_EQ(namer.name("u_sub.clk"), "top.u_sub.clk");
    namer.enter("u_sub");
    EXPECT_EQ(namer.name("clk"), std::nullopt);
    EXPECT_TRUE(namer.leave());
    EXPECT_TRUE(namer.leave());
    EXPECT_FALSE(namer.leave());
    // A second top scope: its signals are new paths, named by what is still free.
    namer.enter("top2");
    EXPECT_EQ(namer.name("clk"), "top2.clk");
    EXPECT_EQ(namer.name("q"), "top2.q");
}

TEST(SignalNamer, NumbersAFullPathThatIsAlreadyAName) {
    // Names that a tool flattened into the top scope take the bare name, the group and name, and the
    // path of t.a.x before it is declared: it gets the path numbered.
    SignalNamer namer;
    namer.enter("t");
    EXPECT_EQ(namer.name("x"), "x");
    EXPECT_EQ(namer.name("a.x"), "a.x");
    EXPECT_EQ(namer.name("t.a.x"), "t.a.x");
    namer.enter("a");
    EXPECT_EQ(namer.name("x"), "t.a.x~2");
    EXPECT_EQ(namer.name("x"), std::nullopt);
    namer.leave();
    EXPECT_EQ(namer.name("t.a.x~2"), "t.t.a.x~2"); // bare taken, no group: its own path
}

TEST(WaveformStoreIndex, FindsEachOfManySignalsAndRefusesADuplicate) {
    WaveformStore store;
    for (int i = 0; i < 3000; ++i)
        ASSERT_EQ(store.addSignal("s" + std::to_string(i), 1 + i % 64),
                  static_cast<rs::waveform::SignalId>(i));
    for (int i = 0; i < 3000; ++i)
        ASSERT_EQ(store.find("s" + std::to_string(i)), static_cast<rs::waveform::SignalId>(i));
    EXPECT_FALSE(store.find("s3000"));
    EXPECT_THROW(store.addSignal("s42", 1), std::invalid_argument);
    EXPECT_EQ(store.signalCount(), 3000u);
    EXPECT_EQ(store.find("s42"), 42u);
    store.clear();
    EXPECT_FALSE(store.find("s42"));
    EXPECT_EQ(store.addSignal("s42", 1), 0u);
    EXPECT_EQ(store.find("s42"), 0u);
}

/** The plain way: lowered copies and std::string's own search. */
std::string lowered(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

TEST(FoldedMatch, AgreesWithSearchingLoweredCopies) {
    using rs::waveform::containsFolded;
    using rs::waveform::endsWithFolded;
    using rs::waveform::equalsFolded;
    EXPECT_TRUE(containsFolded("u_CLK_div", "clk"));
    EXPECT_TRUE(containsFolded("ClClK", "clk")) << "a partial match before the real one";
    EXPECT_TRUE(containsFolded("x", ""));
    EXPECT_FALSE(containsFolded("cl", "clk"));
    EXPECT_FALSE(containsFolded("c[k]", "clk"));
    EXPECT_TRUE(endsWithFolded("s_axi_AWVALID", "awvalid"));
    EXPECT_FALSE(endsWithFolded("awvalid_q", "awvalid"));
    EXPECT_FALSE(endsWithFolded("valid", "awvalid"));
    EXPECT_TRUE(equalsFolded("Clock", "clock"));
    EXPECT_FALSE(equalsFolded("clocks", "clock"));
    // Every pair of short strings over a small alphabet (letters of both cases, a digit, '[', '.').
    const std::string alphabet = "aAbB1[.";
    std::vector<std::string> words{""};
    for (std::size_t from = 0, len = 0; len < 4; ++len) {
        const std::size_t to = words.size();
        for (std::size_t w = from; w < to; ++w)
            for (char c : alphabet)
                words.push_back(words[w] + c);
        from = to;
    }
    for (const std::string& text : words)
        for (const std::string& p : {std::string("a"), std::string("ab"), std::string("b1"),
                                     std::string("a[."), std::string("ba.a")}) {
            const std::string t = lowered(text);
            EXPECT_EQ(containsFolded(text, p), t.find(p) != std::string::npos) << text << " / " << p;
            EXPECT_EQ(endsWithFolded(text, p),
                      t.size() >= p.size() && t.compare(t.size() - p.size(), p.size(), p) == 0)
                << text << " / " << p;
            EXPECT_EQ(equalsFolded(text, p), t == p) << text << " / " << p;
        }
}

} // namespace
