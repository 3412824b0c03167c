#pragma once

#include <QProxyStyle>

// Fusion, with check box and radio button frames that show on a dark palette: Fusion draws them in the
// window colour darkened, which vanishes against a dark base (unchecked boxes looked like empty space).
class ThemeStyle : public QProxyStyle
{
    Q_OBJECT
public:
    ThemeStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};
