#pragma once
// Step exports for teaching: the state grid of one trace step as PNG or SVG, a range of steps as a
// PNG sequence (DIR/step-001.png ...: a new or empty folder, or one holding only such files), a PDF
// handout (stephandout.h: A4 pages of two or three steps under a header naming the cipher and its
// inputs) or an animated GIF (each frame drawn once, on its own
// colour table). Used by the Round Explorer's export actions and by `roundscope-cli trace
// --export-steps`. Files are written all or nothing (fileio::AtomicFile); the progress callback is
// called after every step drawn, from the first, and can cancel.

#include <QImage>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <functional>
#include <optional>

#include "app/teach/stategrid.h"
#include "core/crypto/trace.h"

namespace rs::teach {

/** @brief "initialization · round 3 · substitution layer" ("plaintext · block 1 · round 2 · ..."). */
QString stepTitle(const crypto::Trace& trace, std::size_t step);

/** @brief The caption under a step's grid: the step's one-line explanation (core/teach/explain.h: the
 *  spec's formula with this run's values). */
QString stepCaption(const crypto::Trace& trace, std::size_t step);

using CaptionFn = std::function<QString(const crypto::Trace&, std::size_t)>;
/** @brief Called after each step written (done of total); returning false cancels the export. */
using ExportProgress = std::function<bool(int done, int total)>;

/** @brief What to export: the trace (and its twin for the twin view), the view, the steps, the look. */
struct StepExportJob {
    const crypto::Trace* trace = nullptr;
    const crypto::Trace* twin = nullptr; ///< needed for GridMode::Twin (else the legend says "no twin")
    GridMode mode = GridMode::Value;
    GridFormat format = GridFormat::Bits;
    GridColors colors;
    double scale = 1.0;
    std::size_t from = 0, to = 0;    ///< 0-based, inclusive
    CaptionFn caption = stepCaption; ///< null: no caption
    int frameDelayCs = 120;          ///< GIF frame time (hundredths of a second)
    bool showMoves = false;          ///< "Show where bits move": each step's overlay (GridOverlay)
    int selectedBit = -1;            ///< the overlay's selected bit (state bit number), -1: none
    // What ran, for the handout's header (PDF): the cipher's name (empty: the grid's title, "Ascon
    // 5×64"), its inputs as "name = hex" lines, and the twin's flipped bit ("bit 5 of in").
    QString cipher;
    QStringList inputs;
    QString flipped;
};

enum class ExportKind { PngSequence, Pdf, Gif, Png, Svg };

/** @brief What a target names: a folder (existing, or a path without extension / ending in '/') is a
 *  PNG sequence, *.pdf a handout, *.gif an animation; with allowSingle *.png and *.svg one image.
 *  nullopt for any other extension. */
std::optional<ExportKind> exportKindFor(const QString& target, bool allowSingle);

/** @brief The bit whose sources an exported overlay marks: the job's selected bit, else (a rotation
 *  model such as Ascon's p_L, where the app waits for a click) the first destination bit of the model, so
 *  an export draws the arrows instead of asking for a click; -1 when the step has no such model. */
int exportMovesBit(const BitMoves& moves, int selectedBit);

/** @brief True when a state row is too wide to draw bit by bit (the ML-DSA polynomial's 16 coefficients of
 *  32 bits): its export draws one hex cell per cell of the layout, 16 a row as the explorer does. */
bool drawsWideCells(const crypto::StateLayout& layout);

/** @brief The grid content of step i: its state, the reference of the view, the title and caption. */
GridContent stepContent(const StepExportJob& job, std::size_t step);
/** @brief The grid of step i in the job's look (a scaled pixel-size monospace font). */
StateGrid stepGrid(const StepExportJob& job, std::size_t step);
/** @brief One size for every step of the range (the largest preferred size), so frames line up. */
QSize exportSize(const StepExportJob& job);
/** @brief Step i drawn into an image of `size`, exportSize(job) when empty (pass it when drawing many
 *  steps: exportSize builds every step's grid). */
QImage renderStep(const StepExportJob& job, std::size_t step, QSize size = {});

/** @brief Why a PNG sequence may not be written into `folder`, empty when it may: the folder must be
 *  new, empty, or hold only a step export's files (step-NNN.png), so that an export never mixes its
 *  files into a folder of other things (a home folder, "/"). */
QString sequenceFolderProblem(const QString& folder);

struct ExportResult {
    bool ok = false;
    bool cancelled = false;
    QString error;     ///< why not, naming the file
    QStringList files; ///< the files written
    int steps = 0;     ///< steps exported
    int pages = 0;     ///< PDF: the handout's pages
};

/** @brief Writes the job's steps to target as kind says (Png / Svg: the job's first step only). */
ExportResult exportSteps(const StepExportJob& job, const QString& target, ExportKind kind,
                         const ExportProgress& progress = {});

} // namespace rs::teach
