// ML-DSA operand files (core/inputs/mldsapolyfile.h): the three forms, the counts, the refusals, and a file
// that is not a regular one refused before a byte is read (`ip run --alg mldsa-* --in /dev/zero` grew to
// 3.8 GB; a FIFO blocked forever).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "core/crypto/bytes.h"
#include "core/fileio/safefile.h"
#include "core/inputs/mldsapolyfile.h"

namespace {

using rs::crypto::InvalidArgument;
using rs::crypto::MlDsaPoly;
using rs::inputs::parseMlDsaPolys;
using rs::inputs::readMlDsaPolyFile;

MlDsaPoly somePoly(std::int32_t seed) {
    MlDsaPoly p{};
    for (std::size_t i = 0; i < p.size(); ++i)
        p[i] = static_cast<std::int32_t>((i * 7919u + static_cast<unsigned>(seed)) % rs::crypto::kMlDsaQ);
    p[5] = rs::crypto::kMlDsaQ - 1;
    return p;
}

std::string raw(const MlDsaPoly& p) {
    const auto b = rs::crypto::mldsaPolyToBytes(p);
    return std::string(b.begin(), b.end());
}

std::string decimal(const MlDsaPoly& p, const char* sep) {
    std::string s;
    for (const std::int32_t c : p)
        s += std::to_string(c) + sep;
    return s;
}

std::string errorOf(std::string_view data, std::size_t count) {
    try {
        parseMlDsaPolys(data, count);
    } catch (const InvalidArgument& e) {
        return e.what();
    }
    return "(no error)";
}

TEST(MlDsaPolyFile, ReadsRawHexAndDecimal) {
    const MlDsaPoly a = somePoly(3), b = somePoly(11);
    EXPECT_EQ(parseMlDsaPolys(raw(a), 1), std::vector<MlDsaPoly>{a});
    EXPECT_EQ(parseMlDsaPolys(raw(a) + raw(b), 2), (std::vector<MlDsaPoly>{a, b}));
    EXPECT_EQ(parseMlDsaPolys(raw(a) + raw(b), 0), (std::vector<MlDsaPoly>{a, b}));
    const std::string hex = rs::crypto::toHex(rs::crypto::mldsaPolyToBytes(a));
    EXPECT_EQ(parseMlDsaPolys(hex.substr(0, 100) + "\n  " + hex.substr(100) + "\n", 1),
              std::vector<MlDsaPoly>{a});
    EXPECT_EQ(parseMlDsaPolys(decimal(a, ", ") + decimal(b, ";\n"), 2), (std::vector<MlDsaPoly>{a, b}));
    EXPECT_EQ(parseMlDsaPolys(decimal(a, "\n"), 0), std::vector<MlDsaPoly>{a});
    // 512 words of 4 digits are also 2048 hex digits: decimal coefficients have at most 7 digits, so text
    // that is both is read as 512 coefficients (the count asked for decides when it is given).
    std::string fours;
    for (int i = 0; i < 512; ++i)
        fours += "0012 ";
    EXPECT_EQ(parseMlDsaPolys(fours, 0).size(), 2u);
    EXPECT_EQ(parseMlDsaPolys(fours, 0)[1][7], 12);
    EXPECT_EQ(parseMlDsaPolys(fours, 1)[0][0], 0x120012);
    // One coefficient per word as 8 hex digits that happen to be decimal digits: hex, not decimal.
    std::string eights;
    for (const std::int32_t c : a) {
        char w[16];
        std::snprintf(w, sizeof w, "%08X ", static_cast<unsigned>(c));
        eights += w;
    }
    EXPECT_EQ(parseMlDsaPolys(eights, 0), std::vector<MlDsaPoly>{a});
}

TEST(MlDsaPolyFile, RefusalsSayWhatTheFileHoldsAndWhatWasExpected) {
    const MlDsaPoly a = somePoly(3);
    EXPECT_EQ(errorOf(raw(a).substr(0, 1000), 1),
              "1000 bytes of binary data; expected 1 polynomial: 1024 bytes, 2048 hex digits or 256 decimal "
              "coefficients");
    EXPECT_NE(errorOf(raw(a), 2).find("expected 2 polynomials, a then b: 2048 bytes"), std::string::npos);
    EXPECT_NE(errorOf(std::string(2046, 'a'), 1).find("2046 bytes of text (2046 hex digits)"),
              std::string::npos);
    EXPECT_NE(errorOf("1 2 three", 0).find("'three' is not a coefficient"), std::string::npos);
    EXPECT_NE(errorOf(" \n ", 0).find("no coefficients"), std::string::npos);
    EXPECT_NE(errorOf(decimal(a, " "), 2).find("(256 decimal coefficients"), std::string::npos);
    std::string q = raw(a) + raw(a);
    q[1024 + 4 * 3 + 1] = 0x7f;
    q[1024 + 4 * 3 + 2] = static_cast<char>(0xe0);
    q[1024 + 4 * 3 + 3] = 0x01;
    q[1024 + 4 * 3] = 0;
    EXPECT_EQ(errorOf(q, 2),
              "polynomial b: ML-DSA polynomial: coefficient 3 is 8380417, not in [0, q = 8380417)");
    std::string words;
    for (std::size_t i = 0; i < a.size(); ++i)
        words += (i == 2 ? std::string("8380417") : std::to_string(a[i])) + ",";
    EXPECT_EQ(errorOf(words, 1),
              "polynomial a: ML-DSA polynomial: coefficient 2 is 8380417, not in [0, q = 8380417)");
    EXPECT_NE(errorOf(raw(a), 3).find("1 or 2 polynomials"), std::string::npos);
}

TEST(MlDsaPolyFile, OnlyARegularFileOfBoundedSizeIsRead) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("rs_test_mldsapolyfile_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const MlDsaPoly a = somePoly(1);
    const std::string good = (dir / "a.bin").string();
    std::ofstream(good, std::ios::binary) << raw(a);
    EXPECT_EQ(readMlDsaPolyFile(good, 1), std::vector<MlDsaPoly>{a});
    // Each refused before a byte is read, naming the file: the FIFO has no writer (a read would block).
    const std::string fifo = (dir / "fifo").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    for (const auto& [path, kind] : {std::pair<std::string, std::string>{"/dev/zero", "a character device"},
                                     {fifo, "a FIFO"},
                                     {dir.string(), "a directory"}}) {
        try {
            readMlDsaPolyFile(path, 1);
            ADD_FAILURE() << path << " was read";
        } catch (const rs::fileio::FileError& e) {
            const std::string why = e.what();
            EXPECT_NE(why.find(kind), std::string::npos) << why;
            EXPECT_NE(why.find("'" + path + "'"), std::string::npos) << why;
        }
    }
    // A big file is refused by its size, not read (the old reader read 2 GB before refusing it).
    const std::string big = (dir / "big.bin").string();
    {
        std::ofstream f(big, std::ios::binary);
        f << raw(a);
    }
    fs::resize_file(big, std::uint64_t{2} << 30); // sparse: no disk used
    try {
        readMlDsaPolyFile(big, 1);
        ADD_FAILURE() << "a 2 GiB file was read";
    } catch (const rs::fileio::FileError& e) {
        EXPECT_NE(std::string(e.what()).find("the limit is 256 KiB"), std::string::npos) << e.what();
    }
    // A parse error names the file too.
    const std::string bad = (dir / "bad.txt").string();
    std::ofstream(bad) << "1 2 three";
    try {
        readMlDsaPolyFile(bad, 0);
        ADD_FAILURE() << "read";
    } catch (const InvalidArgument& e) {
        EXPECT_EQ(std::string(e.what()).rfind("ML-DSA operand file '" + bad + "': ", 0), 0u) << e.what();
    }
    fs::remove_all(dir);
}

} // namespace
