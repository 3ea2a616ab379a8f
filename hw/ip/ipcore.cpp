#include "hw/ip/ipcore.h"

#include <algorithm>

#include "hw/ip/runnertext.h"

namespace rs::hw {

bool IpCore::claims(std::string_view operation) const {
    const std::vector<std::string> ops = operations();
    return std::find(ops.begin(), ops.end(), operation) != ops.end();
}

std::string settingRefusal(const IpSetting& setting, const std::string& what, const std::string& text) {
    if (setting.flag) return what + ": expected '0' or '1', got '" + text + "'";
    return what + ": '" + text + "' is not a built setting" + setting.builtIn +
           " (built: " + detail::joinInts(setting.values) + ")";
}

std::optional<int> parseSetting(const IpSetting& setting, const std::string& text) {
    int v = 0;
    std::size_t used = 0;
    try {
        v = std::stoi(text, &used);
    } catch (const std::exception&) {
        return std::nullopt;
    }
    if (used == 0 || used != text.size()) return std::nullopt;
    if (std::find(setting.values.begin(), setting.values.end(), v) == setting.values.end())
        return std::nullopt;
    return v;
}

IpSettings resolveSettings(const IpCore& core, std::string_view operation, const IpSettings& given) {
    const std::vector<IpSetting> settings = core.settings(operation);
    for (const auto& entry : given) {
        const std::string& name = entry.first;
        if (std::none_of(settings.begin(), settings.end(),
                         [&](const IpSetting& s) { return s.name == name; }))
            throw IpSettingError(core.displayName() + " has no setting '" + name + "' for " +
                                 std::string(operation));
    }
    IpSettings out;
    for (const IpSetting& s : settings) {
        const auto it = given.find(s.name);
        const int v = it == given.end() ? s.defaultValue : it->second;
        if (std::find(s.values.begin(), s.values.end(), v) == s.values.end())
            throw IpSettingError(settingRefusal(s, s.name, std::to_string(v)));
        out[s.name] = v;
    }
    return out;
}

} // namespace rs::hw
