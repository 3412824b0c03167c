#include "widgets/charts/ChartColors.h"

#include <QPalette>
#include <algorithm>
#include <cmath>

namespace {

// share of `over` mixed into `base`
QColor mix(const QColor &base, const QColor &over, double share)
{
    auto channel = [share](int b, int o) { return static_cast<int>(std::lround(b + (o - b) * share)); };
    return QColor(channel(base.red(), over.red()), channel(base.green(), over.green()),
                  channel(base.blue(), over.blue()));
}

ChartColors fromBackgroundAndText(const QColor &background, const QColor &text)
{
    ChartColors colors;
    colors.background = background;
    colors.text = text;
    // Muted text stays above WCAG's 4.5:1 against both Fusion palettes; grid lines stay faint.
    colors.mutedText = mix(text, background, 0.3);
    colors.axis = mix(text, background, 0.35);
    colors.grid = mix(background, text, 0.22);
    return colors;
}

} // namespace

ChartColors ChartColors::fromPalette(const QPalette &palette)
{
    QColor background = palette.color(QPalette::Active, QPalette::Base);
    QColor text = palette.color(QPalette::Active, QPalette::Text);
    background.setAlpha(255);
    text.setAlpha(255);
    return fromBackgroundAndText(background, text);
}

ChartColors ChartColors::light()
{
    return fromBackgroundAndText(QColor(Qt::white), QColor(0x20, 0x20, 0x20));
}

bool ChartColors::isDark() const
{
    return luminance(background) < luminance(text);
}

QColor ChartColors::visibleSeriesColor(const QColor &color) const
{
    if (contrastRatio(color, background) >= 1.5)
        return color;
    // A colour too close to the background keeps its hue, darker on a light page (Okabe-Ito yellow turned
    // black, the palette's next colour, so that 20 GPUs showed two black series) and lighter on a dark one;
    // one without a hue to keep (black on dark) takes the text colour.
    const bool lightPage = !isDark();
    QColor shade = color;
    for (int i = 0; i < 8 && contrastRatio(shade, background) < 2.0; ++i)
        shade = lightPage ? shade.darker(125) : shade.lighter(140);
    return contrastRatio(shade, background) >= 1.5 ? shade : text;
}

double ChartColors::luminance(const QColor &color)
{
    auto linear = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * linear(color.redF()) + 0.7152 * linear(color.greenF()) + 0.0722 * linear(color.blueF());
}

double ChartColors::contrastRatio(const QColor &a, const QColor &b)
{
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
