#pragma once
// What the campaign commands share about the store and their output file: the store named by --db (its
// errors are bad input naming --db), a read or write of it whose failures name --db, and an output
// written all or nothing (--out).

#include <memory>
#include <string>

#include "app/cli/cliargs.h"
#include "core/campaign/campaignstore.h"

namespace rs::cli {

/** @brief The store named by --db (read-only: nothing is created, migrated or written); UsageError naming
 *  --db when it cannot be opened. */
std::unique_ptr<campaign::CampaignStore> openStore(const CliArgs& args, campaign::OpenMode mode);
/** @brief The store at `path`, as openStore does, its errors starting with `argument` ("--db", "A"). */
std::unique_ptr<campaign::CampaignStore> openStoreAt(const std::string& path, campaign::OpenMode mode,
                                                     const std::string& argument);

/** @brief Runs a read or write of the store: its failures (a damaged store found while reading) name --db. */
template <class F> auto withStore(F f) {
    try {
        return f();
    } catch (const campaign::StoreError& e) {
        throw UsageError(std::string("--db: ") + e.what());
    }
}

/** @brief Writes the output to --out all or nothing: a full disk or a size limit is an error naming --out
 *  and leaves the previous file as it was. */
void writeOut(const std::string& path, const std::string& text);

} // namespace rs::cli
