#include "widgets/charts/ChartAxes.h"

#include "widgets/common/ValueFormat.h"

#include <QLocale>
#include <QWidget>
#include <cmath>
#include <qcustomplot.h>

namespace ChartAxes {

QFont font(const QWidget *widget, int pointSize, bool bold)
{
    QFont result = widget->font();
    result.setPointSize(pointSize);
    result.setBold(bold);
    return result;
}

QSharedPointer<QCPAxisTickerText> logTicks(double low, double high, const QLocale &locale, int mostTicks)
{
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (const QVector<double> &steps :
         {QVector<double>{1, 2, 5}, QVector<double>{1, 1.5, 2, 3, 4, 5, 6, 8}}) {
        ticker->clear();
        for (int exponent = int(std::floor(std::log10(low))); exponent <= int(std::ceil(std::log10(high)));
             ++exponent)
            for (double step : steps)
                if (const double value = step * std::pow(10.0, exponent); value >= low && value <= high)
                    ticker->addTick(value, ValueFormat::compact(value, locale));
        if (ticker->ticks().size() >= 3)
            break;
    }
    if (ticker->ticks().size() > mostTicks) {
        const QMap<double, QString> all = ticker->ticks();
        ticker->clear();
        for (auto it = all.cbegin(); it != all.cend(); ++it)
            if (std::abs(std::log10(it.key()) - std::round(std::log10(it.key()))) < 1e-9)
                ticker->addTick(it.key(), it.value());
    }
    ticker->setSubTickCount(0);
    return ticker;
}

} // namespace ChartAxes
