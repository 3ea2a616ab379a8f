#include "hw/ip/ipcores.h"

#include <algorithm>
#include <mutex>

#include "hw/ip/ascon/asconipcore.h"
#include "hw/ip/block/blockipcore.h"
#include "hw/ip/mldsa/mldsaipcore.h"

namespace rs::hw {

namespace {

struct Registration {
    std::string id;
    IpCoreFactory make;
    std::shared_ptr<const IpCore> info;
};

std::mutex& registryMutex() {
    static std::mutex m;
    return m;
}

std::vector<Registration>& registry() {
    // The built-in cores: one line each. A new core is its folder (hw/ip/<core>/, with core.cmake, listed in
    // hw/CMakeLists.txt's RS_IP_CORES) and its line here.
    static std::vector<Registration> table = [] {
        std::vector<Registration> t = {
            {"ascon", makeAsconIpCore, nullptr},
            {"block", makeBlockIpCore, nullptr},
            {"mldsa", makeMlDsaIpCore, nullptr},
        };
        for (Registration& r : t)
            r.info = r.make();
        return t;
    }();
    return table;
}

} // namespace

void registerIpCore(const std::string& id, IpCoreFactory factory) {
    const std::lock_guard lock(registryMutex());
    auto& table = registry();
    const auto it =
        std::find_if(table.begin(), table.end(), [&](const Registration& r) { return r.id == id; });
    if (!factory) {
        if (it != table.end()) table.erase(it);
        return;
    }
    std::shared_ptr<const IpCore> info = factory();
    if (it != table.end())
        *it = {id, std::move(factory), std::move(info)};
    else
        table.push_back({id, std::move(factory), std::move(info)});
}

std::vector<std::string> ipCoreIds() {
    const std::lock_guard lock(registryMutex());
    std::vector<std::string> ids;
    for (const Registration& r : registry())
        ids.push_back(r.id);
    return ids;
}

std::shared_ptr<const IpCore> ipCoreInfo(std::string_view id) {
    const std::lock_guard lock(registryMutex());
    for (const Registration& r : registry())
        if (r.id == id) return r.info;
    return nullptr;
}

std::shared_ptr<const IpCore> ipCoreFor(std::string_view operation) {
    const std::lock_guard lock(registryMutex());
    for (const Registration& r : registry())
        if (r.info->claims(operation)) return r.info;
    return nullptr;
}

std::vector<std::string> ipOperations() {
    const std::lock_guard lock(registryMutex());
    std::vector<std::string> ops;
    for (const Registration& r : registry())
        for (std::string& op : r.info->operations())
            ops.push_back(std::move(op));
    return ops;
}

IpCore* IpCoreSet::core(std::string_view id) {
    for (auto& [name, core] : m_cores)
        if (name == id) return core.get();
    IpCoreFactory make;
    {
        const std::lock_guard lock(registryMutex());
        for (const Registration& r : registry())
            if (r.id == id) make = r.make;
    }
    if (!make) return nullptr;
    m_cores.emplace_back(std::string(id), make());
    return m_cores.back().second.get();
}

IpCore* IpCoreSet::coreFor(std::string_view operation) {
    const std::shared_ptr<const IpCore> info = ipCoreFor(operation);
    return info ? core(info->id()) : nullptr;
}

void IpCoreSet::drop(std::string_view id) {
    m_cores.erase(
        std::remove_if(m_cores.begin(), m_cores.end(), [&](const auto& c) { return c.first == id; }),
        m_cores.end());
}

} // namespace rs::hw
