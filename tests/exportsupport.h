#pragma once
// Reading back what the step exports wrote, independently of the code that wrote it (GUI and CLI tests).

#include <QByteArray>

namespace rs::test {

/** @brief The pages of a PDF file: its "/Type /Page" objects, not the one "/Type /Pages" tree. */
inline int pdfPages(const QByteArray& pdf) {
    int n = 0;
    for (qsizetype at = pdf.indexOf("/Type /Page"); at >= 0; at = pdf.indexOf("/Type /Page", at + 1))
        n += pdf.mid(at + 11, 1) != "s" ? 1 : 0;
    return n;
}

} // namespace rs::test
