#pragma once
// What the Campaigns pages' GUI tests share: opening a store through the session and waiting until it
// says whether it opened (it opens off the GUI thread).

#include <QSignalSpy>
#include <QString>
#include <QTest>

#include "core/sessions/campaignsession.h"

namespace rs::test {

/** @brief Opens the store at path and waits (up to a minute) for the session's answer; the reason in
 *  `error` when it did not open. */
inline bool openStore(sessions::CampaignSession& session, const QString& path, QString* error = nullptr) {
    QSignalSpy opened(&session, &sessions::CampaignSession::storeOpened);
    QSignalSpy failed(&session, &sessions::CampaignSession::storeFailed);
    if (!session.openStore(path, error)) return false;
    if (!QTest::qWaitFor([&] { return !opened.isEmpty() || !failed.isEmpty(); }, 60000)) return false;
    if (!failed.isEmpty() && error) *error = failed.front().at(1).toString();
    return !opened.isEmpty();
}

} // namespace rs::test
