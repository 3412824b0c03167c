#pragma once

#include <QFont>
#include <QLabel>
#include <QString>
#include <QStringList>
#include <QVector>

// A word-wrapped plain-text label that measures its text once per text and font, not once per question.
// QLabel lays its whole text out for every heightForWidth(), three times for minimumSizeHint(), again for
// sizeHint() and again on every paint; the verdict cards' reasons, which change with every recompute and
// are asked at half a dozen widths per layout pass, made that most of a recompute at 20 GPUs
// (docs/performance.md). Here the text is measured once from per-character advances, its line-break
// opportunities come from Unicode line breaking (so Chinese wraps too), and any width's lines come from a
// greedy wrap over those positions; painting draws the same lines, so the height asked for is the height
// painted.
class WrappedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit WrappedLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override; // the widest word, one line
    QSize sizeHint() const override;        // up to 40 average characters wide
    int heightForWidth(int width) const override;

    // The lines painted at this text width (contents width), trailing spaces removed.
    QStringList linesAt(int width) const;
    // The paragraph (a line of the text before wrapping) painted at pos, or -1: which of a list of
    // reasons was clicked.
    int paragraphAt(const QPoint &pos) const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    struct Paragraph
    {
        QString text;
        QVector<int> starts;   // where a line may start: 0, then each break opportunity
        QVector<qreal> startX; // x of each start
        QVector<qreal> endX;   // x where the segment before starts[i + 1] ends, trailing spaces removed
        qreal width = 0.0;     // the whole paragraph on one line
    };
    struct Measured
    {
        QString text;
        QFont font;
        QVector<Paragraph> paragraphs;
        qreal widestWord = 0.0;
        qreal widestParagraph = 0.0;
        qreal lineSpacing = 0.0;
    };
    struct Line
    {
        int paragraph;
        int start;
        int length;
    };

    const Measured &measured() const; // measures again when the text or font changed
    QVector<Line> wrap(qreal width) const;
    int textHeight(const QVector<Line> &lines) const;
    int horizontalPadding() const;
    int verticalPadding() const;

    mutable Measured m_measured;
    mutable bool m_valid = false;
};
