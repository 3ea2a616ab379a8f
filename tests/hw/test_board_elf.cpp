// The firmware builds' footprints (hw/board/elffootprint.h) against binutils' own reading of the same
// files (arm-none-eabi-size -A), their order (neither path < the IP driver < the software Ascon), the
// memory half of paper000 following the files (an ELF whose text grows moves the saving by exactly that),
// and the reader's errors.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <fstream>

#include "hw/board/papers/paper000.h"
#include "hw/board/qemuboard.h"

namespace {

using namespace rs::hw::board;

QString elfOf(const char* variant) {
    const QString f = QemuBoard::firmware(QString::fromLatin1(variant));
    if (!QFile::exists(f))
        ADD_FAILURE() << "no " << f.toStdString() << " (arm-none-eabi-gcc; .ci/setup installs it)";
    return f;
}

/** arm-none-eabi-size -A: the allocated sections' sizes, split as the reader splits them by name. */
ElfFootprint binutils(const QString& elf) {
    QProcess p;
    p.start(QStringLiteral("arm-none-eabi-size"), {QStringLiteral("-A"), elf});
    EXPECT_TRUE(p.waitForFinished(20000));
    ElfFootprint f;
    const QRegularExpression row(QStringLiteral("^(\\.\\S+)\\s+(\\d+)\\s+(\\d+)$"));
    for (const QString& line : QString::fromUtf8(p.readAllStandardOutput()).split(QLatin1Char('\n'))) {
        const auto m = row.match(line.trimmed());
        if (!m.hasMatch() || m.captured(3).toULongLong() == 0) continue; // not loaded (debug info, comments)
        const QString name = m.captured(1);
        const std::uint64_t size = m.captured(2).toULongLong();
        if (name == QLatin1String(".text"))
            f.text += size;
        else if (name == QLatin1String(".bss"))
            f.bss += size;
        else if (name == QLatin1String(".data"))
            f.data += size;
        else
            f.rodata += size; // .rodata, .ARM.exidx
    }
    return f;
}

TEST(FirmwareElf, FootprintsAgreeWithBinutilsAndOrderAsExpected) {
    if (QStandardPaths::findExecutable(QStringLiteral("arm-none-eabi-size")).isEmpty())
        GTEST_FAIL() << "arm-none-eabi-size not found (binutils-arm-none-eabi, with gcc-arm-none-eabi; "
                        ".ci/setup installs it)";
    std::map<std::string, ElfFootprint> f;
    for (const char* v : {"sw", "ip", "none", "full"}) {
        SCOPED_TRACE(v);
        const QString elf = elfOf(v);
        f[v] = readElfFootprint(elf.toStdString());
        const ElfFootprint b = binutils(elf);
        EXPECT_EQ(f[v].text, b.text);
        EXPECT_EQ(f[v].rodata, b.rodata);
        EXPECT_EQ(f[v].data, b.data);
        EXPECT_EQ(f[v].bss, b.bss);
    }
    EXPECT_LT(f["none"].text, f["ip"].text);
    EXPECT_LT(f["ip"].text, f["sw"].text);
    EXPECT_LT(f["sw"].text, f["full"].text);
}

TEST(FirmwareElf, TheSavingFollowsTheFiles) {
    QTemporaryDir dir;
    for (const char* v : {"sw", "ip", "none", "ip-ram"})
        ASSERT_TRUE(QFile::copy(elfOf(v), QemuBoard::firmware(QString::fromLatin1(v), dir.path())));
    Paper000Options o;
    o.firmwareDir = dir.path();
    o.records = 4;
    const Paper000Memory before = measurePaper000Memory(o);
    ASSERT_EQ(before.builds.size(), 3u) << before.note;
    EXPECT_EQ(before.builds[0].footprint.total(), readElfFootprint(elfOf("sw").toStdString()).total());
    // The software build grown by 4096 bytes of text (its .text header says so): the saving follows.
    const std::string sw = QemuBoard::firmware(QStringLiteral("sw"), dir.path()).toStdString();
    {
        std::fstream f(sw, std::ios::in | std::ios::out | std::ios::binary);
        char h[52];
        f.read(h, sizeof h);
        const auto le = [&h](int at, int n) {
            std::uint32_t v = 0;
            for (int i = n - 1; i >= 0; --i)
                v = v << 8 | static_cast<unsigned char>(h[at + i]);
            return v;
        };
        const std::uint32_t shoff = le(32, 4), shentsize = le(46, 2), shnum = le(48, 2);
        for (std::uint32_t i = 0; i < shnum; ++i) {
            char s[40];
            f.seekg(shoff + i * shentsize);
            f.read(s, sizeof s);
            const std::uint32_t flags = static_cast<unsigned char>(s[8]);
            if ((flags & 6u) != 6u) continue; // not ALLOC | EXECINSTR
            std::uint32_t size = 0;
            for (int k = 3; k >= 0; --k)
                size = size << 8 | static_cast<unsigned char>(s[20 + k]);
            size += 4096;
            for (int k = 0; k < 4; ++k)
                s[20 + k] = static_cast<char>(size >> (8 * k));
            f.seekp(shoff + i * shentsize);
            f.write(s, sizeof s);
            break;
        }
    }
    EXPECT_EQ(readElfFootprint(sw).text, before.builds[0].footprint.text + 4096);
    const Paper000Memory after = measurePaper000Memory(o);
    ASSERT_TRUE(before.staticSavingPct && after.staticSavingPct);
    const double swExtra = static_cast<double>(before.builds[0].footprint.total()) + 4096 -
                           static_cast<double>(before.builds[2].footprint.total());
    const double ipExtra = static_cast<double>(before.builds[1].footprint.total()) -
                           static_cast<double>(before.builds[2].footprint.total());
    EXPECT_NEAR(*after.staticSavingPct, 100.0 * (1.0 - ipExtra / swExtra), 1e-9);
    EXPECT_GT(*after.staticSavingPct, *before.staticSavingPct);
}

TEST(FirmwareElf, ReaderErrorsNameTheFile) {
    QTemporaryDir dir;
    const std::string missing = dir.filePath(QStringLiteral("missing.elf")).toStdString();
    EXPECT_THROW(readElfFootprint(missing), ElfError);
    const std::string text = dir.filePath(QStringLiteral("text.elf")).toStdString();
    std::ofstream(text) << "not an ELF file at all, but long enough to have a header's worth of bytes in it";
    try {
        readElfFootprint(text);
        ADD_FAILURE() << "a text file read as an ELF";
    } catch (const ElfError& e) {
        EXPECT_NE(std::string(e.what()).find(text), std::string::npos);
    }
    // An ELF header whose section table lies past the end of the file.
    std::string h(52, '\0');
    h.replace(0, 6,
              "\x7f"
              "ELF\x01\x01");
    h[32] = '\x00', h[33] = '\x10'; // e_shoff 0x1000
    h[46] = 40, h[48] = 3;
    const std::string cut = dir.filePath(QStringLiteral("cut.elf")).toStdString();
    std::ofstream(cut, std::ios::binary) << h;
    EXPECT_THROW(readElfFootprint(cut), ElfError);
}

} // namespace
