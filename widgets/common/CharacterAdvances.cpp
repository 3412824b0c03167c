#include "widgets/common/CharacterAdvances.h"

#include <algorithm>

namespace {

QHash<char16_t, qreal> &advancesFor(const QFont &font)
{
    // A handful of fonts, a few hundred characters each.
    static QHash<QFont, QHash<char16_t, qreal>> tables;
    if (tables.size() > 16 && !tables.contains(font))
        tables.clear();
    return tables[font];
}

} // namespace

CharacterAdvances::CharacterAdvances(const QFont &font)
    : m_metrics(font)
    , m_advances(advancesFor(font))
{}

bool CharacterAdvances::summable(QStringView text)
{
    return std::none_of(text.begin(), text.end(),
                        [](QChar c) { return c.unicode() < 32 || c.isSurrogate() || c.isMark(); });
}

qreal CharacterAdvances::advance(QChar character)
{
    auto known = m_advances.constFind(character.unicode());
    if (known == m_advances.constEnd())
        known = m_advances.insert(character.unicode(), m_metrics.horizontalAdvance(character));
    return known.value();
}

qreal CharacterAdvances::width(QStringView text)
{
    if (!summable(text))
        return m_metrics.horizontalAdvance(text.toString());
    qreal sum = 0.0;
    for (const QChar c : text)
        sum += advance(c);
    return sum;
}
