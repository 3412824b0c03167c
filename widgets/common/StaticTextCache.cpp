#include "StaticTextCache.h"

#include <QTransform>

const QStaticText &StaticTextCache::text(const QString &string, const QFont &font)
{
    Key key{string, font.key()};
    auto it = m_texts.find(key);
    if (it != m_texts.end())
        return *it;
    if (m_texts.size() >= kCapacity)
        m_texts.clear();
    QStaticText prepared(string);
    prepared.setTextFormat(Qt::PlainText);
    prepared.setPerformanceHint(QStaticText::AggressiveCaching);
    prepared.prepare(QTransform(), font);
    return *m_texts.insert(std::move(key), std::move(prepared));
}

qreal StaticTextCache::width(const QString &string, const QFont &font)
{
    return text(string, font).size().width();
}
