#pragma once
// Runs the real roundscope-cli (RS_CLI_PATH) for end-to-end tests: its exit status, stdout, stderr,
// the one JSON object it prints, and the shared check for bad input (exit 2, one line naming the argument).

#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

namespace rs::test {

struct CliResult {
    int status = -1;
    QByteArray out, err;
    /** @brief stdout parsed as one JSON object; a parse failure fails the test. */
    QJsonObject json() const {
        QJsonParseError e{};
        const QJsonDocument d = QJsonDocument::fromJson(out, &e);
        EXPECT_EQ(e.error, QJsonParseError::NoError) << out.toStdString();
        return d.object();
    }
};

inline CliResult runCli(const QStringList& args,
                        const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment()) {
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(RS_CLI_PATH), args);
    EXPECT_TRUE(p.waitForFinished(300000)) << "roundscope-cli did not finish";
    CliResult r;
    r.status = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

/** @brief runCli with no QT_QPA_PLATFORM and no display: the CLI must pick the offscreen platform itself
 *  for what it draws (exports, charts). */
inline CliResult runCliHeadless(const QStringList& args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY"})
        env.remove(QString::fromLatin1(name));
    return runCli(args, env);
}

/** @brief Expects exit status 2, nothing on stdout and a one-line message containing `mentions`. */
inline void expectUsageError(const QStringList& args, const char* mentions) {
    const CliResult r = runCli(args);
    EXPECT_EQ(r.status, 2) << args.join(' ').toStdString();
    EXPECT_TRUE(r.out.isEmpty()) << r.out.toStdString();
    const QString err = QString::fromUtf8(r.err).trimmed();
    EXPECT_FALSE(err.isEmpty());
    EXPECT_EQ(err.count('\n'), 0) << "message must be one line: " << err.toStdString();
    EXPECT_TRUE(err.contains(QLatin1String(mentions))) << err.toStdString() << " should name " << mentions;
}

} // namespace rs::test
