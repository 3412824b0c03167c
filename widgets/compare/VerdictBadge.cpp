#include "widgets/compare/VerdictBadge.h"

#include <QPainter>

VerdictBadge::VerdictBadge(const QString &text, QWidget *parent)
    : QLabel(text, parent)
{
    setContentsMargins(8, 2, 8, 2);
    QFont bold = font();
    bold.setBold(true);
    setFont(bold);
}

void VerdictBadge::setColors(const QColor &background, const QColor &text)
{
    if (background == m_background && palette().color(QPalette::WindowText) == text)
        return; // unchanged: no palette change to propagate (the panel refills its cards on every recompute)
    m_background = background;
    QPalette colours = palette();
    colours.setColor(QPalette::WindowText, text);
    setPalette(colours);
    update();
}

void VerdictBadge::paintEvent(QPaintEvent *event)
{
    {
        QPainter painter(this);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setPen(Qt::NoPen);
        painter.setBrush(m_background);
        painter.drawRoundedRect(QRectF(rect()), 4, 4);
    }
    QLabel::paintEvent(event);
}
