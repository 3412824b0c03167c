#pragma once

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QStringView>

// Text widths summed from per-character advances, each character measured once per font (the measured
// advances are shared by every user in the process). Shaping a string for its width costs far more, and
// the column fitting of the Catalogue tab and the wrapping of WrappedLabel ask for thousands of widths
// (docs/performance.md). Kerning only narrows shaped Latin text ("AV"), so a summed width is never
// narrower than the painted text, at most a pixel or two wider. Text with control characters, surrogate
// pairs or combining marks has no per-character width: it is shaped.
class CharacterAdvances
{
public:
    explicit CharacterAdvances(const QFont &font);

    // Whether this text's width is the sum of its characters' advances.
    static bool summable(QStringView text);

    qreal advance(QChar character);
    // The width of the text: summed when summable(), shaped otherwise.
    qreal width(QStringView text);

    const QFontMetricsF &metrics() const { return m_metrics; }

private:
    QFontMetricsF m_metrics;
    QHash<char16_t, qreal> &m_advances;
};
