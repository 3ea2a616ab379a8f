#pragma once
// For GoogleTest programs whose code under test uses QProcess or QSerialPort: a QCoreApplication for the
// whole run (their socket notifiers need one). Include it in exactly one file of the test program.

#include <gtest/gtest.h>

#include <QCoreApplication>

#include <memory>

namespace rs::test {

class QtCoreEnvironment : public ::testing::Environment {
  public:
    void SetUp() override {
        static int argc = 1;
        static char name[] = "roundscope-test";
        static char* argv[] = {name, nullptr};
        m_app = std::make_unique<QCoreApplication>(argc, argv);
    }
    void TearDown() override { m_app.reset(); }

  private:
    std::unique_ptr<QCoreApplication> m_app;
};

inline const auto* const g_qtCoreEnvironment = ::testing::AddGlobalTestEnvironment(new QtCoreEnvironment);

} // namespace rs::test
