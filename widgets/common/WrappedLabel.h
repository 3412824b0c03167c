#pragma once

#include <QFont>
#include <QLabel>
#include <QMargins>
#include <QString>
#include <array>

// A word-wrapped plain-text label whose size hints cost one text layout, not six.
// QLabel lays out its whole text for minimumSizeHint() (three times: one line, the widest word, the
// "golden ratio" width), again for sizeHint() and again for every heightForWidth(); a layout pass over the
// verdict cards, whose reasons change with every recompute, spent most of a recompute there
// (docs/performance.md). Here the minimum is a fixed width of 12 average characters and one line, the
// preferred width 40 characters, and heights are remembered for the last few widths until the text,
// font, margins or style change.
class WrappedLabel : public QLabel
{
    Q_OBJECT

public:
    explicit WrappedLabel(QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;

private:
    struct Measured // what the remembered heights were measured with
    {
        QString text;
        QFont font;
        QMargins contents;
        int margin = 0;
        int indent = 0;
        bool operator==(const Measured &) const = default;
    };
    struct Height
    {
        int width = -1;
        int height = 0;
    };
    void forgetIfChanged() const;

    mutable Measured m_measured;
    mutable std::array<Height, 8> m_heights; // most recent first; a layout pass asks at ~6 widths
};
