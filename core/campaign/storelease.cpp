// Campaign claims: a lease row per campaign being run (owner host, pid and process start; expiry
// refreshed while it runs). A lease is taken over only when it expired or its owner is provably gone:
// on the same host, no process with that pid, or one started at another time (a reused pid).
#include "core/campaign/campaignstore.h"
#include "core/campaign/hostconditions.h"

#include "core/campaign/storeintegrity.h"
#include "core/campaign/storesql.h"

#include <QString>
#include <QSysInfo>

#include <csignal>
#include <fstream>
#include <mutex>
#include <set>
#include <sstream>

#include <sys/stat.h>
#include <unistd.h>

namespace rs::campaign {

using namespace detail;

namespace {

/** The boot and start time of a process ("" when /proc cannot tell), to tell a reused pid apart. */
std::string processToken(std::int64_t pid) {
    const std::string stat = firstLine("/proc/" + std::to_string(pid) + "/stat");
    const auto paren = stat.rfind(')'); // the command name may hold spaces and parentheses
    if (paren == std::string::npos) return {};
    std::istringstream fields(stat.substr(paren + 1));
    std::string field;
    // Fields after the name start at 3 (state); the start time is field 22.
    for (int i = 3; i <= 22 && fields >> field; ++i)
        if (i == 22) return firstLine("/proc/sys/kernel/random/boot_id") + "/" + field;
    return {};
}

std::string hostName() {
    return QSysInfo::machineHostName().toStdString();
}

/** On this host and no longer there (or a new process under its pid): the lease can be taken over. */
bool ownerGone(const LeaseOwner& owner) {
    if (owner.host != hostName()) return false; // another machine: only expiry tells
    if (owner.pid <= 0) return true;
    if (::kill(static_cast<pid_t>(owner.pid), 0) != 0 && errno == ESRCH) return true;
    const std::string now = processToken(owner.pid);
    return !owner.process.empty() && !now.empty() && now != owner.process;
}

// Campaigns this process runs now, by store file and id: a lease of this process that is not here is
// left over from an earlier run in this process (stopped by an error) and may be taken over.
std::mutex g_activeMutex;
std::set<std::string> g_active;

std::string activeKey(const std::string& path, std::int64_t campaign) {
    struct stat st {};
    const std::string file =
        ::stat(path.c_str(), &st) == 0 ? std::to_string(st.st_dev) + ":" + std::to_string(st.st_ino) : path;
    return file + "#" + std::to_string(campaign);
}

std::string describe(const RawLease& l, bool self) {
    return "campaign " + std::to_string(l.campaignId) + " is being run by pid " +
           std::to_string(l.owner.pid) + (self ? " (this program)" : "") + " on " + l.owner.host + " since " +
           l.since;
}

void writeLease(const Conn& c, RawLease l) {
    l.checksum = checksumOf(l);
    Stmt s(
        c,
        "INSERT OR REPLACE INTO leases(campaign_id, host, pid, process, since, seconds, expires, checksum) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    s.bind(1, l.campaignId)
        .bind(2, l.owner.host)
        .bind(3, l.owner.pid)
        .bind(4, l.owner.process)
        .bind(5, l.since)
        .bind(6, l.seconds)
        .bind(7, l.expires)
        .bind(8, l.checksum)
        .step();
}

/** Claims the campaign for owner inside the caller's transaction, or CampaignRefused (Busy). */
void takeLease(const Conn& c, std::int64_t campaign, const LeaseOwner& owner, int seconds, bool ownerIsSelf,
               bool activeHere) {
    if (const auto held = verifiedLease(c, campaign)) {
        const bool expired = held->expires < nowUnix();
        if (held->owner == owner) {
            if (ownerIsSelf && activeHere && !expired)
                throw CampaignRefused(CampaignRefused::Reason::Busy, describe(*held, true));
        } else if (!expired && !ownerGone(held->owner)) {
            throw CampaignRefused(CampaignRefused::Reason::Busy, describe(*held, false));
        }
    }
    RawLease l;
    l.campaignId = campaign;
    l.owner = owner;
    l.since = nowUtc();
    l.seconds = seconds;
    l.expires = nowUnix() + seconds;
    writeLease(c, l);
}

} // namespace

LeaseOwner LeaseOwner::self() {
    // Asked before every batch of runs is recorded: read from /proc once per process (a forked child has
    // another pid and reads its own).
    static std::mutex mutex;
    static LeaseOwner cached{{}, 0, {}};
    const auto pid = static_cast<std::int64_t>(::getpid());
    const std::lock_guard lock(mutex);
    if (cached.pid != pid) cached = LeaseOwner{hostName(), pid, processToken(pid)};
    return cached;
}

namespace detail {

void holdLease(const Conn& c, std::int64_t campaign, const LeaseOwner& owner) {
    auto held = verifiedLease(c, campaign);
    if (!held) return; // a campaign nobody claimed (createCampaign) is written by whoever has it
    if (!(held->owner == owner))
        throw CampaignRefused(CampaignRefused::Reason::LeaseLost,
                              describe(*held, false) + "; this program stopped running it");
    held->expires = nowUnix() + held->seconds;
    writeLease(c, *held);
}

} // namespace detail

Claim CampaignStore::claimCampaign(const CampaignSpec& spec, StartMode mode, const Provenance& provenance,
                                   const LeaseOwner& owner, int leaseSeconds) {
    requireWritable();
    checkRunCount(spec);
    const bool self = owner == LeaseOwner::self();
    // Held across the transaction, so two threads of this process cannot both take a lease of it.
    std::unique_lock<std::mutex> lock(g_activeMutex, std::defer_lock);
    if (self) lock.lock();
    const auto activeHere = [&](std::int64_t id) {
        return self && g_active.count(activeKey(m_path, id)) > 0;
    };
    const Claim claim = inTransaction(*m_conn, [&] {
        const Conn& c = *m_conn;
        std::optional<RawCampaign> existing;
        if (mode != StartMode::New) {
            Stmt s(c, "SELECT id FROM campaigns WHERE spec_json = ? ORDER BY id DESC LIMIT 1");
            s.bind(1, specJson(spec));
            if (s.step()) existing = verifiedCampaign(c, s.integer(0));
        }
        if (existing && mode == StartMode::Fresh)
            throw CampaignRefused(CampaignRefused::Reason::DefinitionStored,
                                  "campaign " + std::to_string(existing->id) + " (" + existing->status +
                                      ", " + std::to_string(existing->runsDone) + " runs recorded) in " +
                                      m_path +
                                      " has this definition already: resume it, or start a new campaign");
        if (existing && existing->status == "finished")
            return Claim{existing->id, Claim::Outcome::AlreadyFinished};
        if (existing) {
            takeLease(c, existing->id, owner, leaseSeconds, self, activeHere(existing->id));
            if (existing->status != "running") {
                Stmt u(c, "UPDATE campaigns SET status = 'running' WHERE id = ?");
                u.bind(1, existing->id).step();
                sealCampaign(c, existing->id);
            }
            return Claim{existing->id, Claim::Outcome::Resumed};
        }
        const std::int64_t id = insertCampaign(c, spec, provenance);
        takeLease(c, id, owner, leaseSeconds, self, false);
        return Claim{id, Claim::Outcome::Created};
    });
    if (self && claim.outcome != Claim::Outcome::AlreadyFinished)
        g_active.insert(activeKey(m_path, claim.id));
    return claim;
}

void CampaignStore::refreshLease(std::int64_t campaign, const LeaseOwner& owner) {
    requireWritable();
    inTransaction(*m_conn, [&] {
        const auto held = verifiedLease(*m_conn, campaign);
        if (!held)
            throw CampaignRefused(CampaignRefused::Reason::LeaseLost,
                                  "campaign " + std::to_string(campaign) +
                                      " is no longer claimed by this program");
        holdLease(*m_conn, campaign, owner);
    });
}

void CampaignStore::releaseLease(std::int64_t campaign, const LeaseOwner& owner) noexcept {
    try {
        if (!readOnly())
            inTransaction(*m_conn, [&] {
                const auto held = readLease(*m_conn, campaign);
                if (held && held->owner == owner) {
                    Stmt d(*m_conn, "DELETE FROM leases WHERE campaign_id = ?");
                    d.bind(1, campaign).step();
                }
            });
    } catch (...) {
        // Left behind (the store failed): this process's own lease is taken over by its next claim, and
        // another process's once this one is gone.
    }
    if (owner == LeaseOwner::self()) {
        const std::lock_guard<std::mutex> lock(g_activeMutex);
        g_active.erase(activeKey(m_path, campaign));
    }
}

std::optional<Lease> CampaignStore::lease(std::int64_t campaign) const {
    std::optional<RawLease> l;
    reading("the lease of campaign " + std::to_string(campaign),
            [&] { l = verifiedLease(*m_conn, campaign); });
    if (!l) return std::nullopt;
    return Lease{l->owner, l->since, l->expires, static_cast<int>(l->seconds)};
}

} // namespace rs::campaign
