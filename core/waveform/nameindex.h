#pragma once
// Name lookups for designs of 10^5 signals (internal to rs_wave). Opening such a file names every
// signal once and looks each name up a few times; node-based hash tables made that the larger part of
// the open (a heap node and a copy of the name per entry, a cache miss per link). NameIndex is one
// flat open-addressed array of (hash, id) slots whose names the caller keeps (the store's signals);
// NameSet keeps its names itself, packed in one buffer.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace rs::waveform::detail {

/** @brief An index from names to ids; nameOf(id) gives the name an id was inserted with. */
class NameIndex {
  public:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    template <class NameOf> std::optional<std::uint32_t> find(std::string_view name, NameOf nameOf) const {
        if (m_slots.empty()) return std::nullopt;
        const std::uint32_t h = hash(name);
        for (std::size_t i = h & mask();; i = (i + 1) & mask()) {
            const Slot& s = m_slots[i];
            if (s.id == kNone) return std::nullopt;
            if (s.hash == h && nameOf(s.id) == name) return s.id;
        }
    }

    /** Adds name -> id unless the name is there already; says whether it was added. */
    template <class NameOf> bool insert(std::string_view name, std::uint32_t id, NameOf nameOf) {
        if ((m_size + 1) * 2 > m_slots.size()) grow(m_slots.size() * 2);
        const std::uint32_t h = hash(name);
        for (std::size_t i = h & mask();; i = (i + 1) & mask()) {
            Slot& s = m_slots[i];
            if (s.id == kNone) {
                s = Slot{h, id};
                ++m_size;
                return true;
            }
            if (s.hash == h && nameOf(s.id) == name) return false;
        }
    }

    /** Makes room for n names without growing again. */
    void reserve(std::size_t n) {
        std::size_t wanted = 64;
        while (wanted < 2 * n)
            wanted *= 2;
        if (wanted > m_slots.size()) grow(wanted);
    }

    std::size_t size() const { return m_size; }
    std::size_t heapBytes() const { return m_slots.capacity() * sizeof(Slot); }
    void clear() {
        m_slots.clear();
        m_size = 0;
    }

  private:
    struct Slot { // 8 bytes: a 10^5-signal design's index is a few MB, read with one cache miss a lookup
        std::uint32_t hash = 0;
        std::uint32_t id = kNone;
    };

    static std::uint32_t hash(std::string_view name) {
        const std::uint64_t h = std::hash<std::string_view>{}(name);
        return static_cast<std::uint32_t>(h ^ (h >> 32));
    }
    std::size_t mask() const { return m_slots.size() - 1; }

    /** Grows to `count` slots (a power of two; at most half of them used), placing each entry again by
     *  its kept hash. */
    void grow(std::size_t count) {
        std::vector<Slot> old(std::max<std::size_t>(64, count));
        old.swap(m_slots);
        for (const Slot& s : old) {
            if (s.id == kNone) continue;
            std::size_t i = s.hash & mask();
            while (m_slots[i].id != kNone)
                i = (i + 1) & mask();
            m_slots[i] = s;
        }
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

/** @brief A set of strings, kept end to end in one buffer. */
class NameSet {
  public:
    /** Adds name unless it is there; says whether it was added. */
    bool insert(std::string_view name) {
        const auto id = static_cast<std::uint32_t>(m_spans.size());
        m_spans.emplace_back(m_text.size(), name.size());
        m_text.append(name);
        if (m_index.insert(name, id, [this](std::uint32_t i) { return at(i); })) return true;
        m_text.resize(m_spans.back().first);
        m_spans.pop_back();
        return false;
    }

    void reserve(std::size_t names, std::size_t bytes) {
        m_index.reserve(names);
        m_spans.reserve(names);
        m_text.reserve(bytes);
    }

    bool contains(std::string_view name) const {
        return m_index.find(name, [this](std::uint32_t i) { return at(i); }).has_value();
    }

  private:
    std::string_view at(std::uint32_t i) const {
        return std::string_view(m_text).substr(m_spans[i].first, m_spans[i].second);
    }

    std::string m_text;
    std::vector<std::pair<std::size_t, std::size_t>> m_spans; ///< offset and length of each name
    NameIndex m_index;
};

} // namespace rs::waveform::detail
