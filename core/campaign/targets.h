#pragma once
// Campaign targets: what each one is and can do, declared once beside its runner's factory and read
// without building a runner. A TargetDeclaration names the target, says which oracle operations it claims,
// how to find out whether its tool is on this machine, whether its figures are measured or simulated, and
// what it asks a Slurm cluster for. checkSupported, the definitions' list of known targets (campaignspec.h),
// the cluster's job scripts (core/cluster: targetResources) and the conformance test all read it; only a
// run builds the runner (makeRunner). core declares "cpu" and "cpu-mt" itself; each back end registers its
// declarations with its factory at start-up (backends::registerAllRunners()), since core cannot see them.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/campaign/campaignspec.h"

namespace rs::campaign {

class Runner;

/** @brief How a target's figures come about: timed on this machine (wall-clock repeats), or simulated
 *  (exact clock or instruction counts: one execution stands for every repeat, and its runs say so in
 *  their parameters, "simulations"). */
enum class Figures { Measured, Simulated };

/** @brief What a target's job array asks Slurm for when the definition does not say (core/cluster,
 *  targetResources; the options TARGET.slurm.* win). */
struct SlurmDefaults {
    std::string gres; ///< --gres when TARGET.slurm.gres is unset ("gpu:1" for cuda); empty: none
    /** @brief Non-empty: TARGET.slurm.nodelist must be given, and this says why ("the board target runs on
     *  the node the board is attached to"). */
    std::string nodelistRequired;
};

/** @brief One campaign target, known without constructing its runner. */
struct TargetDeclaration {
    std::string id;   ///< "cuda": the name definitions, stores and options ("cuda.variant") use
    std::string name; ///< what it is, for people: "CUDA kernels (roundscope-gpu)"
    /** @brief Whether it runs an operation (an id of oracle::operationIds()); cheap and pure, called without
     *  a runner (checkSupported, claimedOperations). */
    std::function<bool(std::string_view operation)> claims;
    /** @brief Why the tool it needs at run time is not on this machine ("no CUDA device: ...",
     *  "qemu-system-riscv32 not found ..."); nullopt when it is. Empty for a target that needs no tool. It
     *  may start a probe, so it is called only when asked (the conformance test, a page). */
    std::function<std::optional<std::string>()> toolAbsent;
    Figures figures = Figures::Measured;
    SlurmDefaults slurm;
    /** @brief Registered the old way, by its factory alone (registerRunner): `claims` builds the runner once
     *  and asks its supports(); the other fields are the defaults (needs no tool, measured, no Slurm
     *  needs). */
    bool factoryOnly = false;
};

/** @brief Makes a runner of one target. */
using RunnerFactory = std::function<std::unique_ptr<Runner>()>;

/** @brief Adds a target, or replaces the one of the same id (keeping its place in targetDeclarations());
 *  an empty factory removes it. std::invalid_argument for an empty id or no `claims`. */
void registerTarget(TargetDeclaration declaration, RunnerFactory factory);
/** @brief The old way, kept for a target that has no declaration yet: adds (or replaces, or with an empty
 *  factory removes) a target by its factory alone. Its claims are found by building the runner once, when
 *  first asked (TargetDeclaration::factoryOnly). */
void registerRunner(const std::string& target, RunnerFactory factory);

/** @brief The declaration of a target; nullopt for an id nobody registered. */
std::optional<TargetDeclaration> findTarget(std::string_view id);
/** @brief Every registered target, in the order of registration ("cpu", "cpu-mt" first). */
std::vector<TargetDeclaration> targetDeclarations();
/** @brief The operations (in oracle::operationIds() order) the target claims. */
std::vector<std::string> claimedOperations(const TargetDeclaration& target);
/** @brief Why the target's tool is absent here (TargetDeclaration::toolAbsent); nullopt when it is here or
 *  the target needs none. */
std::optional<std::string> toolAbsent(const TargetDeclaration& target);

/** @brief A runner of the target; nullptr for an unknown id. The only call here that builds a runner. */
std::unique_ptr<Runner> makeRunner(std::string_view target);
/** @brief The target ids registered now, sorted. */
std::vector<std::string> runnerTargets();

/** @brief The runner of a target for one campaign (tests inject their own); nullptr when there is none. */
using TargetRunners = std::function<std::unique_ptr<Runner>(const std::string& target)>;

/** @brief The operations (oracle::operationIds()) a runner says it runs (Runner::supports). */
std::vector<std::string> supportedOperations(const Runner& runner);
/** @brief Refuses a definition that pairs a target with an algorithm it does not run: SpecError naming
 *  every such pair and what the target runs instead ("targets x algorithms: board does not run
 *  lea-128-ctr (board runs ascon-128, ascon-128a, ascon-aead128); drop the pair or split the campaign").
 *  Checked when a campaign is defined (CLI, Campaigns page) and again when the engine starts one, so an
 *  unsupported pair is never counted as a run nor stored as a failure. By default it reads the targets'
 *  declarations and builds no runner; given `runners` (tests inject their own), it asks those. A target
 *  nobody registered is left to the engine, which refuses it by name. */
void checkSupported(const CampaignSpec& spec, const TargetRunners& runners = {});
/** @brief The same check against runners made already (the engine's, one per target). */
void checkSupported(const CampaignSpec& spec, const std::map<std::string, std::unique_ptr<Runner>>& runners);

} // namespace rs::campaign
