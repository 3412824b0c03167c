// The dialog a save shows when another program changed the GPUs being saved: it fits on a small screen
// however many GPUs conflict, and says which button was clicked.

#include "widgets/catalogue/ConflictDialog.h"

#include <QPlainTextEdit>
#include <QPushButton>
#include <gtest/gtest.h>

namespace {

QVector<GpuEditSession::SaveConflict> manyConflicts(int count)
{
    QVector<GpuEditSession::SaveConflict> conflicts;
    for (int i = 0; i < count; ++i) {
        GpuSpec mine;
        mine.gpuId = QStringLiteral("gpu_%1").arg(i);
        mine.notes = QStringLiteral("my note");
        GpuSpec theirs = mine;
        theirs.notes = QStringLiteral("their note");
        theirs.tdpW = 300;
        conflicts.append({static_cast<quint64>(i + 1), mine.gpuId, mine, theirs});
    }
    return conflicts;
}

} // namespace

TEST(ConflictDialog, TenThousandConflictsFitA1280x720Screen)
{
    ConflictDialog dialog(manyConflicts(10000));
    const QSize hint = dialog.sizeHint();
    EXPECT_LE(hint.width(), 1280);
    EXPECT_LE(hint.height(), 720);
    const auto *list = dialog.findChild<QPlainTextEdit *>(QStringLiteral("conflictList"));
    ASSERT_TRUE(list);
    EXPECT_EQ(list->document()->blockCount(), 10000) << "every GPU listed, in a scrolling list";
    EXPECT_TRUE(list->toPlainText().startsWith(QStringLiteral(
        "gpu_0: TDP: yours n/a, in the file 300 W; Notes: yours my note, in the file their note")))
        << list->toPlainText().left(200).toStdString();
}

TEST(ConflictDialog, SaysWhichVersionToKeep)
{
    for (const char *name : {"keepMine", "keepTheirs"}) {
        ConflictDialog dialog(manyConflicts(2));
        auto *button = dialog.findChild<QPushButton *>(QString::fromLatin1(name));
        ASSERT_TRUE(button);
        button->click();
        ASSERT_TRUE(dialog.keep());
        EXPECT_EQ(*dialog.keep(),
                  QByteArray(name) == "keepMine" ? GpuEditSession::Keep::Mine : GpuEditSession::Keep::Theirs);
        EXPECT_EQ(dialog.result(), QDialog::Accepted);
    }
    ConflictDialog cancelled(manyConflicts(2));
    cancelled.reject();
    EXPECT_FALSE(cancelled.keep());
}
