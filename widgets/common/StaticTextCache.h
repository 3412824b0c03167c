#pragma once

#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QString>

// Laid-out texts kept between paints. Shaping a cell's text (QStyledItemDelegate lays it out anew on every
// paint) was most of a comparison-table repaint; the table's texts mostly survive a recompute (specs,
// labels, many results), so a prepared QStaticText is reused instead. Bounded: cleared when full.
class StaticTextCache
{
public:
    // The prepared text for this string in this font; the reference stays valid until the next call.
    const QStaticText &text(const QString &string, const QFont &font);
    // Its width in pixels, from the same cache (no second shaping).
    qreal width(const QString &string, const QFont &font);

    // The string cut to width pixels with an ellipsis (QFontMetrics::elidedText), kept too: long row
    // labels are elided on every paint.
    QString elided(const QString &string, const QFont &font, Qt::TextElideMode mode, int width);

    int size() const { return static_cast<int>(m_texts.size()); }
    static constexpr int kCapacity = 4096;

private:
    // Keyed by the QFont itself (hashed and compared field by field): QFont::key() would build a string
    // on every lookup, twice per painted cell.
    struct Key
    {
        QString string;
        QFont font;
        bool operator==(const Key &other) const { return string == other.string && font == other.font; }
    };
    friend size_t qHash(const Key &key, size_t seed) { return qHashMulti(seed, key.string, key.font); }
    struct ElidedKey
    {
        Key text;
        int mode;
        int width;
        bool operator==(const ElidedKey &other) const
        {
            return mode == other.mode && width == other.width && text == other.text;
        }
    };
    friend size_t qHash(const ElidedKey &key, size_t seed)
    {
        return qHashMulti(seed, key.text.string, key.text.font, key.mode, key.width);
    }

    QHash<Key, QStaticText> m_texts;
    QHash<ElidedKey, QString> m_elided;
};
