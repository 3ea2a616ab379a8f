#include "core/cluster/slurm.h"
#include "core/campaign/hostconditions.h"

#include <QProcess>
#include <QStringList>

#include <algorithm>
#include <sstream>

namespace rs::cluster {

namespace {

std::string joined(const std::vector<std::string>& command) {
    std::string out;
    for (const std::string& a : command)
        out += (out.empty() ? "" : " ") + a;
    return out;
}

std::string lastLine(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    const auto nl = text.rfind('\n');
    return nl == std::string::npos ? text : text.substr(nl + 1);
}

} // namespace

CommandResult runCommand(const std::vector<std::string>& command, std::chrono::seconds timeout) {
    QProcess p;
    QStringList args;
    for (std::size_t i = 1; i < command.size(); ++i)
        args << QString::fromStdString(command[i]);
    p.start(QString::fromStdString(command.front()), args);
    if (!p.waitForStarted(10000))
        throw SlurmError(command.front() + " cannot be run (" + p.errorString().toStdString() +
                         "): is Slurm's client installed and on PATH?");
    p.closeWriteChannel();
    if (!p.waitForFinished(static_cast<int>(timeout.count() * 1000))) {
        p.kill();
        p.waitForFinished(5000);
        throw SlurmError(joined(command) + ": no answer within " + std::to_string(timeout.count()) +
                         " s (is slurmctld reachable?)");
    }
    CommandResult r;
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput().toStdString();
    r.err = p.readAllStandardError().toStdString();
    return r;
}

std::string arraySpec(std::vector<int> indices, int maxParallel) {
    std::sort(indices.begin(), indices.end());
    indices.erase(std::unique(indices.begin(), indices.end()), indices.end());
    std::string out = campaign::rangeList(indices);
    if (maxParallel > 0) out += "%" + std::to_string(maxParallel);
    return out;
}

std::vector<std::string> sbatchCommand(const SlurmTools& tools, const ArraySubmission& s) {
    std::vector<std::string> cmd{tools.sbatch, "--parsable", "--array=" + arraySpec(s.indices, s.maxParallel),
                                 "--job-name=" + s.jobName};
    if (!s.workDir.empty()) cmd.push_back("--chdir=" + s.workDir);
    if (!s.output.empty()) cmd.push_back("--output=" + s.output);
    cmd.insert(cmd.end(), s.extraArgs.begin(), s.extraArgs.end());
    cmd.push_back(s.script);
    return cmd;
}

std::string submitArray(const SlurmTools& tools, const ArraySubmission& s) {
    if (s.indices.empty()) throw SlurmError("nothing to submit");
    const std::vector<std::string> cmd = sbatchCommand(tools, s);
    const CommandResult r = runCommand(cmd, tools.timeout);
    if (r.exitCode != 0)
        throw SlurmError(joined(cmd) + " failed (exit " + std::to_string(r.exitCode) +
                         "): " + lastLine(r.err.empty() ? r.out : r.err));
    // --parsable: "JOBID" or "JOBID;CLUSTER"
    std::string id = lastLine(r.out);
    id = id.substr(0, id.find(';'));
    if (id.empty() || !std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
        throw SlurmError(joined(cmd) + " printed no job id (\"" + lastLine(r.out) + "\")");
    return id;
}

std::vector<QueuedTask> queuedTasks(const SlurmTools& tools, const std::vector<std::string>& names) {
    if (names.empty()) return {};
    std::string list;
    for (const std::string& n : names)
        list += (list.empty() ? "" : ",") + n;
    const std::vector<std::string> cmd{tools.squeue, "-h", "-r", "--name=" + list, "-o", "%i|%T|%j"};
    const CommandResult r = runCommand(cmd, tools.timeout);
    if (r.exitCode != 0)
        throw SlurmError(joined(cmd) + " failed (exit " + std::to_string(r.exitCode) +
                         "): " + lastLine(r.err.empty() ? r.out : r.err));
    std::vector<QueuedTask> out;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        const auto a = line.find('|');
        const auto b = a == std::string::npos ? a : line.find('|', a + 1);
        if (b == std::string::npos) continue;
        QueuedTask t;
        const std::string id = line.substr(0, a);
        t.state = line.substr(a + 1, b - a - 1);
        t.name = line.substr(b + 1);
        if (std::find(names.begin(), names.end(), t.name) == names.end()) continue;
        const auto us = id.find('_');
        if (us == std::string::npos) continue; // not an array task
        t.job = id.substr(0, us);
        try {
            t.task = std::stoi(id.substr(us + 1));
        } catch (const std::exception&) {
            continue; // "123_[4-9%2]" would need -r; skip anything unexpanded
        }
        out.push_back(std::move(t));
    }
    return out;
}

} // namespace rs::cluster
