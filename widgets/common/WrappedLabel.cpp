#include "WrappedLabel.h"

#include <QEvent>
#include <algorithm>

WrappedLabel::WrappedLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
}

QSize WrappedLabel::minimumSizeHint() const
{
    ensurePolished();
    const QMargins m = contentsMargins();
    const int frame = 2 * (frameWidth() + margin());
    return {fontMetrics().averageCharWidth() * 12 + m.left() + m.right() + frame,
            fontMetrics().height() + m.top() + m.bottom() + frame};
}

QSize WrappedLabel::sizeHint() const
{
    ensurePolished();
    const QMargins m = contentsMargins();
    const int width =
        fontMetrics().averageCharWidth() * 40 + m.left() + m.right() + 2 * (frameWidth() + margin());
    return {width, heightForWidth(width)};
}

int WrappedLabel::heightForWidth(int width) const
{
    forgetIfChanged();
    const auto known = std::find_if(m_heights.begin(), m_heights.end(),
                                    [width](const Height &h) { return h.width == width; });
    if (known != m_heights.end()) {
        std::rotate(m_heights.begin(), known, known + 1); // the most recent first
        return m_heights.front().height;
    }
    const int height = QLabel::heightForWidth(width);
    std::rotate(m_heights.begin(), m_heights.end() - 1, m_heights.end()); // drop the oldest
    m_heights.front() = {width, height};
    return height;
}

void WrappedLabel::forgetIfChanged() const
{
    Measured now{text(), font(), contentsMargins(), margin(), indent()};
    if (now == m_measured)
        return;
    m_heights.fill({});
    m_measured = std::move(now);
}

bool WrappedLabel::event(QEvent *event)
{
    if (event->type() == QEvent::StyleChange) // a style changes frames and text metrics
        m_heights.fill({});
    return QLabel::event(event);
}
