#include "widgets/common/StaticTextCache.h"

#include <QFontMetrics>
#include <QTransform>

const QStaticText &StaticTextCache::text(const QString &string, const QFont &font)
{
    Key key{string, font};
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

QString StaticTextCache::elided(const QString &string, const QFont &font, Qt::TextElideMode mode, int width)
{
    ElidedKey key{Key{string, font}, int(mode), width};
    auto it = m_elided.find(key);
    if (it != m_elided.end())
        return *it;
    if (m_elided.size() >= kCapacity)
        m_elided.clear();
    const QString cut = QFontMetrics(font).elidedText(string, mode, width);
    m_elided.insert(std::move(key), cut);
    return cut;
}

qreal StaticTextCache::width(const QString &string, const QFont &font)
{
    return text(string, font).size().width();
}
