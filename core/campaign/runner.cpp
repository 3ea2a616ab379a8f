#include "runner.h"

#include <algorithm>
#include <mutex>

#include "algorithms.h"
#include "cpurunner.h"
#include "crypto/blockmodes.h"

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

/** An algorithm id resolved: an AEAD scheme, or a block cipher and its mode. */
struct Resolved {
    const core::AeadAlgorithm* aead = nullptr;
    const core::BlockAlgorithm* block = nullptr;
    bool ctr = false;
};

Resolved resolve(std::string_view id) {
    Resolved r;
    if ((r.aead = core::findAead(id))) return r;
    for (const bool ctr : {false, true}) {
        const std::string_view mode = ctr ? "-ctr" : "-ecb";
        if (id.size() > mode.size() && id.substr(id.size() - mode.size()) == mode &&
            (r.block = core::findBlock(id.substr(0, id.size() - mode.size())))) {
            r.ctr = ctr;
            return r;
        }
    }
    throw SpecError("algorithm: unknown algorithm '" + std::string(id) + "'");
}

/** FNV-1a over the bytes of a field, then a separator so ("ab", 1) and ("a", ...) differ. */
void mix(std::uint64_t& h, const void* data, std::size_t n) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    for (std::size_t i = 0; i < n; ++i) {
        h ^= p[i];
        h *= 0x100000001b3ULL;
    }
    h ^= 0xff;
    h *= 0x100000001b3ULL;
}

/** SplitMix64: small, fast, and the same on every platform. */
class SplitMix {
  public:
    explicit SplitMix(std::uint64_t seed) : m_state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    crypto::Bytes bytes(std::size_t n) {
        crypto::Bytes out(n);
        std::size_t i = 0;
        for (; i + 8 <= n; i += 8)
            crypto::storeLe64(&out[i], next());
        if (i < n) {
            std::uint64_t last = next();
            for (; i < n; ++i, last >>= 8)
                out[i] = static_cast<std::uint8_t>(last);
        }
        return out;
    }

  private:
    std::uint64_t m_state;
};

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
    const Resolved alg = resolve(key.algorithm);
    // The target is left out of the seed on purpose: every back end of a campaign encrypts the same
    // bytes for the same point, so their outputs (and any failure) can be compared directly.
    std::uint64_t seed = 0xcbf29ce484222325ULL;
    mix(seed, key.algorithm.data(), key.algorithm.size());
    mix(seed, &key.messageBytes, sizeof key.messageBytes);
    mix(seed, &key.adBytes, sizeof key.adBytes);
    SplitMix gen(seed);

    RunInputs in;
    if (alg.aead) {
        in.key = gen.bytes(alg.aead->keyBytes);
        in.nonce = gen.bytes(alg.aead->nonceBytes);
        in.ad = gen.bytes(static_cast<std::size_t>(key.adBytes));
    } else {
        in.key = gen.bytes(alg.block->keyBytes);
        if (alg.ctr) in.nonce = gen.bytes(alg.block->blockBytes); // the initial counter block
    }
    in.message = gen.bytes(static_cast<std::size_t>(key.messageBytes));
    return in;
}

crypto::Bytes referenceOutput(const RunKey& key, const RunInputs& inputs) {
    const Resolved alg = resolve(key.algorithm);
    try {
        if (alg.aead) {
            crypto::AeadResult r = alg.aead->encrypt(inputs.key, inputs.nonce, inputs.ad, inputs.message);
            r.ct.insert(r.ct.end(), r.tag.begin(), r.tag.end());
            return r.ct;
        }
        const auto cipher = alg.block->make(inputs.key, 0);
        if (alg.ctr) return crypto::ctrXor(*cipher, inputs.nonce, inputs.message);
        // ECB is defined on whole blocks only; a size that is not one fails the run, it is not padded.
        if (inputs.message.size() % alg.block->blockBytes != 0)
            throw RunnerError("ecb needs whole blocks: " + std::to_string(inputs.message.size()) +
                              " bytes is not a multiple of " + std::to_string(alg.block->blockBytes) +
                              " for " + alg.block->id);
        return crypto::ecbEncrypt(*cipher, inputs.message);
    } catch (const crypto::InvalidArgument& e) {
        throw RunnerError(key.algorithm + ": " + e.what());
    }
}

} // namespace rs::campaign
