#pragma once

#include "app/window/CatalogueSession.h"
#include "app/window/ComparisonController.h"
#include "app/window/MainWindow.h"

#include <QLineEdit>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <gtest/gtest.h>
#include <memory>
#include <optional>

// A window on a fresh catalogue (created from the bundled seed in a temporary folder) with settings
// in that folder too, so every test starts like a first run and touches nothing of the user's.
class WindowFixture : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope,
                           m_dir.filePath(QStringLiteral("settings")));
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                           m_dir.filePath(QStringLiteral("settings")));
        QSettings().clear();
        openWindow();
    }

    void openWindow()
    {
        m_window.reset();
        m_session = std::make_unique<CatalogueSession>();
        ASSERT_TRUE(m_session->open(m_dir.filePath(QStringLiteral("catalogue.db"))))
            << m_session->lastError().message.toStdString();
        m_window = std::make_unique<MainWindow>(m_session.get());
    }

    // Types text over what editor (a spin box, an editable combo box) shows, key by key as a user does.
    static void typeInto(QWidget *editor, const QString &text)
    {
        auto *line = editor->findChild<QLineEdit *>();
        ASSERT_NE(line, nullptr);
        line->selectAll();
        QTest::keyClicks(line, text);
    }

    // Lets the coalesced recompute run, as the event loop would after a keystroke.
    void settle() { m_window->comparison()->recomputeNow(); }

    // The number the comparison shows in row rowId ("fit.memory") for the GPU titled gpuTitle.
    std::optional<double> shownValue(const QString &rowId, const QString &gpuTitle) const
    {
        const ComparisonData &table = m_window->comparison()->presentation().table();
        const qsizetype column = table.columnTitles.indexOf(gpuTitle);
        const auto row =
            std::find_if(table.rows.cbegin(), table.rows.cend(),
                         [&rowId](const ComparisonRow &candidate) { return candidate.id == rowId; });
        if (column < 0 || row == table.rows.cend() || column >= row->values.size())
            return std::nullopt;
        return row->values.at(column);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<CatalogueSession> m_session;
    std::unique_ptr<MainWindow> m_window;
};
