#include "app/window/TeamChangeBar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

TeamChangeBar::TeamChangeBar(QWidget *parent)
    : QFrame(parent)
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("teamChangeBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::ToolTipBase); // the palette's "note" colour, as the seed offer's bar
    m_label->setWordWrap(true);
    m_label->setForegroundRole(QPalette::ToolTipText);
    auto *reload = new QPushButton(tr("Reload"), this);
    reload->setObjectName(QStringLiteral("teamChangeReload"));
    reload->setToolTip(tr("Read the team catalogue again (not while the Catalogue tab has unsaved edits)"));
    auto *dismiss = new QPushButton(tr("Dismiss"), this);
    dismiss->setObjectName(QStringLiteral("teamChangeDismiss"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_label, 1);
    layout->addWidget(reload);
    layout->addWidget(dismiss);
    connect(reload, &QPushButton::clicked, this, &TeamChangeBar::reloadRequested);
    connect(dismiss, &QPushButton::clicked, this, &TeamChangeBar::clear);
}

void TeamChangeBar::addChange(int rows)
{
    m_rows += std::max(rows, 1);
    m_label->setText(
        m_rows == 1 ? tr("Catalogue changed: 1 row saved by a teammate since it was read.")
                    : tr("Catalogue changed: %1 rows saved by teammates since it was read.").arg(m_rows));
    show();
}

void TeamChangeBar::clear()
{
    m_rows = 0;
    m_label->clear();
    hide();
}

QString TeamChangeBar::text() const
{
    return m_label->text();
}
