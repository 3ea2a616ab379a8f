#pragma once
// The Slurm client commands, run as child processes (QProcess) with a time limit: sbatch to submit a job
// array, squeue to see its tasks. Nothing here schedules anything; Slurm does. sacct is not needed.

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "core/cluster/shardplan.h"

namespace rs::cluster {

/** @brief A Slurm command failed or could not be run; the message quotes the command and what it said
 *  (for example that the controller cannot be reached). */
class SlurmError : public ClusterError {
  public:
    using ClusterError::ClusterError;
};

/** @brief Where the client commands are and how long each may take. */
struct SlurmTools {
    std::string sbatch = "sbatch";
    std::string squeue = "squeue";
    std::chrono::seconds timeout{60};
};

/** @brief One array submission. */
struct ArraySubmission {
    std::string script;                 ///< the job script file
    std::vector<int> indices;           ///< array task ids (shard indices)
    int maxParallel = 0;                ///< at most this many tasks at a time (%N); 0: no limit
    std::string jobName;                ///< --job-name
    std::string workDir;                ///< --chdir
    std::string output;                 ///< --output (on the command line: any path, spaces too)
    std::vector<std::string> extraArgs; ///< passed to sbatch before the script
};

/** @brief "0-3,7,9-10%2": the indices (sorted, unique) as sbatch's --array. */
std::string arraySpec(std::vector<int> indices, int maxParallel);

/** @brief The full sbatch command line (program first) for the submission. */
std::vector<std::string> sbatchCommand(const SlurmTools& tools, const ArraySubmission& s);

/** @brief Submits; returns the job id. SlurmError when sbatch fails, times out or says nothing usable. */
std::string submitArray(const SlurmTools& tools, const ArraySubmission& s);

/** @brief A task in the queue: "PENDING", "RUNNING", "COMPLETING", ... keyed by "JOB_TASK". */
struct QueuedTask {
    std::string job; ///< the array's job id
    int task = -1;   ///< the array task id
    std::string state;
    std::string name; ///< the job name
};

/** @brief Every queued task (arrays expanded) of the jobs named `names` (squeue --name: the queue is
 *  asked for these only); SlurmError when squeue fails (the controller cannot be reached). */
std::vector<QueuedTask> queuedTasks(const SlurmTools& tools, const std::vector<std::string>& names);

/** @brief Runs a command with a time limit; returns its exit code, stdout and stderr. SlurmError when it
 *  cannot be started or runs past the limit (it is killed). */
struct CommandResult {
    int exitCode = 0;
    std::string out, err;
};
CommandResult runCommand(const std::vector<std::string>& command, std::chrono::seconds timeout);

} // namespace rs::cluster
