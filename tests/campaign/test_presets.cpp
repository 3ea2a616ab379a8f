// The campaign presets in a program that registers no back end (only core's cpu and cpu-mt): every preset
// is still listed and read from the resources compiled into rs_campaign (resources/campaigns.qrc), a preset
// naming a target this program lacks ("ip") keeps it, and only running or re-reading that definition as a
// user's refuses the target by name. The Campaigns page lists its presets this way in the GUI tests.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/campaign/campaignspec.h"
#include "core/campaign/targets.h"

namespace {

using rs::campaign::presetNames;
using rs::campaign::presetSpec;
using rs::campaign::SpecError;

TEST(PresetsWithoutBackEnds, EveryPresetIsListedAndRead) {
    const std::vector<std::string> targets = rs::campaign::specTargets();
    ASSERT_EQ(std::find(targets.begin(), targets.end(), "ip"), targets.end())
        << "no back end registered here";
    const std::vector<std::string> names = presetNames();
    ASSERT_FALSE(names.empty());
    bool namesUnregistered = false;
    for (const auto& name : names) {
        const rs::campaign::CampaignSpec s = presetSpec(name);
        EXPECT_FALSE(s.name.empty()) << name;
        EXPECT_FALSE(s.algorithms.empty()) << name;
        for (const auto& t : s.targets) {
            if (std::find(targets.begin(), targets.end(), t) != targets.end()) continue;
            namesUnregistered = true;
            // The definition as a user's (the editor, a file): the target is refused by name.
            try {
                rs::campaign::parseSpec(rs::campaign::specJson(s));
                ADD_FAILURE() << name << ": " << t << " accepted";
            } catch (const SpecError& e) {
                EXPECT_NE(std::string(e.what()).find("unknown target '" + t + "'"), std::string::npos)
                    << e.what();
            }
        }
    }
    EXPECT_TRUE(namesUnregistered) << "a shipped preset names a back end's target (paper001: ip)";
    EXPECT_EQ(presetSpec("paper001").targets, (std::vector<std::string>{"cpu", "ip"}));
}

TEST(PresetsWithoutBackEnds, AnUnknownPresetNamesTheKnownOnes) {
    try {
        presetSpec("nist");
        ADD_FAILURE() << "no SpecError";
    } catch (const SpecError& e) {
        std::string known;
        for (const auto& n : presetNames())
            known += (known.empty() ? "" : ", ") + n;
        EXPECT_NE(std::string(e.what()).find("unknown preset 'nist' (known: " + known + ")"),
                  std::string::npos)
            << e.what();
    }
}

} // namespace
