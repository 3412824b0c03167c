#include "widgets/charts/BarLegendItem.h"

BarLegendItem::BarLegendItem(QCPLegend *legend, QCPAbstractPlottable *plottable)
    : QCPPlottableLegendItem(legend, plottable)
{}

QSize BarLegendItem::minimumOuterSizeHint() const
{
    if (!mPlottable)
        return {};
    const QFont font = getFont();
    if (m_size.isEmpty() || mPlottable->name() != m_name || font != m_font ||
        mParentLegend->iconSize() != m_iconSize || mParentLegend->iconTextPadding() != m_iconTextPadding ||
        mMargins != m_margins) {
        m_name = mPlottable->name();
        m_font = font;
        m_iconSize = mParentLegend->iconSize();
        m_iconTextPadding = mParentLegend->iconTextPadding();
        m_margins = mMargins;
        m_size = QCPPlottableLegendItem::minimumOuterSizeHint();
    }
    return m_size;
}
