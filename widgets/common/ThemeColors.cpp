#include "ThemeColors.h"

#include <QPalette>

namespace ThemeColors {

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Window).lightnessF() < palette.color(QPalette::WindowText).lightnessF();
}

QColor error(const QPalette &palette)
{
    return isDark(palette) ? QColor(0xff, 0x7b, 0x72) : QColor(0xc0, 0x39, 0x2b);
}

QString errorStyle(const QPalette &palette)
{
    return QStringLiteral("color: %1;").arg(error(palette).name());
}

} // namespace ThemeColors
