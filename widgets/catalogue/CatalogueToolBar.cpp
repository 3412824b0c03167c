#include "widgets/catalogue/CatalogueToolBar.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QToolButton>

CatalogueToolBar::CatalogueToolBar(const QList<QAction *> &actions, const QKeySequence &findShortcut,
                                   QWidget *parent)
    : QWidget(parent)
    , m_filter(new QLineEdit)
    , m_changedOnly(new QCheckBox(tr("Only GPUs I changed")))
{
    m_filter->setObjectName(QStringLiteral("catalogueFilter"));
    m_filter->setPlaceholderText(tr("Filter by name, vendor, architecture… (%1)")
                                     .arg(findShortcut.toString(QKeySequence::NativeText)));
    m_filter->setAccessibleName(tr("Filter the catalogue"));
    m_filter->setClearButtonEnabled(true);
    m_changedOnly->setObjectName(QStringLiteral("changedOnly"));
    m_changedOnly->setToolTip(tr("Show only GPUs that are not bundled, differ from the bundled values, or "
                                 "hold unsaved edits"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QAction *action : actions) {
        auto *button = new QToolButton;
        button->setDefaultAction(action);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        layout->addWidget(button);
    }
    layout->addSpacing(12);
    layout->addWidget(m_changedOnly);
    layout->addWidget(m_filter, 1);

    const auto changed = [this] { emit searchChanged(m_filter->text(), m_changedOnly->isChecked()); };
    connect(m_filter, &QLineEdit::textChanged, this, changed);
    connect(m_changedOnly, &QCheckBox::toggled, this, changed);
}
