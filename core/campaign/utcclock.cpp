#include "core/campaign/utcclock.h"

#include <cstdio>
#include <ctime>

namespace rs::campaign {

std::string utcIsoText(std::chrono::system_clock::time_point t) {
    using namespace std::chrono;
    const auto ms = floor<milliseconds>(t.time_since_epoch()).count();
    // Floor division, so instants before 1970 get a positive millisecond part.
    const auto secs = static_cast<std::time_t>(ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000));
    const int milli = static_cast<int>(ms - static_cast<long long>(secs) * 1000);
    std::tm tm{};
    ::gmtime_r(&secs, &tm);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1,
                  tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, milli);
    return text;
}

std::string utcNowIso() {
    return utcIsoText(std::chrono::system_clock::now());
}

} // namespace rs::campaign
