#include "core/campaign/targets.h"

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "core/campaign/cpurunner.h"
#include "core/campaign/runner.h"
#include "core/oracle/operation.h"

namespace rs::campaign {

namespace {

struct Entry {
    TargetDeclaration declaration;
    RunnerFactory factory;
};

struct Registry {
    // core's own targets are there from the first use (added directly: registerTarget would ask for this
    // registry while it is being built).
    Registry() {
        for (const int threads : {1, 0})
            entries.push_back({cpuDeclaration(threads), [threads] { return makeCpuRunner(threads); }});
    }
    std::mutex mutex;
    std::vector<Entry> entries; // in the order of registration
};

// Function-local so registration from static initialisers elsewhere cannot run before it exists.
Registry& registry() {
    static Registry r;
    return r;
}

void put(TargetDeclaration declaration, RunnerFactory factory) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    const auto it = std::find_if(r.entries.begin(), r.entries.end(),
                                 [&](const Entry& e) { return e.declaration.id == declaration.id; });
    if (!factory) {
        if (it != r.entries.end()) r.entries.erase(it);
        return;
    }
    if (it != r.entries.end())
        *it = {std::move(declaration), std::move(factory)};
    else
        r.entries.push_back({std::move(declaration), std::move(factory)});
}

/** What a target registered by its factory alone claims: its runner's supports(), asked once. */
struct FactoryClaims {
    RunnerFactory factory;
    std::once_flag once;
    std::vector<std::string> operations;
};

std::string joinRuns(const std::string& target, const std::vector<std::string>& unsupported,
                     const std::vector<std::string>& runs) {
    return target + " does not run " + oracle::joinIds(unsupported) + " (" + target + " runs " +
           (runs.empty() ? "none of them" : oracle::joinIds(runs)) + ")";
}

[[noreturn]] void refuse(const std::string& refused) {
    // A campaign runs every target on every algorithm: a pair no target can do is the user's to drop.
    throw SpecError("targets x algorithms: " + refused + "; drop the pair or split the campaign");
}

} // namespace

void registerTarget(TargetDeclaration declaration, RunnerFactory factory) {
    if (declaration.id.empty()) throw std::invalid_argument("registerTarget: a target needs an id");
    if (!declaration.claims)
        throw std::invalid_argument("registerTarget: target '" + declaration.id +
                                    "' declares no claims (which operations it runs)");
    put(std::move(declaration), std::move(factory));
}

void registerRunner(const std::string& target, RunnerFactory factory) {
    TargetDeclaration d;
    d.id = target;
    d.name = target;
    d.factoryOnly = true;
    if (factory) {
        auto cache = std::make_shared<FactoryClaims>();
        cache->factory = factory;
        d.claims = [cache](std::string_view operation) {
            std::call_once(cache->once, [&cache] {
                if (const auto runner = cache->factory()) cache->operations = supportedOperations(*runner);
            });
            return std::find(cache->operations.begin(), cache->operations.end(), operation) !=
                   cache->operations.end();
        };
    }
    put(std::move(d), std::move(factory));
}

std::optional<TargetDeclaration> findTarget(std::string_view id) {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    for (const Entry& e : r.entries)
        if (e.declaration.id == id) return e.declaration;
    return std::nullopt;
}

std::vector<TargetDeclaration> targetDeclarations() {
    Registry& r = registry();
    const std::lock_guard lock(r.mutex);
    std::vector<TargetDeclaration> out;
    for (const Entry& e : r.entries)
        out.push_back(e.declaration);
    return out;
}

std::vector<std::string> claimedOperations(const TargetDeclaration& target) {
    std::vector<std::string> ids;
    for (const std::string& id : oracle::operationIds())
        if (target.claims && target.claims(id)) ids.push_back(id);
    return ids;
}

std::optional<std::string> toolAbsent(const TargetDeclaration& target) {
    return target.toolAbsent ? target.toolAbsent() : std::nullopt;
}

std::unique_ptr<Runner> makeRunner(std::string_view target) {
    RunnerFactory factory;
    {
        Registry& r = registry();
        const std::lock_guard lock(r.mutex);
        for (const Entry& e : r.entries)
            if (e.declaration.id == target) factory = e.factory;
    }
    if (!factory) return nullptr;
    return factory(); // outside the lock: a factory may be slow or register something itself
}

std::vector<std::string> runnerTargets() {
    std::vector<std::string> ids;
    for (const TargetDeclaration& d : targetDeclarations())
        ids.push_back(d.id);
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::string> supportedOperations(const Runner& runner) {
    std::vector<std::string> ids;
    for (const std::string& id : oracle::operationIds())
        if (runner.supports(id)) ids.push_back(id);
    return ids;
}

void checkSupported(const CampaignSpec& spec, const TargetRunners& runners) {
    if (runners) {
        std::map<std::string, std::unique_ptr<Runner>> made;
        for (const std::string& target : spec.targets)
            if (auto r = runners(target)) made[target] = std::move(r);
        checkSupported(spec, made);
        return;
    }
    // From the declarations: no runner is built to answer.
    std::string refused;
    for (const std::string& target : spec.targets) {
        const std::optional<TargetDeclaration> d = findTarget(target);
        if (!d) continue; // the engine refuses a target without a runner by name
        std::vector<std::string> unsupported;
        for (const std::string& alg : spec.algorithms)
            if (!d->claims(alg)) unsupported.push_back(alg);
        if (!unsupported.empty())
            refused += (refused.empty() ? "" : "; ") + joinRuns(target, unsupported, claimedOperations(*d));
    }
    if (!refused.empty()) refuse(refused);
}

void checkSupported(const CampaignSpec& spec, const std::map<std::string, std::unique_ptr<Runner>>& runners) {
    std::string refused;
    for (const std::string& target : spec.targets) {
        const auto runner = runners.find(target);
        if (runner == runners.end()) continue; // the engine refuses a target without a runner by name
        std::vector<std::string> unsupported;
        for (const std::string& alg : spec.algorithms)
            if (!runner->second->supports(alg)) unsupported.push_back(alg);
        if (!unsupported.empty())
            refused += (refused.empty() ? "" : "; ") +
                       joinRuns(target, unsupported, supportedOperations(*runner->second));
    }
    if (!refused.empty()) refuse(refused);
}

} // namespace rs::campaign
