#include "core/programdir.h"

#include <QFileInfo>

#include <unistd.h>

namespace rs::core {

QString programDirectory() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    return n > 0 ? QFileInfo(QString::fromLocal8Bit(buf, static_cast<qsizetype>(n))).absolutePath()
                 : QString();
}

} // namespace rs::core
