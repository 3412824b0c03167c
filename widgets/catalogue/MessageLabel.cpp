#include "widgets/catalogue/MessageLabel.h"

#include "widgets/common/ThemeColors.h"

#include <QEvent>

MessageLabel::MessageLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
    followTheme();
    hide();
}

void MessageLabel::showMessage(const QString &message)
{
    setText(message);
    setVisible(!message.isEmpty());
}

void MessageLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        followTheme();
}

void MessageLabel::followTheme()
{
    // The style sheet's colour changes this label's palette, and so sends another PaletteChange: set it
    // only when it differs.
    const QString style = ThemeColors::errorStyle(palette());
    if (styleSheet() != style)
        setStyleSheet(style);
}
