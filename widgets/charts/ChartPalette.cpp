#include "widgets/charts/ChartPalette.h"

#include <algorithm>
#include <array>

namespace ChartPalette {

QColor colorAt(int index)
{
    static constexpr std::array<QRgb, 8> kColors{0xff0072b2, 0xffe69f00, 0xff009e73, 0xffd55e00,
                                                 0xffcc79a7, 0xff56b4e9, 0xfff0e442, 0xff000000};
    const auto slot = static_cast<std::size_t>(index < 0 ? 0 : index) % kColors.size();
    return QColor::fromRgba(kColors[slot]);
}

namespace {
constexpr int kPaletteSize = 8;
}

Qt::PenStyle penStyleAt(int index)
{
    static constexpr std::array<Qt::PenStyle, 3> kStyles{Qt::SolidLine, Qt::DashLine, Qt::DotLine};
    return kStyles[static_cast<std::size_t>(std::max(index, 0) / kPaletteSize) % kStyles.size()];
}

Qt::BrushStyle brushStyleAt(int index)
{
    static constexpr std::array<Qt::BrushStyle, 3> kStyles{Qt::SolidPattern, Qt::BDiagPattern,
                                                           Qt::DiagCrossPattern};
    return kStyles[static_cast<std::size_t>(std::max(index, 0) / kPaletteSize) % kStyles.size()];
}

} // namespace ChartPalette
