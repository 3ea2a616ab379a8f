#include "core/campaign/hostconditions.h"

#include <sched.h>

#include <fstream>

namespace rs::campaign {

std::string firstLine(const std::string& path) {
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    return in ? line : std::string();
}

std::string rangeList(const std::vector<int>& sorted) {
    std::string out;
    for (std::size_t i = 0; i < sorted.size();) {
        std::size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        out += (out.empty() ? "" : ",") + std::to_string(sorted[i]);
        if (j > i) out += "-" + std::to_string(sorted[j]);
        i = j + 1;
    }
    return out;
}

std::map<std::string, std::string> machineConditions(const std::string& root) {
    std::map<std::string, std::string> out;
    if (const std::string k = firstLine(root + "/proc/sys/kernel/osrelease"); !k.empty()) out["kernel"] = k;
    const std::string cpu = root + "/sys/devices/system/cpu/";
    if (const std::string g = firstLine(cpu + "cpu0/cpufreq/scaling_governor"); !g.empty())
        out["cpu_governor"] = g;
    // intel_pstate says "no_turbo" (1: off); acpi-cpufreq and AMD say "boost" (1: on).
    if (const std::string t = firstLine(cpu + "intel_pstate/no_turbo"); !t.empty())
        out["cpu_turbo"] = t == "0" ? "on" : "off";
    else if (const std::string b = firstLine(cpu + "cpufreq/boost"); !b.empty())
        out["cpu_turbo"] = b == "1" ? "on" : "off";
    if (root.empty()) {
        cpu_set_t set;
        CPU_ZERO(&set);
        if (sched_getaffinity(0, sizeof set, &set) == 0) {
            std::vector<int> cpus;
            for (int i = 0; i < CPU_SETSIZE; ++i)
                if (CPU_ISSET(i, &set)) cpus.push_back(i);
            out["cpu_affinity"] = rangeList(cpus);
        }
    }
    return out;
}

} // namespace rs::campaign
