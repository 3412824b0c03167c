#pragma once

#include <QColor>
#include <QLabel>

// A verdict level as a rounded, filled badge with bold text. Painted directly rather than through a
// style sheet: style sheets route the widget through QStyleSheetStyle, which cost start-up and repaint
// time with one badge per GPU and task (docs/performance.md).
class VerdictBadge : public QLabel
{
    Q_OBJECT
public:
    explicit VerdictBadge(const QString &text, QWidget *parent = nullptr);

    void setColors(const QColor &background, const QColor &text);
    QColor backgroundColor() const { return m_background; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    QColor m_background;
};
