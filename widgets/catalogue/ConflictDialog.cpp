#include "widgets/catalogue/ConflictDialog.h"

#include "db/GpuField.h"
#include "db/SpecTableModel.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QVBoxLayout>

ConflictDialog::ConflictDialog(const QVector<GpuEditSession::SaveConflict> &conflicts, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("conflictBox"));
    setWindowTitle(tr("Save Catalogue"));
    auto *icon = new QLabel;
    const int iconSize = style()->pixelMetric(QStyle::PM_MessageBoxIconSize, nullptr, this);
    icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    auto *summary = new QLabel(tr("Another program changed %n GPU(s) in the catalogue file since they were "
                                  "read. Keep your versions of all of them, or the file's?",
                                  nullptr, static_cast<int>(conflicts.size())));
    summary->setWordWrap(true);
    // A scrolling list: a message box grew a line per GPU, taller than any screen at 10,000.
    auto *list = new QPlainTextEdit;
    list->setObjectName(QStringLiteral("conflictList"));
    list->setReadOnly(true);
    list->setPlainText(describe(conflicts).join(u'\n'));
    list->setMinimumSize(480, 160);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    QPushButton *mine = buttons->addButton(tr("Keep Mine"), QDialogButtonBox::AcceptRole);
    QPushButton *theirs = buttons->addButton(tr("Keep Theirs"), QDialogButtonBox::AcceptRole);
    mine->setObjectName(QStringLiteral("keepMine"));
    theirs->setObjectName(QStringLiteral("keepTheirs"));
    connect(mine, &QPushButton::clicked, this, [this] {
        m_keep = GpuEditSession::Keep::Mine;
        accept();
    });
    connect(theirs, &QPushButton::clicked, this, [this] {
        m_keep = GpuEditSession::Keep::Theirs;
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *top = new QHBoxLayout;
    top->addWidget(icon, 0, Qt::AlignTop);
    top->addWidget(summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(list, 1);
    layout->addWidget(buttons);
}

QStringList ConflictDialog::describe(const QVector<GpuEditSession::SaveConflict> &conflicts)
{
    QStringList lines;
    lines.reserve(conflicts.size());
    for (const GpuEditSession::SaveConflict &conflict : conflicts) {
        QStringList diffs;
        if (conflict.mine && conflict.theirs)
            for (const GpuField &field : GpuFields::all()) {
                const QVariant mine = GpuFields::value(*conflict.mine, field);
                const QVariant theirs = GpuFields::value(*conflict.theirs, field);
                if (mine != theirs)
                    diffs << tr("%1: yours %2, in the file %3")
                                 .arg(field.displayLabel(), SpecTableModel::displayText(field, mine),
                                      SpecTableModel::displayText(field, theirs));
            }
        const QString what = !conflict.mine     ? tr("you deleted it; the file changed it")
                             : !conflict.theirs ? tr("the file no longer has it")
                                                : diffs.join(QStringLiteral("; "));
        lines << QStringLiteral("%1: %2").arg(conflict.gpuId, what);
    }
    return lines;
}
