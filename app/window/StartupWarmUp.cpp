#include "app/window/StartupWarmUp.h"

#include "app/analysis/UncertaintyTable.h"
#include "app/window/CatalogueSession.h"

#include <QFontDatabase>

StartupWarmUp::StartupWarmUp()
    : m_done(std::async(std::launch::async, [] {
        QFontDatabase::families(); // QFontDatabase is thread-safe: this fills the one database
        UncertaintyTable::bundled();
        CatalogueSession::bundledSeed();
    }))
{}

StartupWarmUp::~StartupWarmUp()
{
    if (m_done.valid())
        m_done.wait();
}
