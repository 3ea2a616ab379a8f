#pragma once
// Shared by the `trace --export-steps` CLI tests (test_cli_export.cpp, test_cli_trace_export.cpp: one test
// program, whose QCoreApplication test_cli_export.cpp makes).

#include <QByteArray>
#include <QFile>
#include <QString>
#include <QStringList>

#include "tests/clitestsupport.h"

namespace rs::test::exportcli {

/** @brief The CLI picks the offscreen platform itself: run it with no QT_QPA_PLATFORM and no display. */
inline CliResult cli(const QStringList& args) {
    return runCliHeadless(args);
}

inline const QStringList kAsconP{"trace", "--alg", "ascon-p", "--rounds", "3"};

/** @brief A written file's bytes; empty when it cannot be read. */
inline QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace rs::test::exportcli
