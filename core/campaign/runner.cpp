#include "runner.h"

#include <algorithm>
#include <mutex>

#include "cpurunner.h"
#include "oracle/operation.h"

namespace rs::campaign {

namespace {

struct Registry {
    // core's own targets are there from the first use.
    Registry() {
        factories["cpu"] = [] { return makeCpuRunner(1); };
        factories["cpu-mt"] = [] { return makeCpuRunner(0); };
    }
    std::mutex mutex;
    std::map<std::string, RunnerFactory, std::less<>> factories;
};

// Function-local so registration from static initialisers elsewhere cannot run before it exists.
Registry& registry() {
    static Registry r;
    return r;
}

} // namespace

void registerRunner(const std::string& target, RunnerFactory factory) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    if (factory)
        r.factories[target] = std::move(factory);
    else
        r.factories.erase(target);
}

std::unique_ptr<Runner> makeRunner(std::string_view target) {
    RunnerFactory factory;
    {
        Registry& r = registry();
        const std::lock_guard lock(r.mutex);
        const auto it = r.factories.find(target);
        if (it == r.factories.end()) return nullptr;
        factory = it->second;
    }
    return factory(); // outside the lock: a factory may be slow or register something itself
}

std::vector<std::string> runnerTargets() {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    std::vector<std::string> ids;
    for (const auto& [id, f] : r.factories)
        ids.push_back(id);
    return ids; // std::map: already sorted
}

RunInputs makeInputs(const RunKey& key) {
    try {
        return oracle::makeInputs(key.algorithm, key.messageBytes, key.adBytes);
    } catch (const oracle::OracleError& e) {
        throw SpecError(e.what());
    }
}

crypto::Bytes referenceOutput(const RunKey& key, const RunInputs& inputs) {
    oracle::Operation op;
    try {
        op = oracle::operation(key.algorithm);
    } catch (const oracle::OracleError& e) {
        throw SpecError(e.what());
    }
    try {
        return oracle::referenceOutput(op, inputs);
    } catch (const oracle::OracleError& e) {
        throw RunnerError(e.what());
    }
}

} // namespace rs::campaign
