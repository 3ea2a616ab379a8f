#pragma once
// Wall-clock time as the store writes it: ISO 8601 UTC with milliseconds ("2026-12-04T13:58:44.123Z",
// the same text as Qt::ISODateWithMs gives for a UTC QDateTime), without a QDateTime per call: the
// campaign engine stamps every run.

#include <chrono>
#include <string>

namespace rs::campaign {

/** @brief t as "YYYY-MM-DDTHH:MM:SS.mmmZ" (UTC, milliseconds truncated). */
std::string utcIsoText(std::chrono::system_clock::time_point t);
/** @brief utcIsoText(now). */
std::string utcNowIso();

} // namespace rs::campaign
