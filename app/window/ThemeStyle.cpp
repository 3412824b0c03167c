#include "app/window/ThemeStyle.h"

#include <QPainter>
#include <QStyleOption>

ThemeStyle::ThemeStyle()
    : QProxyStyle(QStringLiteral("Fusion"))
{}

void ThemeStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                               const QWidget *widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    if (element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton)
        return;
    const QColor base = option->palette.color(QPalette::Base);
    const QColor text = option->palette.color(QPalette::Text);
    if (base.lightnessF() >= text.lightnessF())
        return; // light palette: Fusion's own frame is visible
    // Half-way between text and base: clearly visible, yet quieter than the check mark.
    const qreal share = option->state & State_Enabled ? 0.5 : 0.3;
    const QColor frame = QColor::fromRgbF(base.redF() + (text.redF() - base.redF()) * share,
                                          base.greenF() + (text.greenF() - base.greenF()) * share,
                                          base.blueF() + (text.blueF() - base.blueF()) * share);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->setPen(QPen(frame, 1.0));
    painter->setBrush(Qt::NoBrush);
    // The same rectangle Fusion frames (its drawing is offset by half a pixel for crisp lines).
    const QRectF rect = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
    if (element == PE_IndicatorCheckBox)
        painter->drawRect(rect);
    else
        painter->drawEllipse(rect.adjusted(0.5, 0.5, -0.5, -0.5));
    painter->restore();
}
