#include "core/oracle/algorithms.h"

#include "core/oracle/algorithmrows.h"

#include <algorithm>

namespace rs::oracle {

using crypto::InvalidArgument;

void AeadAlgorithm::checkSizes(ByteView key, ByteView nonce, std::optional<ByteView> tag) const {
    crypto::requireLength("key", key, keyBytes);
    crypto::requireLength("nonce", nonce, nonceBytes);
    if (tag) crypto::requireLength("tag", *tag, tagBytes);
}

void BlockAlgorithm::checkKey(ByteView key) const {
    if (key.size() != keyBytes)
        throw InvalidArgument("key must be " + std::to_string(keyBytes) + " bytes for " + id + ", got " +
                              std::to_string(key.size()));
}

namespace {

template <class T> const T* findIn(const std::vector<T>& table, std::string_view id) {
    const auto it = std::find_if(table.begin(), table.end(), [&](const T& a) { return a.id == id; });
    return it == table.end() ? nullptr : &*it;
}

template <class T> std::vector<std::string> idsOf(const std::vector<T>& table) {
    std::vector<std::string> ids;
    for (const T& a : table)
        ids.push_back(a.id);
    return ids;
}

} // namespace

const std::vector<PermutationAlgorithm>& permutationAlgorithms() {
    static const std::vector<PermutationAlgorithm> table = detail::permutationRows();
    return table;
}

const std::vector<AeadAlgorithm>& aeadAlgorithms() {
    static const std::vector<AeadAlgorithm> table = detail::aeadRows();
    return table;
}

const std::vector<BlockAlgorithm>& blockAlgorithms() {
    static const std::vector<BlockAlgorithm> table = detail::blockRows();
    return table;
}

const std::vector<HashAlgorithm>& hashAlgorithms() {
    static const std::vector<HashAlgorithm> table = detail::hashRows();
    return table;
}

const std::vector<MlDsaAlgorithm>& mldsaAlgorithms() {
    static const std::vector<MlDsaAlgorithm> table = detail::mldsaRows();
    return table;
}

const std::vector<MlDsaSchemeAlgorithm>& mldsaSchemeAlgorithms() {
    static const std::vector<MlDsaSchemeAlgorithm> table = detail::mldsaSchemeRows();
    return table;
}

const PermutationAlgorithm* findPermutation(std::string_view id) {
    return findIn(permutationAlgorithms(), id);
}
const AeadAlgorithm* findAead(std::string_view id) {
    return findIn(aeadAlgorithms(), id);
}
const BlockAlgorithm* findBlock(std::string_view id) {
    return findIn(blockAlgorithms(), id);
}
const HashAlgorithm* findHash(std::string_view id) {
    return findIn(hashAlgorithms(), id);
}
const MlDsaAlgorithm* findMlDsa(std::string_view id) {
    return findIn(mldsaAlgorithms(), id);
}
const MlDsaSchemeAlgorithm* findMlDsaScheme(std::string_view id) {
    return findIn(mldsaSchemeAlgorithms(), id);
}

std::string joinIds(const std::vector<std::string>& ids) {
    std::string s;
    for (const auto& id : ids)
        s += (s.empty() ? "" : ", ") + id;
    return s;
}
std::vector<std::string> aeadIds() {
    return idsOf(aeadAlgorithms());
}
std::vector<std::string> blockIds() {
    return idsOf(blockAlgorithms());
}
std::vector<std::string> hashIds() {
    return idsOf(hashAlgorithms());
}
std::vector<std::string> mldsaIds() {
    return idsOf(mldsaAlgorithms());
}
std::vector<std::string> mldsaSchemeIds() {
    return idsOf(mldsaSchemeAlgorithms());
}

const std::vector<AlgorithmRef>& allAlgorithms() {
    static const std::vector<AlgorithmRef> all = [] {
        std::vector<AlgorithmRef> out;
        for (const auto& p : permutationAlgorithms())
            out.push_back({AlgorithmKind::Permutation, &p, &p, nullptr, nullptr, nullptr, nullptr});
        for (const auto& a : aeadAlgorithms())
            out.push_back({AlgorithmKind::Aead, &a, nullptr, &a, nullptr, nullptr, nullptr});
        for (const auto& b : blockAlgorithms())
            out.push_back({AlgorithmKind::Block, &b, nullptr, nullptr, &b, nullptr, nullptr});
        for (const auto& h : hashAlgorithms())
            out.push_back({AlgorithmKind::Hash, &h, nullptr, nullptr, nullptr, &h, nullptr});
        for (const auto& m : mldsaAlgorithms())
            out.push_back({AlgorithmKind::MlDsa, &m, nullptr, nullptr, nullptr, nullptr, &m});
        return out;
    }();
    return all;
}

const AlgorithmRef* findAlgorithm(std::string_view id) {
    for (const AlgorithmRef& r : allAlgorithms())
        if (r.info->id == id) return &r;
    return nullptr;
}

std::vector<std::string> allIds() {
    std::vector<std::string> ids;
    for (const AlgorithmRef& r : allAlgorithms())
        ids.push_back(r.info->id);
    return ids;
}

} // namespace rs::oracle
