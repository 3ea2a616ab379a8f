#pragma once
// The conditions of this machine a timing depends on, beside the CPU model and the compiler: the kernel,
// the CPU's microcode (from /proc/cpuinfo, in hostProvenance), the frequency governor, whether turbo/boost
// is on, and which CPUs the process may run on (its affinity: "0-1", or "3" when pinned). Each is recorded
// where the machine lets it be read, and left out otherwise (a container without cpufreq), so a comparison
// can say which conditions its two sides differ in.

#include <map>
#include <string>
#include <vector>

namespace rs::campaign {

/** @brief "kernel", "cpu_governor", "cpu_turbo" ("on"/"off"), "cpu_affinity"; read below `root` (the
 *  file system root; tests give a folder laid out as /proc and /sys are). Absent keys were unreadable. */
std::map<std::string, std::string> machineConditions(const std::string& root = "");

/** @brief The first line of a small kernel file (/proc, /sys); empty when it cannot be read. Never for a
 *  path a user gave. */
std::string firstLine(const std::string& path);

/** @brief Sorted distinct integers as ranges: {0,1,2,5} -> "0-2,5" (the kernel's CPU lists, Slurm's
 *  array indices). */
std::string rangeList(const std::vector<int>& sorted);

} // namespace rs::campaign
