#pragma once
// The PDF handout of a step export (issue 34, "Handouts and projection"): A4 pages, each with a header
// (the cipher's name, the inputs, for a twin view the flipped bit, the page number) and two or three
// steps under it, each step titled as the spec names it ("Round 1 · p_L linear layer"), its state grid
// filling the page's width, its explanation below. Printed pages carry no hints for the app's mouse
// ("click a bit …"): an overlay of a rotation step marks the sources of one bit (exportMovesBit).

#include <QByteArray>
#include <QPageLayout>
#include <QString>

#include <cstddef>

#include "app/teach/stepexport.h"

namespace rs::teach {

/** @brief A handout step's title: the round and the spec's name of the step ("Round 1 · p_L linear
 *  layer", "Block 2 · Round 3 · SubCells", "Input"); the phase leads when the trace has several
 *  ("Initialization · Round 1 · p_C constant addition"). */
QString handoutStepTitle(const crypto::Trace& trace, std::size_t step);

/** @brief How the handout lays its pages out for a job: the orientation and the steps on a page (2 or 3:
 *  wide grids such as Ascon's 5×64 bits go two to a landscape page, the others three to a portrait one). */
struct HandoutLayout {
    QPageLayout::Orientation orientation = QPageLayout::Portrait;
    int stepsPerPage = 3;
};
HandoutLayout handoutLayout(const StepExportJob& job);

/** @brief The handout's header lines under the cipher's name: the inputs, then (with a twin) the flipped
 *  bit ("Twin: bit 5 of in flipped"). */
QStringList handoutHeaderLines(const StepExportJob& job);

/** @brief The handout of the job's steps as PDF bytes; progress after every step drawn (false cancels:
 *  *cancelled is set and the bytes are partial). */
QByteArray handoutPdf(const StepExportJob& job, const ExportProgress& progress, bool* cancelled,
                      int* pages = nullptr);

} // namespace rs::teach
