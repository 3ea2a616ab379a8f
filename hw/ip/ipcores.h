#pragma once
// The IP core registry: every IpCore (hw/ip/ipcore.h) this program has, in one list. The campaign target
// "ip", the IP facade, the CLI's ip rows and the explorer's capture find a core here by the operation it
// claims, so none of them keeps a list of cores or of the operations they run. The built-in cores are
// registered in ipcores.cpp, one line each ({"ascon", makeAsconIpCore}); registerIpCore adds another at
// run time (a test's toy core).

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hw/ip/ipcore.h"

namespace rs::hw {

/** @brief Makes a new instance of a core (its models are built when it first runs). */
using IpCoreFactory = std::function<std::unique_ptr<IpCore>()>;

/** @brief Adds a core under its id after the ones registered before (or replaces the one of that id); an
 * empty factory removes it. For start-up and tests: the cores made before keep running. */
void registerIpCore(const std::string& id, IpCoreFactory factory);

/** @brief The ids of the registered cores, in registration order ("ascon", "block", "mldsa"). */
std::vector<std::string> ipCoreIds();
/** @brief One instance of each core to ask what it runs and how it is built (never run: it is const);
 *  nullptr for an unknown id. */
std::shared_ptr<const IpCore> ipCoreInfo(std::string_view id);
/** @brief The core that claims an operation; nullptr when none does. */
std::shared_ptr<const IpCore> ipCoreFor(std::string_view operation);
/** @brief Every operation some core claims, core by core in registration order. */
std::vector<std::string> ipOperations();

/** @brief The cores one owner runs (a campaign runner, a facade's worker): each made on first use, so its
 *  models belong to the thread that first runs it. */
class IpCoreSet {
  public:
    /** @brief The core of this id, made on first use; nullptr for an unknown id. */
    IpCore* core(std::string_view id);
    /** @brief The core that claims the operation; nullptr when none does. */
    IpCore* coreFor(std::string_view operation);
    /** @brief Drops the instance of a core (after a cancelled run whose operation may still be in the
     *  model): the next use makes a new one. */
    void drop(std::string_view id);
    /** @brief Drops every instance (on the thread that ran them). */
    void clear() { m_cores.clear(); }

  private:
    std::vector<std::pair<std::string, std::unique_ptr<IpCore>>> m_cores;
};

} // namespace rs::hw
