// The registry as the one capability table (issue 31, item 1): what each row says of itself is true (its
// vector files exist, its examples are valid inputs, its traced model agrees with its plain one), and the
// explorer and the analysis list exactly the rows that say they take part, in registry order.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "core/analysis/diffusion.h"
#include "core/inputs/hexfield.h"
#include "core/oracle/algorithms.h"
#include "core/sessions/explorermodel.h"

namespace {

using rs::oracle::AlgorithmRef;

TEST(Registry, EveryIdIsOneRowAndFindAlgorithmFindsIt) {
    std::set<std::string> seen;
    for (const AlgorithmRef& r : rs::oracle::allAlgorithms()) {
        EXPECT_TRUE(seen.insert(r.info->id).second) << "two rows are " << r.info->id;
        const AlgorithmRef* found = rs::oracle::findAlgorithm(r.info->id);
        ASSERT_NE(found, nullptr) << r.info->id;
        EXPECT_EQ(found->info, r.info);
        const int typed = (r.permutation != nullptr) + (r.aead != nullptr) + (r.block != nullptr) +
                          (r.hash != nullptr) + (r.mldsa != nullptr);
        EXPECT_EQ(typed, 1) << r.info->id;
    }
    EXPECT_EQ(rs::oracle::allIds().size(), seen.size());
    EXPECT_EQ(rs::oracle::findAlgorithm("no-such-cipher"), nullptr);
}

TEST(Registry, EveryVectorFileARowNamesExists) {
    namespace fs = std::filesystem;
    int files = 0;
    for (const AlgorithmRef& r : rs::oracle::allAlgorithms()) {
        std::vector<std::string> all = r.info->vectorFiles;
        if (r.block) all.insert(all.end(), r.block->ctrVectorFiles.begin(), r.block->ctrVectorFiles.end());
        for (const std::string& f : all) {
            EXPECT_TRUE(fs::is_regular_file(fs::path(RS_VECTORS_DIR) / f)) << r.info->id << ": " << f;
            ++files;
        }
    }
    EXPECT_GT(files, 10);
    // Every AEAD, block cipher (its ECB records), hash and ML-DSA operation has official vectors today.
    for (const AlgorithmRef& r : rs::oracle::allAlgorithms())
        if (r.kind != rs::oracle::AlgorithmKind::Permutation)
            EXPECT_FALSE(r.info->vectorFiles.empty()) << r.info->id;
}

TEST(Registry, TheExplorerOffersExactlyTheRowsWithInputsWithValidExamples) {
    std::vector<std::string> rows;
    for (const AlgorithmRef& r : rs::oracle::allAlgorithms())
        if (!r.info->explorer.inputs.empty()) rows.push_back(r.info->id);
    // The scheme operations stepped as a process (ML-DSA signing) come after the registry's tables.
    for (const rs::oracle::MlDsaSchemeAlgorithm& r : rs::oracle::mldsaSchemeAlgorithms())
        if (!r.explorer.inputs.empty()) rows.push_back(r.id);
    std::vector<std::string> offered;
    for (const rs::sessions::ExplorerAlgorithm& a : rs::sessions::explorerAlgorithms()) {
        offered.push_back(a.id);
        // Exactly one registry row behind it: a table row, or (a process) a scheme row.
        ASSERT_NE(a.row == nullptr, a.scheme == nullptr) << a.id;
        const rs::oracle::AlgorithmInfo& info = a.row ? *a.row->info : *a.scheme;
        EXPECT_EQ(info.id, a.id);
        EXPECT_EQ(a.kind == rs::sessions::ExplorerKind::Process, a.scheme != nullptr) << a.id;
        // A fixed round count says what it is; an adjustable one has none to say.
        EXPECT_EQ(a.maxRounds == 0, !a.fixedRounds.empty()) << a.id;
        for (const rs::sessions::ExplorerField& f : a.fields) {
            rs::crypto::Bytes bytes;
            EXPECT_EQ(rs::inputs::validateHex(f, f.defaultHex, &bytes), "") << a.id << " " << f.name;
        }
        // The spec example traces.
        std::map<std::string, rs::crypto::Bytes> inputs;
        for (const auto& f : a.fields)
            inputs[f.name] = rs::crypto::fromHex(f.defaultHex);
        const rs::sessions::ExplorerRun run = rs::sessions::runExplorer(a, inputs, 0);
        EXPECT_FALSE(run.trace.steps.empty()) << a.id;
        EXPECT_EQ(run.trace.layout.name, info.layout.name) << a.id;
    }
    EXPECT_EQ(offered, rows);
    EXPECT_GE(offered.size(), 13u);
}

TEST(Registry, TheAnalysisTakesExactlyTheRowsWithAProfile) {
    std::vector<std::string> rows;
    for (const AlgorithmRef& r : rs::oracle::allAlgorithms()) {
        const rs::oracle::DiffusionProfile& p = r.info->diffusion;
        if (p.stateBytes == 0) continue;
        rows.push_back(r.info->id);
        ASSERT_FALSE(p.fields.empty()) << r.info->id;
        EXPECT_EQ(rs::analysis::fieldsFor(r.info->id).front(), p.fields.front().field);
        EXPECT_EQ(rs::analysis::standardRounds(r.info->id), p.standardRounds);
        EXPECT_FALSE(r.info->layout.name.empty()) << r.info->id;
        // A block cipher's analysis varies its block and its key, at their sizes.
        if (r.block) {
            EXPECT_EQ(rs::analysis::fieldBits(r.info->id, rs::analysis::Field::Plaintext),
                      8 * static_cast<int>(r.block->blockBytes));
            EXPECT_EQ(rs::analysis::fieldBits(r.info->id, rs::analysis::Field::Key),
                      8 * static_cast<int>(r.block->keyBytes));
            EXPECT_EQ(p.standardRounds, r.block->standardRounds);
        }
    }
    EXPECT_EQ(rs::analysis::diffusionAlgorithms(), rows);
    EXPECT_EQ(rs::analysis::defaultDiffusionAlgorithm(), rows.front());
    EXPECT_EQ(rs::analysis::DiffusionRequest{}.alg, rows.front());
}

TEST(Registry, ABlockCiphersObservedPathIsItsPlainOne) {
    // The analysis' generic path runs a block cipher through encryptBlockObserved: the same ciphertext.
    struct Count final : rs::crypto::StepSink {
        int steps = 0;
        void step(std::string_view, int, int, std::string_view, std::span<const std::uint8_t>,
                  std::span<const std::uint8_t>) override {
            ++steps;
        }
    };
    for (const rs::oracle::BlockAlgorithm& b : rs::oracle::blockAlgorithms()) {
        rs::crypto::Bytes key(b.keyBytes), in(b.blockBytes), plain(b.blockBytes), observed(b.blockBytes);
        for (std::size_t i = 0; i < key.size(); ++i)
            key[i] = static_cast<std::uint8_t>(3 * i + 1);
        for (std::size_t i = 0; i < in.size(); ++i)
            in[i] = static_cast<std::uint8_t>(7 * i + 5);
        const auto cipher = b.make(key, 0);
        cipher->encryptBlock(in.data(), plain.data());
        Count sink;
        cipher->encryptBlockObserved(in.data(), observed.data(), sink);
        EXPECT_EQ(observed, plain) << b.id;
        EXPECT_GT(sink.steps, b.standardRounds) << b.id;
    }
}

} // namespace
