#include "widgets/common/ThemeColors.h"

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

EditMarks editMarks(const QPalette &palette)
{
    if (isDark(palette))
        return {QColor(0xf3, 0x9c, 0x12), QColor(0xff, 0xb3, 0x00, 45), QColor(0x5d, 0xad, 0xe2)};
    return {QColor(0xd3, 0x54, 0x00), QColor(0xff, 0xb3, 0x00, 60), QColor(0x29, 0x80, 0xb9)};
}

} // namespace ThemeColors
