#include "widgets/common/WrappedLabel.h"

#include "widgets/common/CharacterAdvances.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QTextBoundaryFinder>
#include <QtMath>
#include <algorithm>

namespace {

// The end of the text before position end, without the spaces a wrapped line drops.
int trimmedEnd(const QString &text, int start, int end)
{
    while (end > start && text.at(end - 1).isSpace())
        --end;
    return end;
}

} // namespace

WrappedLabel::WrappedLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true); // keeps QLabel's height-for-width size policy and accessibility in step
    setTextFormat(Qt::PlainText);
}

const WrappedLabel::Measured &WrappedLabel::measured() const
{
    if (m_valid && m_measured.text == text() && m_measured.font == font())
        return m_measured;
    Measured m;
    m.text = text();
    m.font = font();
    CharacterAdvances advances(m.font);
    m.lineSpacing = advances.metrics().lineSpacing();
    for (const QString &paragraphText : m.text.split(u'\n')) {
        Paragraph p;
        p.text = paragraphText;
        // x of every position: the sum of the characters' advances before it (a line measured this way
        // never paints wider than measured); a paragraph that cannot be summed is shaped piece by piece.
        const bool summable = CharacterAdvances::summable(p.text);
        QVector<qreal> x(p.text.size() + 1, 0.0);
        for (qsizetype i = 0; summable && i < p.text.size(); ++i)
            x[i + 1] = x[i] + advances.advance(p.text.at(i));
        const auto xAt = [&](int position) {
            return summable ? x[position] : advances.metrics().horizontalAdvance(p.text.left(position));
        };

        p.starts << 0;
        QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, p.text);
        for (qsizetype at = breaks.toNextBoundary(); at > 0 && at < p.text.size();
             at = breaks.toNextBoundary())
            p.starts << int(at);
        p.startX.reserve(p.starts.size());
        for (const int start : std::as_const(p.starts))
            p.startX << xAt(start);
        for (qsizetype i = 0; i < p.starts.size(); ++i) {
            const int end = i + 1 < p.starts.size() ? p.starts[i + 1] : int(p.text.size());
            p.endX << xAt(trimmedEnd(p.text, p.starts[i], end));
            m.widestWord = std::max(m.widestWord, p.endX.last() - p.startX[i]);
        }
        p.width = p.endX.isEmpty() ? 0.0 : p.endX.last();
        m.widestParagraph = std::max(m.widestParagraph, p.width);
        m.paragraphs << p;
    }
    m_measured = std::move(m);
    m_valid = true;
    return m_measured;
}

QVector<WrappedLabel::Line> WrappedLabel::wrap(qreal width) const
{
    const Measured &m = measured();
    QVector<Line> lines;
    for (int index = 0; index < m.paragraphs.size(); ++index) {
        const Paragraph &p = m.paragraphs[index];
        qsizetype first = 0; // index into p.starts of the line's first segment
        do {
            // The most segments that fit; at least one (a word wider than the line overflows, as in QLabel).
            qsizetype last = first;
            while (last + 1 < p.starts.size() && p.endX[last + 1] - p.startX[first] <= width + 0.01)
                ++last;
            const int start = p.starts[first];
            const int end = last + 1 < p.starts.size() ? p.starts[last + 1] : int(p.text.size());
            lines << Line{index, start, end - start};
            first = last + 1;
        } while (first < p.starts.size());
    }
    return lines;
}

int WrappedLabel::textHeight(const QVector<Line> &lines) const
{
    return qCeil(lines.size() * measured().lineSpacing);
}

int WrappedLabel::horizontalPadding() const
{
    const QMargins m = contentsMargins();
    // indent() is -1 by default: no indent for plain text here, as in the paint.
    return m.left() + m.right() + 2 * margin() + std::max(0, indent());
}

int WrappedLabel::verticalPadding() const
{
    const QMargins m = contentsMargins();
    return m.top() + m.bottom() + 2 * margin();
}

QSize WrappedLabel::minimumSizeHint() const
{
    ensurePolished();
    const Measured &m = measured();
    return {qCeil(m.widestWord) + horizontalPadding(), qCeil(m.lineSpacing) + verticalPadding()};
}

QSize WrappedLabel::sizeHint() const
{
    ensurePolished();
    const Measured &m = measured();
    const qreal preferred = QFontMetricsF(m.font).averageCharWidth() * 40;
    const int width =
        qCeil(std::max(m.widestWord, std::min(m.widestParagraph, preferred))) + horizontalPadding();
    return {width, heightForWidth(width)};
}

int WrappedLabel::heightForWidth(int width) const
{
    return textHeight(wrap(width - horizontalPadding())) + verticalPadding();
}

QStringList WrappedLabel::linesAt(int width) const
{
    const Measured &m = measured();
    QStringList result;
    for (const Line &line : wrap(width)) {
        const QString &text = m.paragraphs[line.paragraph].text;
        result << text.mid(line.start, trimmedEnd(text, line.start, line.start + line.length) - line.start);
    }
    return result;
}

int WrappedLabel::paragraphAt(const QPoint &pos) const
{
    // The same area and lines as paintEvent() draws.
    const QRect area =
        contentsRect().adjusted(margin() + std::max(0, indent()), margin(), -margin(), -margin());
    if (pos.y() < area.top() || pos.x() < contentsRect().left() || pos.x() > contentsRect().right())
        return -1;
    const QVector<Line> lines = wrap(area.width());
    const int index = static_cast<int>((pos.y() - area.top()) / measured().lineSpacing);
    return index < lines.size() ? lines.at(index).paragraph : -1;
}

void WrappedLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    drawFrame(&painter);
    const QRect area =
        contentsRect().adjusted(margin() + std::max(0, indent()), margin(), -margin(), -margin());
    painter.setFont(font());
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, foregroundRole()));
    const Measured &m = measured();
    const qreal ascent = QFontMetricsF(m.font).ascent();
    qreal y = area.top();
    for (const QString &line : linesAt(area.width())) {
        painter.drawText(QPointF(area.left(), y + ascent), line);
        y += m.lineSpacing;
    }
}

bool WrappedLabel::event(QEvent *event)
{
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange)
        m_valid = false;
    return QLabel::event(event);
}
