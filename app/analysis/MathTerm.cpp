#include "MathTerm.h"

#include <cmath>

void MathLog::add(const QString &name, const QString &formula, const QString &substituted, double value,
                  const QString &unit)
{
    m_terms.append(MathTerm{name, formula, substituted, std::isfinite(value) ? value : 0.0, unit});
}

QString MathLog::number(double value)
{
    if (!std::isfinite(value))
        return QStringLiteral("n/a");
    const double magnitude = std::fabs(value);
    if (magnitude != 0.0 && (magnitude >= 1e6 || magnitude < 1e-3))
        return QString::number(value, 'e', 3);
    return QString::number(value, 'g', 4);
}
