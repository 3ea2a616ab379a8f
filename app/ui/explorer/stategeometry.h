#pragma once
// The state grid's geometry lives in rs_teach_render (app/teach/stategeometry.h), shared by the state
// view, the presentation view and the step exports; the explorer keeps its names.

#include "app/teach/stategeometry.h"

namespace rs::gui {

using teach::stateBit;
using teach::StateGeometry;

} // namespace rs::gui
