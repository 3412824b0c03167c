#include "widgets/catalogue/EditMarkerLegend.h"

#include "widgets/common/ThemeColors.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>

namespace {

QLabel *markLabel(char16_t glyph, const QString &objectName)
{
    auto *label = new QLabel(QString(QChar(glyph)));
    label->setObjectName(objectName);
    return label;
}

} // namespace

EditMarkerLegend::EditMarkerLegend(QWidget *parent)
    : QWidget(parent)
    // The corners the delegate paints: top left for unsaved, top right for the bundled difference.
    , m_unsaved(markLabel(u'\u25E4', QStringLiteral("unsavedMark")))
    , m_bundled(markLabel(u'\u25E5', QStringLiteral("bundledMark")))
{
    setObjectName(QStringLiteral("catalogueLegend"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_unsaved);
    layout->addWidget(new QLabel(tr("not saved yet")));
    layout->addSpacing(12);
    layout->addWidget(m_bundled);
    layout->addWidget(new QLabel(tr("differs from the bundled value (hover a cell for it)")));
    layout->addStretch(1);
    applyColours();
}

void EditMarkerLegend::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        applyColours();
}

void EditMarkerLegend::applyColours()
{
    const ThemeColors::EditMarks marks = ThemeColors::editMarks(palette());
    for (const auto &[label, colour] :
         {std::pair{m_unsaved, marks.unsaved}, std::pair{m_bundled, marks.bundled}}) {
        QPalette coloured; // only this role is the label's own: the rest follows the theme
        coloured.setColor(QPalette::WindowText, colour);
        label->setPalette(coloured);
    }
}
