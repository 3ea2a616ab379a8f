#pragma once
// Shared by the cluster tests that run without a scheduler: a small definition, a folder's plan edited
// by hand (as a user or a bad script would), and fake Slurm client commands (sbatch prints a job id,
// squeue prints the lines of a file), so status and resume run here without a cluster.

#include <gtest/gtest.h>

#include <QFile>
#include <QTemporaryDir>

#include <string>

#include "core/cluster/clustercampaign.h"

namespace rs::test {

/** @brief cpu, Ascon-AEAD128, 4 messages x 2 AD sizes: 8 runs. */
inline campaign::CampaignSpec smallClusterSpec(const std::string& name = "refusal test") {
    campaign::CampaignSpec s;
    s.name = name;
    s.targets = {"cpu"};
    s.algorithms = {"ascon-aead128"};
    s.messageBytes = {0, 16, 32, 48};
    s.adBytes = {0, 16};
    s.repeats = 1;
    return s;
}

/** @brief Rewrites DIR/plan.json after `edit` changed the plan read from it. */
template <class F> void editPlan(const std::string& dir, F edit) {
    cluster::ClusterPlan plan = cluster::readPlan(cluster::CampaignDir{dir});
    edit(plan);
    cluster::writePlan(cluster::CampaignDir{dir}, plan);
}

/** @brief Writes an executable shell script. */
inline void writeScript(const QString& path, const QByteArray& text) {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write("#!/bin/sh\n" + text);
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
}

/** @brief A folder with fake `sbatch` (prints job id 4242, appends its arguments to sbatch.log) and
 *  `squeue` (prints queue.txt: "JOB_TASK|STATE|NAME" lines). */
class FakeSlurm {
  public:
    FakeSlurm() {
        writeScript(m_dir.filePath("sbatch"),
                    "echo \"$@\" >> '" + m_dir.filePath("sbatch.log").toUtf8() + "'\necho 4242\n");
        writeScript(m_dir.filePath("squeue"),
                    "cat '" + m_dir.filePath("queue.txt").toUtf8() + "' 2>/dev/null\nexit 0\n");
    }
    QString dir() const { return m_dir.path(); }
    cluster::SlurmTools tools() const {
        cluster::SlurmTools t;
        t.sbatch = m_dir.filePath("sbatch").toStdString();
        t.squeue = m_dir.filePath("squeue").toStdString();
        return t;
    }
    /** @brief What squeue prints from now on. */
    void setQueue(const QByteArray& lines) const {
        QFile f(m_dir.filePath("queue.txt"));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(lines);
    }
    /** @brief Every sbatch call's arguments, a line each. */
    QByteArray sbatchLog() const {
        QFile f(m_dir.filePath("sbatch.log"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }

  private:
    QTemporaryDir m_dir;
};

} // namespace rs::test
